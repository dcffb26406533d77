"""What happened: frozen (`@fact`), JSON-ready facts with past-tense names, enough to narrate a game.

Events are public: they never carry hidden information (a drawn card, a hand card
taken unseen, an unrevealed identity). Seats are 1..N; cards are written
`id@<suit><rank>`; `name` is the card id a card counts as (a converted card keeps
its physical `cards` and gets the `name` it was used as). `EVENT_KINDS` lists every
`kind` so narration can check it covers them all.
"""

from __future__ import annotations

from dataclasses import Field, fields
from typing import Any, ClassVar

from engine.core.facts import fact


class Event:
    """Base of every event; `kind` is the stable wire name."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]  # every subclass is a dataclass
    kind = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


_EVENTS: list[type[Event]] = []


def _event(cls: type[Event]) -> type[Event]:
    _EVENTS.append(cls)
    return cls


@_event
@fact
class GameStarted(Event):
    players: int
    mode: str
    seed: int
    kind = "game_started"


@_event
@fact
class IdentityRevealed(Event):
    """An identity became public (the lord at once; others on death or at the end)."""

    seat: int
    identity: str
    inferred: bool = False  # table mode: deduced from the role table, not scanned
    kind = "identity_revealed"


@_event
@fact
class GeneralChosen(Event):
    seat: int
    general: str | None
    kind = "general_chosen"


@_event
@fact
class HealthSet(Event):
    """A seat's starting health (max HP includes the lord's bonus with more than 4 players)."""

    seat: int
    hp: int
    max_hp: int
    kind = "health_set"


@_event
@fact
class RoundStarted(Event):
    round: int
    kind = "round_started"


@_event
@fact
class TurnStarted(Event):
    seat: int
    round: int
    kind = "turn_started"


@_event
@fact
class TurnEnded(Event):
    seat: int
    kind = "turn_ended"


@_event
@fact
class PhaseStarted(Event):
    seat: int
    phase: str
    kind = "phase_started"


@_event
@fact
class PhaseSkipped(Event):
    seat: int
    phase: str
    reason: str  # the card or skill that skipped it
    kind = "phase_skipped"


@_event
@fact
class CardsDrawn(Event):
    seat: int
    count: int
    reason: str  # "start", "draw_phase", "ex_nihilo", "reward", a skill id...
    kind = "cards_drawn"


@_event
@fact
class DeckReshuffled(Event):
    count: int
    kind = "deck_reshuffled"


@_event
@fact
class CardUsed(Event):
    """A card was used (has a user and targets; counts toward limits)."""

    seat: int
    name: str
    cards: tuple[str, ...]
    targets: tuple[int, ...] = ()
    skill: str | None = None  # the conversion that made it, if any
    against: str | None = None  # what a Dodge or Nullification answers
    kind = "card_used"


@_event
@fact
class CardPlayed(Event):
    """A card was played as a response (no targets; counts toward nothing)."""

    seat: int
    name: str
    cards: tuple[str, ...]
    skill: str | None = None
    against: str | None = None
    kind = "card_played"


@_event
@fact
class ResponseDeclined(Event):
    seat: int
    need: str
    against: str | None
    kind = "response_declined"


@_event
@fact
class NoCardToRespond(Event):
    """Nobody was asked: the seat holds no hand card and nothing else that could answer."""

    seat: int
    need: str
    against: str | None
    kind = "no_card_to_respond"


@_event
@fact
class CardNullified(Event):
    """A trick will not take effect on this target."""

    seat: int
    name: str
    card: str | None
    kind = "card_nullified"


@_event
@fact
class EffectCancelled(Event):
    """A card had no effect on a target (armor, a skill); `by` names why."""

    seat: int
    name: str
    by: str
    kind = "effect_cancelled"


@_event
@fact
class DamageDealt(Event):
    source: int | None
    target: int
    amount: int
    nature: str  # "normal", "fire" or "thunder"
    card: str | None  # the card name that caused it
    hp_before: int
    hp_after: int
    conducted: bool = False  # passed on by an Iron Chain from the first chained target
    kind = "damage_dealt"


@_event
@fact
class ChainChanged(Event):
    """`seat` became chained or was reset (`reason`: "iron_chain", or "damage": an
    elemental damage resets whom it hits)."""

    seat: int
    chained: bool
    reason: str
    kind = "chain_changed"


@_event
@fact
class CardRecast(Event):
    """`seat` recast `card` (Iron Chain): it went to the discard pile and they drew 1."""

    seat: int
    card: str
    kind = "card_recast"


@_event
@fact
class CardShown(Event):
    """`seat` showed a hand card to everyone (Fire Attack); it stays in their hand."""

    seat: int
    card: str
    reason: str
    kind = "card_shown"


@_event
@fact
class WineApplied(Event):
    """`seat`'s drunk Wine went into the Kill they used: it deals `bonus` more damage."""

    seat: int
    bonus: int
    kind = "wine_applied"


@_event
@fact
class WineExpired(Event):
    """`seat`'s drunk Wine ended unused (at the end of the turn, or phase by setting)."""

    seat: int
    kind = "wine_expired"


@_event
@fact
class DamagePrevented(Event):
    source: int | None
    target: int
    by: str
    kind = "damage_prevented"


@_event
@fact
class HpRecovered(Event):
    seat: int
    amount: int
    source: int | None
    card: str | None
    hp_before: int
    hp_after: int
    kind = "hp_recovered"


@_event
@fact
class HpLost(Event):
    seat: int
    amount: int
    hp_before: int
    hp_after: int
    kind = "hp_lost"


@_event
@fact
class JudgmentRevealed(Event):
    seat: int
    card: str
    reason: str  # "lightning", "indulgence", "eight_diagrams", a skill id
    kind = "judgment_revealed"


@_event
@fact
class JudgmentChanged(Event):
    seat: int
    card: str
    by: int
    skill: str
    kind = "judgment_changed"


@_event
@fact
class SuitSeenAs(Event):
    """A card of `seat`'s counted as another suit where its suit decided something (红颜:
    a ♠ judged for 小乔, or discarded for 天香, is a ♥): said once, where it decides."""

    seat: int
    card: str
    suit: str  # the suit it counts as ("heart")
    skill: str
    kind = "suit_seen_as"


@_event
@fact
class JudgmentSettled(Event):
    """The judgment took effect: `success` is whether the reason's condition held."""

    seat: int
    card: str
    reason: str
    success: bool
    kind = "judgment_settled"


@_event
@fact
class PlayerDying(Event):
    seat: int
    hp: int
    kind = "player_dying"


@_event
@fact
class PlayerRescued(Event):
    seat: int
    hp: int
    kind = "player_rescued"


@_event
@fact
class PlayerDied(Event):
    seat: int
    killer: int | None
    kind = "player_died"


@_event
@fact
class RewardGiven(Event):
    """Killing a rebel: the killer draws 3."""

    seat: int
    victim: int
    count: int
    kind = "reward_given"


@_event
@fact
class PenaltyApplied(Event):
    """The lord killed a loyalist: the lord discards every hand and equipment card."""

    seat: int
    victim: int
    kind = "penalty_applied"


@_event
@fact
class CardsDiscarded(Event):
    """Cards went to the discard pile face up (`cards`) and/or unseen (`unseen` count)."""

    seat: int | None
    cards: tuple[str, ...]
    unseen: int
    reason: str  # "discard_phase", "bury", "penalty", "dismantle", "replaced", a card or skill
    kind = "cards_discarded"


@_event
@fact
class CardTaken(Event):
    """`seat` took a card from `source`'s zone; `card` is None for a hand card taken unseen."""

    seat: int
    source: int
    zone: str  # "hand", "equipment", "judgment"
    card: str | None
    reason: str
    kind = "card_taken"


@_event
@fact
class CardGiven(Event):
    seat: int
    target: int
    card: str
    reason: str
    kind = "card_given"


@_event
@fact
class HandCardsGiven(Event):
    """`seat` gave `count` hand cards to `target`, face down (Rende): which ones is hidden."""

    seat: int
    target: int
    count: int
    reason: str
    kind = "hand_cards_given"


@_event
@fact
class OptionChosen(Event):
    """`seat` chose `option` of a prompt's choices (the suit named for Fanjian)."""

    seat: int
    option: str
    reason: str
    kind = "option_chosen"


@_event
@fact
class DeckArranged(Event):
    """`seat` looked at the deck's top cards and put `top` back on top, `bottom` below."""

    seat: int
    top: int
    bottom: int
    reason: str
    kind = "deck_arranged"


@_event
@fact
class CardsGained(Event):
    """`seat` took face-up cards from the table into their hand (a judgment or damage card)."""

    seat: int
    cards: tuple[str, ...]
    reason: str
    kind = "cards_gained"


@_event
@fact
class EquipmentEquipped(Event):
    seat: int
    card: str
    slot: str
    replaced: str | None
    kind = "equipment_equipped"


@_event
@fact
class DelayedTrickPlaced(Event):
    seat: int
    target: int
    name: str
    card: str
    kind = "delayed_trick_placed"


@_event
@fact
class DelayedTrickMoved(Event):
    """Lightning passed on (or, with skills, a delayed trick moved)."""

    seat: int
    target: int
    name: str
    card: str
    kind = "delayed_trick_moved"


@_event
@fact
class CardsRevealed(Event):
    """Cards turned face up from the deck (Harvest)."""

    cards: tuple[str, ...]
    reason: str
    kind = "cards_revealed"


@_event
@fact
class HandCountCorrected(Event):
    """Table mode warning: a scan contradicted the counted hand; the table wins."""

    seat: int
    before: int
    after: int
    card: str
    kind = "hand_count_corrected"


@_event
@fact
class DeathSetByHost(Event):
    """The host declared `seat` dead (killed by `killer`, or None): a death the engine
    missed; the death's rules follow (`PlayerDied` and what it brings)."""

    seat: int
    killer: int | None
    kind = "death_set_by_host"


@_event
@fact
class HealthCorrected(Event):
    """The host set `seat`'s health by hand (a host correction, not damage or recovery)."""

    seat: int
    before: int
    after: int
    max_hp: int
    kind = "health_corrected"


@_event
@fact
class HandCountSetByHost(Event):
    """The host set `seat`'s hand count by hand (unlike `HandCountCorrected`, the
    engine's own warning after a scan); `forgotten` are the known cards of that hand
    the engine no longer places there."""

    seat: int
    before: int
    after: int
    forgotten: tuple[str, ...] = ()
    kind = "hand_count_set_by_host"


@_event
@fact
class CardMovedByHost(Event):
    """The host moved `card`. Zones: hand, equipment, judgment, discard, deck (seat None
    for the last two); a card the engine had not seen comes from a hand or the deck."""

    card: str
    from_zone: str
    from_seat: int | None
    to_zone: str
    to_seat: int | None
    replaced: str | None = None  # the equipment it displaced to the discard pile
    kind = "card_moved_by_host"


@_event
@fact
class SkillInvoked(Event):
    seat: int
    skill: str
    targets: tuple[int, ...] = ()
    kind = "skill_invoked"


@_event
@fact
class GameOver(Event):
    """`side`: the winners' side as the narration names it ("rebel", "cool", "first"),
    where the state's `winner_side` holds the team id ("A") in a two-side mode."""

    winners: tuple[int, ...]
    side: str | None
    reason: str
    kind = "game_over"


# ---------------------------------------------------------------- two-side modes (docs/modes.md)
@_event
@fact
class GameModeSet(Event):
    """The game is played in a two-side mode (`provisional`: rules no source confirms)."""

    game_mode: str
    provisional: bool
    kind = "game_mode_set"


@_event
@fact
class TeamAssigned(Event):
    """`seat` plays for `team` (its id, "A" or "B"; `team_name`, the narration's word for
    it: "cool", "first", "A"; 3v3: as marshal or vanguard; `leader`: leads the team)."""

    seat: int
    team: str
    role: str | None
    leader: bool
    team_name: str = ""
    kind = "team_assigned"


@_event
@fact
class DraftPoolRevealed(Event):
    """The generals laid face up for the draft."""

    generals: tuple[str, ...]
    kind = "draft_pool_revealed"


@_event
@fact
class GeneralDrafted(Event):
    """`seat` took a general: from the pool (`draft`, named), or unseen by the others
    (`hidden` dealt, `first` general picked, `assign`ed by the marshal: None)."""

    seat: int
    general: str | None
    reason: str
    kind = "general_drafted"


@_event
@fact
class ReservesSet(Event):
    """1v1: `seat` keeps `count` generals in reserve (which ones is theirs to know)."""

    seat: int
    count: int
    kind = "reserves_set"


@_event
@fact
class HandRedrawn(Event):
    """`seat` discarded its starting hand of `count` cards to draw as many again."""

    seat: int
    count: int
    kind = "hand_redrawn"


@_event
@fact
class DiscardDeclined(Event):
    """`seat` chose not to discard for `reason` (Fire Attack: no damage to `target`)."""

    seat: int
    reason: str
    target: int | None
    kind = "discard_declined"


@_event
@fact
class UnitStarted(Event):
    """3v3: `team`'s action unit: these seats take their turns, in this order; `why`:
    "chosen" by the marshal, "last" (only one of the team still to act: no choice), or
    "leader_first" (qs2013: the leader of the team that acts first opens the game)."""

    team: str
    seats: tuple[int, ...]
    why: str = "chosen"
    team_name: str = ""  # the team's word: "cool", "warm"
    kind = "unit_started"


@_event
@fact
class GeneralFell(Event):
    """1v1: `seat`'s general died; `fallen` of the `lives` that lose the game have fallen."""

    seat: int
    general: str | None
    fallen: int
    lives: int
    kind = "general_fell"


@_event
@fact
class GeneralEntered(Event):
    """1v1: `seat`'s next general came in from the reserves (`reserves` left)."""

    seat: int
    general: str
    reserves: int
    kind = "general_entered"


@_event
@fact
class ModeRewardGiven(Event):
    """A mode's reward for a death: `seat` draws `count` (2v2: a teammate of the victim;
    3v3: the killer of a vanguard)."""

    seat: int
    victim: int
    count: int
    reason: str  # "teammate_died" or "kill_reward"
    kind = "mode_reward_given"


# ------------------------------------------------------------------ 神话再临 mechanisms
# (docs/wind-fire.md §2, docs/forest-mountain.md §2)


@_event
@fact
class GeneralFlipped(Event):
    """`seat`'s general was turned over (翻面): `face_up` is the new side. `reason`
    "turn_skipped": a face-down seat's turn would begin, it turned face-up instead and
    that turn did not happen; else the skill (or card) that flipped it."""

    seat: int
    face_up: bool
    reason: str
    kind = "general_flipped"


@_event
@fact
class PointsCompared(Event):
    """A point comparison (拼点): both cards revealed together; `won` is True only when
    the initiator's rank is higher (a tie is not a win). Both cards were discarded."""

    seat: int
    target: int
    card: str
    target_card: str
    won: bool
    reason: str
    kind = "points_compared"


@_event
@fact
class PileChanged(Event):
    """Cards were put on (`added`) or taken off `seat`'s general, in the pile of `pile`
    (a skill id). `cards` are named only for a public pile; `count` is how many moved
    and `total` how many the pile holds now. `to` says where removed cards went
    ("discard", "hand"), "" for added ones."""

    seat: int
    pile: str
    added: bool
    cards: tuple[str, ...]
    count: int
    total: int
    to: str
    reason: str
    kind = "pile_changed"


@_event
@fact
class SkillAwakened(Event):
    """An awakening skill (觉醒技) fired, once per game: `gained` are the skills it gave
    (the max HP change, if any, is its own `max_hp_changed` event)."""

    seat: int
    skill: str
    gained: tuple[str, ...]
    kind = "skill_awakened"


@_event
@fact
class MaxHpChanged(Event):
    """`seat`'s max HP went from `before` to `max_hp`; losing max HP caps HP (`hp` is
    the HP after)."""

    seat: int
    before: int
    max_hp: int
    hp: int
    reason: str
    kind = "max_hp_changed"


@_event
@fact
class ExtraTurnGranted(Event):
    """`seat` takes an extra turn right after the current one (then play resumes after
    the player whose turn it was)."""

    seat: int
    reason: str
    kind = "extra_turn_granted"


@_event
@fact
class HandsSwapped(Event):
    """`seat` and `target` swapped their hands face down (缔盟): only the counts are public
    (`count` was `seat`'s, `target_count` was `target`'s)."""

    seat: int
    target: int
    count: int
    target_count: int
    reason: str
    kind = "hands_swapped"


@_event
@fact
class CardMovedOnBoard(Event):
    """A card in `seat`'s equipment or judgment area (`zone`) was moved to the same area
    of `target` (巧变): not a use."""

    seat: int
    target: int
    card: str
    zone: str
    reason: str
    kind = "card_moved_on_board"


@_event
@fact
class SkillsChanged(Event):
    """`seat` gained (`gained`) or lost (`lost`) skills for the rest of the game, or until
    changed again (断肠, 化身, an awakening)."""

    seat: int
    gained: tuple[str, ...]
    lost: tuple[str, ...]
    reason: str
    kind = "skills_changed"


@_event
@fact
class KingdomGenderChanged(Event):
    """`seat`'s kingdom and gender are now `kingdom` and `gender` (化身): every kingdom
    and gender check reads these."""

    seat: int
    kingdom: str
    gender: str
    reason: str
    kind = "kingdom_gender_changed"


@_event
@fact
class HuashenShown(Event):
    """`seat` (左慈) shows `general`, one of his 化身 cards, face up and names `skill`:
    he has it, and the kingdom and gender of that general. His other 化身 cards stay
    unnamed (only their count, `hidden`, is public)."""

    seat: int
    general: str
    skill: str
    hidden: int
    kind = "huashen_shown"


@_event
@fact
class CardDeclared(Event):
    """`seat` laid one hand card face down and declared it to be `name` (a card id), used
    on `targets` or, with `against`, played or used in answer to that card (蛊惑). The
    face-down card is not named: nobody has seen it yet."""

    seat: int
    name: str
    targets: tuple[int, ...]
    against: str | None
    reason: str
    kind = "card_declared"


@_event
@fact
class DeclarationAnswered(Event):
    """`seat` believed (`questioned` False) or questioned (质疑) `source`'s declaration."""

    seat: int
    source: int
    name: str
    questioned: bool
    reason: str
    kind = "declaration_answered"


@_event
@fact
class DeclarationRevealed(Event):
    """`seat`'s face-down card is turned: `card`, declared as `name`; `genuine` says
    whether it is that card, `questioners` who questioned it, `resolves` whether it takes
    effect as declared (otherwise it is discarded and the use or play fails)."""

    seat: int
    card: str
    name: str
    genuine: bool
    questioners: tuple[int, ...]
    resolves: bool
    reason: str
    kind = "declaration_revealed"


EVENT_TYPES: dict[str, type[Event]] = {cls.kind: cls for cls in _EVENTS}
EVENT_KINDS: frozenset[str] = frozenset(EVENT_TYPES)
"""Every event's wire name, for narration's coverage tests."""
