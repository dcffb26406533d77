"""Regicide (Badgers From Mars), the cooperative 1-4 player game with a 54-card deck.

Sans-IO and deterministic given a seed; the rules are docs/regicide.md §1,
disputed points are `Settings` (§1.14) with the recommended defaults.

    >>> from engine.regicide import Game, Play, Yield, Discard, parse_card
    >>> game = Game.new(players=2, mode="digital", seed=7)
    >>> prompt = game.pending()
    >>> prompt.kind.value, prompt.seat, prompt.can_yield
    ('play', 1, True)
    >>> events = game.submit(1, Yield())
    >>> [e.kind for e in events]
    ['yielded', 'damage_to_pay']
    >>> game.pending().kind.value, game.pending().amount
    ('pay_damage', 10)

API
- `Game.new(players=N, mode="digital"|"table", seed=0, settings=Settings(), first_seat=1)`.
  Seats are 1..N, clockwise.
- `game.pending() -> Prompt | None`: `seat`, `kind` (`PromptKind`: play, pay_damage,
  choose_next, jester_flip, reveal_enemy), `step`, and per kind `can_yield`, `amount`
  and `paid`, `flips_left`, `choices`, `expected_rank`; `to_json()`.
- `game.submit(seat, action) -> list[Event]`. Actions: `Play(cards)`, `Yield()`,
  `Discard(cards)` (adds up over several submissions; overpaying is allowed; with
  `Settings(allow_overpay=False)` one `Discard` pays the whole damage, no card spare),
  `CannotPay()` (table), `ChooseNext(seat)`, `FlipJester()`, `DeclineFlip()`,
  `RevealEnemy(card)` (table), `CorrectHandCount(seat, count)` (table, any time).
  A refusal raises `IllegalAction`/`InvalidAction` (engine.core.errors) with a
  `Reason` and data, e.g. `combo_over_ten (total=12, limit=10)`, and changes nothing.
- Events: frozen dataclasses with a stable `kind` and `to_json()` (`EVENT_KINDS`).
  In table mode the physical ones carry `instruction=True`.
- `game.legal_actions()`: `in`, iteration, `len` (listed once per state);
  `game.is_legal(seat, action)`; `game.step_random(below)` / `play_random(below)`
  submit the listed action `below(n)` picks, trusted, without building the list
  where it need not; `RandomBot(seed)` plays digital games with them.
- `game.view(seat=None) -> dict`: the public state (never a hand or the tavern order);
  a seat's view adds its own hand. `game.events()` is the log since setup.
- `Game.from_position(players, enemy=..., hands={...}, tavern=..., ...)`: a digital
  game from a chosen position (tests, puzzles); `game.zones()` shows every card, for
  tests and tools only.
- Cards: `Card`, `parse_card("C8")`/`format_card`, `jester` for either joker. Values
  and the player-count table are data (`data/rules.json`, loaded by `rules.py`).

Table mode: hands, tavern and castle are physical. The engine asks for each new enemy
(`reveal_enemy`), counts hands and piles, turns Hearts/Diamonds/exact kills into
instructions, and checks scans against what it knows; a scan that contradicts only a
count wins over the count (`hand_count_corrected`). At Step 4 the player scans
discards one at a time (with `allow_overpay=False` the table gathers them into one
`Discard`); `CannotPay()` declares a hand too weak.
"""

from engine.regicide.actions import (
    ACTION_TYPES,
    Action,
    CannotPay,
    ChooseNext,
    CorrectHandCount,
    DeclineFlip,
    Discard,
    FlipJester,
    Play,
    RevealEnemy,
    Yield,
)
from engine.regicide.bot import RandomBot
from engine.regicide.cards import Card, format_card, parse_card, parse_cards
from engine.regicide.events import EVENT_KINDS, EVENT_TYPES, Event
from engine.regicide.game import Game
from engine.regicide.legal import LegalActions
from engine.regicide.prompts import PROMPT_KINDS, Prompt, PromptKind
from engine.regicide.reasons import REASONS, Reason
from engine.regicide.settings import Settings

__all__ = [
    "ACTION_TYPES",
    "Action",
    "CannotPay",
    "Card",
    "ChooseNext",
    "CorrectHandCount",
    "DeclineFlip",
    "Discard",
    "EVENT_KINDS",
    "EVENT_TYPES",
    "Event",
    "FlipJester",
    "Game",
    "LegalActions",
    "PROMPT_KINDS",
    "Play",
    "Prompt",
    "PromptKind",
    "REASONS",
    "RandomBot",
    "Reason",
    "RevealEnemy",
    "Settings",
    "Yield",
    "format_card",
    "parse_card",
    "parse_cards",
]
