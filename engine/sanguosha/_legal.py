"""Listing legal actions, one decision step at a time (for bots, fuzzing, benchmarks).

Multi-step decisions are listed step by step: a card without its targets (then the
targets one by one), one card at a time for a discard. That keeps the lists short
(no cross products). Action values are made once per card in each game (`Made`),
so listing allocates little. In table mode the engine cannot list hidden cards: it
lists what it knows.

Why listing is cheap to repeat and listed actions are not checked again. The state
of a game changes only inside `submit`: by running the flow to its next prompt or
by a host correction; each of those bumps `version`. So a listing made at one
version stays true until the next, whatever event changed what, without tracking
which events touch what legality reads. `Game.legal_actions` keeps the last listing
(`LegalActions`) and returns it again for the same seat at the same version.
`Game.submit` takes an action the engine itself handed out for this seat at this
version (one of the very objects of that listing, or the one `Game.random_action`
drew: identity, not equality) as already checked: it skips `check()` and hands the
flow the targets the listing resolved (a play's automatic targets, as `check()`
returns them). Anything else, from a reader, a script, the console, or an equal but
rebuilt action, is checked in full. That trust rests on the object staying what it
was listed as: actions are `@sealed` (engine/core/facts.py), so not even
`object.__setattr__` turns a listed Kill into another card once handed out, and the
values are the game's own, never another game's of the process. Code that changes
the state outside `submit` (a test setting up a position) calls `changed_outside()`.
The self-play tests assert that `check()` accepts every listed action they submit,
with the same targets, and twin games show a drawn action resolving as the same
action checked in full.

Bots draw without listing (`Game.random_action`): a play prompt, where deciding
each card's usability is most of the cost, is sampled by rejection
(`sample_play`), uniformly among the actions the listing would hold.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from typing import TYPE_CHECKING, Protocol, TypeVar

from engine.core.errors import ActionError
from engine.sanguosha._checks import ChecksLayer
from engine.sanguosha._zones import LENT
from engine.sanguosha.actions import (
    Action,
    ChooseGeneral,
    ChooseOption,
    ChooseTarget,
    Confirm,
    Discard,
    EndPlay,
    Pass,
    PickCard,
    PlayCard,
    ProvideJudgment,
    Recast,
    Respond,
    RevealCard,
    RevealIdentity,
    UseSkill,
)
from engine.sanguosha.cards import RULES
from engine.sanguosha.catalogue import IDENTITIES, Card
from engine.sanguosha.context import PlayerChoice, alternatives, answers, from_hand
from engine.sanguosha.packs import pack_generals
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.state import HIDDEN, Player

if TYPE_CHECKING:
    from engine.sanguosha.game import Game
    from engine.sanguosha.settings import Settings
    from engine.sanguosha.skills import Skill

K = PromptKind
# the actions without a card or seat: constants, shared safely (immutable in fact)
END_PLAY = EndPlay()
PASS = Pass()
YES, NO = Confirm(True), Confirm(False)
DECLINE = Respond(None)
_RECASTABLE = frozenset(name for name, rule in RULES.items() if rule.recastable)
_K = TypeVar("_K")
_A = TypeVar("_A", bound=Action)
# a conversion the play prompt may offer, legal only if decided so: (the card id it
# counts as, its cards, the conversion skill)
_Use = tuple[str, tuple[Card, ...], "Skill"]


def _cached(cache: dict[_K, _A], key: _K, make: Callable[[_K], _A]) -> _A:
    action = cache.get(key)
    if action is None:
        action = cache[key] = make(key)
    return action


def _distinct(cards: list[Card]) -> list[Card]:
    return [c for c in dict.fromkeys(cards) if c is not HIDDEN]


class Plays(list[Action]):
    """The actions of a play prompt, with the targets each use resolves to by itself
    (Peach: the user), by `id` of the action: what `check()` returns for it."""

    __slots__ = ("targets",)

    def __init__(self) -> None:
        super().__init__()
        self.targets: dict[int, list[Player]] = {}


class Bits(Protocol):
    """A bot's own random source (`random.Random`), never the game's."""

    def getrandbits(self, k: int, /) -> int: ...


def below(rng: Bits, n: int) -> int:
    """`rng.randrange(n)` for a `random.Random`: the same number from the same state,
    drawn the way CPython draws it (`_randbelow_with_getrandbits`), without its
    argument checks; a bot draws once per action."""
    if n <= 0:
        raise ValueError(f"nothing to choose from (n={n})")  # as randrange(0) refuses
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


_NO_TARGETS: dict[int, list[Player]] = {}


class LegalActions:
    """A view of the legal actions: `in`, iteration, `len`, `bool`, indexing.

    Also the listing `Game.submit` trusts: made at the game's `version` for `seat`
    (see the module docstring).
    """

    __slots__ = ("_game", "_prompt", "seat", "_actions", "version", "_targets")

    def __init__(self, game: Game, seat: int | None, actions: list[Action]) -> None:
        self._game = game
        self._prompt = game._prompt
        self.seat = seat
        self._actions = actions
        self.version = game.version
        self._targets = actions.targets if isinstance(actions, Plays) else _NO_TARGETS

    def lists(self, action: Action) -> bool:
        """Whether `action` is one of the listed objects themselves (not an equal one)."""
        for listed in self._actions:
            if listed is action:
                return True
        return False

    def targets_of(self, action: Action) -> list[Player] | None:
        """The targets `check()` resolves a listed `action` to (None: none, or staged)."""
        return self._targets.get(id(action))

    def __contains__(self, action: object) -> bool:
        if self._prompt is None or not isinstance(action, Action):
            return False
        try:
            self._game.check(self._prompt, self.seat, action)
        except ActionError:
            return False
        return True

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    def __bool__(self) -> bool:
        return bool(self._actions)

    def __getitem__(self, i: int) -> Action:
        return self._actions[i]

    def __repr__(self) -> str:
        return f"<LegalActions seat={self.seat} {self._actions!r}>"


class Made:
    """One game's action values, one per card or seat, built the first time listed.

    They belong to the game (`LegalLayer.made`), not to the process: what one game
    handed out is never another game's listing."""

    __slots__ = ("play", "respond", "discard", "target", "pick", "recast")

    def __init__(self) -> None:
        self.play: dict[Card, PlayCard] = {}
        self.respond: dict[Card, Respond] = {}
        self.discard: dict[Card, Discard] = {}
        self.target: dict[int, ChooseTarget] = {}
        self.pick: dict[Card | None, PickCard] = {}
        self.recast: dict[Card, Recast] = {}


def _one_discard(card: Card) -> Discard:
    return Discard((card,))


class LegalLayer(ChecksLayer):
    def __init__(self, players: int, mode: str, seed: int, settings: Settings) -> None:
        super().__init__(players, mode, seed, settings)
        self.made = Made()

    def enumerate(self, prompt: Prompt, seat: int) -> list[Action]:
        if seat not in prompt.seats:
            return []
        return _LISTERS[prompt.kind](self.game, prompt, self.player(seat))

    def _conversions(self, p: Player, need: str) -> list[Action]:
        out: list[Action] = []
        for skill in p.skills:
            if need in skill.converts:
                for cards in skill.conversion_choices(self.game, p, need):
                    out.append(UseSkill(skill.id, tuple(cards)))
        return out

    def _skill_offers(self, p: Player) -> list[tuple[Action, _Use | None]]:
        """The play prompt's skill actions, in listing order, each with the use to decide
        (None: an active skill's choice, legal as it is; else a conversion's use)."""
        out: list[tuple[Action, _Use | None]] = []
        lent = self.lent_skills(p) if LENT in self._mods else []
        for skill in p.skills + lent:
            if skill.active:
                if skill.once and skill.id in p.spent:
                    continue
                if skill.can_activate(self.game, p):
                    out.extend((choice, None) for choice in skill.activation_choices(self.game, p))
            elif skill.converts:
                for name in skill.converts:
                    for cards in skill.conversion_choices(self.game, p, name):
                        use = (name, tuple(cards), skill)
                        out.append((UseSkill(skill.id, use[1]), use))
        return out

    def _auto_targets(
        self, p: Player, name: str, skill: Skill | None, cards: tuple[Card, ...]
    ) -> list[Player] | None:
        """The targets `check()` resolves this use to by itself (None: to be staged)."""
        if skill is not None:  # the flow uses the first name these cards count as
            name = self.conversion_name(p, skill, cards)
        return RULES[name].auto_targets(self.game, p)

    def _list_play(self, prompt: Prompt, p: Player) -> Plays:
        out = Plays()
        # a hand card's usability depends on its name and its suit (帷幕 bars black tricks)
        usable: dict[tuple[str, object], bool] = {}
        for card in _distinct(p.hand):
            name = card.true_name
            key = (card.name, card.suit)
            ok = usable.get(key)
            if ok is None:
                ok = usable[key] = self.can_use_now(p, name, (card,))
            if ok:
                action: Action = _cached(self.made.play, card, PlayCard)
                out.append(action)
                auto = RULES[name].auto_targets(self.game, p)
                if auto is not None:
                    out.targets[id(action)] = auto
            if RULES[name].recastable:
                out.append(_cached(self.made.recast, card, Recast))
        for action, use in self._skill_offers(p):
            if use is not None:
                name, cards, skill = use
                if not self.can_use_now(p, name, cards):
                    continue
                auto = self._auto_targets(p, name, skill, cards)
                if auto is not None:
                    out.targets[id(action)] = auto
            out.append(action)
        out.append(END_PLAY)
        return out

    def sample_play(self, p: Player, rng: Bits) -> tuple[Action, list[Player] | None]:
        """One action of the play prompt, uniformly among those `_list_play` lists,
        deciding whether a card (or a conversion) may be used only when it is drawn;
        with the targets it resolves to by itself (`Plays.targets`).

        Rejection sampling: draw among everything the prompt may offer (every hand
        card's use, the recasts, the skills' actions, End Play), in an order of its
        own; a drawn use that is not legal now leaves the draw (a hand card with every
        card of its name and suit, as the listing decides them so) and the draw is
        repeated. Each listed action stays equally likely, as in the list.
        """
        hand = _distinct(p.hand)
        cards = hand
        recasts = [c for c in hand if c.true_name in _RECASTABLE]
        skills = self._skill_offers(p) if p.skills or LENT in self._mods else []
        while True:
            h, r, k = len(cards), len(recasts), len(skills)
            i = below(rng, h + r + k + 1)
            if i < h:
                card = cards[i]
                name = card.true_name
                # decided with the first card of its name and suit, as the listing does
                key = (card.name, card.suit)
                first = next(c for c in hand if (c.name, c.suit) == key)
                if self.can_use_now(p, name, (first,)):
                    auto = RULES[name].auto_targets(self.game, p)
                    return _cached(self.made.play, card, PlayCard), auto
                cards = [c for c in cards if (c.name, c.suit) != key]
                continue
            i -= h
            if i < r:
                return _cached(self.made.recast, recasts[i], Recast), None
            i -= r
            if i == k:
                return END_PLAY, None
            action, use = skills[i]
            if use is None:
                return action, None
            name, used, skill = use
            if self.can_use_now(p, name, used):
                return action, self._auto_targets(p, name, skill, used)
            skills[i] = skills[-1]  # not usable now: out of the draw
            skills.pop()

    def _list_choose_target(self, prompt: Prompt, p: Player) -> list[Action]:
        ctx = prompt.ctx
        if isinstance(ctx, PlayerChoice):
            out: list[Action] = [_cached(self.made.target, s, ChooseTarget) for s in prompt.options]
            if ctx.chosen and len(ctx.chosen) >= ctx.lo:
                out.append(YES)
            if ctx.optional:
                out.append(NO)
            return out
        name, cards, chosen, lo, hi = ctx
        out = [_cached(self.made.target, s, ChooseTarget) for s in prompt.options]
        if len(chosen) >= lo:
            out.append(YES)
        out.append(NO)
        return out

    def _list_respond(self, prompt: Prompt, p: Player) -> list[Action]:
        need = prompt.need
        out: list[Action] = [
            _cached(self.made.respond, c, Respond)
            for c in _distinct(p.hand)
            if answers(c, need or "")
        ]
        out.extend(UseSkill(s) for s in prompt.options)
        for name in alternatives(need or ""):
            out.extend(self._conversions(p, name))
        out.append(PASS if prompt.kind is K.NULLIFY else DECLINE)
        return out

    def _list_discard(self, prompt: Prompt, p: Player) -> list[Action]:
        ctx = prompt.ctx or {}
        pool = list(p.hand)
        if ctx.get("equip"):
            exclude = ctx.get("exclude")
            excluded = exclude if isinstance(exclude, tuple) else (exclude,)
            pool += [c for c in p.equip if c is not None and c not in excluded]
        out: list[Action] = []
        if ctx.get("exact") and prompt.count > 1:
            seen = set()
            for combo in combinations(range(len(pool)), prompt.count):
                cards = tuple(pool[i] for i in combo)
                key = tuple(sorted(map(id, cards)))
                if HIDDEN not in cards and key not in seen:
                    seen.add(key)
                    out.append(Discard(cards))
        else:
            suit = ctx.get("suit")
            color, kind = ctx.get("color"), ctx.get("card_type")
            out = [
                _cached(self.made.discard, c, _one_discard)
                for c in _distinct(pool)
                if (suit is None or self.seen_as(p, c).suit is suit)
                and (color is None or c.color is color)
                and (kind is None or (c is not HIDDEN and c.type == kind))
            ]
        shown = (
            ctx.get("suit") is None and ctx.get("color") is None and ctx.get("card_type") is None
        )
        if self.table and shown and p.hand:
            out.append(YES)
        if prompt.optional:
            out.append(PASS)
        return out

    def _scannable(self, owner: Player | None = None) -> list[Card]:
        out = []
        for card in dict.fromkeys(self.cards):
            try:
                self.check_not_elsewhere(card, owner=owner)
            except ActionError:
                continue
            out.append(card)
        return out

    def _list_judgment_card(self, prompt: Prompt, p: Player) -> list[Action]:
        return [ProvideJudgment(c) for c in self._scannable()]

    def _list_reveal_identity(self, prompt: Prompt, p: Player) -> list[Action]:
        if prompt.need == "lord":
            return [RevealIdentity("lord")]
        left = self.unrevealed_counts()
        return [RevealIdentity(i) for i in IDENTITIES if left[i] > 0]

    def _list_reveal_card(self, prompt: Prompt, p: Player) -> list[Action]:
        owner = self.player(prompt.target) if prompt.target is not None else None
        if from_hand(prompt.ctx) and owner is not None and not self.table:
            return [RevealCard(c) for c in _distinct(owner.hand)]
        out: list[Action] = [RevealCard(c) for c in self._scannable(owner)]
        if prompt.optional:
            out.append(RevealCard(None))
        return out

    def _list_choose_card_from(self, prompt: Prompt, p: Player) -> list[Action]:
        target, cards, has_hand = prompt.ctx
        out: list[Action] = [_cached(self.made.pick, None, PickCard)] if has_hand else []
        if cards is None:  # table mode: any card the table may scan (from a shown hand)
            cards = self._scannable(target if target is not p else None)
        out.extend(_cached(self.made.pick, c, PickCard) for c in cards)
        if prompt.optional:
            out.append(PASS)
        return out

    def _list_harvest_pick(self, prompt: Prompt, p: Player) -> list[Action]:
        return [_cached(self.made.pick, c, PickCard) for c in dict.fromkeys(prompt.ctx)]

    def _list_confirm(self, prompt: Prompt, p: Player) -> list[Action]:
        return [YES, NO]

    def _list_choose_option(self, prompt: Prompt, p: Player) -> list[Action]:
        problem = getattr(prompt.ctx, "option_problem", None)  # options refused as declared
        if problem is None:
            return [ChooseOption(o) for o in prompt.options]
        return [ChooseOption(o) for o in prompt.options if problem(self.game, o) is None]

    def _list_choose_general(self, prompt: Prompt, p: Player) -> list[Action]:
        if prompt.ctx is not None:  # a mode's draft pick or next general (modes/)
            return [ChooseGeneral(g) for g in prompt.ctx.legal(self.game, p.seat)]
        taken = {q.general for q in self.players}
        pool = prompt.options or pack_generals(self.settings.general_packs)
        return [ChooseGeneral(g) for g in pool if g not in taken]


_LISTERS = {
    K.CHOOSE_GENERAL: LegalLayer._list_choose_general,
    K.PLAY: LegalLayer._list_play,
    K.CHOOSE_TARGET: LegalLayer._list_choose_target,
    K.RESPOND: LegalLayer._list_respond,
    K.NULLIFY: LegalLayer._list_respond,
    K.DISCARD: LegalLayer._list_discard,
    K.JUDGMENT_CARD: LegalLayer._list_judgment_card,
    K.REVEAL_IDENTITY: LegalLayer._list_reveal_identity,
    K.REVEAL_CARD: LegalLayer._list_reveal_card,
    K.CHOOSE_CARD_FROM: LegalLayer._list_choose_card_from,
    K.HARVEST_PICK: LegalLayer._list_harvest_pick,
    K.CONFIRM: LegalLayer._list_confirm,
    K.CHOOSE_OPTION: LegalLayer._list_choose_option,
}
