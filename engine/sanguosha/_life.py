"""Damage, recovery, dying, death, rewards and victory (docs/sanguosha.md 1d).

Death processing order (FreeKill death.lua, QSanguosha killPlayer): mark dead and
reseat, reveal the identity, check for the end of the game (so it can end before
any reward), death triggers, bury (hand, equipment and judgment cards to the
discard pile), then the reward (killing a rebel: draw 3) or penalty (the lord
killed a loyalist: discard hand and equipment). The game mode's win rules live in
`_winner`; in table mode they read revealed identities plus the role table.
"""

from __future__ import annotations

from engine.sanguosha._flow import FlowLayer
from engine.sanguosha._zones import GameEnded
from engine.sanguosha.catalogue import IDENTITIES, Card
from engine.sanguosha.context import Damage, DyingData, Recover, Request, Use
from engine.sanguosha.events import (
    ChainChanged,
    DamageDealt,
    DamagePrevented,
    HpLost,
    HpRecovered,
    IdentityRevealed,
    PenaltyApplied,
    PlayerDied,
    PlayerDying,
    PlayerRescued,
    RewardGiven,
)
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.settings import EndReason
from engine.sanguosha.skills import Flow, Point
from engine.sanguosha.state import Player

REBEL_REWARD = 3
RESCUE_SELF = "peach|wine"
"""What a dying player is asked for: a Peach, or a Wine only they may drink."""
SIDES = {"lord": ("lord", "loyalist"), "rebel": ("rebel",), "spy": ("spy",)}


class LifeLayer(FlowLayer):
    def damage(
        self,
        source: Player | None,
        target: Player,
        amount: int,
        nature: str = "normal",
        use: Use | None = None,
        card: str | None = None,
        conducted: bool = False,
        cards: tuple[Card, ...] | None = None,
    ) -> Flow:
        """Deal damage; a player at 0 HP or less enters dying before after-damage triggers.

        Modified by the source's side (`DAMAGE_BEFORE`: Luoyi, Guding Blade...), then the
        target's (`DAMAGE_INFLICTED`: Vine, Silver Lion). Elemental damage to a chained
        player resets them and, once it is over, is conducted to the others (`conduct`).
        `cards` are the physical cards that caused it when there is no use (Lightning).
        """
        if use is not None and "damage_source" in use.flags:
            # another player counts as the source of this use's damage (祸首); none if dead
            by = use.flags["damage_source"]
            source = by if by.alive else None
        dmg = Damage(source, target, amount, nature, use, conducted, cards)
        # what the card or skill deals before the source's bonuses (Wine, a mode's rule, then
        # the DAMAGE_BEFORE modifiers: 裸衣, Guding Blade): 天香's `before_bonuses` reading
        dmg.flags["before_bonuses"] = amount - (use.bonus if use is not None else 0)
        if card is not None:
            dmg.flags["card"] = card  # its name, when no use carries it (天香 passes it on)
        hooks = self._hooks
        for point in (Point.DAMAGE_BEFORE, Point.DAMAGE_INFLICTED):
            if point in hooks:
                if point is Point.DAMAGE_INFLICTED:
                    dmg.flags["before_armor"] = dmg.amount
                yield from self.fire(point, dmg)
                if dmg.prevented or dmg.amount <= 0 or not target.alive:
                    self.emit(DamagePrevented(_seat(source), target.seat, dmg.flags.get("by", "")))
                    return dmg
        chain = target.chained and nature != "normal"
        if chain:
            target.chained = False
            self.emit(ChainChanged(target.seat, False, "damage"))
        before = target.hp
        target.hp = before - dmg.amount
        name = use.name if use is not None else card
        self.emit(
            DamageDealt(
                _seat(source), target.seat, dmg.amount, nature, name, before, target.hp, conducted
            )
        )
        if target.hp <= 0:
            yield from self.dying(target, source, dmg)
        if target.alive and Point.DAMAGED in hooks:
            yield from self.fire(Point.DAMAGED, dmg)
        if source is not None and source.alive and Point.DAMAGE_DONE in hooks:
            yield from self.fire(Point.DAMAGE_DONE, dmg)
        if chain and not conducted:
            yield from self.conduct(dmg, name)
        return dmg

    def conduct(self, dmg: Damage, card: str | None) -> Flow:
        """Iron Chain (docs/maneuvering.md 3.4): the other chained players, from the current
        player in seat order, each take the same damage (nature, source, card) in turn,
        each dying resolved before the next; a conducted damage is not conducted again.
        The amount is what the first target took (`chain_amount`: or before its armor)."""
        amount = dmg.amount
        if self.settings.chain_amount == "before_target_armor":
            amount = dmg.flags.get("before_armor", amount)
        first = self.current if self.current is not None else dmg.target
        for q in self.living_from(first):
            if q is dmg.target or not q.alive or not q.chained:
                continue
            source = dmg.source if dmg.source is not None and dmg.source.alive else None
            yield from self.damage(source, q, amount, dmg.nature, dmg.use, card, conducted=True)

    def recover(self, source: Player | None, target: Player, amount: int, use: Use | None) -> Flow:
        """Recover HP, never above max HP."""
        rec = Recover(source, target, amount, use)
        if Point.RECOVER_BEFORE in self._hooks:
            yield from self.fire(Point.RECOVER_BEFORE, rec)
        before = target.hp
        target.hp = min(target.max_hp, before + rec.amount)
        if target.hp != before:
            self.emit(
                HpRecovered(
                    target.seat,
                    target.hp - before,
                    _seat(source),
                    use.name if use else None,
                    before,
                    target.hp,
                )
            )
            if Point.RECOVERED in self._hooks:
                rec.amount = target.hp - before
                yield from self.fire(Point.RECOVERED, rec)

    def lose_hp(self, p: Player, amount: int) -> Flow:
        """Lose HP (not damage: no source, no killer)."""
        before = p.hp
        p.hp -= amount
        self.emit(HpLost(p.seat, amount, before, p.hp))
        if p.hp <= 0:
            yield from self.dying(p, None, None)

    # ---------------------------------------------------------------- dying
    def dying(self, p: Player, killer: Player | None, dmg: Damage | None) -> Flow:
        """Ask for Peaches from the current player on, in seat order, until saved (1d).

        A skill acting first (`BEFORE_DYING`) may keep `p` out of dying at HP 0 or less
        (`survives`: 不屈's cards); one that still holds after the requests saves him too.
        """
        data = DyingData(p, killer, dmg)
        if Point.BEFORE_DYING in self._hooks:
            yield from self.fire(Point.BEFORE_DYING, data)
            if not p.alive or p.hp >= 1 or self.survives(p, False):
                return
        self.emit(PlayerDying(p.seat, p.hp))
        if Point.DYING in self._hooks:
            yield from self.fire(Point.DYING, data)
        start = self.current if self.current is not None and self.current.alive else p
        for asked in self.living_from(start):
            if asked is not p and self.prohibited_error(asked, p, "peach") is not None:
                continue  # barred from saving him (完杀): not asked
            # anyone may give a Peach; the dying player may also drink a Wine (3.1)
            need = RESCUE_SELF if asked is p and self._drinks(p) else "peach"
            while p.hp < 1 and p.alive and not self.survives(p, True):
                req = Request(asked, need, True, p, None, "dying")
                got = yield from self.ask_card(asked, need, req, target=p, count=1 - p.hp)
                if got is None:
                    break
                cards, skill = got
                if not cards and skill is not None:
                    provider = self.skill_of(asked, skill)
                    if provider is not None and provider.resolves_itself:
                        continue  # its effect was the answer (涅槃)
                name = self.answer_name(asked, need, cards, skill)
                yield from self.use_card(asked, name, cards, [p], skill=skill, extra=True)
            if p.hp >= 1 or not p.alive or self.survives(p, True):
                break
        if not p.alive:
            return
        if p.hp >= 1 or self.survives(p, False):
            self.emit(PlayerRescued(p.seat, p.hp))
            return
        yield from self.die(p, killer)

    def _drinks(self, p: Player) -> bool:
        """Whether a dying `p` may save himself with a Wine: with the Maneuvering cards, or
        by a skill that makes one (酒池 with `jiuchi_duanliang_without_maneuvering`)."""
        if self.settings.maneuvering:
            return True
        return any(
            "wine" in s.converts and s.conversion_off(self.game, p) is None for s in p.skills
        )

    def survives(self, p: Player, rescuing: bool) -> bool:
        """Whether a skill keeps `p`, at HP 0 or less, alive without dying (`Skill.survives`)."""
        mods = self._mods.get("survives")
        if not mods:
            return False
        return any(skill.survives(self.game, owner, p, rescuing) for owner, skill in mods)

    def die(self, p: Player, killer: Player | None) -> Flow:
        p.alive = False
        p.chained = False
        p.wine = 0
        self.reseat()
        self.emit(PlayerDied(p.seat, _seat(killer)))
        if not p.revealed:
            yield from self.reveal(p, "death")
        mode = self.team_mode
        try:
            if mode is not None:
                mode.game_over_check(self.game, p)
            else:
                yield from self.check_game_over()
        except GameEnded:
            # bookkeeping only, after the end: the dead hold no cards
            self.discard_pile.extend(p.hand + p.equipment_cards() + [c for c, _ in p.judgment])
            p.hand.clear()
            p.equip[:] = [None, None, None, None]
            p.judgment.clear()
            for pile in p.piles.values():
                self.discard_pile.extend(pile.cards())
            p.piles.clear()
            raise
        if Point.DEATH in self._hooks:
            yield from self.fire(Point.DEATH, DyingData(p, killer, None))
        self.bury(p)
        for skill in list(p.skills):
            self.detach(p, skill.id)
        if mode is not None:
            mode.reward(self.game, p, killer)
        elif killer is not None and killer.alive and killer is not p:
            if p.identity == "rebel":
                self.emit(RewardGiven(killer.seat, p.seat, REBEL_REWARD))
                self.draw(killer, REBEL_REWARD, "reward")
            elif p.identity == "loyalist" and killer is self.lord:
                self.emit(PenaltyApplied(killer.seat, p.seat))
                self.discard_everything(killer, "penalty", judgment=False)
        if p is self.current:
            self.turn_over = True
        if self._queue:
            yield from self.flush()
        if mode is not None:
            mode.after_death(self.game, p)

    def bury(self, p: Player) -> None:
        self.discard_everything(p, "bury", judgment=True)

    def discard_everything(self, p: Player, reason: str, judgment: bool) -> None:
        cards = list(p.hand)
        p.hand.clear()
        for slot, card in enumerate(p.equip):
            if card is not None:
                self.unequip(p, slot)
                cards.append(card)
        if judgment:
            cards.extend(card for card, _ in p.judgment)
            p.judgment.clear()
        self.to_discard(cards, p.seat, reason)

    # ---------------------------------------------------------------- identities
    def reveal(self, p: Player, reason: str) -> Flow:
        """Make `p`'s identity public: known in digital mode, scanned in table mode."""
        if self.table:
            answer = yield Prompt(
                PromptKind.REVEAL_IDENTITY, p.seat, (p.seat,), target=p.seat, reason=reason
            )
            p.identity = answer.identity
        p.revealed = True
        self.emit(IdentityRevealed(p.seat, p.identity or ""))
        if self.table:
            self.infer_identities()

    def unrevealed_counts(self) -> dict[str, int]:
        """Identities not yet revealed, from the role table minus revealed ones."""
        left = dict(self.role_counts)
        for q in self.players:
            if q.revealed and q.identity in left:
                left[q.identity] -= 1
        return left

    def infer_identities(self) -> None:
        """Table mode: when every unrevealed identity must be the same, reveal them."""
        left = [i for i, n in self.unrevealed_counts().items() if n > 0]
        if len(left) != 1:
            return
        for q in self.players:
            if not q.revealed:
                q.identity, q.revealed = left[0], True
                self.emit(IdentityRevealed(q.seat, left[0], inferred=True))

    # ---------------------------------------------------------------- victory
    def check_game_over(self) -> Flow:
        """End the game if the lord died or every rebel and spy is dead (1d Victory)."""
        lord = self.lord
        assert lord is not None
        if not lord.alive:
            alive = self.alive_order
            if len(alive) == 1:
                survivor = alive[0]
                if not survivor.revealed:
                    yield from self.reveal(survivor, "survivor")
                if survivor.identity == "spy":
                    self.end_game((survivor.seat,), "spy", EndReason.SPY_SOLE_SURVIVOR)
            yield from self.finish("rebel", EndReason.LORD_DIED)
        if self._rebels_and_spies_dead():
            yield from self.finish("lord", EndReason.REBELS_AND_SPIES_DEAD)

    def _rebels_and_spies_dead(self) -> bool:
        if self.table:
            dead = sum(1 for q in self.players if not q.alive and q.identity in ("rebel", "spy"))
            return dead == self.role_counts["rebel"] + self.role_counts["spy"]
        for q in self.alive_order:
            if q.identity == "rebel" or q.identity == "spy":
                return False
        return True

    def finish(self, side: str, reason: EndReason) -> Flow:
        """Table mode: reveal whoever is still unknown (to name the winners), then end."""
        if self.table:
            for q in self.players:
                if not q.revealed:
                    yield from self.reveal(q, "game_over")
        members = SIDES[side]
        winners = tuple(q.seat for q in self.players if q.identity in members)
        self.end_game(winners, side, reason)


def _seat(p: Player | None) -> int | None:
    return p.seat if p is not None else None


assert set(SIDES["lord"] + SIDES["rebel"] + SIDES["spy"]) == set(IDENTITIES)
