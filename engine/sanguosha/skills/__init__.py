"""Skills: the one way anything changes the rules (generals' skills and equipment abilities).

A skill is a subclass of `Skill`, registered with `@register`. The engine gives a
player a skill instance when they take a general (`REGISTRY[general skill id]`, if
registered) or equip a card with an ability (`EQUIPMENT_SKILLS[card id]`), and
takes it away when they lose it. Card code never names a skill: it calls the hooks
below, and a new skill plugs in by overriding them.

Four families, after FreeKill's split of status effects (distance, range, limits,
prohibitions: no prompts) from triggers:

1. **Triggers.** `triggers` lists the `Point`s the skill listens to. At each point the
   engine calls `can_trigger(game, owner, point, data)` for every listener, in seat
   order from the current player; an optional skill (not tagged `compulsory`) is
   offered to its owner as a `confirm` prompt (unless `asks_first` is False: its own
   prompt can be declined), then `on_trigger(...)` runs. It is a
   generator: it may `yield` prompts (through the game's helpers, with `yield from`)
   and may change `data` (cancel an effect, add damage, change a judgment...).
2. **Modifiers** (status effects, no prompts). `modifiers` lists which of `distance`,
   `attack_range`, `kill_limit`, `extra_targets`, `prohibit`, `trick_distance`,
   `draw_count`, `hand_limit`, `survives`, `card_suit` it implements; the engine sums or checks them.
3. **Conversions** ("view as"). `converts` lists card ids the skill turns cards into;
   `view_as(game, owner, cards, name)` says whether these physical cards may count as
   `name`, and `conversion_choices` lists the card tuples bots may try. A player
   uses one with `UseSkill(skill, cards, targets)` in the play phase or when asked
   for a card.
4. **Response providers.** `provides` lists card ids the skill can answer with and no
   card of its own (Eight Diagrams' judgment, a lord asking their kingdom): offered
   in a `respond` prompt's `options`, run with `UseSkill(skill)`.

Active skills (tag `active`) are started from the play prompt with `UseSkill`:
`can_activate`, `check_activate` (raise `IllegalAction`, change nothing) and the
generator `activate`. A `lent` active skill is started by the other players instead.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from engine.core.cards import Suit
    from engine.sanguosha.actions import UseSkill
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.game import Game
    from engine.sanguosha.prompts import Prompt
    from engine.sanguosha.reasons import Reason
    from engine.sanguosha.state import Player

Flow = Generator["Prompt", Any, Any]
"""A resolution step: yields prompts, receives the answers, returns a result."""


class Point(StrEnum):
    """Trigger points, with the `data` object each one passes (see `engine.sanguosha.context`)."""

    ENTERED = "entered"  # Entered(player): a general enters play: each first one once
    # every general is revealed, before the first turn; a later one (1v1's next general)
    # once it has entered and drawn its hand (`Game.enter_play`)
    ROUND_START = "round_start"  # RoundData(round): a 3v3 round begins (忠义 ends)
    PHASE_START = "phase_start"  # PhaseData(player, phase, skip): set skip to skip it
    PHASE_END = "phase_end"  # PhaseData
    BEFORE_DRAW = "before_draw"  # DrawData(player, count): change count (0 = nothing)
    CARD_USED = "card_used"  # Use: after a card is used, before it takes effect
    USE_FINISHED = "use_finished"  # Use: its resolution is over, its cards not yet discarded
    # (a skill may take them from `Game.processing`: 巨象)
    TARGET_CONFIRMING = "target_confirming"  # TargetData: before TARGET_CHOSEN; may redirect
    TARGET_CHOSEN = "target_chosen"  # TargetData(use, target): the final targets; set flags
    EFFECT_VOID = "effect_void"  # TargetData: armor voids the card on target (Vine): set
    # cancelled; checked before the target's Nullification window, so it is never opened
    CARD_EFFECT = "card_effect"  # TargetData: set cancelled to stop the effect on target
    KILL_DODGED = "kill_dodged"  # TargetData: set hit to make a dodged Kill hit anyway
    CARD_RESPONDED = "card_responded"  # Request: after a card was used or played in answer
    DAMAGE_BEFORE = "damage_before"  # Damage: the source's side: change amount or set prevented
    DAMAGE_INFLICTED = (
        "damage_inflicted"  # Damage: then the target's side (armor: Vine, Silver Lion)
    )
    DAMAGED = "damaged"  # Damage: after the target took it (target alive)
    DAMAGE_DONE = "damage_done"  # Damage: after, for the source
    RECOVER_BEFORE = "recover_before"  # Recover: change amount
    RECOVERED = "recovered"  # Recover: after the HP went up (amount: what was recovered)
    JUDGMENT_BEFORE = "judgment_before"  # Judgment: replace card before it takes effect
    JUDGMENT_AFTER = "judgment_after"  # Judgment: after; set taken to keep the card
    BEFORE_DYING = "before_dying"  # DyingData: HP 0 or less, before dying; a `survives`
    # modifier may then keep the player out of it (不屈's cards)
    DYING = "dying"  # DyingData(player, killer)
    DEATH = "death"  # DyingData, owner may be the dead player
    HAND_EMPTIED = "hand_emptied"  # MoveData(player): the player lost their last hand card
    EQUIP_LOST = "equip_lost"  # MoveData(player, cards): cards left the equipment area
    CARDS_LOST = "cards_lost"  # MoveData(player, cards): cards left the hand or equipment,
    # once per move: every card the player lost since the last flush is one move (屯田)


MODIFIERS = (
    "distance",
    "attack_range",
    "kill_limit",
    "extra_targets",
    "prohibit",
    "trick_distance",
    "draw_count",
    "hand_limit",
    "kill_distance",
    "survives",
    "card_suit",
)


class Skill:
    """Base class: every hook is a no-op, so a skill overrides only what it does."""

    id: ClassVar[str] = ""
    tags: ClassVar[frozenset[str]] = frozenset()
    triggers: ClassVar[tuple[Point, ...]] = ()
    modifiers: ClassVar[tuple[str, ...]] = ()
    converts: ClassVar[tuple[str, ...]] = ()
    count: ClassVar[int] = 1
    """How many physical cards one conversion takes (Serpent Spear: 2)."""
    source_pile: ClassVar[str] = ""
    """A conversion whose cards come from its owner's pile of that name (急袭's fields),
    not from his hand or equipment."""
    provides: ClassVar[tuple[str, ...]] = ()
    asks_first: ClassVar[bool] = True
    """An optional trigger is offered as OK/NO first; False when its own prompt can be declined."""
    resolves_itself: ClassVar[bool] = False
    """A provider whose success is its own effect (涅槃 saves its owner): nothing is used."""
    once: ClassVar[bool] = False
    """Tagged `limited` (限定技) or `awakening` (觉醒技): once per game (set by `register`)."""
    lasting: ClassVar[bool] = False
    """A limited skill whose effect outlasts its use (忠义's 义 card): its triggers still
    run once it is spent; only starting it again is refused."""
    gives_unseen: ClassVar[bool] = False
    """An active skill whose cards are handed to another player face down (仁德): at the
    table they are named to no one, and an export marks their scans private."""
    declares: ClassVar[bool] = False
    """A skill whose card is declared face down and questioned before it counts (蛊惑):
    an answer or a Nullification through it runs `declare`, which returns the card to
    use (None: the play failed, which counts as no answer)."""
    declared: str | None = None
    """A declaring skill: the card id its last turned card resolved as (`answer_name`)."""
    lent: ClassVar[bool] = False
    """An active skill its holder lends to the other players (黄天): each may start it from
    his own play prompt (`Game.usable_skill`); its active hooks get that player as
    `owner`, and `Game.lender` finds the holder."""

    @property
    def compulsory(self) -> bool:
        return "compulsory" in self.tags

    @property
    def active(self) -> bool:
        return "active" in self.tags

    # 1. triggers
    def can_trigger(self, game: Game, owner: Player, point: Point, data: Any) -> bool:
        return False

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Any) -> Flow:
        return
        yield

    # 2. modifiers (owner = the skill's holder; return 0 / False for "no change")
    def distance(self, game: Game, owner: Player, source: Player, target: Player) -> int:
        """Added to `source`'s distance to `target`. It may depend only on the seats, the
        equipment and the skills: distances are cached until one of those changes."""
        return 0

    def distance_without(
        self, game: Game, owner: Player, source: Player, cards: tuple[Card, ...]
    ) -> int:
        """Added back to `source`'s distance when `cards` are used as part of the card
        (the rangefix: a field of 屯田 used by 急袭 no longer counts)."""
        return 0

    def attack_range(self, game: Game, owner: Player, player: Player) -> int:
        return 0

    def kill_limit(self, game: Game, owner: Player, player: Player, cards: tuple[Card, ...]) -> int:
        """Extra Kills allowed in the play phase (`cards`: the Kill about to be used)."""
        return 0

    def extra_targets(
        self, game: Game, owner: Player, user: Player, name: str, cards: tuple[Card, ...]
    ) -> int:
        return 0

    def prohibits(
        self,
        game: Game,
        owner: Player,
        user: Player,
        target: Player,
        name: str,
        cards: tuple[Card, ...] = (),
    ) -> bool:
        """Whether `user` may not use `name` on `target` (`cards`: its physical cards, when
        known: 帷幕 reads their colour)."""
        return False

    def trick_distance(self, game: Game, owner: Player, user: Player, name: str) -> int | None:
        """A trick's distance limit for `user` (None = unchanged, large = unlimited)."""
        return None

    def draw_count(self, game: Game, owner: Player, player: Player) -> int:
        return 0

    def hand_limit(self, game: Game, owner: Player, player: Player) -> int:
        return 0

    def kill_distance(self, game: Game, owner: Player, user: Player) -> bool:
        """True: `user`'s Kills have no distance limit now (天义's win)."""
        return False

    def card_suit(self, game: Game, owner: Player, player: Player, card: Card) -> Suit | None:
        """The suit `card` counts as for `player`, who holds it or is judged with it (红颜:
        her ♠ is a ♥); None: its own."""
        return None

    def survives(self, game: Game, owner: Player, player: Player, rescuing: bool) -> bool:
        """True: `player`, at HP 0 or less, stays alive without dying (不屈: his cards' ranks
        all differ); `rescuing`: asked after each rescue, to stop asking early."""
        return False

    # 3. conversions
    def view_as(self, game: Game, owner: Player, cards: tuple[Card, ...], name: str) -> bool:
        return False

    def conversion_choices(
        self, game: Game, owner: Player, name: str
    ) -> Iterable[tuple[Card, ...]]:
        return ()

    def conversion_off(self, game: Game, owner: Player) -> str | None:
        """Why no card at all converts in this game (a setting's name), for the refusal."""
        return None

    # 4. response providers
    def can_provide(self, game: Game, owner: Player, need: str, request: Any) -> bool:
        return False

    def provide(self, game: Game, owner: Player, need: str, request: Any) -> Flow:
        """Try to produce `need`; return True if it counts as answered."""
        return False
        yield

    # declared cards (`declares`)
    def check_declare(self, game: Game, owner: Player, need: str, cards: tuple[Card, ...]) -> None:
        """Refuse (IllegalAction) answering a `need` request through this skill with these
        cards (at the table: none, the card lies face down)."""
        return None

    def declare(
        self, game: Game, owner: Player, need: str, cards: tuple[Card, ...], against: Any
    ) -> Flow:
        """Declare a `need` card face down, question it, turn it: the cards to answer
        with (back in the owner's hand, for the ordinary path to move), or None."""
        return None
        yield

    # active skills
    def can_activate(self, game: Game, owner: Player) -> bool:
        return False

    def unavailable(self, game: Game, owner: Player) -> tuple[Reason, dict[str, Any]] | None:
        """Why `can_activate` is False, when the skill can say more than "not now"
        (Lijian in 1v1: not two males to pair); None: the generic refusal."""
        return None

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        return None

    def activation_choices(self, game: Game, owner: Player) -> Iterable[UseSkill]:
        return ()

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        return
        yield


ONCE_TAGS = frozenset({"limited", "awakening"})
"""Limited skills (限定技: used once per game) and awakening skills (觉醒技: compulsory,
checked at their moment, fire once), docs/forest-mountain.md §2.1 and §2.2:
once spent they stay listed and are shown as spent (`Player.spent`), and are neither
offered, nor started, nor fired again."""

ONCE_PER_GAME: set[str] = set()
"""The ids of registered skills tagged `limited` or `awakening`."""

REGISTRY: dict[str, type[Skill]] = {}
"""Skill id -> class, filled by `@register`."""

EQUIPMENT_SKILLS: dict[str, str] = {}
"""Equipment card id -> the skill id its holder gets."""


def register(cls: type[Skill]) -> type[Skill]:
    """Class decorator: make a skill available by its id."""
    if not cls.id:
        raise ValueError(f"{cls.__name__} has no id")
    if cls.id in REGISTRY and REGISTRY[cls.id] is not cls:
        raise ValueError(f"skill {cls.id!r} registered twice")
    unknown = set(cls.modifiers) - set(MODIFIERS)
    if unknown:
        raise ValueError(f"{cls.id}: unknown modifiers {sorted(unknown)}")
    REGISTRY[cls.id] = cls
    if ONCE_TAGS & cls.tags:
        cls.once = True
        ONCE_PER_GAME.add(cls.id)
    return cls


def register_equipment(card_id: str) -> Any:
    """Class decorator: register a skill and give it to whoever equips `card_id`."""

    def deco(cls: type[Skill]) -> type[Skill]:
        register(cls)
        EQUIPMENT_SKILLS[card_id] = cls.id
        return cls

    return deco


__all__ = [
    "EQUIPMENT_SKILLS",
    "MODIFIERS",
    "ONCE_PER_GAME",
    "REGISTRY",
    "Flow",
    "Point",
    "Skill",
    "register",
    "register_equipment",
]


def _load() -> None:
    from engine.sanguosha.skills import (  # noqa: F401
        equipment,
        fire,
        forest,
        guhuo,
        huashen,
        maneuvering,
        mountain,
        qun,
        shu,
        three_v_three,
        wei,
        wei_judgment,
        wind,
        wu,
        wu_active,
    )


_load()
