"""The Shu generals' skills, original standard texts (docs/sanguosha.md 1b).

Liu Bei (rende, jijiang as lord), Guan Yu (wusheng), Zhang Fei (paoxiao), Zhuge
Liang (guanxing, kongcheng), Zhao Yun (longdan), Ma Chao (mashu, tieqi), Huang
Yueying (jizhi, qicai). The texts players read are in `data/skills.json`.
Modifiers and conversions are plain functions of the state; the few prompts go
through the kinds every table already answers (choose_target, reveal_card,
choose_card_from, confirm).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.cards import Color
from engine.core.errors import IllegalAction
from engine.sanguosha.actions import UseSkill
from engine.sanguosha.catalogue import catalogue
from engine.sanguosha.context import Request
from engine.sanguosha.events import CardPlayed, DeckArranged, HandCardsGiven
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.reasons import Reason
from engine.sanguosha.skills import Flow, Point, Skill, register
from engine.sanguosha.skills._active import (
    ACTIVE,
    COMPULSORY,
    UNLIMITED,
    known,
    no_cards,
    nobody,
    one_other_target,
    too_few_cards,
)

if TYPE_CHECKING:
    from engine.sanguosha.cards import Problem
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.context import PhaseData, TargetData, Use
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player

GUANXING_MAX = 5


# --------------------------------------------------------------------------- Liu Bei
@register
class Rende(Skill):
    """Play phase, any number of times: give hand cards to another player; the first time
    the cards given this phase reach 2, recover 1 HP (original text: not once per phase)."""

    id = "rende"
    tags = ACTIVE
    gives_unseen = True
    MARK = "turn:rende"  # cards given this turn (the play phase happens once a turn)

    def can_activate(self, game: Game, owner: Player) -> bool:
        return bool(owner.hand) and len(game.alive_order) > 1

    def unavailable(self, game: Game, owner: Player) -> Problem:
        return too_few_cards(owner, self.id, 1) or nobody(self.id)

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        if not action.cards:
            raise IllegalAction(Reason.WRONG_COUNT, expected=1, got=0)
        game.check_in_hand(owner, action.cards)
        one_other_target(game, owner, action.targets, self.id)

    def activation_choices(self, game: Game, owner: Player) -> Any:
        """Each known card to the next player, and the first one to each other player: every
        card and every receiver appear without listing every pair."""
        others = game.other_living(owner)
        hand = known(owner.hand)
        if not hand or not others:
            return
        for card in hand:
            yield UseSkill(self.id, (card,), (others[0].seat,))
        for q in others[1:]:
            yield UseSkill(self.id, (hand[0],), (q.seat,))

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        target = game.player(action.targets[0])
        for card in action.cards:
            game.take_from_hand(owner, card)
            target.hand.append(card)
        game.emit(HandCardsGiven(owner.seat, target.seat, len(action.cards), self.id))
        before = owner.marks.get(self.MARK, 0)
        owner.marks[self.MARK] = before + len(action.cards)
        if game._queue:
            yield from game.flush()
        if before < 2 <= before + len(action.cards) and owner.alive:
            yield from game.recover(owner, owner, 1, None)


@register
class Jijiang(Skill):
    """Lord: when you need to use or play a Kill, the other Shu characters are asked in seat
    order to play one for you; the first Kill played counts as yours (also to attack from
    your play phase, started like an active skill)."""

    id = "jijiang"
    tags = ACTIVE
    provides = ("kill",)

    @staticmethod
    def subjects(game: Game, owner: Player) -> list[Player]:
        return [q for q in game.other_living(owner) if q.kingdom == "shu"]

    # answering a request (a Duel, Barbarian Invasion, Borrowed Sword...)
    def can_provide(self, game: Game, owner: Player, need: str, request: Request) -> bool:
        return need == "kill" and bool(self.subjects(game, owner))

    def provide(self, game: Game, owner: Player, need: str, request: Request) -> Flow:
        for q in self.subjects(game, owner):
            ok = yield from game.request(
                q, "kill", use=False, source=owner, against=request.against, reason=self.id
            )
            if ok:
                return True
        return False

    # attacking from the play phase
    def can_activate(self, game: Game, owner: Player) -> bool:
        return bool(self.subjects(game, owner)) and game.can_use_now(owner, "kill", ())

    def unavailable(self, game: Game, owner: Player) -> Problem:
        from engine.sanguosha.cards import RULES  # the card rules import the skills

        if not self.subjects(game, owner):
            return nobody(self.id)
        return RULES["kill"].usable_error(game, owner, ())  # the Kill limit; else no target

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        no_cards(action)
        if not action.targets:
            raise IllegalAction(Reason.NEEDS_TARGET, card="kill", min_targets=1)
        game.check_use(owner, "kill", (), action.targets)

    def activation_choices(self, game: Game, owner: Player) -> Any:
        for q in game.target_options(owner, "kill", (), []):
            yield UseSkill(self.id, (), (q.seat,))

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        targets = [game.player(s) for s in action.targets]
        for q in self.subjects(game, owner):
            req = Request(q, "kill", False, owner, None, self.id)
            got = yield from game.ask_card(q, "kill", req, target=targets[0])
            if got is None:
                continue
            cards, skill = got
            for card in cards:
                game.take_card(q, card)
            game.emit(CardPlayed(q.seat, "kill", tuple(map(str, cards)), skill, None))
            if Point.CARD_RESPONDED in game._hooks:
                req.card = cards[0] if len(cards) == 1 else None
                yield from game.fire(Point.CARD_RESPONDED, req)
            yield from game.use_card(owner, "kill", cards, targets, skill=self.id, supplied=True)
            return


# --------------------------------------------------------------------------- Guan Yu
@register
class Wusheng(Skill):
    """Use or play any red card (hand or equipment) as a Kill."""

    id = "wusheng"
    converts = ("kill",)

    def view_as(self, game: Game, owner: Player, cards: tuple[Card, ...], name: str) -> bool:
        return name == "kill" and len(cards) == 1 and cards[0].color is Color.RED

    def conversion_choices(self, game: Game, owner: Player, name: str) -> Any:
        if name == "kill":
            for card in known(owner.hand + owner.equipment_cards()):
                if card.color is Color.RED:
                    yield (card,)


# --------------------------------------------------------------------------- Zhang Fei
@register
class Paoxiao(Skill):
    """Compulsory: no limit on the Kills you use in your play phase."""

    id = "paoxiao"
    tags = COMPULSORY
    modifiers = ("kill_limit",)

    def kill_limit(self, game: Game, owner: Player, player: Player, cards: tuple[Card, ...]) -> int:
        return UNLIMITED if player is owner else 0


# --------------------------------------------------------------------------- Zhuge Liang
@register
class Guanxing(Skill):
    """Preparation phase: look at the top X cards (X = living players, at most 5), put any
    of them back on top in any order and the rest at the bottom.

    The owner picks the cards for the top one by one, first = top (`choose_card_from`,
    `PickCard`); Pass sends the rest to the bottom. Digital mode offers the X cards,
    privately. At the table the engine cannot see them: the owner scans each card kept
    on top, and the engine remembers that order for the judgments that follow (the table
    wins if a later scan disagrees).
    """

    id = "guanxing"
    triggers = (Point.PHASE_START,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> bool:
        return data.player is owner and data.phase == "preparation"

    def on_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> Flow:
        if not game.deck:
            game.reshuffle()
        deck = game.deck
        x = min(GUANXING_MAX, len(game.alive_order), len(deck))
        # they stay on the deck while the owner decides (both modes count the same deck)
        left = [] if game.table else deck[-x:][::-1]
        top: list[Card] = []
        while len(top) < x:
            answer = yield Prompt(
                PromptKind.CHOOSE_CARD_FROM,
                owner.seat,
                (owner.seat,),
                target=owner.seat,
                reason=self.id,
                count=x - len(top),
                options=tuple(str(c) for c in left),
                optional=True,
                private=True,
                ctx=(owner, None if game.table else left, False),
            )
            if answer.kind != "pick_card":
                break
            if not game.table:
                left.remove(answer.card)
            top.append(answer.card)
        if game.table:
            deck[len(deck) - len(top) :] = reversed(top)  # the rest stay unseen placeholders
        else:
            del deck[len(deck) - x :]
            deck[:0] = left  # the bottom is the start of the list
            deck.extend(reversed(top))
        game.emit(DeckArranged(owner.seat, len(top), x - len(top), self.id))


@register
class Kongcheng(Skill):
    """Compulsory: while you have no hand cards you cannot be targeted by Kill or Duel."""

    id = "kongcheng"
    tags = COMPULSORY
    modifiers = ("prohibit",)

    def prohibits(
        self,
        game: Game,
        owner: Player,
        user: Player,
        target: Player,
        name: str,
        cards: tuple[Card, ...] = (),
    ) -> bool:
        return target is owner and not owner.hand and (name == "kill" or name == "duel")


# --------------------------------------------------------------------------- Zhao Yun
@register
class Longdan(Skill):
    """Use or play a Kill as a Dodge, or a Dodge as a Kill."""

    id = "longdan"
    converts = ("kill", "dodge")
    SWAP = {"kill": "dodge", "dodge": "kill"}

    def view_as(self, game: Game, owner: Player, cards: tuple[Card, ...], name: str) -> bool:
        return len(cards) == 1 and cards[0].true_name == self.SWAP.get(name)

    def conversion_choices(self, game: Game, owner: Player, name: str) -> Any:
        wanted = self.SWAP.get(name)
        for card in known(owner.hand):
            if card.true_name == wanted:  # a Fire or Thunder Kill too
                yield (card,)


# --------------------------------------------------------------------------- Ma Chao
@register
class Mashu(Skill):
    """Compulsory: your distance to every other player is -1."""

    id = "mashu"
    tags = COMPULSORY
    modifiers = ("distance",)

    def distance(self, game: Game, owner: Player, source: Player, target: Player) -> int:
        return -1 if source is owner else 0


@register
class Tieqi(Skill):
    """After your Kill targets a player you may judge: on red they cannot Dodge this Kill."""

    id = "tieqi"
    triggers = (Point.TARGET_CHOSEN,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> bool:
        use = data.use
        return use.user is owner and use.name == "kill" and data.target.alive

    def on_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> Flow:
        j = yield from game.judge(owner, self.id, _is_red)
        if j.success:
            data.use.no_response[data.target.seat] = self.id


def _is_red(card: Card) -> bool:
    return card.color is Color.RED


# --------------------------------------------------------------------------- Huang Yueying
@register
class Jizhi(Skill):
    """When you use a non-delayed trick (converted ones too, as the original text), you may
    draw 1 card."""

    id = "jizhi"
    triggers = (Point.CARD_USED,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Use) -> bool:
        return data.user is owner and _instant_trick(data.name)

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Use) -> Flow:
        game.draw(owner, 1, self.id)
        return
        yield


def _instant_trick(name: str) -> bool:
    return catalogue().cards[name].subtype == "instant"


@register
class Qicai(Skill):
    """Compulsory: your tricks have no distance limit (Snatch, in the standard set)."""

    id = "qicai"
    tags = COMPULSORY
    modifiers = ("trick_distance",)

    def trick_distance(self, game: Game, owner: Player, user: Player, name: str) -> int | None:
        return UNLIMITED if user is owner else None
