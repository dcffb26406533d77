"""The real `companion` process: play, demo, and a game killed with SIGKILL then resumed."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tests.e2e.conftest import SCRIPTS

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "companion" / "game" / "scripts" / "demo.script"


def _companion(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        cwd=REPO, capture_output=True, text=True, timeout=timeout, env=_env(),
    )  # fmt: skip


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO)
    env["COMPANION_TAG_REGISTRY"] = "/nonexistent/tags.json"  # never a developer's own registry
    return env


def _state(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text("utf-8"))


def test_play_as_a_process_writes_narration_and_state(tmp_path: Path) -> None:
    """`companion play --script` run as a process exits 0, narrates to stdout and writes the state."""
    state = tmp_path / "state.json"
    proc = _companion(
        "play", "--game", "sanguosha", "--players", "2", "--reader", "sim",
        "--script", str(SCRIPTS / "victory_rebels.script"), "--seed", "3", "--lang", "en",
        "--db", str(tmp_path / "g.sqlite"), "--state-out", str(state),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "Game over: the rebels win (Hua Tuo (seat 2))."
    assert _state(state)["winner_side"] == "rebel"
    assert "companion replay 1 --db" in proc.stderr  # the game is over: nothing to resume


def test_demo_plays_a_whole_game(tmp_path: Path) -> None:
    """`companion demo` plays the five-player game to its end and names the winners."""
    state = tmp_path / "state.json"
    proc = _companion("demo", "--lang", "en", "--pace", "0", "--state-out", str(state))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == (
        "Game over: the rebels win (Zhao Yun (seat 3) and Huang Gai (seat 4))."
    )
    assert _state(state)["status"] == "over"


def test_a_malformed_script_exits_non_zero_naming_the_line(tmp_path: Path) -> None:
    """A process given a malformed script exits 2 and names the line on stderr."""
    bad = tmp_path / "bad.script"
    bad.write_text("@1 scan lord\n@1 press maybe\n", "utf-8")
    proc = _companion("play", "--script", str(bad), "--db", str(tmp_path / "g.sqlite"))
    assert proc.returncode == 2 and "line 2" in proc.stderr


def _play_until_killed(db: Path, after_lines: int) -> int:
    """Start the demo script as a process and SIGKILL it after `after_lines` lines of narration;
    return how many lines it had printed."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "play", "--script", str(DEMO), "--lang", "en",
         "--db", str(db)],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=_env(),
    )  # fmt: skip
    seen = 0
    assert proc.stdout is not None
    try:
        for _ in proc.stdout:
            seen += 1
            if seen >= after_lines:
                break
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
        proc.stdout.close()
    return seen


def test_killed_at_random_points_then_resumed_ends_like_an_uninterrupted_run(
    tmp_path: Path,
) -> None:
    """A game killed with SIGKILL at random points of its script and resumed with
    `companion resume` ends in exactly the state of a run that was never interrupted."""
    whole = tmp_path / "whole.json"
    proc = _companion("play", "--script", str(DEMO), "--lang", "en", "--db", str(tmp_path / "w.sqlite"),
                      "--state-out", str(whole))  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    total = len(proc.stdout.splitlines())
    seed = int(os.environ.get("CRASH_SEED", time.time_ns() % 1_000_000))
    points = sorted(random.Random(seed).sample(range(10, total - 5), 3))
    for point in points:
        db = tmp_path / f"crash-{point}.sqlite"
        printed = _play_until_killed(db, point)
        resumed = tmp_path / f"resumed-{point}.json"
        again = _companion("resume", "--db", str(db), "--state-out", str(resumed))
        assert again.returncode == 0, f"seed {seed}, killed after {printed} lines: {again.stderr}"
        assert _state(resumed) == _state(whole), f"seed {seed}, killed after {printed} lines"


def test_resume_refuses_a_script_edited_since_the_game_began(tmp_path: Path) -> None:
    """A game's script that changed since it began is not silently continued."""
    script = tmp_path / "game.script"
    script.write_text((SCRIPTS / "setup.script").read_text("utf-8"), "utf-8")
    db = tmp_path / "g.sqlite"
    assert _companion("play", "--script", str(script), "--db", str(db)).returncode == 0
    script.write_text(script.read_text("utf-8") + "@1 press ok\n", "utf-8")
    refused = _companion("resume", "1", "--db", str(db))
    assert refused.returncode == 2 and "changed since game 1 began" in refused.stderr
    forced = _companion("resume", "1", "--db", str(db), "--script", str(script), "--state-out",
                        str(tmp_path / "s.json"))  # fmt: skip
    assert forced.returncode == 0, forced.stderr
    assert _state(tmp_path / "s.json")["log_length"] == 7


def test_resuming_a_finished_game_only_writes_its_state(tmp_path: Path) -> None:
    """`companion resume` of a game that is over says so, writes the state and exits 0."""
    db = tmp_path / "g.sqlite"
    played = _companion("play", "--players", "2", "--script", str(SCRIPTS / "victory_lord.script"),
                        "--db", str(db))  # fmt: skip
    assert played.returncode == 0, played.stderr
    state = tmp_path / "s.json"
    resumed = _companion("resume", "1", "--db", str(db), "--state-out", str(state))
    assert resumed.returncode == 0 and "game 1 is over" in resumed.stderr
    assert _state(state)["winner_side"] == "lord"


def _in_a_terminal(*args: str) -> tuple[subprocess.Popen[bytes], int]:
    """`companion ARGS` on a real pty that is its controlling terminal (so Ctrl-C typed
    there is a SIGINT from the terminal, as at a keyboard); returns it and the master fd."""
    import fcntl
    import pty
    import termios

    master, slave = pty.openpty()

    def controlling_terminal() -> None:
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", *args], cwd=REPO, env=_env(),
        stdin=slave, stdout=slave, stderr=slave, preexec_fn=controlling_terminal,
    )  # fmt: skip
    os.close(slave)
    return proc, master


def _read_until(master: int, text: bytes, seen: bytes = b"", limit: float = 180) -> bytes:
    """Read the terminal until what it showed (`seen` included) holds `text`; all of it.

    Waits on the output, never on time: `limit` only bounds a failure (a busy machine
    may take a while), and what was read before is kept, as one read may bring the
    next line too."""
    import select

    end = time.monotonic() + limit
    while text not in seen and time.monotonic() < end:
        ready, _, _ = select.select([master], [], [], 0.5)
        if ready:
            try:
                seen += os.read(master, 4096)
            except OSError:
                break
    return seen


def test_ctrl_c_ends_play_waiting_at_the_console(tmp_path: Path) -> None:
    """One Ctrl-C typed in the terminal ends `companion play --reader sim` while its
    console waits for a line: no Enter needed; the game is saved and can be resumed."""
    db = tmp_path / "g.sqlite"
    proc, master = _in_a_terminal("play", "--players", "2", "--reader", "sim", "--db", str(db))
    try:
        shown = _read_until(master, b"lord identity card")
        assert b"scan the lord identity card" in shown
        shown = _read_until(master, b"connected", shown)
        assert b"connected" in shown
        os.write(master, b"\x03")
        said = _read_until(master, b"companion resume 1", shown)
        proc.wait(timeout=180)  # before the fix it waited for Enter for ever (a bound)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    assert proc.returncode == 0
    assert b"resume it with: companion resume 1 --db" in said
