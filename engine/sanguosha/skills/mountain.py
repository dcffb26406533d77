"""The 山 (Mountain) pack's skills, original printed texts (docs/forest-mountain.md §4).

张郃 (qiaobian), 邓艾 (tuntian, zaoxian, which gains jixi), 姜维 (tiaoxin, zhiji), 刘禅
(xiangle, fangquan; ruoyu as lord), 孙策 (jiang, hunzi; zhiba as lord), 张昭张纮 (zhijian,
guzheng), 蔡文姬 (beige, duanchang). The texts players read are in `data/skills.json`.
左慈's 化身 and 新生 are in `huashen.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.cards import Color, Suit
from engine.core.errors import IllegalAction
from engine.sanguosha.actions import Confirm, Discard, UseSkill
from engine.sanguosha.cards.tricks import choose_card_from
from engine.sanguosha.context import PlayerChoice, Request
from engine.sanguosha.events import (
    CardGiven,
    CardsGained,
    CardTaken,
    EffectCancelled,
    OptionChosen,
)
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.reasons import Reason
from engine.sanguosha.skills import Flow, Point, Skill, register
from engine.sanguosha.skills._active import (
    ACTIVE,
    COMPULSORY,
    known,
    no_cards,
    once_used,
    one_other_target,
    too_few_cards,
)
from engine.sanguosha.state import HIDDEN, SLOT_INDEX

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from engine.sanguosha.cards import Problem
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.context import Damage, DyingData, MoveData, PhaseData, TargetData
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player

BEIGE_DRAW = 2
BEIGE_DISCARD = 2
ZHIJI_DRAW = 2
ZHIJI_OPTIONS = ("recover_1", "draw_2")


def _card_count(p: Player) -> int:
    """Cards in hand and equipment (what a "discard N cards" may take)."""
    return len(p.hand) + len(p.equipment_cards())


def discard_cards(game: Game, p: Player, count: int, reason: str, by: Player | None) -> Flow:
    """`p` must discard `count` cards of hand or equipment (all if fewer), one scan or more
    at a time; OK at the table discards hand cards unseen. Returns the cards discarded."""
    left = min(count, _card_count(p))
    gone: list[Card] = []
    while left > 0:
        answer = yield Prompt(
            PromptKind.DISCARD,
            p.seat,
            (p.seat,),
            source=by.seat if by is not None else None,
            reason=reason,
            count=left,
            optional=False,
            ctx={"equip": True, "exact": not game.table},
        )
        if isinstance(answer, Discard):
            cards = list(answer.cards)
            for card in cards:
                game.take_card(p, card)
        elif isinstance(answer, Confirm) and answer.ok:
            cards = game.take_unseen(p, left)
        else:  # pragma: no cover - the prompt is not optional
            return gone
        game.to_discard(cards, p.seat, reason)
        gone += cards
        left = min(left - len(cards), _card_count(p))
    if game._queue:
        yield from game.flush()
    return gone


def take_discarded(
    game: Game, p: Player, cards: list[Card], other: Player, reason: str, optional: bool
) -> Flow:
    """`p` takes `cards` back from the discard pile into his hand (制霸's compared cards,
    固政's rest), asked first (OK or NO) when the setting makes it `optional`; `other`
    is the player the prompt names. Unscanned cards are counted, not named."""
    if optional:
        answer = yield Prompt(
            PromptKind.CONFIRM,
            p.seat,
            (p.seat,),
            target=other.seat,
            reason=reason,
            count=len(cards),
            optional=True,
        )
        if not (isinstance(answer, Confirm) and answer.ok):
            return
    for card in cards:
        game.discard_pile.remove(card)
    p.hand.extend(cards)
    game.emit(CardsGained(p.seat, tuple(str(c) for c in cards if c is not HIDDEN), reason))


def choose_players(
    game: Game,
    p: Player,
    reason: str,
    options: list[Player],
    hi: int,
    why: Callable[[Player], Problem] | None = None,
    **fields: object,
) -> Flow:
    """`Game.choose_players` (1..`hi`, optional) with more fields on each prompt (the card
    being moved, the skill), so the narration can tell one question of a skill from
    another. Returns the chosen players (empty: declined)."""
    choice = PlayerChoice(reason, options, 1, hi, True, why)
    chosen = choice.chosen
    while len(chosen) < hi and choice.remaining():
        answer = yield Prompt(
            PromptKind.CHOOSE_TARGET,
            p.seat,
            (p.seat,),
            reason=reason,
            count=hi,
            options=tuple(q.seat for q in choice.remaining()),
            chosen=tuple(q.seat for q in chosen),
            optional=True,
            ctx=choice,
            **fields,  # type: ignore[arg-type]
        )
        if answer.kind == "choose_target":
            chosen.append(game.player(answer.seat))
        elif answer.kind == "confirm" and answer.ok and chosen:
            break
        else:
            return []
    return list(chosen)


# --------------------------------------------------------------------------- 张郃
@register
class Qiaobian(Skill):
    """巧变: before your judgment, draw, play or discard phase you may discard a hand card to
    skip it. A skipped draw phase: take a hand card (unseen) from each of up to 2 other
    players. A skipped play phase: move one card of a player's equipment or judgment area
    to the same area of another player (docs/forest-mountain.md §2.6). A phase already
    being skipped is not offered (`qiaobian_on_skipped_phase`: it is not reached)."""

    id = "qiaobian"
    triggers = (Point.PHASE_START,)
    asks_first = False  # the discard is the offer; NO declines
    PHASES = ("judgment", "draw", "play", "discard")
    MOST = 2

    def can_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> bool:
        return data.player is owner and data.phase in self.PHASES and bool(owner.hand)

    def on_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> Flow:
        answer = yield Prompt(
            PromptKind.DISCARD,
            owner.seat,
            (owner.seat,),
            reason=self.id,
            count=1,
            optional=True,
            options=(data.phase,),
            ctx={"exact": True},
        )
        if isinstance(answer, Discard):
            cards = list(answer.cards)
            game.take_from_hand(owner, cards[0])
        elif isinstance(answer, Confirm) and answer.ok:
            cards = game.take_unseen(owner, 1)
        else:
            return
        game.skill_invoked(owner, self.id)
        game.to_discard(cards, owner.seat, self.id)
        data.skip = self.id
        if game._queue:
            yield from game.flush()
        if not owner.alive:
            return
        if data.phase == "draw":
            yield from self._take_hands(game, owner)
        elif data.phase == "play":
            yield from self._move(game, owner)

    def _take_hands(self, game: Game, owner: Player) -> Flow:
        options = [q for q in game.other_living(owner) if q.hand]
        if not options:
            return
        chosen = yield from choose_players(
            game, owner, self.id, options, self.MOST, self._no_hand, skill=self.id
        )
        for victim in chosen:
            if victim.hand:
                owner.hand.append(game.take_random_hand(victim))
                game.emit(CardTaken(owner.seat, victim.seat, "hand", None, self.id))
        if game._queue:
            yield from game.flush()

    def _no_hand(self, q: Player) -> Problem:
        if q.alive and not q.hand:
            return Reason.NO_HAND_CARDS, {"card": self.id, "target": q.seat}
        return None

    @staticmethod
    def _board(p: Player) -> list[Card]:
        return p.equipment_cards() + [c for c, _ in p.judgment]

    def _move(self, game: Game, owner: Player) -> Flow:
        def movable(p: Player, card: Card) -> list[Player]:
            out = []
            for q in game.alive_order:
                try:
                    game.check_board_move(owner, p, card, q)
                except IllegalAction:
                    continue
                out.append(q)
            return out

        sources = [p for p in game.alive_order if any(movable(p, c) for c in self._board(p))]
        if not sources:
            return
        picked = yield from choose_players(game, owner, self.id, sources, 1)
        if not picked:
            return
        source = picked[0]
        cards = [c for c in self._board(source) if movable(source, c)]
        answer = yield Prompt(
            PromptKind.HARVEST_PICK,
            owner.seat,
            (owner.seat,),
            target=source.seat,
            reason=self.id,
            options=tuple(str(c) for c in cards),
            ctx=cards,
        )
        card: Card = answer.card

        def why(q: Player) -> Problem:
            try:
                game.check_board_move(owner, source, card, q)
            except IllegalAction as exc:
                return Reason(exc.reason.value), dict(exc.data)
            return None

        dest = yield from choose_players(
            game, owner, self.id, movable(source, card), 1, why, card=str(card)
        )
        if dest:
            yield from game.move_on_board(owner, source, card, dest[0], self.id)


# --------------------------------------------------------------------------- 邓艾
@register
class Tuntian(Skill):
    """屯田: outside your turn, each time you lose cards from hand or equipment (once per
    move), you may judge: unless it is a ♥ the judgment card is put on your general as a
    field (田, a public pile). Your distance to every other player is -1 per field."""

    id = "tuntian"
    triggers = (Point.CARDS_LOST,)
    modifiers = ("distance",)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: MoveData) -> bool:
        return data.player is owner and game.current is not owner

    def on_trigger(self, game: Game, owner: Player, point: Point, data: MoveData) -> Flow:
        j = yield from game.judge(owner, self.id, lambda card: card.suit is not Suit.HEART)
        card = j.card
        if not (j.success and owner.alive and not j.taken and card in game.discard_pile):
            return
        game.discard_pile.remove(card)  # the settled judgment card, kept as a field
        game.add_to_pile(owner, self.id, (card,), True, self.id)

    def distance(self, game: Game, owner: Player, source: Player, target: Player) -> int:
        return -len(owner.pile(self.id)) if source is owner else 0

    def distance_without(
        self, game: Game, owner: Player, source: Player, cards: tuple[Card, ...]
    ) -> int:
        """A field used as part of the card (急袭) has left his general: it no longer counts
        (`jixi_distance_counts_used_field`)."""
        if source is not owner or game.settings.jixi_distance_counts_used_field:
            return 0
        return sum(1 for c in cards if c in owner.pile(self.id))


@register
class Zaoxian(Skill):
    """凿险 (awakening): at the start of your preparation phase, with 3 or more fields, lose
    1 max HP and gain 急袭."""

    id = "zaoxian"
    tags = frozenset({"awakening", "compulsory"})
    triggers = (Point.PHASE_START,)
    GAINS = ("jixi",)
    FIELDS = 3

    def can_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> bool:
        return (
            data.player is owner
            and data.phase == "preparation"
            and len(owner.pile(Tuntian.id)) >= self.FIELDS
        )

    def on_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> Flow:
        yield from game.awaken(owner, self.id, -1, self.GAINS)


@register
class Jixi(Skill):
    """急袭: in your play phase you may use one of your fields (屯田's pile) as a Snatch; it
    keeps the field's suit and colour (帷幕 reads it), and the field no longer counts for
    that Snatch's distance (`Tuntian.distance_without`)."""

    id = "jixi"
    converts = ("snatch",)
    source_pile = Tuntian.id

    def view_as(self, game: Game, owner: Player, cards: tuple[Card, ...], name: str) -> bool:
        fields = owner.pile(self.source_pile)
        return name == "snatch" and len(cards) == 1 and cards[0] in fields

    def conversion_choices(self, game: Game, owner: Player, name: str) -> Iterator[tuple[Card]]:
        if name == "snatch":
            for card in owner.pile(self.source_pile):
                if not isinstance(card, str):
                    yield (card,)


# --------------------------------------------------------------------------- 姜维
@register
class Tiaoxin(Skill):
    """挑衅: once per play phase, choose a player whose attack range includes you: they must
    use a Kill on you (not counted toward their limit), or else you discard one of their
    cards (hand unseen, or equipment); nothing if they have none."""

    id = "tiaoxin"
    tags = ACTIVE
    MARK = "turn:tiaoxin"

    def can_activate(self, game: Game, owner: Player) -> bool:
        return not owner.marks.get(self.MARK) and bool(self._targets(game, owner))

    @staticmethod
    def _targets(game: Game, owner: Player) -> list[Player]:
        return [q for q in game.other_living(owner) if game.in_attack_range(q, owner)]

    def unavailable(self, game: Game, owner: Player) -> Problem:
        return once_used(owner, self.id) or (
            Reason.NOT_ENOUGH_TARGETS,
            {"skill": self.id, "needed": 1, "available": 0},
        )

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        no_cards(action)
        target = one_other_target(game, owner, action.targets, self.id)
        if not game.in_attack_range(target, owner):
            raise IllegalAction(
                Reason.OUT_OF_RANGE,
                card=self.id,
                source=target.seat,
                target=owner.seat,
                distance=game.distance(target, owner),
                attack_range=game.attack_range(target),
            )

    def activation_choices(self, game: Game, owner: Player) -> Iterator[UseSkill]:
        for q in self._targets(game, owner):
            yield UseSkill(self.id, (), (q.seat,))

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        owner.marks[self.MARK] = True
        target = game.player(action.targets[0])
        if game.kill_target_error(target, owner) is None:
            req = Request(target, "kill", True, owner, None, self.id)
            got = yield from game.ask_card(target, "kill", req, target=owner)
            if got is not None:
                cards, skill = got
                yield from game.use_card(target, "kill", cards, [owner], skill=skill, extra=True)
                return
        if not owner.alive or not (target.hand or target.equipment_cards()):
            return
        card = yield from choose_card_from(game, owner, target, self.id, judgment=False)
        if card is not None:
            game.take_card(target, card)
            game.to_discard((card,), target.seat, self.id)
        else:
            yield from game.discard_from_hand_unseen(target, self.id, owner)
        if game._queue:
            yield from game.flush()


@register
class Zhiji(Skill):
    """志继 (awakening): at the start of your preparation phase, if you have no hand cards,
    recover 1 HP or draw 2 (only draw when unwounded), then lose 1 max HP and gain 观星
    (`zhiji_order`: `maxhp_first` lowers the max HP before the choice, as QSanguosha)."""

    id = "zhiji"
    tags = frozenset({"awakening", "compulsory"})
    triggers = (Point.PHASE_START,)
    GAINS = ("guanxing",)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> bool:
        return data.player is owner and data.phase == "preparation" and not owner.hand

    def on_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> Flow:
        first = game.settings.zhiji_order == "maxhp_first"
        if first:
            yield from game.change_max_hp(owner, -1, self.id)
            if not owner.alive:
                return
        option = "draw_2"
        if owner.hp < owner.max_hp:
            answer = yield Prompt(
                PromptKind.CHOOSE_OPTION,
                owner.seat,
                (owner.seat,),
                reason=self.id,
                options=ZHIJI_OPTIONS,
            )
            option = answer.option
            game.emit(OptionChosen(owner.seat, option, self.id))
        if option == "recover_1":
            yield from game.recover(owner, owner, 1, None)
        else:
            game.draw(owner, ZHIJI_DRAW, self.id)
        if owner.alive:
            yield from game.awaken(owner, self.id, 0 if first else -1, self.GAINS)


# --------------------------------------------------------------------------- 刘禅
@register
class Xiangle(Skill):
    """享乐 (compulsory): when another player's Kill targets you, its user must discard a
    basic card from hand, or the Kill has no effect on you (no Dodge asked, no damage; a
    Wine on it is spent anyway)."""

    id = "xiangle"
    tags = COMPULSORY
    triggers = (Point.TARGET_CHOSEN,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> bool:
        use = data.use
        return data.target is owner and use.name == "kill" and use.user is not owner

    def on_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> Flow:
        user = data.use.user
        if user.alive and user.hand:
            answer = yield Prompt(
                PromptKind.DISCARD,
                user.seat,
                (user.seat,),
                target=owner.seat,
                reason=self.id,
                count=1,
                optional=True,
                ctx={"exact": True, "card_type": "basic"},
            )
            if isinstance(answer, Discard):
                card = answer.cards[0]
                game.take_from_hand(user, card)
                game.to_discard((card,), user.seat, self.id)
                if game._queue:
                    yield from game.flush()
                return
        data.use.cancelled.add(owner.seat)
        game.emit(EffectCancelled(owner.seat, "kill", self.id))


@register
class Fangquan(Skill):
    """放权: you may skip your play phase; then at the end of that turn you may discard a
    hand card and choose another player, who takes an extra turn right after yours."""

    id = "fangquan"
    triggers = (Point.PHASE_START, Point.PHASE_END)
    MARK = "turn:fangquan"
    asks_first = False  # its confirm (play) and its discard (turn end) are the offers

    def can_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> bool:
        if data.player is not owner:
            return False
        if point is Point.PHASE_START:
            return data.phase == "play"
        return (
            data.phase == "finish"
            and bool(owner.marks.get(self.MARK))
            and bool(owner.hand)
            and bool(game.other_living(owner))
        )

    def on_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> Flow:
        if point is Point.PHASE_START:
            ok = yield from game.ask_confirm(owner, self.id)
            if ok:
                game.skill_invoked(owner, self.id)
                data.skip = self.id
                owner.marks[self.MARK] = True
            return
        answer = yield Prompt(
            PromptKind.DISCARD,
            owner.seat,
            (owner.seat,),
            reason=self.id,
            count=1,
            optional=True,
            ctx={"exact": True},
        )
        if isinstance(answer, Discard):
            cards = list(answer.cards)
            game.take_from_hand(owner, cards[0])
        elif isinstance(answer, Confirm) and answer.ok:
            cards = game.take_unseen(owner, 1)
        else:
            return
        game.to_discard(cards, owner.seat, self.id)
        if game._queue:
            yield from game.flush()
        chosen = yield from game.choose_players(
            owner, self.id, game.other_living(owner), 1, 1, optional=False
        )
        if chosen:
            game.skill_invoked(owner, self.id, (chosen[0].seat,))
            game.grant_extra_turn(chosen[0], self.id)


@register
class Ruoyu(Skill):
    """若愚 (lord, awakening): at the start of your preparation phase, if no living player has
    less HP than you, gain 1 max HP, recover 1 HP and gain the lord skill 激将."""

    id = "ruoyu"
    tags = frozenset({"lord", "awakening", "compulsory"})
    triggers = (Point.PHASE_START,)
    GAINS = ("jijiang",)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> bool:
        if data.player is not owner or data.phase != "preparation" or owner is not game.lord:
            return False
        return all(q.hp >= owner.hp for q in game.alive_order)

    def on_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> Flow:
        yield from game.change_max_hp(owner, 1, self.id)
        yield from game.recover(owner, owner, 1, None)
        yield from game.awaken(owner, self.id, 0, self.GAINS)


# --------------------------------------------------------------------------- 孙策
@register
class Jiang(Skill):
    """激昂: you may draw 1 when you use a Duel or a red Kill (once per card, once its targets
    are chosen) and each time you become a target of one."""

    id = "jiang"
    triggers = (Point.TARGET_CHOSEN,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> bool:
        use = data.use
        if not (use.name == "duel" or (use.name == "kill" and use.color is Color.RED)):
            return False
        if use.user is owner:
            return data.target is use.targets[0]  # once per card
        return data.target is owner

    def on_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> Flow:
        game.draw(owner, 1, self.id)
        return
        yield


@register
class Hunzi(Skill):
    """魂姿 (awakening): at the start of your preparation phase, if your HP is 1, lose 1 max
    HP and gain 英姿 and 英魂; 英魂 may act in that same preparation phase
    (`awakened_skill_same_timing`, docs/forest-mountain.md §2.1)."""

    id = "hunzi"
    tags = frozenset({"awakening", "compulsory"})
    triggers = (Point.PHASE_START,)
    GAINS = ("yingzi", "yinghun")
    HP = 1

    def can_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> bool:
        return data.player is owner and data.phase == "preparation" and owner.hp == self.HP

    def on_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> Flow:
        yield from game.awaken(owner, self.id, -1, self.GAINS)


@register
class Zhiba(Skill):
    """制霸 (lord): once in each of his own play phases, every other Wu character may compare
    points with you (once 魂姿 has awakened you may refuse: it still counts as his use). If
    he does not win, you may take both compared cards (`zhiba_take`: or at once). A lent
    skill: `owner` in the active hooks is the Wu player."""

    id = "zhiba"
    tags = frozenset({"lord", "active"})
    lent = True
    MARK = "turn:zhiba"
    KINGDOM = "wu"

    def can_activate(self, game: Game, owner: Player) -> bool:
        return self.unavailable(game, owner) is None

    def unavailable(self, game: Game, owner: Player) -> Problem:
        lord = game.lender(owner, self.id)
        if lord is None:  # 孙策 himself: it is the others' skill
            return Reason.SKILL_NOT_AVAILABLE, {"skill": self.id, "seat": owner.seat, "how": "lent"}
        if owner.kingdom != self.KINGDOM:
            data = {"skill": self.id, "seat": owner.seat, "kingdom": owner.kingdom}
            return Reason.WRONG_KINGDOM, data | {"needed": self.KINGDOM}
        return (
            once_used(owner, self.id)
            or too_few_cards(owner, self.id, 1)
            or game.comparison_problem(owner, lord, self.id)
        )

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        no_cards(action)
        lord = game.lender(owner, self.id)
        assert lord is not None  # can_activate
        for seat in action.targets:  # the lord, or no one named
            if seat != lord.seat:
                raise IllegalAction(
                    Reason.INVALID_TARGET, card=self.id, target=seat, lord=lord.seat
                )

    def activation_choices(self, game: Game, owner: Player) -> Iterator[UseSkill]:
        yield UseSkill(self.id)

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        owner.marks[self.MARK] = True
        lord = game.lender(owner, self.id)
        assert lord is not None
        if "hunzi" in lord.spent:  # awakened: he may refuse
            ok = yield from game.ask_confirm(lord, self.id, _Asked(owner))
            if not ok:
                return
        start = len(game.discard_pile)
        won = yield from game.compare_points(owner, lord, self.id)
        compared = [c for c in game.discard_pile[start:] if c is not HIDDEN][-2:]
        if won or not lord.alive or not compared:
            return
        optional = game.settings.zhiba_take == "optional"
        yield from take_discarded(game, lord, compared, owner, self.id, optional)


class _Asked:
    """The player a confirm prompt names (`ask_confirm` reads `target`)."""

    __slots__ = ("target",)

    def __init__(self, target: Player) -> None:
        self.target = target


# --------------------------------------------------------------------------- 张昭张纮
@register
class Zhijian(Skill):
    """直谏: in your play phase, any number of times, put an equipment card from your hand
    into an empty slot of another player's equipment area (it is equipped by them, not
    used), then draw 1."""

    id = "zhijian"
    tags = ACTIVE

    def can_activate(self, game: Game, owner: Player) -> bool:
        return any(c.type == "equipment" for c in known(owner.hand)) or (
            game.table and bool(owner.hand)
        )

    def unavailable(self, game: Game, owner: Player) -> Problem:
        return Reason.TOO_FEW_CARDS, {
            "skill": self.id,
            "seat": owner.seat,
            "needed": 1,
            "have": 0,
            "zone": "hand",
        }

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        if len(action.cards) != 1:
            raise IllegalAction(Reason.WRONG_COUNT, expected=1, got=len(action.cards))
        card = action.cards[0]
        game.check_in_hand(owner, action.cards)
        if card.type != "equipment":
            raise IllegalAction(
                Reason.WRONG_KIND_OF_CARD, card=str(card), skill=self.id, need="equipment"
            )
        target = one_other_target(game, owner, action.targets, self.id)
        held = target.equip[SLOT_INDEX[card.subtype]]
        if held is not None:
            raise IllegalAction(
                Reason.SLOT_OCCUPIED,
                card=str(card),
                seat=target.seat,
                held=str(held),
                skill=self.id,
            )

    def activation_choices(self, game: Game, owner: Player) -> Iterator[UseSkill]:
        for card in known(owner.hand):
            if card.type != "equipment":
                continue
            for q in game.other_living(owner):
                if q.equip[SLOT_INDEX[card.subtype]] is None:
                    yield UseSkill(self.id, (card,), (q.seat,))

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        card, target = action.cards[0], game.player(action.targets[0])
        game.take_from_hand(owner, card)
        game.equip(target, card)
        if game._queue:
            yield from game.flush()
        if owner.alive:
            game.draw(owner, 1, self.id)


@register
class Guzheng(Skill):
    """固政: at the end of another player's discard phase, if cards they discarded in that
    phase are still in the discard pile, you may give one of them back to them; then you
    may take all the others (`guzheng_take_rest`: optional, or automatic)."""

    id = "guzheng"
    triggers = (Point.PHASE_START, Point.PHASE_END)
    MARK = "turn:guzheng"  # the discard pile's length when that discard phase began

    def can_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> bool:
        if data.player is owner or data.phase != "discard":
            return False
        if point is Point.PHASE_START:  # note where this phase's discards begin
            owner.marks[self.MARK] = len(game.discard_pile)
            return False
        return data.player.alive and bool(known(self._discarded(game, owner)))

    def _discarded(self, game: Game, owner: Player) -> list[Card]:
        start = owner.marks.get(self.MARK)
        if not isinstance(start, int) or start > len(game.discard_pile):
            return []
        return game.discard_pile[start:]

    def on_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> Flow:
        target = data.player
        cards = self._discarded(game, owner)
        shown = known(cards)
        answer = yield Prompt(
            PromptKind.HARVEST_PICK,
            owner.seat,
            (owner.seat,),
            target=target.seat,
            reason=self.id,
            options=tuple(str(c) for c in shown),
            ctx=shown,
        )
        back: Card = answer.card
        game.discard_pile.remove(back)
        target.hand.append(back)
        game.emit(CardGiven(owner.seat, target.seat, str(back), self.id))
        rest = [c for c in cards if c is not back]
        if not rest or not owner.alive:
            return
        optional = game.settings.guzheng_take_rest == "optional"
        yield from take_discarded(game, owner, rest, target, self.id, optional)


# --------------------------------------------------------------------------- 蔡文姬
@register
class Beige(Skill):
    """悲歌: after a player takes damage from a Kill (once per damage event, conducted hits
    too), if they are alive you may discard a card (hand or equipment); they judge:
    ♥ they recover 1, ♦ they draw 2, ♣ the damage source discards 2 cards, ♠ the source
    flips. The suit is the final judgment card's."""

    id = "beige"
    triggers = (Point.DAMAGED,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> bool:
        use = data.use
        return (
            use is not None and use.name == "kill" and data.target.alive and _card_count(owner) > 0
        )

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> Flow:
        yield from discard_cards(game, owner, 1, self.id, None)
        target, source = data.target, data.source
        if not target.alive:
            return
        suits: list[Suit] = []

        def red(card: Card) -> bool:  # the suit as it counts (红颜), noted for the effect
            suits.append(card.suit)
            return card.suit in (Suit.HEART, Suit.DIAMOND)

        yield from game.judge(target, self.id, red)
        suit = suits[-1]
        if suit is Suit.HEART:
            if target.alive and target.hp < target.max_hp:
                yield from game.recover(owner, target, 1, None)
        elif suit is Suit.DIAMOND:
            if target.alive:
                game.draw(target, BEIGE_DRAW, self.id)
        elif source is not None and source.alive:
            if suit is Suit.CLUB:
                yield from discard_cards(game, source, BEIGE_DISCARD, self.id, owner)
            else:
                game.flip(source, self.id)


@register
class Duanchang(Skill):
    """断肠 (compulsory): when you die, the player who killed you loses every general skill
    (lord and gained skills too; equipment keeps working). No killer, or a dead one:
    nothing."""

    id = "duanchang"
    tags = COMPULSORY
    triggers = (Point.DEATH,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: DyingData) -> bool:
        killer = data.killer
        return data.player is owner and killer is not None and killer.alive and killer is not owner

    def on_trigger(self, game: Game, owner: Player, point: Point, data: DyingData) -> Flow:
        assert data.killer is not None
        game.lose_general_skills(data.killer, self.id)
        return
        yield
