"""Regicide's own sentences as a native speaker says them: Spanish agreement and
infinitives, Vietnamese word choice, the Chinese 正在等待 of the rest of the narration."""

from __future__ import annotations

from companion.narration import Narrator

HIT = {"kind": "damage_dealt", "seat": 1, "enemy": "CJ", "value": 5, "doubled": False,
       "damage": 5, "total": 5, "hp_left": 15}  # fmt: skip


def test_spanish_enemy_health_agrees_in_number() -> None:
    """ "le quedan 15 de vida", "le queda 1 de vida", as Three Kingdoms Kill says it."""
    es = Narrator("es", "regicide")
    assert es.event(HIT) == "5 de daño a ♣J: le quedan 15 de vida."
    assert es.event({**HIT, "hp_left": 1}) == "5 de daño a ♣J: le queda 1 de vida."
    doubled = {**HIT, "doubled": True, "damage": 10, "hp_left": 10}
    assert es.event(doubled) == "Los tréboles lo doblan: 10 de daño a ♣J, le quedan 10 de vida."


def test_spanish_prompts_say_what_each_button_is_for_and_what_is_awaited() -> None:
    """No "listo" that cannot agree with two cards; "OK para jugar, NO para retirar"; the
    awaited decision as an infinitive ("toca jugar o ceder", not "se espera una jugada o
    ceder")."""
    es = Narrator("es", "regicide")
    staged = {"kind": "play", "seat": 1, "can_yield": True, "staged": ["S4", "H4"],
              "staged_value": 8}  # fmt: skip
    assert es.prompt(staged) == (
        "Jugador 1: a punto de jugar ♠4 y ♥4 (8): OK para jugar, NO para retirar, "
        "o escanea otra carta."
    )
    wrong = {"reason": "unexpected_action", "expected": "play"}
    assert es.refusal(wrong) == "Eso no se puede hacer ahora: toca jugar o ceder."
    flip = es.table("regicide.flip_or_not", seat=1)
    assert (
        flip
        == "Jugador 1: OK (o escanea el Bufón) para voltear un Bufón, NO para seguir sin voltear."
    )


def test_vietnamese_refusals_and_clock_read_naturally() -> None:
    """ "chưa thể" (not yet possible), not "không hợp" (does not suit); "Chưa đến lượt"
    for a decision that is someone else's; no "giờ" that reads as "hour"."""
    vi = Narrator("vi", "regicide")
    assert vi.refusal({"reason": "unexpected_action", "expected": "play"}) == (
        "Lúc này chưa thể làm thao tác đó: đang chờ đánh bài hoặc nhường."
    )
    assert vi.refusal({"reason": "not_your_decision", "seat": 2, "expected": 1}) == (
        "Chưa đến lượt người chơi 2 quyết định: đang chờ người chơi 1."
    )
    assert vi.table("window_length", seconds=5) == "Từ bây giờ, mỗi lượt chờ kéo dài 5 giây."


def test_chinese_regicide_waits_as_the_rest_of_the_narration_does() -> None:
    zh = Narrator("zh-Hans", "regicide")
    assert zh.refusal({"reason": "not_your_decision", "seat": 2, "expected": 1}) == (
        "现在轮不到2号玩家做决定：正在等待1号玩家。"
    )


def test_a_host_correction_to_one_card_is_singular() -> None:
    fixed = {"kind": "hand_count_corrected", "seat": 1, "corrected": 1, "counted": 3,
             "cause": "host"}  # fmt: skip
    assert Narrator("en", "regicide").event(fixed) == (
        "Host correction: player 1 holds 1 card (I counted 3)."
    )
    assert Narrator("es", "regicide").event(fixed) == (
        "Corrección del anfitrión: el jugador 1 tiene 1 carta (yo contaba 3)."
    )
    assert "holds 4 cards" in Narrator("en", "regicide").event({**fixed, "corrected": 4})
