"""Single-target instant tricks and Nullification (docs/sanguosha.md 1d).

Every instant trick resolves target by target: a Nullification window first (an
odd number of effective Nullifications cancels it for that target), then whatever
may stop its effect (`effect_cancelled`), then the effect itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.sanguosha.cards import CardRule, Problem, card_rule
from engine.sanguosha.context import Request
from engine.sanguosha.events import CardGiven, CardTaken
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.reasons import Reason
from engine.sanguosha.state import WEAPON

if TYPE_CHECKING:
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.context import Use
    from engine.sanguosha.game import Game
    from engine.sanguosha.skills import Flow
    from engine.sanguosha.state import Player


class InstantTrick(CardRule):
    """Resolve per target: Nullification window, effect stoppers, then `effect`."""

    is_trick = True

    def applies(self, game: Game, use: Use, target: Player) -> bool:
        """False skips the target without a Nullification window (Peach Garden, unwounded)."""
        return True

    def resolve(self, game: Game, use: Use) -> Flow:
        yield from self.before(game, use)
        for target in list(self.effect_targets(use)):
            if not target.alive or not self.applies(game, use, target):
                continue
            voided = yield from game.effect_voided(use, target)
            if voided:
                continue
            if use.nullifiable:
                nullified = yield from game.nullified(use, target)
                if nullified:
                    continue
            cancelled = yield from game.effect_cancelled(use, target)
            if cancelled or not target.alive:  # died in its window (蛊惑's questioning)
                continue
            yield from self.effect(game, use, target)
        yield from self.after(game, use)

    def before(self, game: Game, use: Use) -> Flow:
        return
        yield

    def effect(self, game: Game, use: Use, target: Player) -> Flow:
        return
        yield

    def after(self, game: Game, use: Use) -> Flow:
        return
        yield


@card_rule
class Nullification(CardRule):
    """Only ever used in a window (see `_respond.py`)."""

    name = "nullification"
    playable = False
    is_trick = True


@card_rule
class ExNihilo(InstantTrick):
    name = "ex_nihilo"

    def auto_targets(self, game: Game, user: Player) -> list[Player] | None:
        return [user]

    def effect(self, game: Game, use: Use, target: Player) -> Flow:
        game.draw(target, 2 + use.bonus, "ex_nihilo")  # bonus: a mode's rule (3v3)
        return
        yield


@card_rule
class Duel(InstantTrick):
    """Starting with the target, each in turn plays a Kill; the first who does not is hurt."""

    name = "duel"

    def effect(self, game: Game, use: Use, target: Player) -> Flow:
        user = use.user
        turn, other = target, user
        while True:
            needed = use.need.get(turn.seat, 1)
            answered = 0
            while answered < needed:
                ok = yield from game.request(
                    turn,
                    "kill",
                    use=False,
                    source=other,
                    against=use,
                    reason="duel",
                    count=needed - answered,
                )
                if not ok:
                    break
                answered += 1
            if answered < needed:
                bonus = use.bonus if other is user else 0
                yield from game.damage(other, turn, 1 + bonus, "normal", use)
                return
            if not other.alive:
                return
            turn, other = other, turn


class _TakeOrDiscard(InstantTrick):
    """Dismantle and Snatch: any one card of the target (hand unseen, equipment, judgment)."""

    def target_error(
        self,
        game: Game,
        user: Player,
        target: Player,
        chosen: list[Player],
        cards: tuple[Card, ...],
    ) -> Problem:
        problem = super().target_error(game, user, target, chosen, cards)
        if problem is None and not target.has_cards(judgment=True):
            return Reason.NO_CARDS, {"target": target.seat, "card": self.name}
        return problem

    def effect(self, game: Game, use: Use, target: Player) -> Flow:
        if not target.has_cards(judgment=True):
            return
        card = yield from choose_card_from(game, use.user, target, self.name, judgment=True)
        yield from self.take(game, use, target, card)
        if game._queue:
            yield from game.flush()

    def take(self, game: Game, use: Use, target: Player, card: Card | None) -> Flow:
        return
        yield


@card_rule
class Dismantle(_TakeOrDiscard):
    name = "dismantle"

    def take(self, game: Game, use: Use, target: Player, card: Card | None) -> Flow:
        if card is not None:
            game.take_card(target, card)
            game.to_discard((card,), target.seat, self.name)
        else:
            yield from game.discard_from_hand_unseen(target, self.name, use.user)


@card_rule
class Snatch(_TakeOrDiscard):
    name = "snatch"

    def target_error(
        self,
        game: Game,
        user: Player,
        target: Player,
        chosen: list[Player],
        cards: tuple[Card, ...],
    ) -> Problem:
        problem = super().target_error(game, user, target, chosen, cards)
        if problem is not None:
            return problem
        d = game.distance(user, target, cards)
        limit = game.trick_distance(user, "snatch", 1)
        if d > limit:
            return Reason.TOO_FAR, {
                "card": "snatch",
                "source": user.seat,
                "target": target.seat,
                "distance": d,
                "max_distance": limit,
            }
        return None

    def take(self, game: Game, use: Use, target: Player, card: Card | None) -> Flow:
        if card is None:
            taken = game.take_random_hand(target)
            use.user.hand.append(taken)
            game.emit(CardTaken(use.user.seat, target.seat, "hand", None, "snatch"))
            return
        zone = game.take_card(target, card)
        use.user.hand.append(card)
        game.emit(CardTaken(use.user.seat, target.seat, zone, str(card), "snatch"))
        return
        yield


def choose_card_from(
    game: Game, chooser: Player, target: Player, reason: str, judgment: bool
) -> Flow:
    """Ask `chooser` to pick one of `target`'s cards; None means a hand card, unseen."""
    cards = target.equipment_cards()
    if judgment:
        cards += [c for c, _ in target.judgment]
    options = (["hand"] if target.hand else []) + [str(c) for c in cards]
    answer = yield Prompt(
        PromptKind.CHOOSE_CARD_FROM,
        chooser.seat,
        (chooser.seat,),
        target=target.seat,
        reason=reason,
        options=tuple(options),
        ctx=(target, cards, bool(target.hand)),
    )
    return answer.card


@card_rule
class BorrowedSword(InstantTrick):
    """Target A (with a weapon) must use a Kill on B (in A's range), or give the user the weapon."""

    name = "borrowed_sword"

    def bounds(self, game: Game, user: Player, cards: tuple[Card, ...]) -> tuple[int, int]:
        return 2, 2

    def effect_targets(self, use: Use) -> list[Player]:
        return use.targets[:1]

    def target_error(
        self,
        game: Game,
        user: Player,
        target: Player,
        chosen: list[Player],
        cards: tuple[Card, ...],
    ) -> Problem:
        if not chosen:  # A: holds a weapon and has someone to Kill
            problem = super().target_error(game, user, target, chosen, cards)
            if problem is not None:
                return problem
            if target.equip[WEAPON] is None:
                return Reason.NO_WEAPON, {"target": target.seat}
            if not any(game.can_kill(target, b) for b in game.alive_order):
                return Reason.NO_KILL_TARGET, {"card": self.name, "target": target.seat}
            return None
        if len(chosen) >= 2:
            return Reason.TOO_MANY_TARGETS, {"card": self.name, "max_targets": 2, "got": 3}
        return game.kill_target_error(chosen[0], target)  # B: a legal Kill target for A

    def effect(self, game: Game, use: Use, target: Player) -> Flow:
        victim = use.targets[1]
        weapon = target.equip[WEAPON]
        if weapon is None:
            return
        if victim.alive:
            req = Request(target, "kill", True, use.user, use, "borrowed_sword")
            got = yield from game.ask_card(target, "kill", req, target=victim)
            if got is not None:
                cards, skill = got
                yield from game.use_card(target, "kill", cards, [victim], skill=skill, extra=True)
                return
        weapon = target.equip[WEAPON]
        if weapon is not None and use.user.alive:
            game.take_card(target, weapon)
            use.user.hand.append(weapon)
            game.emit(CardGiven(target.seat, use.user.seat, str(weapon), "borrowed_sword"))
            if game._queue:
                yield from game.flush()
