"""`companion games`, `replay`, `export` and the typed console, on real log files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from companion.cli import main
from tests.e2e.conftest import SCRIPTS, without_log_length
from tests.e2e.test_subprocess import REPO, _env


def test_games_lists_what_was_played(play, capsys) -> None:
    """`companion games` lists a played game with its status and winners."""
    run = play("victory_lord.script", players=2)
    assert main(["games", "--db", str(run.db)]) == 0
    out = capsys.readouterr().out
    assert "sanguosha" in out and "over" in out and "winners 1" in out


def test_replay_narrates_the_game_again_in_another_language(play, capsys, tmp_path: Path) -> None:
    """`companion replay` narrates a logged game again, and ends in the same state."""
    run = play("kill.script")
    state = tmp_path / "replayed.json"
    assert (
        main(["replay", "1", "--db", str(run.db), "--lang", "es", "--state-out", str(state)]) == 0
    )
    out = capsys.readouterr().out
    assert "Guan Yu (asiento 2) usa la Esquiva ♥2 contra el Ataque." in out.splitlines()
    assert json.loads(state.read_text("utf-8")) == run.state


def test_export_jsonl_has_every_input(play, capsys) -> None:
    """The JSON-lines export has a header and one line per logged input."""
    run = play("kill.script")
    assert main(["export", "1", "--db", str(run.db)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert json.loads(lines[0])["format"] == "table-companion/log/1"
    inputs = [json.loads(line) for line in lines[1:]]
    assert [i["n"] for i in inputs] == list(range(1, len(inputs) + 1))
    game_inputs = [i for i in inputs if i["kind"] not in ("remove", "notice")]
    assert len(game_inputs) == run.state["log_length"]
    assert inputs[-1]["data"] == {"button": "no", "long": False}


def test_the_transcript_is_a_table_script_that_replays_the_game(
    play, capsys, tmp_path: Path
) -> None:
    """The readable transcript, played as a script, gives the same game again."""
    run = play("nullification.script")
    transcript = tmp_path / "transcript.script"
    assert (
        main(["export", "1", "--db", str(run.db), "--format", "text", "--out", str(transcript)])
        == 0
    )
    text = transcript.read_text("utf-8")
    assert (
        "@3 scan nullification@SJ" in text
        and "#   Dismantle is nullified for Zhao Yun (seat 3)." in text
    )
    again = play(transcript)
    assert again.status == 0 and without_log_length(again.state) == without_log_length(run.state)


def test_unknown_game_ids_are_errors(play, capsys) -> None:
    """Asking for a game that is not in the log exits 2 with a message."""
    run = play("setup.script")
    assert main(["replay", "9", "--db", str(run.db)]) == 2
    assert main(["export", "9", "--db", str(run.db)]) == 2
    assert "no game 9" in capsys.readouterr().err


def test_typed_console_lines_play_like_a_script(tmp_path: Path) -> None:
    """At `companion play --reader sim` without a script, typed lines are played as they come."""
    state = tmp_path / "state.json"
    typed = (SCRIPTS / "setup.script").read_text("utf-8") + "@1 dance\n@1 scan kill@S7\n"
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "play", "--reader", "sim", "--lang", "en",
         "--db", str(tmp_path / "g.sqlite"), "--state-out", str(state)],
        input=typed, cwd=REPO, capture_output=True, text=True, timeout=60, env=_env(),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "console: line 8: unknown or malformed command" in proc.stderr
    assert json.loads(state.read_text("utf-8"))["pending"]["kind"] == "choose_target"


def test_exporting_a_game_in_play_warns_of_cards_one_seat_scanned_privately(play, capsys) -> None:
    """Zuo Ci's 化身 cards are scanned privately; the log keeps them (resume needs them), so
    an export of his game while it is still played marks those inputs and tells the host
    on stderr. A face-up 化身 card is not marked; a finished game's export warns of nothing."""
    run = play("huashen_change.script", "--generals", "standard,mountain", players=2)
    assert run.status == 0
    db = str(run.db)
    assert main(["export", "1", "--db", db, "--format", "text"]) == 0
    out, err = capsys.readouterr()
    marked = [line.split("#")[0].strip() for line in out.splitlines() if "private to seat" in line]
    assert marked == ["@2 scan guanyu", "@2 scan zhenji", "@2 scan huangyueying"]
    assert err == (
        "companion: game 1 is not over, and this export names cards only seat 2 has seen"
        " (inputs 6, 8, 18, scanned privately): keep it from the table until the game ends.\n"
    )
    assert main(["export", "1", "--db", db]) == 0
    assert capsys.readouterr().err == err
    over = play("pack_mountain_awakenings.script", "--generals", "standard,mountain")
    assert over.status == 0 and over.state["status"] == "over"
    assert main(["export", "1", "--db", str(over.db), "--format", "text"]) == 0
    out, err = capsys.readouterr()
    assert "private to seat" in out and err == ""


def test_the_cards_of_a_rende_gift_are_private_the_skill_cards_of_luanji_are_not(
    play, capsys
) -> None:
    """仁德's cards are handed over face down: the transcript marks their scans private.
    The cards of a skill used in the open (乱击's two Kills) are not marked."""
    run = play("skills_wei_shu.script", players=4)
    assert main(["export", "1", "--db", str(run.db), "--format", "text"]) == 0
    out = capsys.readouterr().out
    marked = [line.split("#")[0].strip() for line in out.splitlines() if "private to seat" in line]
    assert marked == ["@1 scan kill@S7", "@1 scan dodge@D2"]
    fire = play("pack_fire.script", "--generals", "standard,fire", players=8)
    assert main(["export", "1", "--db", str(fire.db), "--format", "text"]) == 0
    assert "private to seat" not in capsys.readouterr().out


def test_the_warning_names_each_seat_whose_private_scans_are_exported() -> None:
    """Hidden generals in a draft are several seats' secrets: the warning names them all."""
    import io

    from companion.game.saved_games import _warn_secrets

    err = io.StringIO()
    _warn_secrets(4, {3: 2, 5: 4, 9: 2}, err)
    assert err.getvalue() == (
        "companion: game 4 is not over, and this export names cards only seats 2, 4 have"
        " seen (inputs 3, 5, 9, scanned privately): keep it from the table until the game"
        " ends.\n"
    )
