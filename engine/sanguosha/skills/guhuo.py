"""于吉's 蛊惑 (guhuo), original text (docs/wind-fire.md §3.2): one hand card laid face down
and declared as any basic card or non-delayed trick, questioned by the others, then turned.

One flow serves every place a card may be used or played: the play prompt (an active
skill: the declared card is a `choose_option`, its targets are staged as that card's
own), an answer to a request and a Nullification window (`Skill.declares`: the asking
path runs `declare`). While it is questioned the card is in no zone: the hand count has
fallen by 1 and nothing public names it (the events name only the declaration). Once
turned, a card that resolves goes back to the hand for the ordinary path to use or play
it as the declared card, with its own suit, rank and colour; one that fails is discarded.

Digital mode: the card is chosen with the skill (`UseSkill("guhuo", (card,))`). Table
mode: it is not scanned until every answer is in (`UseSkill("guhuo")`; then a
`reveal_card` prompt for 于吉).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.cards import Suit
from engine.core.errors import IllegalAction
from engine.sanguosha.actions import ChooseOption, Confirm, UseSkill
from engine.sanguosha.cards import RULES
from engine.sanguosha.catalogue import catalogue
from engine.sanguosha.context import MoveData, alternatives
from engine.sanguosha.events import CardDeclared, DeclarationAnswered, DeclarationRevealed
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.reasons import Reason
from engine.sanguosha.skills import Flow, Point, Skill, register
from engine.sanguosha.skills._active import ACTIVE, known, no_targets, too_few_cards
from engine.sanguosha.state import HIDDEN

if TYPE_CHECKING:
    from collections.abc import Iterator

    from engine.sanguosha.cards import Problem
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player

GUHUO = "guhuo"
KILL = "kill"

DECLARABLE = tuple(
    dict.fromkeys(
        spec.counts_as or spec.id
        for spec in catalogue().cards.values()
        if spec.type == "basic" or spec.subtype == "instant"
    )
)
"""The card ids (as every rule counts them) a declaration may stand for, in any game."""


def declarable(game: Game) -> tuple[str, ...]:
    """The card names this game's deck holds that may be declared (basic cards and
    non-delayed tricks: Wine, Fire Kill, Iron Chain, Fire Attack with the Maneuvering
    cards), in the deck's order: the options of the declaration prompt."""
    return tuple(
        dict.fromkeys(c.name for c in game.cards if c.type == "basic" or c.subtype == "instant")
    )


def counts_as(name: str) -> str:
    """The card id a declared card name is for every rule (a Fire Kill is a Kill)."""
    spec = catalogue().cards[name]
    return spec.counts_as or spec.id


def declaration_problem(game: Game, owner: Player, name: str, need: str | None) -> Problem:
    """Why `owner` may not declare `name` now (None: he may): never a delayed trick or
    equipment, a card of this game's deck, and a use legal as that card (`need` None:
    from the play prompt) or an answer to the request's `need`."""
    spec = catalogue().cards.get(name)
    data: dict[str, Any] = {"card": name, "skill": GUHUO}
    if spec is None or name not in declarable(game):
        if spec is not None and spec.type == "equipment":
            why = "equipment"
        elif spec is not None and spec.subtype == "delayed":
            why = "delayed"
        else:
            why = "not_in_game"
        return Reason.NOT_DECLARABLE, data | {"why": why}
    true_name = counts_as(name)
    if need is not None:
        return None if true_name in alternatives(need) else (Reason.NOT_OFFERED, {})
    rule = RULES[true_name]
    if not rule.playable:  # Dodge, Nullification: only in answer
        return Reason.NOT_PLAYABLE_NOW, {"card": true_name, "phase": game.phase}
    problem = rule.usable_error(game, owner, ())
    if problem is not None:
        return problem
    if rule.auto_targets(game, owner) is None and not game.any_target(owner, true_name, ()):
        return game.no_target_error(owner, true_name, ())
    return None


class Declaration:
    """A 蛊惑 declaration in progress: the ctx of its prompts (the declared card, the
    questions, the reveal)."""

    face_down = True  # its reveal_card prompt asks for one of its owner's hand cards

    def __init__(self, owner: Player, need: str | None, card: Card | None) -> None:
        self.owner = owner
        self.need = need  # None: used from the play prompt
        self.card = card  # None at the table until it is turned
        self.name = ""
        self.questioning = False
        self.questioners: list[Player] = []

    def option_problem(self, game: Game, option: str) -> Problem:
        """Why `option` cannot be declared (the `choose_option` check)."""
        problem = declaration_problem(game, self.owner, option, self.need)
        return None if problem is not None and problem[0] is Reason.NOT_OFFERED else problem

    def not_asked(self, game: Game, seat: int) -> Problem:
        """Why `seat` is not asked to believe or question (None: another rule says)."""
        if not self.questioning or not 1 <= seat <= game.n:
            return None
        p = game.player(seat)
        data = {"seat": seat, "source": self.owner.seat, "hp": p.hp}
        if p is self.owner:
            return Reason.NOT_ASKED_TO_QUESTION, data | {"why": "own"}
        if p.alive and p.hp <= 0:
            return Reason.NOT_ASKED_TO_QUESTION, data | {"why": "hp"}
        return None


def genuine(game: Game, card: Card, name: str) -> bool:
    """Whether the turned card is the declared one: the same card name, or by
    `guhuo_kill_match=any_kill` any Kill for any declared Kill (docs/wind-fire.md §5)."""
    if card.name == name:
        return True
    any_kill = game.settings.guhuo_kill_match == "any_kill"
    return any_kill and card.true_name == KILL and counts_as(name) == KILL


@register
class Guhuo(Skill):
    """蛊惑: lay a hand card face down as any basic card or non-delayed trick, whenever
    you could use or play one; every other player above 0 HP believes or questions it
    in turn. Nobody questions: it resolves as declared. Someone does: if it is true each
    questioner loses 1 HP and it resolves only as a ♥; if false each questioner draws 1;
    otherwise it is discarded and the use or play fails."""

    id = GUHUO
    tags = ACTIVE
    declares = True
    converts = DECLARABLE  # digital mode: any hand card, for requests and windows
    provides = DECLARABLE  # table mode: offered in requests, the card not scanned

    # ------------------------------------------------------------ the play prompt
    def can_activate(self, game: Game, owner: Player) -> bool:
        if not owner.hand:
            return False
        return any(declaration_problem(game, owner, n, None) is None for n in declarable(game))

    def unavailable(self, game: Game, owner: Player) -> Problem:
        return too_few_cards(owner, GUHUO, 1)

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        no_targets(action, GUHUO)  # the declared card's targets are chosen once it is named
        self._check_cards(game, owner, action.cards)

    def activation_choices(self, game: Game, owner: Player) -> Iterator[UseSkill]:
        if game.table:
            yield UseSkill(GUHUO)
            return
        for card in known(owner.hand):
            yield UseSkill(GUHUO, (card,))

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        decl = Declaration(owner, None, action.cards[0] if action.cards else None)
        answer = yield Prompt(
            PromptKind.CHOOSE_OPTION,
            owner.seat,
            (owner.seat,),
            reason=GUHUO,
            options=declarable(game),
            ctx=decl,
        )
        assert isinstance(answer, ChooseOption)
        name = answer.option
        true_name = counts_as(name)
        targets = RULES[true_name].auto_targets(game, owner)
        if targets is None:
            targets = yield from game.stage_targets(owner, true_name, (), GUHUO)
            if not targets:
                return  # NO: nothing was laid down
        decl.name = name
        self._lay_down(game, decl, targets, None)
        turned = yield from self._question_and_turn(game, decl)
        if turned is None:
            counts = game.settings.guhuo_failed_kill_counts
            if true_name == KILL and counts and owner is game.current and game.phase == "play":
                game.kills_used += 1
            return
        nature = catalogue().cards[name].nature
        if turned.true_name == KILL and true_name == KILL and genuine(game, turned, name):
            nature = turned.nature  # any_kill: a true Kill keeps its own nature
        live = [t for t in targets if t.alive]
        if not live:  # its only target fell to the questioning
            game.take_from_hand(owner, turned)
            game.to_discard((turned,), owner.seat, GUHUO)
            return
        yield from game.use_card(owner, true_name, (turned,), live, skill=GUHUO, nature=nature)

    # ------------------------------------------------------------ requests, windows
    def view_as(self, game: Game, owner: Player, cards: tuple[Card, ...], name: str) -> bool:
        if game.table or len(cards) != 1 or cards[0] not in owner.hand:
            return False
        return any(counts_as(n) == name for n in declarable(game))

    def conversion_choices(
        self, game: Game, owner: Player, name: str
    ) -> Iterator[tuple[Card, ...]]:
        if game.table or not any(counts_as(n) == name for n in declarable(game)):
            return
        for card in known(owner.hand):
            yield (card,)

    def can_provide(self, game: Game, owner: Player, need: str, request: Any) -> bool:
        return game.table and bool(owner.hand) and bool(self._answers(game, need))

    def check_declare(self, game: Game, owner: Player, need: str, cards: tuple[Card, ...]) -> None:
        if not self._answers(game, need):
            game.check_makes(owner, self, need)
        self._check_cards(game, owner, cards)

    def declare(
        self, game: Game, owner: Player, need: str, cards: tuple[Card, ...], against: Any
    ) -> Flow:
        decl = Declaration(owner, need, cards[0] if cards else None)
        options = self._answers(game, need)
        if len(options) > 1:  # a dying player's own request: a Peach, or a Wine
            answer = yield Prompt(
                PromptKind.CHOOSE_OPTION,
                owner.seat,
                (owner.seat,),
                reason=GUHUO,
                options=options,
                ctx=decl,
            )
            decl.name = answer.option
        else:
            decl.name = options[0]
        self._lay_down(game, decl, [], getattr(against, "name", None))
        turned = yield from self._question_and_turn(game, decl)
        if turned is None:
            return None
        self.declared = decl.name
        return (turned,)

    # ------------------------------------------------------------ the shared steps
    def _answers(self, game: Game, need: str) -> tuple[str, ...]:
        """The declarable card ids that answer `need` (a Kill request: Kill, not a Fire
        Kill: the name a request asks for)."""
        names = declarable(game)
        return tuple(n for n in alternatives(need) if n in names)

    def _check_cards(self, game: Game, owner: Player, cards: tuple[Card, ...]) -> None:
        """Digital mode: the one hand card laid down; table mode: none (it is not shown)."""
        if game.table:
            if cards:
                raise IllegalAction(Reason.CARD_FACE_DOWN, skill=GUHUO, seat=owner.seat)
            problem = too_few_cards(owner, GUHUO, 1)
            if problem is not None:
                raise IllegalAction(problem[0], **problem[1])
            return
        if len(cards) != 1:
            raise IllegalAction(Reason.WRONG_COUNT, expected=1, got=len(cards))
        game.check_in_hand(owner, cards)

    def _lay_down(
        self, game: Game, decl: Declaration, targets: list[Player], against: str | None
    ) -> None:
        """The card leaves the hand face down (the count falls by 1) and the declaration
        is announced, without the card."""
        hand = decl.owner.hand
        if decl.card is not None:
            hand.remove(decl.card)
        elif HIDDEN in hand:
            hand.remove(HIDDEN)
        else:  # every card of the hand known: any of them may be the one laid down
            game.take_unseen(decl.owner, 1)
        game.processing.append(decl.card or HIDDEN)  # on the table, face down
        seats = tuple(t.seat for t in targets)
        game.emit(CardDeclared(decl.owner.seat, decl.name, seats, against, GUHUO))

    def _question_and_turn(self, game: Game, decl: Declaration) -> Flow:
        """Ask every other living player above 0 HP, in seat order; then turn the card and
        settle it. Returns the card, back in the hand, when it resolves; else None."""
        owner = decl.owner
        decl.questioning = True
        for q in [q for q in game.other_living(owner) if q.hp > 0]:
            answer = yield Prompt(
                PromptKind.CONFIRM,
                q.seat,
                (q.seat,),
                source=owner.seat,
                reason=GUHUO,
                as_card=decl.name,
                optional=True,
                ctx=decl,
            )
            questioned = isinstance(answer, Confirm) and not answer.ok
            if questioned:
                decl.questioners.append(q)
            game.emit(DeclarationAnswered(q.seat, owner.seat, decl.name, questioned, GUHUO))
        decl.questioning = False
        card = decl.card
        if card is None:  # the table: only now is it turned over and scanned
            answer = yield Prompt(
                PromptKind.REVEAL_CARD,
                owner.seat,
                (owner.seat,),
                source=owner.seat,
                target=owner.seat,
                reason=GUHUO,
                as_card=decl.name,
                ctx=decl,
            )
            card = answer.card
        assert card is not None
        game.processing.remove(decl.card or HIDDEN)
        game.processing.append(card)  # turned face up, still on the table
        true = genuine(game, card, decl.name)
        heart = game.seen_as(owner, card).suit is Suit.HEART
        resolves = not decl.questioners or (true and heart)
        asked = tuple(q.seat for q in decl.questioners)
        game.emit(
            DeclarationRevealed(owner.seat, str(card), decl.name, true, asked, resolves, GUHUO)
        )
        if not resolves:
            game.processing.remove(card)
            game.to_discard((card,), owner.seat, GUHUO)
            if not owner.hand and Point.HAND_EMPTIED in game._hooks:
                game._queue.append((Point.HAND_EMPTIED, MoveData(owner, (card,))))
            game.lost(owner, (card,))
        for q in decl.questioners:
            if not q.alive:
                continue
            if true:
                yield from game.lose_hp(q, 1)
            else:
                game.draw(q, 1, GUHUO)
        if game._queue:
            yield from game.flush()
        if not resolves:
            return None
        game.processing.remove(card)
        if not owner.alive:
            game.to_discard((card,), owner.seat, GUHUO)
            return None
        owner.hand.append(card)  # turned up, it is used or played from the hand as declared
        return card
