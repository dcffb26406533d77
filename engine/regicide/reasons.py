"""Why the Regicide engine refused an action: one `Reason` per rule it enforces.

Every refusal raises `IllegalAction` (a known action the rules forbid now) or
`InvalidAction` (something that is not an action or a card at all) from
`engine.core.errors`, with a `Reason` and keyword data that explain it, e.g.
`IllegalAction(Reason.COMBO_OVER_TEN, total=12, limit=10)`. Narration turns the
reason into a sentence; the engine writes no text. Values are stable identifiers.
"""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    """A machine-readable refusal reason (the section it enforces in docs/regicide.md)."""

    # not an action at all
    UNKNOWN_ACTION = "unknown_action"
    UNKNOWN_CARD = "unknown_card"
    NO_SUCH_SEAT = "no_such_seat"
    # when and who
    GAME_OVER = "game_over"
    NOT_YOUR_DECISION = "not_your_decision"
    UNEXPECTED_ACTION = "unexpected_action"
    ONLY_IN_TABLE_MODE = "only_in_table_mode"
    # the cards named (§1.4, §1.7)
    NO_CARDS = "no_cards"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    DUPLICATE_CARD = "duplicate_card"
    # legal plays (§1.4, §1.8)
    JESTER_NOT_ALONE = "jester_not_alone"
    ACE_PAIR_TOO_MANY_CARDS = "ace_pair_too_many_cards"
    COMBO_MIXED_RANKS = "combo_mixed_ranks"
    COMBO_NOT_NUMBER_CARDS = "combo_not_number_cards"
    COMBO_OVER_TEN = "combo_over_ten"
    # yielding (§1.9, §1.14 items 1, 7)
    YIELD_AFTER_EVERYONE_YIELDED = "yield_after_everyone_yielded"
    SOLO_YIELD_FORBIDDEN = "solo_yield_forbidden"
    # paying damage (§1.7, §1.14 item 6)
    CARD_NOT_NEEDED = "card_not_needed"
    PAYMENT_SHORT = "payment_short"
    # the Jester's choice (§1.8, §1.14 item 2)
    MAY_NOT_CHOOSE_SELF = "may_not_choose_self"
    # solo flips (§1.12, §1.14 item 20)
    NO_FLIPS_LEFT = "no_flips_left"
    FLIP_NOT_NOW = "flip_not_now"
    ONE_FLIP_PER_MOMENT = "one_flip_per_moment"
    FLIP_WITH_EMPTY_HAND = "flip_with_empty_hand"
    # table mode scans (§1.13)
    NOT_A_ROYAL = "not_a_royal"
    WRONG_ENEMY_TIER = "wrong_enemy_tier"
    ENEMY_ALREADY_REVEALED = "enemy_already_revealed"
    ROYAL_NOT_DEFEATED = "royal_not_defeated"
    CARD_ALREADY_IN_PLAY = "card_already_in_play"
    NO_JESTER_LEFT = "no_jester_left"
    BAD_HAND_COUNT = "bad_hand_count"


REASONS: tuple[str, ...] = tuple(r.value for r in Reason)
