"""Regicide narration: every event kind, prompt kind and refusal reason of the engine has a
sentence in every language Regicide is offered in, and each renders cleanly.

This extends the narration coverage test (tests/narration/test_coverage.py) to Regicide's
own catalogues (`companion/narration/data/regicide.<lang>.json`).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from companion.narration import Narrator
from companion.narration.messages import all_languages, catalogue, languages, messages
from companion.narration.templates import fields_of
from engine.regicide import EVENT_KINDS, EVENT_TYPES, PROMPT_KINDS, REASONS, Prompt, PromptKind
from engine.regicide.reasons import Reason

LANGS = languages("regicide")
KINDS = {t.kind: t for t in EVENT_TYPES}

# A plausible value for each field of the engine's events (and the table's additions).
SAMPLES: dict[str, Any] = {
    "seat": 2, "players": 3, "mode": "table", "first_seat": 1, "max_hand": 6,
    "jesters_in_tavern": 1, "tavern_count": 23, "jester_flips": 2, "settings": {},
    "instruction": True, "card": "CJ", "attack": 10, "health": 20, "immune": "C",
    "castle_left": 11, "step": 1, "discarded": 6, "drawn": 8, "flips_left": 1,
    "cards": ["S4", "H4"], "value": 8, "play": "combo", "enemy": "CJ", "cancelled": "C",
    "suit": "C", "moved": 4, "discard_count": 0, "retroactive": False, "order": [3, 1, 2],
    "amount": 2, "shield": 8, "doubled": True, "damage": 16, "total": 16, "hp_left": 4,
    "exact": True, "to": "tavern_top", "cards_discarded": 4, "paid": 4, "overpaid": 2,
    "chosen": 3, "counted": 2, "corrected": 3, "cause": "scan", "tier": "gold",
    "jesters_used": 0, "reason": "cannot_pay", "hand_value": 7,
    # added by companion.table.regicide.told
    "shape": "each", "drawers": [3, 1, 2], "left": 1, "fate": "exact",
}  # fmt: skip

# The data each refusal reason carries (engine/regicide), for rendering.
REASON_DATA: dict[str, dict[str, Any]] = {
    "unknown_action": {"action": "Dance"},
    "unknown_card": {"card": "Z9"},
    "no_such_seat": {"seat": 5, "players": 3},
    "not_your_decision": {"seat": 3, "expected": 1, "prompt": "play"},
    "unexpected_action": {"action": "yield", "expected": "pay_damage"},
    "only_in_table_mode": {"action": "cannot_pay"},
    "card_not_in_hand": {"seat": 1, "card": "C8"},
    "duplicate_card": {"card": "C8"},
    "jester_not_alone": {"cards": 2},
    "ace_pair_too_many_cards": {"aces": 2, "others": 1},
    "combo_mixed_ranks": {"ranks": [5, 6]},
    "combo_not_number_cards": {"rank": 11},
    "combo_over_ten": {"total": 12, "limit": 10},
    "yield_after_everyone_yielded": {"seat": 3, "others": [1, 2]},
    "card_not_needed": {"card": "C2", "rest": 10, "remaining": 5, "total": 12},
    "payment_short": {"total": 2, "owed": 5},
    "may_not_choose_self": {"seat": 2},
    "no_flips_left": {"used": 2},
    "one_flip_per_moment": {"flips_left": 1},
    "flip_not_now": {"now": "play", "flips_left": 1, "max_hand": 8},
    "flip_with_empty_hand": {"seat": 1},
    "not_a_royal": {"card": "C8"},
    "wrong_enemy_tier": {"card": "SQ", "expected": "J"},
    "enemy_already_revealed": {"card": "CJ"},
    "royal_not_defeated": {"card": "SK"},
    "card_already_in_play": {"card": "S4"},
    "no_jester_left": {"jesters_in_game": 1},
    "bad_hand_count": {"count": 9, "max_hand": 6},
    "bad_settings": {"setting": "speed", "value": 3},
}
TABLE_REFUSALS = ("bad_settings",)
"""Refusals the table layer reports as the engine's (a clock setting the game lacks)."""

THREE_KINGDOMS_ONLY = {
    "who_is_it", "not_now", "not_at_table", "scan_skill_token", "finish_skill",
    "scan_identity", "scan_general", "scan_card_first", "nothing_to_cancel",
    "choose_targets_first", "scan_or_no", "flip_and_scan", "claimed", "skill_staged",
    "skill_cancelled", "target_added", "card_added", "aimed_at_source", "no_skill_to_start",
    "halberd_last_card", "last_comparison", "extra_turn", "extra_turn_next",
}  # fmt: skip
"""The shared table messages a Regicide game never says (staging skills, generals...)."""


def _event(kind: str, **over: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": kind}
    for f in dataclasses.fields(KINDS[kind]):
        out[f.name] = SAMPLES.get(f.name, "x")
    for name in ("shape", "drawers", "drawn", "left", "fate"):
        out.setdefault(name, SAMPLES[name])
    return {**out, **over}


def _clean(sentence: str) -> bool:
    return (
        bool(sentence)
        and "{" not in sentence
        and "None" not in sentence
        and not sentence.startswith("[")
    )


def _fields(message: Any) -> set[str]:
    """Every placeholder a message may fill, over its variants and cases."""
    if isinstance(message, dict):
        subs = [*message["cases"].values(), message["default"]]
        return set().union(*(_fields(sub) for sub in subs))
    variants = [message] if isinstance(message, str) else message
    return {name for variant in variants for name, _ in fields_of(variant)}


TOLD = {"diamonds_drawn": {"shape", "drawers", "drawn"}, "cards_discarded": {"left"},
        "enemy_defeated": {"fate"}}  # fmt: skip
"""The fields `companion.table.regicide.told` adds to events for narration."""


@pytest.mark.parametrize("lang", LANGS)
def test_messages_use_only_fields_their_data_carries(lang: str) -> None:
    """No message names a field its event, prompt or refusal lacks (it would read "nobody")."""
    cat = catalogue(lang, "regicide")
    for kind, event in KINDS.items():
        have = {f.name for f in dataclasses.fields(event)} | TOLD.get(kind, set())
        assert _fields(cat["event"][f"regicide.{kind}"]) <= have, kind
    prompt_fields = {"seat", "kind", "step", "amount", "paid", "can_yield", "flips_left",
                     "choices", "expected_rank", "left", "staged", "staged_value",
                     "hand", "draws"}  # fmt: skip
    for kind in PROMPT_KINDS:
        assert _fields(cat["prompt"][f"regicide.{kind}"]) <= prompt_fields, kind
    for reason in REASONS + TABLE_REFUSALS:
        have = set(REASON_DATA.get(reason, {}))
        assert _fields(cat["reason"][f"regicide.{reason}"]) <= have, reason


def test_regicide_is_offered_in_four_languages_and_three_kingdoms_kill_in_three() -> None:
    """Regicide adds Vietnamese; Three Kingdoms Kill has no Vietnamese catalogue, and its
    narrator refuses vi with a clear error."""
    assert LANGS == ("zh-Hans", "en", "es", "vi")
    assert languages("sanguosha") == ("zh-Hans", "en", "es")
    assert "vi" in all_languages()
    with pytest.raises(ValueError, match="sanguosha has no narration in 'vi'"):
        Narrator("vi", "sanguosha")


def test_the_shared_catalogues_are_unchanged_by_regicide() -> None:
    """Three Kingdoms Kill's catalogue is exactly the shared file: no Regicide key leaks in."""
    for lang in ("zh-Hans", "en", "es"):
        assert catalogue(lang, "sanguosha") == messages(lang)
        assert not any(k.startswith("regicide.") for k in messages(lang)["event"])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("section", "kinds"),
    [("event", EVENT_KINDS), ("prompt", PROMPT_KINDS), ("reason", REASONS + TABLE_REFUSALS)],
)
def test_every_kind_has_a_sentence(lang: str, section: str, kinds: tuple[str, ...]) -> None:
    """Each Regicide event kind, prompt kind and refusal reason has a message in `lang`."""
    missing = sorted(
        k for k in kinds if f"regicide.{k}" not in catalogue(lang, "regicide")[section]
    )
    assert missing == []


def test_the_languages_have_the_same_regicide_messages_and_words() -> None:
    """Every offered language defines the same Regicide keys and word groups as English."""
    en = catalogue("en", "regicide")
    for lang in LANGS:
        cat = catalogue(lang, "regicide")
        for section in ("event", "prompt", "reason", "table"):
            ours = {k for k in cat[section] if k.startswith("regicide.")}
            assert ours == {k for k in en[section] if k.startswith("regicide.")}, (lang, section)
        for group in ("rg_card", "rg_suit", "rg_rank", "rg_prompt", "rg_view"):
            assert set(cat["names"][group]) == set(en["names"][group]), (lang, group)


def test_vietnamese_has_every_shared_table_message_a_regicide_game_can_say() -> None:
    """vi has no shared catalogue, so its Regicide file carries every table message (undo,
    unknown labels, resume, saving...) and the formats; nothing falls back to a raw key."""
    needed = set(messages("en")["table"]) - THREE_KINGDOMS_ONLY
    vi = catalogue("vi", "regicide")
    assert sorted(needed - set(vi["table"])) == []
    assert set(vi["format"]) == set(messages("en")["format"])
    for group in ("button", "bool", "view"):
        assert set(vi["names"][group]) == set(messages("en")["names"][group])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", sorted(EVENT_KINDS))
def test_every_event_renders_without_placeholders(lang: str, kind: str) -> None:
    """An event with every field filled renders to a sentence with no placeholder left."""
    assert _clean(Narrator(lang, "regicide").event(_event(kind)))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("kind", "cases"),
    [
        ("diamonds_drawn", [{"shape": s} for s in ("none", "one", "alone", "each", "rounds")]),
        ("hearts_healed", [{"moved": 0}, {"moved": 1}]),
        ("enemy_defeated", [{"fate": f} for f in ("exact", "overkill", "exact_last", "overkill_last")]),
        ("game_won", [{"tier": t} for t in ("gold", "silver", "bronze", None)]),
        ("game_lost", [{"reason": r} for r in ("cannot_pay", "cannot_play", "illegal_yield")]),
        ("damage_to_pay", [{"amount": 0}, {"amount": 5}]),
        ("jester_played", [{"cancelled": None}]),
        ("shield_raised", [{"retroactive": True}]),
        ("hand_count_corrected", [{"cause": "host"}]),
        ("game_started", [{"players": 1}, {"players": 4}]),
    ],
)  # fmt: skip
def test_every_case_of_an_event_renders(lang: str, kind: str, cases: list[dict[str, Any]]) -> None:
    """Each case of an event's message (Diamonds' shapes, the fates of an enemy, the solo
    tiers...) renders cleanly and differently from the others."""
    narrator = Narrator(lang, "regicide")
    sentences = [narrator.event(_event(kind, **case)) for case in cases]
    assert all(_clean(s) for s in sentences), sentences
    assert len(set(sentences)) == len(sentences)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", sorted(PROMPT_KINDS))
def test_every_prompt_renders_without_placeholders(lang: str, kind: str) -> None:
    """A prompt as the table writes it (staged cards, what is left to pay) renders cleanly."""
    prompt = Prompt(
        seat=2, kind=PromptKind(kind), step=4, amount=10, paid=3, can_yield=True,
        flips_left=1, choices=(1, 2, 3), expected_rank="Q",
    ).to_json()  # fmt: skip
    narrator = Narrator(lang, "regicide")
    plain = narrator.prompt({**prompt, "left": 7})
    staged = narrator.prompt({**prompt, "left": 7, "staged": ["S4", "H4"], "staged_value": 8})
    figures = narrator.prompt({**prompt, "hand": 5, "draws": 8})  # a flip's, as the table adds
    one_set = narrator.prompt({**prompt, "left": 7, "one_set": True})  # allow_overpay=false
    assert _clean(plain) and _clean(staged) and _clean(figures) and _clean(one_set)
    if kind == "play":
        assert "♠4" in staged and "♠4" not in plain


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("reason", sorted(REASONS + TABLE_REFUSALS))
def test_every_refusal_renders_without_placeholders(lang: str, reason: str) -> None:
    """A refusal with the data the engine gives renders to a sentence that explains it."""
    sentence = Narrator(lang, "regicide").refusal({"reason": reason, **REASON_DATA.get(reason, {})})
    assert _clean(sentence)


def test_reason_data_covers_every_reason_that_carries_data() -> None:
    """The sample data above names only real reasons (a renamed reason fails here)."""
    assert set(REASON_DATA) - set(TABLE_REFUSALS) <= {r.value for r in Reason}


def test_cards_are_written_with_suit_symbols_and_the_jester_by_name() -> None:
    """`C8` is ♣8 in every language; the Jester has its own name in each."""
    names = {lang: Narrator(lang, "regicide").names for lang in LANGS}
    assert {lang: n.card("C8") for lang, n in names.items()} == dict.fromkeys(LANGS, "♣8")
    assert [names[lang].card("jester") for lang in LANGS] == ["小丑", "Jester", "Bufón", "Chú hề"]


def test_seats_are_players_in_each_language() -> None:
    """A seat is written as a player, with the language's own list words."""
    error = {"reason": "yield_after_everyone_yielded", "seat": 3, "others": [1, 2]}
    assert Narrator("en", "regicide").refusal(error) == (
        "Player 3 may not yield: player 1 and player 2 yielded on their last turn, so someone "
        "must play."
    )
    assert (
        Narrator("zh-Hans", "regicide")
        .refusal(error)
        .startswith("3号玩家不能让过：1号玩家和2号玩家")
    )
    assert (
        Narrator("es", "regicide")
        .refusal(error)
        .startswith("El jugador 3 no puede ceder: los jugadores 1 y 2 cedieron")
    )
    assert (
        Narrator("vi", "regicide")
        .refusal(error)
        .startswith("Người chơi 3 không được nhường: người chơi 1 và người chơi 2 đã nhường")
    )
