"""`allow_overpay=false` at the table (docs/regicide.md §1.14-6): a payment is one set, judged
whole. Before, each scanned discard was its own payment, so ♦2 then ♥10 against 10 paid
12 and the setting never refused anything at the table."""

from __future__ import annotations

from companion.table.outcome import Status
from tests.regicide_table.helpers import Game


def _owing_ten(**settings: object) -> Game:
    """Two players against ♠J; player 1's ♣5 (doubled) leaves ♠J striking for 10."""
    game = Game(2, dict(settings))
    game.apply("@* scan SJ", "@1 scan C5", "@1 press ok")
    return game


def test_by_default_discards_are_summed_as_scanned() -> None:
    """The rulebook's reading: ♦2 then ♥10 pays 12 of 10 and the turn passes."""
    game = _owing_ten()
    game.apply("@1 scan D2")
    outcome = game.apply("@1 scan H10")
    assert [e["kind"] for e in outcome.events][:2] == ["cards_discarded", "damage_paid"]
    assert game.waiting["seat"] == 2 and game.waiting["kind"] == "play"


def test_a_card_to_spare_is_refused_with_the_figures_and_changes_nothing() -> None:
    """With the setting the discards are staged; ♥10 after ♦2 would leave ♦2 unneeded:
    refused at once with the numbers, ♦2 stays staged, nothing else changes."""
    game = _owing_ten(allow_overpay=False)
    assert game.pending == {
        "seat": 1, "kind": "pay_damage", "step": 4, "amount": 10, "paid": 0, "left": 10,
        "one_set": True,
    }  # fmt: skip
    assert game.last("en") == (
        "Player 1: discard cards worth at least 10, with no card more than needed (house "
        "setting): scan them, then OK (hold NO if your whole hand cannot pay)."
    )
    assert game.apply("@1 scan D2").status is Status.ACCEPTED
    assert game.pending["staged"] == ["D2"] and game.pending["staged_value"] == 2
    before = game.view
    outcome = game.apply("@1 scan H10")
    assert outcome.status is Status.REFUSED
    assert outcome.refusal == {
        "reason": "card_not_needed", "card": "D2", "rest": 10, "remaining": 10, "total": 12,
    }  # fmt: skip
    assert game.view == before
    assert game.last("en") == (
        "♦2 is not needed: without it the payment still makes 10, and 10 is owed (house "
        "setting: no card more than needed)."
    )
    assert game.last("zh-Hans") == (
        "不需要♦2：没有它，这组牌仍有10，而只需支付10（房规：不得有多余的牌）。"
    )
    assert game.last("es") == (
        "♦2 no hace falta: sin ella el pago ya suma 10, y se deben 10 (regla de la casa: "
        "ninguna carta de más)."
    )
    assert game.last("vi") == (
        "Không cần ♦2: không có nó, bộ bài vẫn đủ 10, mà chỉ phải trả 10 (luật nhà: không "
        "lá nào thừa)."
    )


def test_ok_pays_with_the_staged_set_and_a_short_set_is_refused() -> None:
    """OK with a set short of the damage is refused with the figures; NO takes the set
    back; ♥10 alone then OK pays exactly and the turn passes."""
    game = _owing_ten(allow_overpay=False)
    game.apply("@1 scan D2")
    before = game.view
    outcome = game.apply("@1 press ok")
    assert outcome.refusal == {"reason": "payment_short", "total": 2, "owed": 10}
    assert game.view == before
    assert game.last("en") == (
        "2 is not enough against 10: with no card more than needed (house setting) the damage "
        "is paid with one set of cards; scan more, then OK (hold NO if your whole hand cannot "
        "pay)."
    )
    assert game.last("zh-Hans") == (
        "2不足以支付10：按房规（不得有多余的牌），伤害须用一组牌一次付清；请继续扫描，然后按确定"
        "（若全部手牌也不够，请长按取消）。"
    )
    assert game.last("es") == (
        "2 no alcanza para 10: sin cartas de más (regla de la casa) el daño se paga con un solo "
        "grupo de cartas; escanea más y pulsa OK (mantén NO si toda tu mano no alcanza)."
    )
    assert game.last("vi") == (
        "2 chưa đủ để trả 10: theo luật nhà (không lá nào thừa), sát thương phải trả một lần "
        "bằng một bộ bài; hãy quét thêm rồi bấm OK (giữ nút NO nếu cả bài trên tay cũng không "
        "đủ)."
    )
    game.apply("@1 press no")
    assert game.said["en"][-2] == "Player 1 takes back ♦2."
    assert "staged" not in game.waiting
    assert game.apply("@1 press ok").refusal == {
        "reason": "regicide.scan_to_pay", "seat": 1, "amount": 10,
    }  # fmt: skip
    game.apply("@1 scan H10")
    assert game.last("en") == (
        "Player 1: ♥10 (10 of 10) ready to pay: OK pays with them, NO takes them back, or scan "
        "another card (house setting: no card more than needed)."
    )
    refusal = game.apply("@1 scan C3").refusal
    assert refusal is not None and refusal["reason"] == "card_not_needed"
    outcome = game.apply("@1 press ok")
    assert outcome.action == {"kind": "discard", "cards": ["H10"]}
    paid = [e for e in outcome.events if e["kind"] == "damage_paid"]
    assert [(e["paid"], e["overpaid"]) for e in paid] == [(10, 0)]
    assert game.waiting["seat"] == 2 and game.waiting["kind"] == "play"


def test_a_set_of_two_needed_cards_pays_and_hold_no_still_gives_up() -> None:
    """♣3 + ♥7 = 10 needs both cards; at a later payment, hold NO declares the hand
    too weak (with cards staged too), which loses."""
    game = _owing_ten(allow_overpay=False)
    game.apply("@1 scan C3", "@1 scan H7")
    outcome = game.apply("@1 press ok")
    assert outcome.action == {"kind": "discard", "cards": ["C3", "H7"]}
    game.apply("@2 press no")  # player 2 yields: ♠J strikes for 10
    game.apply("@2 scan S9")
    outcome = game.apply("@2 press no long")
    assert [e["kind"] for e in outcome.events] == ["game_lost"]
    assert game.pending is None
