"""Asking for cards, Nullification windows, judgments and optional confirmations.

A request names the card wanted (`need`). The asked player answers with a card,
a conversion skill (`UseSkill` with cards) or a response provider (`UseSkill` with
no cards, e.g. Eight Diagrams), or declines. In digital mode the engine knows the
hand, so a request nobody can answer is declined without a prompt; in table mode
everyone is asked. Nullification (1d): every seat that could answer is asked at
once (one prompt open to several seats); the first Nullification wins and opens
the next window, so chains alternate; the window closes when all have passed or
on the table's `Timeout`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.sanguosha._zones import LENT, ZonesLayer
from engine.sanguosha.actions import ChooseTarget, Confirm, Pass, Respond, Timeout, UseSkill
from engine.sanguosha.catalogue import Card
from engine.sanguosha.context import (
    ANY_CARD,
    Judgment,
    PlayerChoice,
    Request,
    Use,
    alternatives,
)
from engine.sanguosha.events import (
    CardNullified,
    CardPlayed,
    CardUsed,
    JudgmentChanged,
    JudgmentRevealed,
    JudgmentSettled,
    NoCardToRespond,
    ResponseDeclined,
    SkillInvoked,
)
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.skills import ONCE_PER_GAME, Flow, Point, Skill
from engine.sanguosha.state import HIDDEN, Player

if TYPE_CHECKING:
    from engine.sanguosha.cards import Problem

NULLIFICATION = "nullification"


class RespondLayer(ZonesLayer):
    def skill_of(self, p: Player, skill_id: str) -> Skill | None:
        for skill in p.skills:
            if skill.id == skill_id:
                return skill
        return None

    def lender(self, p: Player, skill_id: str) -> Player | None:
        """The living other player who lends `p` the skill `skill_id` (黄天's lord), if any."""
        for holder, skill in self._mods.get(LENT, ()):
            if skill.id == skill_id and holder is not p and holder.alive:
                return holder
        return None

    def usable_skill(self, p: Player, skill_id: str) -> Skill | None:
        """`p`'s own skill `skill_id`, else the one another player lends him (`Skill.lent`)."""
        own = self.skill_of(p, skill_id)
        if own is not None:
            return own
        holder = self.lender(p, skill_id)
        return None if holder is None else self.skill_of(holder, skill_id)

    def lent_skills(self, p: Player) -> list[Skill]:
        """The skills other living players lend `p` (each once, none he has himself)."""
        out: list[Skill] = []
        for holder, skill in self._mods.get(LENT, ()):
            if holder is not p and holder.alive and self.skill_of(p, skill.id) is None:
                if all(s.id != skill.id for s in out):
                    out.append(skill)
        return out

    def skill_invoked(self, p: Player, skill_id: str, targets: tuple[int, ...] = ()) -> None:
        if skill_id in ONCE_PER_GAME and skill_id not in p.spent:  # used or fired: spent
            p.spent.append(skill_id)
        self.emit(SkillInvoked(p.seat, skill_id, targets))

    def cannot_answer(self, p: Player, need: str) -> bool:
        """Public facts prove `p` cannot answer: no hand card, and no conversion from equipment.

        A hand count is public, so such an ask is skipped in both modes, `auto_decline`
        or not: nobody waits on a formality NO, and the modes stay in step. The caller
        checks the providers (Eight Diagrams, 护驾) first.
        """
        return not p.hand and not self.could_produce(p, need)

    def could_produce(self, p: Player, need: str) -> bool:
        """Digital mode: can `p` make a `need` card from hand or a conversion?"""
        if need == ANY_CARD:
            return bool(p.hand)
        names = alternatives(need)
        for card in p.hand:
            if card.true_name in names:  # `answers(card, need)`, asked of every hand card
                return True
        for name in names:
            for skill in p.skills:
                if name in skill.converts:
                    for _ in skill.conversion_choices(self.game, p, name):
                        return True
        return False

    def answer_name(self, p: Player, need: str, cards: tuple[Card, ...], skill: str | None) -> str:
        """The card id an answer to `need` counts as: a conversion's, else the card's own."""
        names = alternatives(need)
        if len(names) == 1:
            return need
        s = self.skill_of(p, skill) if skill is not None else None
        if s is not None:
            if s.declares and s.declared in names:  # 蛊惑: the name it was declared as
                return str(s.declared)
            for name in names:
                if name in s.converts and s.view_as(self.game, p, cards, name):
                    return name
            return names[0]
        return cards[0].true_name

    def ask_card(
        self,
        p: Player,
        need: str,
        req: Request,
        *,
        target: Player | None = None,
        count: int = 1,
        needed: int = 0,
        asked_by: str | None = None,
    ) -> Flow:
        """Ask `p` for a `need` card. Returns None (declined), or (cards, skill id) not yet moved.

        A provider skill that succeeds returns ((), skill id): nothing to move.
        """
        tried: list[str] = []
        against = req.against
        while True:
            providers = tuple(
                s.id
                for s in p.skills
                if (need in s.provides or ("|" in need and _provides_one(s, need)))
                and s.id not in tried
                and not (s.once and s.id in p.spent)
                and s.can_provide(self.game, p, need, req)
            )
            if not providers and self.cannot_answer(p, need):
                self.emit(NoCardToRespond(p.seat, need, against.name if against else None))
                return None
            if (
                not self.table
                and self.settings.auto_decline
                and not providers
                and not self.could_produce(p, need)
            ):
                answer: Any = None
            else:
                answer = yield Prompt(
                    PromptKind.RESPOND,
                    p.seat,
                    (p.seat,),
                    need=need,
                    source=req.source.seat if req.source is not None else None,
                    target=target.seat if target is not None else None,
                    card=_text(against),
                    reason=req.reason,
                    count=count,
                    needed=needed,
                    skill=asked_by,
                    options=providers,
                    optional=True,
                    ctx=req,
                )
            if isinstance(answer, Respond) and answer.card is not None:
                return (answer.card,), None
            if isinstance(answer, UseSkill):
                skill = self.skill_of(p, answer.skill)
                assert skill is not None
                if skill.declares:  # laid face down and questioned first (蛊惑)
                    got = yield from skill.declare(self.game, p, need, answer.cards, against)
                    if got is not None:
                        return got, skill.id
                    self.emit(ResponseDeclined(p.seat, need, against.name if against else None))
                    return None
                if answer.cards:
                    return answer.cards, skill.id
                tried.append(skill.id)
                self.skill_invoked(p, skill.id)
                ok = yield from skill.provide(self.game, p, need, req)
                if ok:
                    return (), skill.id
                continue
            self.emit(ResponseDeclined(p.seat, need, against.name if against else None))
            return None

    def request(
        self,
        p: Player,
        need: str,
        *,
        use: bool,
        source: Player | None,
        against: Use | None,
        reason: str,
        count: int = 1,
    ) -> Flow:
        """Ask `p` to use or play a `need` card as a response; True if they did (1d use vs play).

        `count` is how many are still needed; when a skill asks for more than one
        (`against.need`, Wushuang's 2) the prompt says how many in all and whose skill.
        """
        req = Request(p, need, use, source, against, reason)
        needed = against.need.get(p.seat, 0) if against is not None else 0
        by = against.need_by.get(p.seat) if against is not None and needed > 1 else None
        got = yield from self.ask_card(p, need, req, count=count, needed=needed, asked_by=by)
        if got is None:
            return False
        cards, skill = got
        self.respond_with(p, need, cards, skill, use, against)
        if self._queue:
            yield from self.flush()
        if Point.CARD_RESPONDED in self._hooks:
            req.card = cards[0] if len(cards) == 1 else None
            yield from self.fire(Point.CARD_RESPONDED, req)
        return True

    def respond_with(
        self,
        p: Player,
        name: str,
        cards: tuple[Card, ...],
        skill: str | None,
        use: bool,
        against: Use | None,
    ) -> None:
        """Move a response's cards to the discard pile and say whether it was used or played."""
        for card in cards:
            self.take_card(p, card)
        if cards:
            self.discard_pile.extend(cards)
        texts = tuple([str(c) for c in cards])
        against_name = against.name if against is not None else None
        if use:
            self.emit(CardUsed(p.seat, name, texts, (), skill, against_name))
        else:
            self.emit(CardPlayed(p.seat, name, texts, skill, against_name))

    # ---------------------------------------------------------------- Nullification
    def nullifiers(self) -> tuple[int, ...]:
        if self.table or not self.settings.auto_decline:
            return tuple(
                [p.seat for p in self.alive_order if not self.cannot_answer(p, NULLIFICATION)]
            )
        return tuple([p.seat for p in self.alive_order if self.could_produce(p, NULLIFICATION)])

    def nullified(self, use: Use, target: Player) -> Flow:
        """Open Nullification windows for `use` on `target`; True if its effect is cancelled."""
        cancelled = False
        against = use
        while True:
            seats = self.nullifiers()
            if not seats:
                break
            got = yield from self._window(seats, use, against, target)
            if got is None:
                break
            p, cards, skill = got
            declaring = self.skill_of(p, skill) if skill is not None else None
            if declaring is not None and declaring.declares:  # 蛊惑: questioned first
                turned = yield from declaring.declare(self.game, p, NULLIFICATION, cards, against)
                if turned is None:
                    continue  # it failed: no Nullification, the window opens again
                cards = turned
            null = Use(p, NULLIFICATION, cards, [], skill)
            for card in cards:
                self.take_card(p, card)
            self.processing.extend(cards)
            self.emit(
                CardUsed(p.seat, NULLIFICATION, tuple(map(str, cards)), (), skill, against.name)
            )
            if self._queue:
                yield from self.flush()
            if Point.CARD_USED in self._hooks:
                yield from self.fire(Point.CARD_USED, null)
            self.finish_processing(cards)
            cancelled = not cancelled
            against = null
        if cancelled:
            self.emit(CardNullified(target.seat, use.name, _text(use)))
        return cancelled

    def _window(self, seats: tuple[int, ...], use: Use, against: Use, target: Player) -> Flow:
        remaining = list(seats)
        timeout = self.settings.nullification_timeout_s if self.table else None
        while remaining:
            answer = yield Prompt(
                PromptKind.NULLIFY,
                remaining[0] if len(remaining) == 1 else None,
                tuple(remaining),
                need=NULLIFICATION,
                source=against.user.seat,
                target=target.seat,
                card=_text(against),
                as_card=_used_as(against),
                reason=use.name,
                optional=True,
                timeout_s=timeout,
                ctx=against,
            )
            if isinstance(answer, Timeout):
                return None
            seat = self._seat
            assert seat is not None  # only a Timeout comes without a seat
            if isinstance(answer, Pass) or (isinstance(answer, Respond) and answer.card is None):
                remaining.remove(seat)
                continue
            p = self.player(seat)
            if isinstance(answer, Respond):
                return p, (answer.card,), None
            return p, answer.cards, answer.skill
        return None

    # ---------------------------------------------------------------- judgment
    def judge(self, p: Player, reason: str, pattern: Callable[[Card], bool]) -> Flow:
        """Reveal a judgment card for `p`, let skills act on it, settle it (1d Judgment)."""
        j = Judgment(p, reason, pattern)
        if self.table:
            answer = yield Prompt(
                PromptKind.JUDGMENT_CARD, p.seat, (p.seat,), target=p.seat, reason=reason
            )
            card = answer.card
            self.deck_card_revealed(card)
        else:
            card = self.pop_deck()
        j.card = card
        self.processing.append(card)
        self.emit(JudgmentRevealed(p.seat, str(card), reason))
        if Point.JUDGMENT_BEFORE in self._hooks:
            yield from self.fire(Point.JUDGMENT_BEFORE, j)
        seen = j.card
        if "card_suit" in self._mods and (self.settings.hongyan_on_replacement or not j.replaced):
            seen = self.seen_as_said(p, j.card)  # 红颜: a ♠ judged for her is a ♥
        j.success = bool(pattern(seen))
        self.emit(JudgmentSettled(p.seat, str(j.card), reason, j.success))
        if Point.JUDGMENT_AFTER in self._hooks:
            yield from self.fire(Point.JUDGMENT_AFTER, j)
        if not j.taken:
            self.finish_processing((j.card,))
        return j

    def replace_judgment(self, j: Judgment, by: Player, card: Card, skill: str) -> None:
        """A skill swaps the judgment card for `card` from `by`'s hand or equipment.

        The old card goes to the discard pile (QSanguosha `Room::retrial`).
        """
        old = j.card
        self.take_card(by, card)
        if old is not None and old in self.processing:
            self.processing.remove(old)
            self.discard_pile.append(old)
        self.processing.append(card)
        j.card = card
        j.replaced = True
        self.emit(JudgmentChanged(j.player.seat, str(card), by.seat, skill))

    def deck_card_revealed(self, card: Card) -> None:
        """Table mode: a scanned card came off the top of the deck.

        The deck is unseen, except cards a skill scanned and put back on top
        (Guanxing): when the scan disagrees with the remembered top card the table
        wins and the remembered order is forgotten.
        """
        if not self.deck:
            self.reshuffle()
        deck = self.deck
        top = deck[-1]
        if top is not card and top is not HIDDEN:
            deck[:] = [HIDDEN] * len(deck)
        deck.pop()

    def discard_from_hand_unseen(self, p: Player, reason: str, by: Player) -> Flow:
        """Discard a hand card `by` chose unseen; it lands face up (Dismantle, Ice Sword).

        Digital mode picks it at random; at the table the victim's card is turned up
        and may be scanned (`reveal_card`, naming `by` as its source), or left unseen.
        """
        if self.table:
            answer = yield Prompt(
                PromptKind.REVEAL_CARD,
                p.seat,
                (p.seat,),
                source=by.seat,
                target=p.seat,
                reason=reason,
                optional=True,
            )
            card = answer.card
            if card is None:
                card = self.take_random_hand(p)
            else:
                self.take_from_hand(p, card)
        else:
            card = self.take_random_hand(p)
        self.to_discard((card,), p.seat, reason)

    # ---------------------------------------------------------------- skill choices
    def choose_players(
        self,
        p: Player,
        reason: str,
        options: list[Player],
        lo: int,
        hi: int,
        *,
        optional: bool,
        why: Callable[[Player], Problem] | None = None,
    ) -> Flow:
        """Ask `p` to choose `lo`..`hi` of `options` for skill `reason`, one at a time.

        A `choose_target` prompt (as for a card's targets): `ChooseTarget` adds a seat,
        `Confirm(True)` closes the list once `lo` are chosen, and when `optional`
        `Confirm(False)`/`Pass` declines (returns None). Returns the chosen players.
        `why(player)` says why a player is not an option (see `PlayerChoice`).
        """
        choice = PlayerChoice(reason, options, lo, hi, optional, why)
        chosen = choice.chosen
        while len(chosen) < hi:
            left = choice.remaining()
            if not left:
                break
            answer = yield Prompt(
                PromptKind.CHOOSE_TARGET,
                p.seat,
                (p.seat,),
                reason=reason,
                count=hi,
                options=tuple([q.seat for q in left]),
                chosen=tuple([q.seat for q in chosen]),
                optional=optional,
                ctx=choice,
            )
            if isinstance(answer, ChooseTarget):
                chosen.append(self.player(answer.seat))
            elif isinstance(answer, Confirm) and answer.ok:
                break
            else:
                return None
        return list(chosen)

    # ---------------------------------------------------------------- confirmations
    def ask_confirm(self, p: Player, reason: str, data: Any = None) -> Flow:
        """Ask `p` OK/NO (an optional skill or equipment ability); True for OK.

        The prompt names the player the trigger concerns (`target`) when there is one.
        """
        target = getattr(data, "target", None) or getattr(data, "player", None)
        source = getattr(data, "source", None)  # who dealt the damage (Fankui, Ganglie)
        answer = yield Prompt(
            PromptKind.CONFIRM,
            p.seat,
            (p.seat,),
            target=target.seat if target is not None else None,
            source=source.seat if isinstance(source, Player) else None,
            reason=reason,
            optional=True,
            ctx=data,
        )
        return isinstance(answer, Confirm) and answer.ok


def _text(use: Use | None) -> str | None:
    if use is None or not use.cards:
        return None
    return str(use.cards[0]) if len(use.cards) == 1 else "+".join(map(str, use.cards))


def _used_as(use: Use) -> str | None:
    """What a use's card stands for when it is not the card itself (Qixi's black card as
    Dismantle, Guose's diamond as Indulgence), so a Nullification names both."""
    if use.cards and any(c.true_name != use.name for c in use.cards):
        return use.name
    return None


def _provides_one(skill: Skill, need: str) -> bool:
    """A compound need ("peach|wine") is answered by a provider of one of its cards."""
    return any(n in skill.provides for n in alternatives(need))
