"""House settings that act at the table only through what the companion tells the
players (docs/regicide.md §1.14): each accepted setting must do something at the table."""

from __future__ import annotations

from tests.regicide_table.helpers import Game


def test_the_diamond_mulligan_is_told_at_set_up_in_every_language() -> None:
    """`diamond_mulligan=true` was accepted and did nothing at the table (the engine deals
    only digital hands); now the set-up says how to redeal, right after the deal."""
    game = Game(3, {"diamond_mulligan": True})
    assert game.said["en"][1] == (
        "House rule (Diamond mulligan): a player whose opening hand holds no Diamond "
        "shuffles it back into the tavern deck and draws 6 cards again, once."
    )
    assert game.said["zh-Hans"][1] == (
        "房规（方块重发）：起始手牌中没有方块的玩家，把这手牌洗回酒馆牌堆，重新摸6张牌，仅限一次。"
    )
    assert game.said["es"][1] == (
        "Regla de la casa (mulligan de diamantes): quien no tenga ningún diamante en su mano "
        "inicial la baraja de nuevo en la Taberna y vuelve a robar 6 cartas, una sola vez."
    )
    assert game.said["vi"][1] == (
        "Luật nhà (đổi bài khi không có Rô): người chơi nào không có lá Rô nào trong bài khởi "
        "đầu thì xáo bài đó trở lại Quán rượu và rút lại 6 lá, chỉ một lần."
    )
    assert [h["count"] for h in game.view["hands"]] == [6, 6, 6]
    assert not any("mulligan" in s for s in Game(3).said["en"])
