"""Five phones play a whole game through `companion play --reader phone`, and it ends
exactly as the same table script played through `--reader sim`.

Real parts throughout: the `companion` command (its banner gives the seat links),
five Debian Chromium browsers, each a phone with its own fake camera (a video of the
printed labels that seat scans, in order), the page's WebAssembly decoder, WebSocket
frames, the reader hub, the SQLite log. The stand-in is the camera: a video file.

Deterministic by design: every page starts with scanning paused (`hold=1`). A seat's
video shows its cards one after another, each after a stretch of empty table, and the
page counts a card only when it comes into view. To play `@k scan X` the test resumes
seat k's scanning exactly while X is the next card to come into view (the page counts
the cards that came into view: `entries`), waits until the companion has acknowledged
it (acknowledged = committed to the log) and pauses again. Buttons and the dial are
clicked. `wait N` lines wait for the companion's own clock tick (a 1 s Nullification
window, the same house setting in both games).

Each seat's page also keeps every message it received: no seat is ever told another
seat's decision (the hidden-information rule), checked over the whole game.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from hardware.sim.script import Press, Scan, Select, Wait, parse_script
from tests.phone.camera import write_y4m
from tests.phone.harness import CAMERA_ARGS, CHROMIUM, CHROMIUM_ARGS

pytestmark = pytest.mark.camera

SCRIPT = Path(__file__).with_name("scripts") / "five_phones.script"
HOUSE = ["--nullification-timeout", "1"]
SHOW, GAP = 1.2, 1.0  # seconds each label is in view, and of empty table before it


def companion(*args: str, **kw: object) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    return subprocess.Popen(  # type: ignore[call-overload]
        [sys.executable, "-m", "companion", *args], env=env, text=True, **kw
    )


def logged(db: Path) -> int:
    """Inputs in the log that the game counts (a card leaving the view is a notice)."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        return con.execute("SELECT count(*) FROM inputs WHERE kind != 'remove'").fetchone()[0]


async def seat_links(proc: subprocess.Popen, players: int) -> dict[int, str]:
    links: dict[int, str] = {}
    while len(links) < players:
        line = await asyncio.to_thread(proc.stderr.readline)  # type: ignore[union-attr]
        assert line, "companion play ended before printing the seat links"
        found = re.match(r"Seat (\d+): (http://\S+)", line)
        if found:
            links[int(found[1])] = found[2]
    return links


async def test_five_phones_play_the_game_the_simulated_reader_plays(tmp_path: Path, pw) -> None:
    lines = parse_script(SCRIPT.read_text())
    ref = companion(
        "play", "--players", "5", "--reader", "sim", "--script", str(SCRIPT), *HOUSE,
        "--db", str(tmp_path / "ref.sqlite"), "--state-out", str(tmp_path / "ref.json"),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    db = tmp_path / "phones.sqlite"
    game = companion(
        "play", "--players", "5", "--reader", "phone", "--web", "127.0.0.1:0", *HOUSE,
        "--db", str(db), "--state-out", str(tmp_path / "phones.json"), "--view", "plain",
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    browsers = []
    try:
        links = await seat_links(game, 5)
        scans: dict[int, list[str]] = {seat: [] for seat in links}
        for line in lines:
            if isinstance(line.action, Scan):
                scans[line.target].append(line.action.token)  # type: ignore[index]
        pages = {}
        for seat, link in links.items():
            local = re.sub(r"//[^/]+/", f"//127.0.0.1:{link.split(':')[2].split('/')[0]}/", link)
            video = write_y4m(tmp_path / f"seat{seat}.y4m", scans[seat], show=SHOW, gap=GAP)
            browser = await pw.chromium.launch(
                executable_path=CHROMIUM,
                args=[*CHROMIUM_ARGS, *CAMERA_ARGS, f"--use-file-for-fake-video-capture={video}"],
            )
            browsers.append(browser)
            page = await browser.new_page()
            await page.goto(local + "&hold=1")
            pages[seat] = page
        for page in pages.values():
            await page.wait_for_function("window.__phone && window.__phone.decoder === 'wasm'")

        done = {seat: 0 for seat in links}  # scans played per seat
        expected = 0
        for line in lines:
            action, target = line.action, line.target
            at = pages.get(target) if isinstance(target, int) else None
            if isinstance(action, Scan):
                assert isinstance(target, int) and at is not None
                n, j = len(scans[target]), done[target]
                # resume scanning while this card is the next to come into view
                await at.wait_for_function(
                    f"(() => {{ const p = window.__phone; if (p.entries % {n} !== {j}) return false;"
                    " p.setHold(false); return true; })()",
                    timeout=60_000,
                    polling=20,
                )
                done[target] += 1
            elif isinstance(action, Press):
                assert at is not None
                await at.click(f"#{action.button.lower()}")
            elif isinstance(action, Select):
                assert at is not None
                await at.click(f'#dial button[data-seat="{action.seat}"]')
            elif isinstance(action, Wait):
                pass  # the companion's own timer closes the window: a TICK input
            expected += 1
            async with asyncio.timeout(30):
                while logged(db) < expected:
                    await asyncio.sleep(0.05)
            if isinstance(action, Scan):
                assert at is not None
                await at.evaluate("window.__phone.setHold(true)")
            assert logged(db) == expected, f"{line}: logged twice?"

        assert await asyncio.to_thread(game.wait, 60) == 0
        # the game has ended and stored all it received: a double of any action, however
        # late it came, would be counted here
        assert logged(db) == expected, "an input was logged twice"
        assert await asyncio.to_thread(ref.wait, 60) == 0
        played = json.loads((tmp_path / "phones.json").read_text())
        reference = json.loads((tmp_path / "ref.json").read_text())
        assert played["status"] == "over" and played["winners"] == [2, 4]
        assert played == reference

        # hidden information: each seat's phone was told only its own decisions
        for seat, page in pages.items():
            received = await page.evaluate("window.__phone.received")
            prompts = [m for m in received if m["type"] == "prompt" and m.get("text")]
            assert prompts, f"seat {seat} was never asked anything"
            assert {m["seat"] for m in prompts} == {seat}
            others = [m for m in received if m["type"] == "welcome" and m["seat"] != seat]
            assert others == []
    finally:
        for browser in browsers:
            await browser.close()
        for proc in (game, ref):
            if proc.poll() is None:
                proc.kill()
            proc.wait()
