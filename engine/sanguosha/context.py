"""Resolution records: what a card use, a damage, a judgment... carries while it resolves.

These are the `data` objects handed to skills at trigger points; skills read and
change them (a redirected target, a prevented damage, a replaced judgment card).
Plain slotted classes: one is made per resolution step, so they stay cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.cards import Color, Suit

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.state import Player

ANY_CARD = "any_card"
"""A request's `need` that any hand card answers (QSanguosha's "." pattern: Guicai)."""

SHOW = "show"
"""A `reveal_card` prompt's ctx when its target shows one of their own hand cards
(Fire Attack): the card stays in the hand."""


def alternatives(need: str) -> tuple[str, ...]:
    """The card ids a request's `need` accepts: "peach|wine" (a dying player's own
    request: a Peach, or a Wine for themself) accepts either.

    >>> alternatives("peach|wine"), alternatives("dodge")
    (('peach', 'wine'), ('dodge',))
    """
    return tuple(need.split("|")) if "|" in need else (need,)


def answers(card: Card, need: str) -> bool:
    """Whether `card`, played or used as itself, answers `need` (a Fire Kill is a Kill)."""
    name = card.true_name
    return name == need or need == ANY_CARD or ("|" in need and name in need.split("|"))


class Use:
    """One card use: the user, the card id it counts as, its physical cards and targets."""

    __slots__ = (
        "user",
        "name",
        "cards",
        "targets",
        "skill",
        "extra",
        "ignore_distance",
        "ignore_armor",
        "need",
        "need_by",
        "bonus",
        "cancelled",
        "no_response",
        "nullifiable",
        "against",
        "flags",
        "nature",
        "looks",
    )

    def __init__(
        self,
        user: Player,
        name: str,
        cards: tuple[Card, ...],
        targets: list[Player],
        skill: str | None = None,
        extra: bool = False,
    ) -> None:
        self.user = user
        self.name = name
        self.cards = cards
        self.targets = targets
        self.skill = skill
        self.extra = extra  # does not count toward the Kill limit
        self.ignore_distance = False
        self.ignore_armor = False  # Qinggang Sword
        self.need: dict[int, int] = {}  # seat -> responses needed (2 under Wushuang)
        self.need_by: dict[int, str] = {}  # seat -> the skill that raised `need` (Wushuang)
        self.bonus = 0  # extra damage
        self.cancelled: set[int] = set()  # seats the effect no longer applies to
        self.no_response: dict[int, str] = {}  # seat -> the skill that forbids an answer (Tieqi)
        self.nullifiable = True  # False: no Nullification window (Lijian's Duel)
        self.against: str | None = None
        self.flags: dict[str, Any] = {}
        self.nature = "normal"  # a Kill's damage type: a Fire Kill's fire, Zhuque Fan's
        self.looks = cards  # the cards as they count for the user (红颜: her ♠ is a ♥)

    @property
    def color(self) -> Color:
        """A single card's colour; several cards share a colour or have none (1e, Spear)."""
        colors = {c.color for c in self.looks}
        return colors.pop() if len(colors) == 1 else Color.NONE

    @property
    def suit(self) -> Suit | None:
        """The physical cards' common suit (two cards used as one, 乱击: theirs if they
        share it, docs/wind-fire.md §2.4); None for no card or mixed suits."""
        suits = {c.suit for c in self.looks}
        return suits.pop() if len(suits) == 1 else None

    @property
    def card(self) -> Card | None:
        return self.cards[0] if len(self.cards) == 1 else None


class TargetData:
    """A use meeting one target (target chosen, card effect, Kill dodged)."""

    __slots__ = ("use", "target", "cancelled", "hit")

    def __init__(self, use: Use, target: Player) -> None:
        self.use = use
        self.target = target
        self.cancelled = False
        self.hit = False


class Damage:
    """One damage. `conducted`: an Iron Chain passed it on from the first chained target
    (same source, card and nature; it is never passed on again, and the source's own
    bonuses - Wine, Luoyi, Guding Blade - are not added again: docs/maneuvering.md 3.4).
    `cards`: the physical cards that caused it (the use's, or a Lightning judged on its
    holder), which Jianxiong may take while they are still being resolved."""

    __slots__ = (
        "source", "target", "amount", "nature", "use", "cards", "prevented", "flags", "conducted"
    )  # fmt: skip

    def __init__(
        self,
        source: Player | None,
        target: Player,
        amount: int,
        nature: str,
        use: Use | None,
        conducted: bool = False,
        cards: tuple[Card, ...] | None = None,
    ) -> None:
        self.source = source
        self.target = target
        self.amount = amount
        self.nature = nature  # "normal", "fire" or "thunder"
        self.use = use
        self.prevented = False
        self.flags: dict[str, Any] = {}
        self.conducted = conducted
        self.cards: tuple[Card, ...] = (
            cards if cards is not None else (tuple(use.cards) if use is not None else ())
        )

    def by_own_kill(self, owner: Player) -> bool:
        """Damage of a Kill `owner` used, dealt by the Kill itself (not conducted)."""
        use = self.use
        return (
            self.source is owner and use is not None and use.name == "kill" and not self.conducted
        )


class Recover:
    __slots__ = ("source", "target", "amount", "use")

    def __init__(self, source: Player | None, target: Player, amount: int, use: Use | None) -> None:
        self.source = source
        self.target = target
        self.amount = amount
        self.use = use


class Judgment:
    """A judgment in progress: `card` may be replaced before `success` is computed."""

    __slots__ = ("player", "reason", "card", "success", "taken", "pattern", "replaced")

    def __init__(self, player: Player, reason: str, pattern: Any) -> None:
        self.player = player
        self.reason = reason
        self.pattern = pattern  # Card -> bool
        self.card: Card | None = None
        self.success = False
        self.taken = False  # a skill kept the card: do not discard it
        self.replaced = False  # 鬼才, 鬼道 put another card in its place


class Request:
    """A request for a card (`need`): who asks, what it answers, use or play."""

    __slots__ = ("player", "need", "use", "source", "against", "reason", "card")

    def __init__(
        self,
        player: Player,
        need: str,
        use: bool,
        source: Player | None,
        against: Use | None,
        reason: str,
    ) -> None:
        self.player = player
        self.need = need
        self.use = use  # True: the answer is used (Dodge vs Kill); False: played
        self.source = source
        self.against = against
        self.reason = reason
        self.card: Card | None = None


class Entered:
    """`player`'s general enters play (`Point.ENTERED`)."""

    __slots__ = ("player",)

    def __init__(self, player: Player) -> None:
        self.player = player


class PhaseData:
    __slots__ = ("player", "phase", "skip")

    def __init__(self, player: Player, phase: str) -> None:
        self.player = player
        self.phase = phase
        self.skip = ""  # the id of the skill skipping this phase, named by the narration


class RoundData:
    """A new round begins (3v3: every character alive has acted; the identity cards
    turned sideways are turned back)."""

    __slots__ = ("round",)

    def __init__(self, round: int) -> None:
        self.round = round


class DrawData:
    __slots__ = ("player", "count")

    def __init__(self, player: Player, count: int) -> None:
        self.player = player
        self.count = count


class DyingData:
    __slots__ = ("player", "killer", "damage")

    def __init__(self, player: Player, killer: Player | None, damage: Damage | None) -> None:
        self.player = player
        self.killer = killer
        self.damage = damage


class MoveData:
    __slots__ = ("player", "cards")

    def __init__(self, player: Player, cards: tuple[Card, ...]) -> None:
        self.player = player
        self.cards = cards


class Comparison:
    """A point comparison (拼点) in progress: the `reveal_card` prompts' ctx. `cards` are
    the cards chosen so far (the initiator's first), face down until both are chosen."""

    __slots__ = ("initiator", "target", "reason", "cards")

    def __init__(self, initiator: Player, target: Player, reason: str) -> None:
        self.initiator = initiator
        self.target = target
        self.reason = reason
        self.cards: list[Card] = []


def from_hand(ctx: Any) -> bool:
    """Whether a `reveal_card` prompt asks for one of its seat's own hand cards (a card
    shown for Fire Attack, chosen for a point comparison, or laid face down and declared:
    蛊惑's, whose ctx says `face_down`)."""
    return ctx == SHOW or isinstance(ctx, Comparison) or getattr(ctx, "face_down", False)


class PlayerChoice:
    """A skill asks its owner to choose `lo`..`hi` players among `options` (Tuxi, Yiji).

    The `choose_target` prompt's `ctx` when the choice belongs to a skill rather than a
    card: `reason` is the skill id; `chosen` grows one seat at a time. `why(player)`,
    when the skill gives it, says which rule leaves a player out of `options` (a
    `(Reason, data)` pair, or None), so that a refused choice names it (Liuli: the
    Kill's user, out of range 2 > 1).
    """

    __slots__ = ("reason", "options", "chosen", "lo", "hi", "optional", "why")

    def __init__(
        self,
        reason: str,
        options: list[Player],
        lo: int,
        hi: int,
        optional: bool,
        why: Callable[[Player], tuple[Any, dict[str, Any]] | None] | None = None,
    ) -> None:
        self.reason = reason
        self.options = options
        self.chosen: list[Player] = []
        self.lo = lo
        self.hi = hi
        self.optional = optional
        self.why = why

    def remaining(self) -> list[Player]:
        return [p for p in self.options if p not in self.chosen]
