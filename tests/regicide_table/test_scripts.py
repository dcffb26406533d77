"""End to end: Regicide table scripts played by `companion play --game regicide --script`
through the simulated reader, the real BLE stack, the hub, the log, the table, the
engine and narration."""

from __future__ import annotations

from pathlib import Path

from tests.regicide_table.conftest import cut, without_log_length

THREE = "regicide_3p.script"
SOLO = "regicide_solo.script"


def test_three_players_play_to_the_second_enemy(play) -> None:
    """A 3-player game: the enemy scanned, plays, payments, a Jester and the next player
    chosen by the dial end in the state the rules give."""
    run = play(THREE)
    assert run.status == 0, run.err
    state = run.state
    assert (state["game"], state["status"], state["players"]) == ("regicide", "playing", 3)
    assert state["enemy"] == {
        "card": "SJ", "hp_left": 2, "health": 20, "damage": 18, "attack": 2,
        "base_attack": 10, "shield": 8, "immune": None,
    }  # fmt: skip
    assert (state["castle_left"], state["tavern_count"], state["discard_count"]) == (10, 16, 5)
    assert [h["count"] for h in state["hands"]] == [6, 6, 6]
    assert state["pending"] == {
        "seat": 1, "kind": "pay_damage", "step": 4, "amount": 2, "paid": 0, "left": 2,
    }  # fmt: skip
    assert state["jester_flips_left"] is None and state["result"] is None
    assert state["log_length"] == 27


def test_hearts_and_diamonds_are_instructions(play) -> None:
    """Hearts says how many cards go under the tavern deck; Diamonds says who draws, in order."""
    run = play(THREE)
    assert (
        "Diamonds (3): player 3, player 1 and player 2 draw one card each from the tavern, "
        "in that order." in run.lines
    )
    assert (
        "Hearts (9): shuffle the discard pile and slide 4 cards face down under the tavern deck "
        "without looking (0 stay in the discard pile, 24 in the tavern)." in run.lines
    )
    assert "Hearts: the discard pile is empty, nothing to heal." in run.lines


def test_damage_to_pay_is_announced_and_the_discards_summed(play) -> None:
    """The companion says what must be paid and adds up the discards as they are scanned."""
    run = play(THREE)
    start = run.lines.index("Player 2 yields: no play, but the enemy's attack must still be paid.")
    assert run.lines[start + 1 : start + 8] == [
        "The enemy strikes player 2 for 2 (attack 10, shield 8).",
        "Player 2: discard cards worth at least 2 and scan them one by one "
        "(hold NO if your whole hand cannot pay).",
        "Player 2 discards ♣A (1): 1 of 2 paid.",
        "Player 2: 1 more to pay: scan your next discard.",
        "Player 2 discards ♣3 (3): 4 of 2 paid.",
        "Damage paid: discards worth 4 (2 needed).",
        "Player 3's turn.",
    ]


def test_an_exact_kill_puts_the_enemy_on_the_tavern_and_asks_for_the_next(play) -> None:
    """Killing ♣J with exactly its health left sends it to the top of the tavern deck, and
    the companion asks for the next enemy to be scanned."""
    run = play(THREE)
    i = run.lines.index("9 damage to ♣J: 0 health left.")
    assert run.lines[i + 1].startswith("Exact kill! ♣J is defeated: put it face down on top of")
    assert run.lines[i + 2] == "Turn up the top card of the castle deck and scan it (a Jack)."
    assert run.lines[i + 3].startswith("The enemy is ♠J: attack 10, health 20, immune to spades")


def test_the_jester_cancels_immunity_and_its_player_chooses_who_goes_next(play) -> None:
    """The Jester makes ♠J's spades count, and SELECT 3 on the dial gives player 3 the turn."""
    run = play(THREE)
    assert (
        "Player 1 plays the Jester: ♠J loses its immunity to spades ♠. No damage and no attack "
        "this turn; player 1 chooses who goes next." in run.lines
    )
    i = run.lines.index("Player 1 chooses player 3 to go next.")
    assert run.lines[i + 1] == "Player 3's turn."
    assert "Spades: shield +8 (total 8, until this enemy falls); the enemy now attacks for 2." in (
        run.lines
    )


def test_a_refused_combo_changes_nothing(play, tmp_path: Path) -> None:
    """A third 4 on a staged pair of 4s (12, over ten) is refused with the reason and the
    state, staged cards included, is exactly as before it."""
    before = play(cut(THREE, "# --- before the refused combo", tmp_path))
    after = play(cut(THREE, "# --- after the refused combo", tmp_path))
    assert before.status == after.status == 0
    assert after.lines[-1] == "A combo may total at most 10: this one is 12."
    assert before.state["pending"]["staged"] == ["S4", "H4"]
    assert without_log_length(after.state) == without_log_length(before.state)
    assert after.state["log_length"] == before.state["log_length"] + 1


def test_undo_takes_back_a_play_and_its_scan(play, tmp_path: Path) -> None:
    """Two UNDOs after a play give exactly the state from before the play's first scan."""
    before = play(cut(THREE, "# --- before the undone play", tmp_path))
    after = play(cut(THREE, "# --- after the undo", tmp_path))
    assert "Undone: player 3 pressed OK." in after.lines
    assert "Undone: player 3 scanned ♠7." in after.lines
    assert without_log_length(after.state) == without_log_length(before.state)


def test_solo_game_with_jester_flips_ends_in_a_loss(play) -> None:
    """Solo: no yielding, a Jester flipped before paying and one by scanning it, an exact
    kill, and a hand that cannot pay ends the game for everyone."""
    run = play(SOLO, players=1)
    assert run.status == 0, run.err
    assert "No yielding in a solo game: play a card." in run.lines
    assert (
        "Player 1 flips a Jester: discard your whole hand (7 cards) and draw 8 cards from the "
        "tavern (Jester flips left: 1)." in run.lines
    )
    assert "Clubs double it: 16 damage to ♦J, 4 health left." in run.lines
    assert any(line.startswith("Exact kill! ♦J is defeated") for line in run.lines)
    assert "♠Q has not been defeated yet: it cannot be in a hand." in run.lines
    assert run.lines[-1] == "Player 1 cannot pay 10 damage: everyone loses."
    state = run.state
    assert (state["status"], state["winners"], state["winner_side"]) == ("over", [], "castle")
    assert state["result"] == {"outcome": "lost", "reason": "cannot_pay", "seat": 1}
    assert state["jester_flips_left"] == 0 and state["pending"] is None


def test_the_same_game_narrates_in_chinese_spanish_and_vietnamese(play) -> None:
    """The 3-player script narrates in zh-Hans, es and vi, and ends in the same state."""
    en = play(THREE)
    zh = play(THREE, lang="zh-Hans")
    es = play(THREE, lang="es")
    vi = play(THREE, lang="vi")
    assert "方块（3）：3号玩家、1号玩家和2号玩家按此顺序各从酒馆牌堆摸1张牌。" in zh.lines
    assert (
        "Diamantes (3): los jugadores 3, 1 y 2 roban una carta cada uno de la "
        "Taberna, en ese orden." in es.lines
    )
    assert (
        "Rô (3): người chơi 3, người chơi 1 và người chơi 2 mỗi người rút 1 lá từ Quán rượu, "
        "theo đúng thứ tự đó." in vi.lines
    )
    assert zh.state == es.state == vi.state == en.state


def test_a_shared_reader_plays_the_same_game(play, tmp_path: Path) -> None:
    """`--shared` sends every line through one reader: the engine's seat is the asked one."""
    per_seat = play(THREE)
    shared = play(THREE, "--shared")
    assert shared.state == per_seat.state
