"""Three Kingdoms Kill (三国杀) standard edition, identity mode: the rules engine.

Sans-IO and deterministic: a game is a pure function of (players, mode, seed,
settings, actions). Facts: `docs/sanguosha.md`; ids: `docs/catalogue-ids.md`.
The two-side modes (1v1, 2v2, 3v3, 4v4; 国战 refused) are `Settings(game_mode=...,
mode_settings={...})`: `modes/` (facts: `docs/modes.md`).

Build and drive a game::

    from engine.sanguosha import Game, Settings, PlayCard, parse_card
    game = Game.new(players=5, mode="digital", seed=1, settings=Settings(four_player_roles="1111"))
    prompt = game.pending()          # Prompt(kind, seat, seats, need, source, target, card, count, options...)
    events = game.submit(prompt.seat, game.legal_actions()[0])   # -> list[Event]
    game.view()                      # public state JSON (docs/architecture.md)
    game.view(seat)                  # digital mode: also that seat's "hand" and "own_identity"
    game.outcome                     # None, or Outcome(status, winners, side, reason)

- **Modes.** `"digital"`: the engine deals from a seeded deck and knows every hand;
  `legal_actions()` lists moves for bots, and `random_action(rng)` draws one of them
  uniformly with the bot's own `random.Random` (a play prompt without listing it);
  `submit` does not check again what the engine itself handed out (`_legal.py`).
  Chance (judgments, Harvest) is drawn from the deck without a prompt. `"table"`: hands and deck are physical; the engine
  counts cards and knows what was scanned. Chance is a prompt answered by the
  table's scan (`judgment_card` -> `ProvideJudgment`, Harvest `reveal_card` ->
  `RevealCard`, a death `reveal_identity` -> `RevealIdentity`). A scan that
  contradicts a count (a card played from a hand believed empty) is accepted, the
  count corrected and `HandCountCorrected` emitted: the table wins. In digital mode
  a request nobody can answer is declined without a prompt (`Settings.auto_decline`).
- **Decisions.** `pending()` is the single truth about what happens next (None once
  over); `prompts.py` lists each kind and the actions that answer it. A prompt with
  `seat` None is a window open to all of `seats` (Nullification, table setup);
  the table closes a Nullification window with `submit(None, Timeout())` after
  `Settings.nullification_timeout_s`. Multi-step decisions are single steps:
  `PlayCard(card)` stages a card and the engine asks `choose_target` one seat at
  a time (`PlayCard(card, targets)` does it in one go).
- **Actions** (`actions.py`): `ChooseGeneral`, `PlayCard(card, targets=())`,
  `UseSkill(skill, cards=(), targets=())`, `ChooseTarget(seat)`, `Confirm(ok)`,
  `Respond(card | None)`, `Pass`, `Timeout`, `EndPlay`, `Discard(cards)`,
  `ProvideJudgment(card)`, `RevealCard(card | None)`, `RevealIdentity(identity)`,
  `PickCard(card | None)`, `ChooseOption(option)`, `Recast(card)` (Iron Chain, in your
  play phase; at the table: OK with no target staged); the host's corrections in table
  games (`corrections.py`, submitted with seat None at any decision): `SetHealth(seat, hp)`,
  `SetHandCount(seat, count)`, `MoveCard(card, to, seat)`, `SetDead(seat, killer)` (a
  missed death, played with the rules of a death). Cards are `Card` values:
  `parse_card("kill@S7")`, `format_card(card)`, `repr` rebuilds them. `parse_action(action.to_json())`
  round-trips, for the game log.
- **Refusals.** `submit` raises `engine.core.errors.IllegalAction(reason, **data)`
  (or `InvalidAction` for input naming nothing); `reason` is a `Reason`
  (`reasons.py`, e.g. `OUT_OF_RANGE` with distance=3, attack_range=2). A refused
  action changes nothing: it is checked in full before anything moves.
- **Events** (`events.py`): frozen, JSON-ready (`to_json()`), past-tense, public
  (never a hidden card or identity). `EVENT_KINDS`, `PROMPT_KINDS` and `REASONS`
  list every wire name for narration's coverage tests.
- **Catalogue** (`catalogue.py`, data in `data/*.json`, validated at load):
  `catalogue().cards / deck / ex_deck / maneuvering_deck / generals / skills /
  identities`, `deck_for(ex_cards, maneuvering, nullifications)`,
  `role_counts(players, four_player_roles, two_spies)`.
- **The Maneuvering cards** (军争篇, `Settings.maneuvering`; `cards/maneuvering.py`,
  `skills/maneuvering.py`; docs/maneuvering.md): a card counts as its `true_name` (a Fire
  Kill is a Kill) and a Kill's damage takes its `Use.nature`; every damage is modified
  by its source (`DAMAGE_BEFORE`), then its target (`DAMAGE_INFLICTED`: armor); an
  elemental damage to a chained player is then conducted (`Damage.conducted`). A
  dying player is asked for `need` "peach|wine" (`context.alternatives`). `view()`
  shows each seat's `chained` and `wine`.
- **Skills** (`skills/__init__.py`): `Skill` base with trigger points, modifiers
  (distance, attack range, Kill limit, extra targets, prohibitions, draw count,
  hand limit), conversions ("view as") and response providers; `@register`.
  Equipment abilities are skills of their holder (`skills/equipment.py`); the
  generals' skills live in `skills/wei.py` (and `wei_judgment.py`), `shu.py`,
  `wu.py` and `qun.py`.
  Skills and card rules (`cards/`) act through the game's rules API: `distance`,
  `attack_range`, `ask_card` (`need` a card id, or `ANY_CARD`: any hand card),
  `request`, `use_card` (also virtual cards, `extra`, `nullifiable`, `supplied`),
  `damage`, `recover`, `lose_hp`, `judge`, `replace_judgment`, `draw`, `take_card`,
  `to_discard`, `discard_from_hand_unseen`, `ask_confirm`, `choose_players` (a
  skill's `choose_target` prompt), `fire`; and they
  read and change the records in `context.py` (`Use.need`, `bonus`, `no_response`,
  `ignore_armor`, `cancelled`; `Damage.prevented`; `Judgment.taken`...).
"""

from engine.sanguosha.actions import (
    Action,
    ChooseGeneral,
    ChooseOption,
    ChooseTarget,
    Confirm,
    Discard,
    EndPlay,
    MoveCard,
    Pass,
    PickCard,
    PlayCard,
    ProvideJudgment,
    Recast,
    Respond,
    RevealCard,
    RevealIdentity,
    SetDead,
    SetHandCount,
    SetHealth,
    Timeout,
    UseSkill,
    parse_action,
)
from engine.sanguosha.catalogue import Card, catalogue, format_card, parse_card, role_counts
from engine.sanguosha.events import EVENT_KINDS, Event
from engine.sanguosha.game import Game
from engine.sanguosha.prompts import PROMPT_KINDS, Prompt, PromptKind
from engine.sanguosha.reasons import REASONS, Reason
from engine.sanguosha.settings import EndReason, Outcome, Settings

__all__ = [
    "Action",
    "Card",
    "ChooseGeneral",
    "ChooseOption",
    "ChooseTarget",
    "Confirm",
    "Discard",
    "EVENT_KINDS",
    "EndPlay",
    "EndReason",
    "Event",
    "Game",
    "MoveCard",
    "Outcome",
    "PROMPT_KINDS",
    "Pass",
    "PickCard",
    "PlayCard",
    "Prompt",
    "PromptKind",
    "ProvideJudgment",
    "Recast",
    "REASONS",
    "Reason",
    "Respond",
    "RevealCard",
    "RevealIdentity",
    "SetHandCount",
    "SetDead",
    "SetHealth",
    "Settings",
    "Timeout",
    "UseSkill",
    "catalogue",
    "format_card",
    "parse_action",
    "parse_card",
    "role_counts",
]
