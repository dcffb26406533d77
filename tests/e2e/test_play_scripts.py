"""End to end: table scripts played by `companion play --script` through the simulated
reader, the real BLE stack, the hub, the log, the table, the engine and narration."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.conftest import SCRIPTS as SCRIPTS_DIR
from tests.e2e.conftest import prefix, without_log_length


def test_setup_by_scans(play) -> None:
    """Scanning the lord card and the generals sets up the game and starts the lord's turn."""
    run = play("setup.script")
    assert run.status == 0, run.err
    assert [s["general"] for s in run.state["seats"]] == [
        "liubei",
        "guanyu",
        "zhaoyun",
        "huanggai",
        "huatuo",
    ]
    assert [s["identity"] for s in run.state["seats"]] == ["lord", None, None, None, None]
    assert [s["max_hp"] for s in run.state["seats"]] == [5, 4, 4, 4, 3]
    assert run.state["status"] == "playing" and run.state["turn"]["seat"] == 1
    assert run.state["pending"]["kind"] == "play" and run.state["log_length"] == 6
    assert "Seat 1 is the Lord." in run.lines
    assert "Liu Bei (seat 1): play a card, or OK to end the play phase." in run.lines


def test_a_kill_dodged_and_one_not_dodged(play) -> None:
    """A dodged Kill does nothing; an undodged one costs the target 1 health."""
    run = play("kill.script")
    assert run.status == 0, run.err
    assert "Guan Yu (seat 2) uses Dodge ♥2 against Kill." in run.lines
    assert (
        "Guan Yu (seat 2) deals 1 damage to Zhao Yun (seat 3) (Kill): 3 health left." in run.lines
    )
    assert (run.seat(2)["hp"], run.seat(3)["hp"]) == (4, 3)


def test_indulgence_and_lightning_judgments(play) -> None:
    """A spade under Indulgence skips the play phase; ♠3 under Lightning deals 3 thunder damage."""
    run = play("judgments.script")
    assert run.status == 0, run.err
    assert "Indulgence holds: Guan Yu (seat 2) skips the play phase (Kill ♠9)." in run.lines
    assert "Guan Yu (seat 2) skips the play phase (Indulgence)." in run.lines
    assert "Lightning strikes Liu Bei (seat 1) (Snatch ♠3)!" in run.lines
    assert "Liu Bei (seat 1) takes 3 thunder damage (Lightning): 2 health left." in run.lines
    assert run.seat(1)["hp"] == 2 and run.seat(1)["judgment"] == []


def test_a_nullification_chain(play) -> None:
    """Three Nullifications in a chain cancel the Dismantle: the target keeps every card."""
    run = play("nullification.script")
    assert run.status == 0, run.err
    assert "Huang Gai (seat 4) uses Nullification ♣Q against Nullification." in run.lines
    assert "Dismantle is nullified for Zhao Yun (seat 3)." in run.lines
    assert run.seat(3)["hand_count"] == 3  # 4 dealt, minus the Nullification he played
    assert run.state["pending"] == {"kind": "play", "seat": 1, "seats": [1]}


def test_a_death_with_its_reward(play) -> None:
    """Killing a rebel: the dead player shows the rebel card and the killer draws 3."""
    run = play("death_reward.script")
    assert run.status == 0, run.err
    assert "Hua Tuo (seat 5) dies, killed by Liu Bei (seat 1)." in run.lines
    assert "Liu Bei (seat 1) draws 3 cards (reward)." in run.lines
    dead = run.seat(5)
    assert (dead["alive"], dead["identity"], dead["hand_count"]) == (False, "rebel", 0)


def test_a_death_with_the_lords_penalty(play) -> None:
    """The lord killing a loyalist discards every hand and equipment card."""
    run = play("lord_penalty.script")
    assert run.status == 0, run.err
    assert any("the lord, killed a loyalist" in line for line in run.lines)
    lord = run.seat(1)
    assert lord["hand_count"] == 0 and all(v is None for v in lord["equipment"].values())
    assert run.seat(5)["identity"] == "loyalist"


def test_the_lord_wins(play) -> None:
    """With the only rebel dead, the lord's side wins."""
    run = play("victory_lord.script", players=2)
    assert run.status == 0, run.err
    assert (run.state["status"], run.state["winners"], run.state["winner_side"]) == (
        "over",
        [1],
        "lord",
    )
    assert run.lines[-1] == "Game over: the lord and loyalists win (Liu Bei (seat 1))."


def test_the_rebels_win(play) -> None:
    """With the lord dead, the rebels win."""
    run = play("victory_rebels.script", players=2)
    assert run.status == 0, run.err
    assert (run.state["status"], run.state["winners"], run.state["winner_side"]) == (
        "over",
        [2],
        "rebel",
    )
    assert run.lines[-1] == "Game over: the rebels win (Hua Tuo (seat 2))."


def test_refused_inputs_are_explained_and_change_nothing(play, tmp_path: Path) -> None:
    """Every refused input is narrated with its reason and leaves the state as it was."""
    before = play(prefix("illegal.script", "# ---", tmp_path))
    run = play("illegal.script")
    assert run.status == 0, run.err
    assert without_log_length(run.state) == without_log_length(before.state)
    assert run.state["log_length"] == before.state["log_length"] + 6
    for sentence in [
        "Only 1 Kill per play phase: 1 already used.",
        "A Dodge is only an answer (to a Kill, or played against Arrow Barrage): it cannot be "
        "played now (play phase).",
        "Unless someone is dying, a Peach may only be used on yourself: Liu Bei (seat 1) is "
        "not wounded (5/5 health).",
        "Zhao Yun (seat 3) may not decide now: waiting for Liu Bei (seat 1).",
        "The label “blah” names no card I know: nothing happens.",
        "Tag 04A1B2C3 is not enrolled: enrol this deck's tags first.",
    ]:
        assert sentence in run.lines


def test_undo_restores_the_state(play, tmp_path: Path) -> None:
    """UNDO after choosing a target gives exactly the state from before that scan."""
    before = play(prefix("undo.script", "# ---", tmp_path))
    run = play("undo.script")
    assert run.status == 0, run.err
    assert "Undone: Liu Bei (seat 1) scanned Guan Yu." in run.lines
    assert without_log_length(run.state) == without_log_length(before.state)


def test_shared_and_per_seat_readers_reach_the_same_state(play) -> None:
    """The same game through one shared reader (with players naming themselves) and through
    one reader per seat ends in the same state."""
    per_seat = play("nullification.script")
    shared = play("nullification_shared.script")
    assert per_seat.status == shared.status == 0
    assert without_log_length(shared.state) == without_log_length(per_seat.state)
    assert "Zhao Yun (seat 3) is using the reader." in shared.lines


def test_a_per_seat_script_also_plays_on_one_shared_reader(play) -> None:
    """`--shared` sends every line through one reader; the engine's seat is then the asked one."""
    auto = play("kill.script")
    shared = play("kill.script", "--shared")
    assert shared.state == auto.state


def test_narration_in_chinese_and_spanish(play) -> None:
    """The same script narrates in zh-Hans and es."""
    zh = play("kill.script", lang="zh-Hans")
    es = play("kill.script", lang="es")
    assert "2号位关羽的【杀】对3号位赵云造成1点伤害，剩余体力3。" in zh.lines
    assert (
        "Guan Yu (asiento 2) causa 1 de daño a Zhao Yun (asiento 3) (Ataque): le quedan 3 de vida."
        in es.lines
    )


def test_a_malformed_line_is_reported_with_its_number(play, tmp_path: Path) -> None:
    """A script with a malformed line is refused before anything runs, naming the line."""
    bad = tmp_path / "bad.script"
    bad.write_text("@1 scan lord\n# fine\n@1 jump caocao\n", "utf-8")
    run = play(bad)
    assert run.status == 2
    assert "line 3" in run.err and run.state == {}


def test_an_unreadable_script_file_is_an_error(play, tmp_path: Path) -> None:
    """A script that does not exist or is not UTF-8 gives a non-zero exit and a message."""
    missing = play(tmp_path / "nope.script")
    latin = tmp_path / "latin.script"
    latin.write_bytes("@1 scan lord # caf\xe9\n".encode("latin-1"))
    binary = play(latin)
    assert missing.status == 2 and binary.status == 2
    assert "cannot read the script" in missing.err


def test_an_enrolled_uid_tag_plays_its_card_and_replays_without_the_registry(
    play, tmp_path: Path
) -> None:
    """A UID-only tag enrolled as Kill ♠7 plays that Kill; the log keeps the card's code,
    so the game replays the same even after the registry is gone."""
    import json

    from companion.codes import encode_token
    from companion.game.session import Session
    from companion.store import GameLog
    from tests.e2e.conftest import SCRIPTS

    (tmp_path / "tags.json").write_text(
        json.dumps({"version": 1, "cards": {"04A1B2C3": encode_token("kill@S7")}}), "utf-8"
    )
    script = tmp_path / "uid.script"
    script.write_text(
        (SCRIPTS / "setup.script").read_text("utf-8") + "@1 scan uid:04a1b2c3\n", "utf-8"
    )
    run = play(script)
    assert run.status == 0, run.err
    assert (
        run.state["pending"]["kind"] == "choose_target"
        and run.state["pending"]["card"] == "kill@S7"
    )
    (tmp_path / "tags.json").unlink()
    with GameLog(run.db) as log:
        assert log.inputs(1)[-1].input.data == {"uid": "04A1B2C3", "code": encode_token("kill@S7")}
        assert Session.load(log, 1).state() == run.state


def test_equipment_abilities_serpent_spear_and_eight_diagrams(play) -> None:
    """Scanning an equipped Serpent Spear stages two cards as a Kill; OK at a Dodge request
    starts Eight Diagrams, whose red judgment counts as the Dodge."""
    run = play("equipment_skills.script")
    assert run.status == 0, run.err
    assert (
        "Liu Bei (seat 1) uses Peach ♥3 and Dodge ♥2 as Kill (Serpent Spear) on Guan Yu (seat 2)."
        in run.lines
    )
    assert "Eight Diagrams: red (Peach ♥4), it counts as a Dodge for Guan Yu (seat 2)." in run.lines
    assert run.seat(2)["hp"] == 3 and run.state["pending"]["seat"] == 3


def test_the_nullification_timeout_is_a_house_setting(play, tmp_path: Path) -> None:
    """With --nullification-timeout 2, two virtual seconds close a Nullification window."""
    script = tmp_path / "short.script"
    lines = (SCRIPTS_DIR / "nullification.script").read_text("utf-8").splitlines()[:9]
    script.write_text("\n".join([*lines, "wait 1", "wait 1", ""]), "utf-8")
    run = play(script, "--nullification-timeout", "2")
    assert run.status == 0, run.err
    assert any(
        line.startswith("Nullification against Dismantle ♠3 on Zhao Yun (seat 3)? Scan it, "
                        "or NO (2 s); still to answer: ")
        for line in run.lines
    )  # fmt: skip
    assert run.lines.count("Time is up.") == 1
    assert run.state["pending"]["kind"] == "choose_card_from"


def test_cards_of_the_other_game_are_refused_by_name(play) -> None:
    """In a Regicide game, a general and a Three Kingdoms Kill card are refused by name and
    the game still waits for its first enemy."""
    run = play("wrong_deck.script", "--game", "regicide", "--players", "2")
    assert run.status == 0, run.err
    assert "“caocao” is not a card of the standard deck used for Regicide." in run.lines
    assert "“kill@S7” is not a card of the standard deck used for Regicide." in run.lines
    assert run.state["status"] == "setup"
    assert run.state["pending"]["kind"] == "reveal_enemy"


def test_link_faults_change_nothing(play) -> None:
    """With a duplicated frame, a dropped link, a reboot and a corrupted frame on the way,
    every event reaches the game exactly once: the same state as without faults."""
    clean = play("kill.script")
    faulty = play("faults.script")
    assert faulty.status == 0, faulty.err
    assert faulty.state == clean.state


def test_observers_join_through_the_session_hook(tmp_path: Path) -> None:
    """A table view or voice subscribes through `on_session` and hears every update."""
    from companion.game.new_game import PlayRequest, start_game

    heard: list[str] = []
    request = PlayRequest(
        players=5, script=SCRIPTS_DIR / "kill.script", lang="en", db=tmp_path / "g.sqlite",
        tags=tmp_path / "tags.json",
        on_session=[lambda session: session.subscribe(lambda u: heard.extend(u.sentences))],
    )  # fmt: skip
    assert start_game(request) == 0
    assert heard[0] == "A game for 5 players begins."
    assert "Guan Yu (seat 2) deals 1 damage to Zhao Yun (seat 3) (Kill): 3 health left." in heard
