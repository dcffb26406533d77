"""Cards, their text and values, and the packaged rules data (docs/regicide.md §1.1, §1.2)."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from engine.core.cards import Rank, Suit
from engine.regicide import Card, Game, Settings, format_card, parse_card
from engine.regicide.cards import CARDS, FULL_DECK
from engine.regicide.rules import RULES, RulesDataError, parse_rules
from engine.regicide.state import card_values


def test_every_card_text_round_trips() -> None:
    """parse_card(format_card(c)) is c for all 53 distinct cards, and repr rebuilds it."""
    for card in CARDS:
        assert parse_card(format_card(card)) is card
        assert eval(repr(card), {"Card": Card}) is card


def test_deck_is_54_cards_with_two_jesters() -> None:
    """The standard deck: 52 distinct suit-rank cards and the Jester twice."""
    assert len(FULL_DECK) == 54
    assert FULL_DECK.count(Card.JESTER) == 2
    assert len(set(FULL_DECK)) == 53


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("C8", (Suit.CLUB, Rank.EIGHT)),
        ("♠K", (Suit.SPADE, Rank.KING)),
        ("ha", (Suit.HEART, Rank.ACE)),
        ("D10", (Suit.DIAMOND, Rank.TEN)),
    ],
)
def test_card_text_parses_suit_and_rank(text: str, expected: tuple[Suit, Rank]) -> None:
    """Card text `<suit><rank>` in letters or symbols, any case (docs/catalogue-ids.md)."""
    card = parse_card(text)
    assert (card.suit, card.rank) == expected


def test_either_joker_is_the_jester() -> None:
    """`jester` (any case) names either joker; it has no suit and no rank."""
    for text in ("jester", "JESTER", " Jester "):
        card = parse_card(text)
        assert card is Card.JESTER and card.suit is None and card.rank is None and card.is_jester


@pytest.mark.parametrize("text", ["", "C1", "X5", "C11", "joker!", "S"])
def test_bad_card_text_is_refused(text: str) -> None:
    """Text that names no card raises ValueError."""
    with pytest.raises(ValueError):
        parse_card(text)


def test_card_values_follow_the_rulebook() -> None:
    """2-10 face value, Ace 1, J/Q/K 10/15/20 in hand, Jester 0 (docs/regicide.md §1.1)."""
    values = card_values(Settings())
    assert [
        values[parse_card(t)] for t in ("SA", "H2", "C9", "D10", "SJ", "HQ", "CK", "jester")
    ] == [1, 2, 9, 10, 10, 15, 20, 0]


def test_enemy_stats_and_player_table_follow_the_rulebook() -> None:
    """Enemy attack/health J 10/20, Q 15/30, K 20/40; Jesters and hand size per player count (docs/regicide.md §1.1, §1.2)."""
    assert {k: (e.attack, e.health) for k, e in RULES.enemies.items()} == {
        "J": (10, 20),
        "Q": (15, 30),
        "K": (20, 40),
    }
    table = {n: (r.jesters_in_tavern, r.max_hand) for n, r in RULES.by_players.items()}
    assert table == {1: (0, 8), 2: (0, 7), 3: (1, 6), 4: (2, 5)}
    assert RULES.solo_tiers == ("gold", "silver", "bronze")


def _raw() -> dict:
    return json.loads(resources.files("engine.regicide").joinpath("data/rules.json").read_text())


@pytest.mark.parametrize(
    ("break_it", "key"),
    [
        (lambda raw: raw["players"].pop(), "players"),
        (lambda raw: raw["enemies"][0].update(health=-1), "enemies[J].health"),
        (lambda raw: raw["card_values"].pop(), "card_values"),
        (lambda raw: raw["players"][3].update(jesters_in_tavern=3), "players"),
        (lambda raw: raw.pop("max_combo_total"), "max_combo_total"),
        (lambda raw: raw["enemies"][1].pop("id"), "enemies[1].id"),
        (lambda raw: raw["card_values"][0].update(id=1), "card_values[0].id"),
    ],
)
def test_malformed_rules_data_names_the_key(break_it, key: str) -> None:
    """A broken rules file fails validation with the file and key in the message."""
    raw = copy.deepcopy(_raw())
    break_it(raw)
    with pytest.raises(
        RulesDataError, match=r"rules\.json: " + key.replace("[", r"\[").replace("]", r"\]")
    ):
        parse_rules(raw)


def test_game_new_refuses_bad_arguments() -> None:
    """Player count, mode, seed and first seat out of range raise ValueError."""
    for kwargs in (
        {"players": 0},
        {"players": 5},
        {"players": 2, "mode": "vr"},
        {"players": 2, "first_seat": 3},
        {"players": 2, "seed": "x"},
    ):
        with pytest.raises(ValueError):
            Game.new(**kwargs)
    with pytest.raises(ValueError):
        Game.new(players=1, settings=Settings(min_players=2))


def test_card_constructor_and_properties() -> None:
    """Card(text) parses, Card(id) looks up, anything else is refused; royals are J, Q, K."""
    assert Card("SK") is Card(12) and Card(52) is Card.JESTER
    assert Card("SK").is_royal and not Card("S10").is_royal and not Card.JESTER.is_royal
    assert Card("D7").text == "D7" and str(Card("D7")) == "D7"
    for bad in (53, -1, True, 2.0):
        with pytest.raises(ValueError):
            Card(bad)  # type: ignore[arg-type]  # ill-typed on purpose: it must be refused
    assert copy.deepcopy(Card("HA")) is Card("HA")
