"""Solo Regicide at the table: the Jester flips are offered only when they can help, the
prompt says what a flip does, and a Jester at the wrong moment is refused with the solo
rule (docs/regicide.md §1.12), in every language Regicide is narrated in."""

from __future__ import annotations

from companion.table.outcome import Status
from tests.regicide_table.helpers import Game


def test_a_jester_scanned_during_a_play_is_refused_with_the_solo_flip_rule() -> None:
    """A Jester scanned with a card staged used to get the multiplayer "always played on
    its own" reason: in solo the reason is when a flip may be made, with the figures."""
    game = Game(1)
    game.apply("@* scan DJ", "@* press no", "@* scan C8")
    before = game.view
    outcome = game.apply("@* scan jester")
    assert outcome.status is Status.REFUSED
    assert outcome.refusal == {
        "reason": "flip_not_now", "now": "play", "flips_left": 2, "max_hand": 8,
    }  # fmt: skip
    assert game.view == before  # ♣8 still staged, nothing else changed
    assert game.last("en") == (
        "In a solo game a Jester is never played: it is a flip (discard your hand, draw up to 8 "
        "from the tavern), offered only at the start of your turn before you play and before "
        "you pay damage; not during a play or a yield (Jester flips left: 2)."
    )
    assert game.last("zh-Hans") == (
        "单人游戏中小丑不能打出：它只用来翻（弃掉全部手牌，从酒馆牌堆补到8张），且只在回合开始"
        "出牌前和承受伤害前询问时才能翻；现在是出牌或让过，不能翻（小丑还剩2次）。"
    )
    assert game.last("es") == (
        "En solitario el Bufón nunca se juega: se voltea (descartas tu mano y robas de la "
        "Taberna hasta tener 8), y solo se ofrece al empezar tu turno, antes de jugar, y antes "
        "de pagar el daño; ahora no: toca jugar o ceder (volteos de Bufón restantes: 2)."
    )
    assert game.last("vi") == (
        "Chơi một người thì Chú hề không bao giờ được đánh ra: nó chỉ dùng để lật (bỏ hết bài "
        "trên tay, rút từ Quán rượu cho đủ 8 lá), và chỉ được hỏi lúc bắt đầu lượt trước khi "
        "đánh bài và trước khi chịu đòn; không phải lúc đánh bài hoặc nhường (còn 2 lần lật)."
    )


def test_a_jester_scanned_while_paying_is_refused_with_the_solo_flip_rule() -> None:
    """After declining the flip before paying, a scanned Jester says when flips happen."""
    game = Game(1)
    game.apply("@* scan DJ", "@* press no", "@* scan C8", "@* press ok", "@* press no")
    assert game.waiting["kind"] == "pay_damage"
    outcome = game.apply("@* scan jester")
    assert outcome.refusal == {
        "reason": "flip_not_now", "now": "pay_damage", "flips_left": 2, "max_hand": 8,
    }  # fmt: skip
    assert game.last("en").endswith("not during discards to pay the damage (Jester flips left: 2).")


def test_the_flip_prompt_says_what_a_flip_does_in_figures() -> None:
    """The prompt before paying names the damage, the cards discarded and drawn."""
    game = Game(1)
    game.apply("@* scan DJ")
    assert game.last("en") == (
        "Player 1: flip a Jester before you play? That discards your hand (8 cards) and draws "
        "8 cards from the tavern. OK or scan the Jester to flip, NO to play this hand (Jester "
        "flips left: 2)."
    )
    game.apply("@* press no", "@* scan C8", "@* press ok")
    assert game.pending == {
        "seat": 1, "kind": "jester_flip", "step": 4, "flips_left": 2, "hand": 7, "draws": 8,
        "amount": 10,
    }  # fmt: skip
    assert game.last("en") == (
        "Player 1: 10 damage to pay. Flip a Jester first? That discards your hand (7 cards) and "
        "draws 8 cards from the tavern. OK or scan the Jester to flip, NO to pay with this hand "
        "(Jester flips left: 2)."
    )
    assert game.last("zh-Hans") == (
        "1号玩家：需承受10点伤害。先翻一张小丑吗？这会弃掉你的全部手牌（7张牌），并从酒馆牌堆摸8张牌。"
        "按确定或扫描小丑即翻，按取消则用现有手牌支付（小丑还剩2次）。"
    )
    assert game.last("es") == (
        "Jugador 1: debes pagar 10 de daño. ¿Volteas antes un Bufón? Descartas tu mano (7 "
        "cartas) y robas 8 cartas de la Taberna. OK o escanea el Bufón para voltear, NO para "
        "pagar con esta mano (volteos de Bufón restantes: 2)."
    )
    assert game.last("vi") == (
        "Người chơi 1: phải chịu 10 sát thương. Lật một lá Chú hề trước không? Bạn sẽ bỏ hết "
        "bài trên tay (7 lá) và rút 8 lá từ Quán rượu. Bấm OK hoặc quét lá Chú hề để lật, NO "
        "để trả bằng bài đang có (còn 2 lần lật)."
    )


def test_no_flip_is_offered_when_nothing_is_owed() -> None:
    """A spade shield that covers the attack leaves nothing to pay: the turn ends and the
    next turn's flip is offered, not a flip "before paying" nothing."""
    game = Game(1)
    outcome = game.apply("@* scan HJ", "@* press no", "@* scan S10", "@* press ok")
    steps = [(e["kind"], e.get("amount")) for e in outcome.events]
    assert steps[-2:] == [("damage_to_pay", 0), ("turn_started", None)]
    assert game.waiting["kind"] == "jester_flip" and game.waiting["step"] == 1
    assert "amount" not in game.waiting
    assert game.last("en").startswith("Player 1: flip a Jester before you play?")


def test_with_players_a_jester_with_other_cards_gets_the_played_alone_rule_with_the_count() -> None:
    """In a 3-player game the Jester is a card of the tavern: with ♠4 staged it is refused
    as played on its own, and the sentence gives the play's size."""
    game = Game(3)
    game.apply("@* scan CJ", "@1 scan S4")
    outcome = game.apply("@1 scan jester")
    assert outcome.refusal == {"reason": "jester_not_alone", "cards": 2}
    assert game.last("en") == "The Jester is always played on its own: this play has 2 cards."
    assert game.last("zh-Hans") == "小丑总是单独打出：这次出牌有2张。"
    assert game.last("es") == "El Bufón siempre se juega solo: esta jugada tiene 2 cartas."
    assert game.last("vi") == "Chú hề luôn được đánh một mình: lượt đánh này có 2 lá."


def test_a_jester_after_both_flips_says_none_is_left() -> None:
    """Both Jesters flipped, a scanned Jester is refused saying that no flip is left."""
    game = Game(1)
    game.apply("@* scan SJ", "@* press ok", "@* press ok")
    assert game.waiting["kind"] == "play"
    outcome = game.apply("@* scan jester")
    assert outcome.refusal == {
        "reason": "flip_not_now", "now": "play", "flips_left": 0, "max_hand": 8,
    }  # fmt: skip
    assert game.last("en") == (
        "In a solo game a Jester is never played: the Jesters are flips, and none is left."
    )
    assert game.last("zh-Hans") == "单人游戏中小丑不能打出：小丑只用来翻，而且已经没有可翻的了。"
    assert game.last("es") == (
        "En solitario el Bufón nunca se juega: los Bufones solo se voltean, y no queda ninguno."
    )
    assert game.last("vi") == (
        "Chơi một người thì Chú hề không bao giờ được đánh ra: Chú hề chỉ dùng để lật, và đã "
        "hết lượt lật."
    )
