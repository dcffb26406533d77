"""Turns and phases (docs/sanguosha.md 1d Turn structure), and using a card.

A turn runs the six phases in order: preparation, judgment, draw (2 cards), play,
discard (down to current HP), finish. A skipped phase does not happen at all (no
start or end). If the current player dies, the resolution in progress finishes,
the remaining phases are skipped and the next living player's turn begins.

Phase table (phase -> body); skills act at `Point.PHASE_START` / `PHASE_END`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from engine.sanguosha._respond import RespondLayer
from engine.sanguosha.actions import ChooseTarget, Confirm, EndPlay, PlayCard, Recast, UseSkill
from engine.sanguosha.cards import RULES
from engine.sanguosha.catalogue import Card
from engine.sanguosha.context import DrawData, PhaseData, TargetData, Use
from engine.sanguosha.events import (
    CardRecast,
    CardUsed,
    GeneralFlipped,
    PhaseSkipped,
    PhaseStarted,
    RoundStarted,
    TurnEnded,
    TurnStarted,
    WineExpired,
)
from engine.sanguosha.modes import order
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.skills import Flow, Point, Skill
from engine.sanguosha.state import HIDDEN, PHASES, ExtraTurn, Player

if TYPE_CHECKING:
    from engine.sanguosha.cards.delayed import DelayedTrick

DRAW_PHASE_CARDS = 2


class FlowLayer(RespondLayer):
    def play_turns(self) -> Flow:
        if self.team_mode is not None:
            yield from order.play_turns(self.game, self.team_mode)
        p = self.lord
        assert p is not None
        while True:
            if p is self.lord:
                self.round += 1
                self.emit(RoundStarted(self.round))
            yield from self.turn(p)
            p = self.next_living(p)

    def next_living(self, p: Player) -> Player:
        players = self.players
        n = self.n
        i = p.seat % n
        while not players[i].alive:
            i = (i + 1) % n
        return players[i]

    def turn(self, p: Player, extra: ExtraTurn | None = None) -> Flow:
        """`p`'s turn (`extra`: the extra turn it is), then any extra turns granted during
        it (docs/forest-mountain.md §2.4). A face-down seat's turn does not happen: it
        turns face-up instead (docs/wind-fire.md §2.1)."""
        if not p.face_up:
            p.face_up = True
            self.emit(GeneralFlipped(p.seat, True, "turn_skipped"))
        else:
            yield from self._turn(p, extra)
        queue = self.extra_turns
        while queue:
            granted = queue.pop(0)
            q = self.player(granted.seat)
            if q.alive:
                yield from self.turn(q, granted)

    def _turn(self, p: Player, extra: ExtraTurn | None) -> Flow:
        self.current = p
        self.extra_turn = extra
        self.turn_over = False
        self.kills_used = 0
        self.skipped: set[str] = set()
        self.skipped_by: dict[str, str] = {}
        self.emit(TurnStarted(p.seat, self.round))
        hooks = self._hooks
        for phase in PHASES:
            if not p.alive or self.turn_over:
                break
            if self.entering and self.team_mode is not None:  # 1v1: a next general enters
                yield from self.team_mode.enter(self.game)
            if phase in self.skipped:
                self.emit(PhaseSkipped(p.seat, phase, self.skipped_by.get(phase, "")))
                continue
            self.phase = phase
            if Point.PHASE_START in hooks:
                data = PhaseData(p, phase)
                yield from self.fire(Point.PHASE_START, data)
                if data.skip:
                    self.emit(PhaseSkipped(p.seat, phase, data.skip))
                    continue
            self.emit(PhaseStarted(p.seat, phase))
            body = _BODIES.get(phase)
            if body is not None:
                yield from body(self.game, p)
            if Point.PHASE_END in hooks and p.alive:
                yield from self.fire(Point.PHASE_END, PhaseData(p, phase))
            if p.wine and self.settings.wine_expiry == "phase_end":
                self.expire_wine(p)
        self.phase = None
        if p.wine:
            self.expire_wine(p)
        for q in self.players:
            q.wine_used = False  # once per turn, a rescue Wine in another's turn too
            if q.marks:
                q.marks = {k: v for k, v in q.marks.items() if not k.startswith("turn:")}
        self.last_comparison = None  # its result (天义's win or loss) holds for this turn only
        self.emit(TurnEnded(p.seat))

    def expire_wine(self, p: Player) -> None:
        """A drunk Wine not used by a Kill ends (docs/maneuvering.md 3.1, `wine_expiry`)."""
        p.wine = 0
        if p.alive:
            self.emit(WineExpired(p.seat))

    def skip_phase(self, phase: str, by: str) -> None:
        self.skipped.add(phase)
        self.skipped_by[phase] = by

    # ---------------------------------------------------------------- phase bodies
    def _judgment_phase(self, p: Player) -> Flow:
        """Delayed tricks, last placed first, each judged once (1d)."""
        for placed in reversed(list(p.judgment)):
            if not p.alive or self.turn_over:
                break
            if placed not in p.judgment:
                continue
            p.judgment.remove(placed)
            card, name = placed
            self.processing.append(card)
            # only a delayed trick is ever placed in a judgment area
            yield from cast("DelayedTrick", RULES[name]).judge(self.game, p, card)

    def _draw_phase(self, p: Player) -> Flow:
        data = DrawData(p, DRAW_PHASE_CARDS)
        mods = self._mods.get("draw_count")
        if mods:
            for owner, skill in mods:
                data.count += skill.draw_count(self.game, owner, p)
        if Point.BEFORE_DRAW in self._hooks:
            yield from self.fire(Point.BEFORE_DRAW, data)
        if data.count > 0:
            self.draw(p, data.count, "draw_phase")

    def _play_phase(self, p: Player) -> Flow:
        seats = (p.seat,)
        while True:
            answer = yield Prompt(PromptKind.PLAY, p.seat, seats, count=self.kills_used)
            if isinstance(answer, EndPlay):
                return
            if isinstance(answer, PlayCard):
                card = answer.card
                yield from self.use_from_play(p, card.true_name, (card,), answer.targets, None)
            elif isinstance(answer, Recast):
                yield from self.recast(p, answer.card)
            elif isinstance(answer, UseSkill):
                skill = self.usable_skill(p, answer.skill)  # a lent one too (黄天)
                assert skill is not None
                if skill.active:
                    self.skill_invoked(p, skill.id, answer.targets)
                    yield from skill.activate(self.game, p, answer)
                else:
                    name = self.conversion_name(p, skill, answer.cards)
                    yield from self.use_from_play(p, name, answer.cards, answer.targets, skill.id)
            if not p.alive or self.turn_over:
                return
            if self.entering and self.team_mode is not None:  # 1v1: once this use is over
                yield from self.team_mode.enter(self.game)

    def conversion_name(self, p: Player, skill: Skill, cards: tuple[Card, ...]) -> str:
        """The playable card id these cards count as under a conversion skill."""
        for name in skill.converts:
            rule = RULES.get(name)
            if rule is not None and rule.playable and skill.view_as(self.game, p, cards, name):
                return name
        raise AssertionError("checked before")

    def _discard_phase(self, p: Player) -> Flow:
        over = len(p.hand) - self.hand_limit(p)
        while over > 0:
            answer = yield Prompt(
                PromptKind.DISCARD, p.seat, (p.seat,), count=over, reason="discard_phase"
            )
            if isinstance(answer, Confirm):  # table mode: the rest, unseen
                cards = self.take_unseen(p, over)
            else:
                cards = list(answer.cards)
                for card in cards:
                    self.take_from_hand(p, card)
            self.to_discard(cards, p.seat, "discard_phase")
            over -= len(cards)
        if self._queue:
            yield from self.flush()

    def take_unseen(self, p: Player, count: int) -> list[Card]:
        """Table mode: `count` hand cards leave unseen; which ones is unknown, so the
        hand's known cards are forgotten."""
        hand = p.hand
        hand[:] = [HIDDEN] * len(hand)
        count = min(count, len(hand))
        out = hand[len(hand) - count :]
        del hand[len(hand) - count :]
        self.lost(p, out)
        return out

    def hand_limit(self, p: Player) -> int:
        limit = max(p.hp, 0)
        mods = self._mods.get("hand_limit")
        if mods:
            for owner, skill in mods:
                limit += skill.hand_limit(self.game, owner, p)
        return limit

    # ---------------------------------------------------------------- using cards
    def use_from_play(
        self,
        p: Player,
        name: str,
        cards: tuple[Card, ...],
        targets: tuple[int, ...],
        skill: str | None,
    ) -> Flow:
        """A use from the play prompt: stage its targets if needed, then use it.

        `submit` has just checked this very action and kept the targets `check()`
        resolved (None: to be staged) in `checked_targets`.
        """
        chosen = self.checked_targets
        if chosen is None:
            chosen = yield from self.stage_targets(p, name, cards, skill)
            if chosen is None:
                return
            if not chosen:  # OK with no target: a recastable card is recast
                yield from self.recast(p, cards[0])
                return
        yield from self.use_card(p, name, cards, chosen, skill=skill)

    def recast(self, p: Player, card: Card) -> Flow:
        """Recast (重铸): not a use; the card goes to the discard pile, draw 1 (3.3)."""
        self.take_card(p, card)
        self.discard_pile.append(card)
        self.emit(CardRecast(p.seat, str(card)))
        self.draw(p, 1, "recast")
        if self._queue:
            yield from self.flush()

    def stage_targets(
        self, p: Player, name: str, cards: tuple[Card, ...], skill: str | None
    ) -> Flow:
        """Ask for targets one at a time; Confirm(True) closes an open list, NO cancels."""
        rule = RULES[name]
        lo, hi = rule.bounds(self.game, p, cards)
        chosen: list[Player] = []
        text = "+".join(str(c) for c in cards)
        while len(chosen) < hi:
            options = self.target_options(p, name, cards, chosen)
            answer = yield Prompt(
                PromptKind.CHOOSE_TARGET,
                p.seat,
                (p.seat,),
                card=text or None,  # none: a card declared face down (蛊惑)
                reason=name,
                skill=None if cards else skill,
                count=hi,
                options=tuple([q.seat for q in options]),
                chosen=tuple([q.seat for q in chosen]),
                optional=True,
                ctx=(name, cards, chosen, lo, hi),
            )
            if isinstance(answer, ChooseTarget):
                chosen.append(self.player(answer.seat))
            elif isinstance(answer, Confirm) and answer.ok:
                break
            else:
                return None
        return chosen

    def use_card(
        self,
        user: Player,
        name: str,
        cards: tuple[Card, ...],
        targets: list[Player],
        *,
        skill: str | None = None,
        extra: bool = False,
        ignore_distance: bool = False,
        nullifiable: bool = True,
        supplied: bool = False,
        nature: str | None = None,
    ) -> Flow:
        """Use a card: it leaves its zone, is announced, triggers, then resolves.

        `cards` may be empty for a virtual card (a skill's Duel); `extra` keeps a Kill
        out of the limit; `nullifiable=False` opens no Nullification window;
        `supplied`: the cards already left another player's zone for this use (a lord's
        Kill played by a subject); `nature`: the Kill's damage type when a skill says it
        (蛊惑's declared Fire Kill), else the card's own as itself.
        """
        use = Use(user, name, cards, targets, skill, extra)
        if "card_suit" in self._mods:
            use.looks = tuple(self.seen_as(user, c) for c in cards)
        if len(cards) == 1 and cards[0].nature != "normal" and cards[0].true_name == name:
            # a Fire Kill used as itself is fire; made into a Kill by a skill, it is not
            s = self.skill_of(user, skill) if skill is not None else None
            if s is None or name not in s.converts:
                use.nature = cards[0].nature
        if nature is not None:
            use.nature = nature
        use.ignore_distance = ignore_distance
        use.nullifiable = nullifiable
        if not supplied:
            for card in cards:
                self.take_card(user, card)
        self.processing.extend(cards)
        self.emit(
            CardUsed(
                user.seat,
                name,
                tuple([str(c) for c in cards]),
                tuple([t.seat for t in targets]),
                skill,
            )
        )
        if name == "kill" and not extra and user is self.current and self.phase == "play":
            self.kills_used += 1
        if self._queue:
            yield from self.flush()
        hooks = self._hooks
        rule = RULES[name]
        if Point.CARD_USED in hooks:
            yield from self.fire(Point.CARD_USED, use)
        if Point.TARGET_CONFIRMING in hooks:
            for target in list(rule.effect_targets(use)):
                yield from self.fire(Point.TARGET_CONFIRMING, TargetData(use, target))
        if Point.TARGET_CHOSEN in hooks:
            for target in list(rule.effect_targets(use)):
                yield from self.fire(Point.TARGET_CHOSEN, TargetData(use, target))
        yield from rule.resolve(self.game, use)
        if Point.USE_FINISHED in self._hooks:
            yield from self.fire(Point.USE_FINISHED, use)
        self.finish_processing(cards)
        return use

    def effect_voided(self, use: Use, target: Player) -> Flow:
        """Armor that gives `use` no effect at all on `target` (Vine, Renwang Shield):
        asked before any Nullification window, so a voided target is never asked
        (docs/maneuvering.md §3.7: "you are not asked to respond")."""
        if Point.EFFECT_VOID in self._hooks:
            data = TargetData(use, target)
            yield from self.fire(Point.EFFECT_VOID, data)
            return data.cancelled
        return False

    def effect_cancelled(self, use: Use, target: Player) -> Flow:
        """Give skills and armor a chance to stop `use`'s effect on `target`."""
        if use.cancelled and target.seat in use.cancelled:
            return True
        if Point.CARD_EFFECT in self._hooks:
            data = TargetData(use, target)
            yield from self.fire(Point.CARD_EFFECT, data)
            return data.cancelled
        return False


_BODIES = {
    "judgment": FlowLayer._judgment_phase,
    "draw": FlowLayer._draw_phase,
    "play": FlowLayer._play_phase,
    "discard": FlowLayer._discard_phase,
}
