"""Legal plays in Step 1 (docs/regicide.md §1.4, §1.8): singles, companions, combos, the Jester."""

from __future__ import annotations

import itertools
import random

import pytest

from engine.core.errors import IllegalAction, InvalidAction
from engine.regicide import Game, Play, parse_cards
from engine.regicide.cards import FULL_DECK, ROYAL
from engine.regicide.plays import check_play, legal_plays

from .helpers import only, refuse


def _game(hand: str, enemy: str = "SJ", players: int = 2) -> Game:
    return Game.from_position(
        players,
        enemy=enemy,
        hands={1: hand, 2: "D9"} if players > 1 else {1: hand},
        tavern="C10 S10",
    )


@pytest.mark.parametrize(
    ("cards", "x", "shape"),
    [
        ("H7", 7, "single"),
        ("HA", 1, "single"),
        ("HK", 20, "single"),
        ("HA D8", 9, "companion"),
        ("HA CA", 2, "companion"),
        ("DA HQ", 16, "companion"),
        ("H2 D2", 4, "combo"),
        ("H3 D3 C3", 9, "combo"),
        ("H2 D2 C2 S2", 8, "combo"),
        ("H5 D5", 10, "combo"),
    ],
)
def test_legal_play_shapes_and_values(cards: str, x: int, shape: str) -> None:
    """Each legal shape is accepted with X = the sum of its values (§1.4)."""
    game = _game(cards + " C9")
    played = only(game.submit(1, Play(parse_cards(cards))), "cards_played")
    assert (played.value, played.play) == (x, shape)


def test_combo_over_ten_is_refused() -> None:
    """Three 4s (12) exceed 10: refused with the total (§1.4)."""
    game = _game("H4 D4 C4")
    err = refuse(game, 1, Play(parse_cards("H4 D4 C4")), "combo_over_ten")
    assert err.data == {"total": 12, "limit": 10}
    refuse(game, 1, Play(parse_cards("H2 D2")), "card_not_in_hand")


def test_two_aces_and_a_card_is_refused() -> None:
    """An Ace pairs with exactly one other card: two Aces plus a card is refused (§1.4)."""
    game = _game("HA DA C5")
    refuse(game, 1, Play(parse_cards("HA DA C5")), "ace_pair_too_many_cards")


def test_ace_never_joins_a_combo() -> None:
    """Aces cannot combine with a same-rank combo (§1.4)."""
    game = _game("HA D2 C2")
    refuse(game, 1, Play(parse_cards("HA D2 C2")), "ace_pair_too_many_cards")


def test_jester_with_another_card_is_refused() -> None:
    """The Jester is always played alone, also with an Ace (§1.8)."""
    game = _game("jester HA C5", players=3)
    refuse(game, 1, Play(parse_cards("jester HA")), "jester_not_alone")
    refuse(game, 1, Play(parse_cards("jester C5")), "jester_not_alone")


def test_mixed_ranks_and_royal_combos_are_refused() -> None:
    """A combo needs one rank of number cards; recruited royals never combo (§1.4)."""
    game = _game("H3 D4 HJ DJ")
    refuse(game, 1, Play(parse_cards("H3 D4")), "combo_mixed_ranks")
    refuse(game, 1, Play(parse_cards("HJ DJ")), "combo_not_number_cards")


def test_card_not_in_hand_duplicates_and_empty_plays_are_refused() -> None:
    """Only cards in the hand, each once, and at least one (§1.4)."""
    game = _game("H3 D3")
    refuse(game, 1, Play(parse_cards("C3")), "card_not_in_hand")
    refuse(game, 1, Play(parse_cards("H3 H3")), "duplicate_card")
    refuse(game, 1, Play(()), "no_cards")
    refuse(game, 2, Play(parse_cards("D9")), "not_your_decision")


def test_unknown_card_text_is_invalid() -> None:
    """A card text that names no card is InvalidAction, not IllegalAction."""
    game = _game("H3")
    refuse(game, 1, Play(("Z9",)), "unknown_card", InvalidAction)  # type: ignore[arg-type]  # card text on purpose: the engine parses it
    refuse(game, 1, Play("H3"), "unknown_card", InvalidAction)  # type: ignore[arg-type]  # card text on purpose: the engine parses it
    assert game.submit(1, Play(("H3",)))  # type: ignore[arg-type]  # text on purpose: it is parsed


def test_legal_plays_match_check_play_on_random_hands() -> None:
    """Every group of a hand is listed by legal_plays exactly when check_play accepts it."""
    rng = random.Random(5)
    deck = [c for c in FULL_DECK if not ROYAL[c] or rng.random() < 0.3]
    for _ in range(300):
        hand = rng.sample(deck, rng.randint(1, 8))
        listed = {tuple(sorted(p.cards)) for p in legal_plays(hand)}
        accepted = set()
        for k in range(1, 5):
            for group in itertools.combinations(sorted(hand), k):
                if len(set(group)) < len(group) and not all(c.is_jester for c in group):
                    continue
                try:
                    check_play(group)
                except IllegalAction:
                    continue
                accepted.add(group)
        assert listed == accepted, hand
