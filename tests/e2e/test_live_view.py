"""The live terminal view, seen on a real pseudo-terminal through a VT100 emulator:
the table stays at the same rows and columns across inputs, the narration scrolls
beneath it (and into the scrollback), the typed line is on the last row, the join
area stays visible; in a pipe the output stays plain lines."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.terminal import Terminal

RULE = re.compile("^─{20,}$")


def _layout(rows: list[str], header: str = "general") -> tuple[int, tuple[int, ...], dict]:
    """Where the table is: its header row, the header's column separators, and for
    each seat its row and separators."""
    top = next(i for i, row in enumerate(rows) if header in row and "┃" in row)
    columns = tuple(i for i, ch in enumerate(rows[top]) if ch == "┃")
    seats = {}
    for i, row in enumerate(rows[top + 2 :], start=top + 2):
        found = re.match(r"^(\d+) +│", row)
        if not found:
            break
        seats[int(found.group(1))] = (i, tuple(x for x, ch in enumerate(row) if ch == "│"))
    return top, columns, seats


def _rule(rows: list[str]) -> int:
    return next(i for i, row in enumerate(rows) if RULE.match(row))


def _row(rows: list[str], text: str) -> int:
    return next(i for i, row in enumerate(rows) if text in row)


def test_play_keeps_the_table_fixed_and_the_narration_scrolls_beneath(tmp_path: Path) -> None:
    """`companion play --reader sim` on a terminal: the seats stay on the same rows and
    their columns do not move as generals are scanned, health drops (4 -> 3), hands
    change and a horse is equipped; each sentence appears beneath the table, newest
    at the bottom, the older ones scroll into the terminal's scrollback; the line being
    typed is on the last row; one Ctrl-C ends the game, saved."""
    db = tmp_path / "g.sqlite"
    with Terminal("play", "--players", "2", "--reader", "sim", "--per-seat", "--lang", "en",
                  "--db", str(db), columns=100, rows=30) as term:  # fmt: skip
        first = term.until(lambda rows: sum("connected" in row for row in rows) == 2)
        where = _layout(first)
        assert where[0] == 0 and sorted(where[2]) == [1, 2], first
        screens = []
        for typed, said in [
            ("@1 scan lord", "Seat 1 is the Lord."),
            ("@1 scan caocao", "Seat 1 plays Cao Cao."),
            ("@2 scan liubei", "draws 2 cards (draw phase)"),
            ("@1 scan kill@S7", "choose the target of Kill ♠7"),
            ("@1 scan liubei", "use a Dodge against Kill ♠7"),
            ("@2 press no", "3 health left."),
        ]:
            term.type(typed + "\r")
            screens.append(term.shows(said))
        term.type("@1 scan chi")  # not yet Enter: the line being typed is on the last row
        typing = term.until(lambda rows: rows[-1] == "› @1 scan chi")
        term.type("tu@H5\r")
        screens += [typing, term.shows("equips Red Hare ♥5")]
        for rows in screens:
            assert _layout(rows) == where, "\n".join(rows)
        last = screens[-1]
        liubei, caocao = last[where[2][2][0]], last[where[2][1][0]]
        assert "Liu Bei" in liubei and "●●●○" in liubei
        assert "Cao Cao" in caocao and "Red Hare ♥5" in caocao
        assert "play a card, or OK to end the play phase" in last[_rule(last) - 1]  # the prompt
        # the narration beneath the table, newest at the bottom, above the console line
        assert _rule(last) > where[2][2][0]
        assert last[-2] == "Cao Cao (seat 1) equips Red Hare ♥5." and last[-1].startswith("›")
        assert _row(last, "3 health left.") > _rule(last)
        assert _row(last, "› @2 press no") < _row(last, "uses no Dodge")
        # the start scrolled off the region into the scrollback, nowhere on the screen
        assert not any("A game for 2 players begins." in row for row in last)
        assert "A game for 2 players begins." in term.history()
        # a window made larger: the region is redrawn to fill it, the table still on top
        drawn = len(term.frames)
        term.resize(120, 36)
        wider = term.until(lambda rows: len(term.frames) > drawn and rows[-1].startswith("›"))
        assert _layout(wider)[0] == 0 and wider[-2] == last[-2]
        assert _layout(wider)[1][-1] > where[1][-1]  # the equipment column took the room
        term.type("\x03")  # one Ctrl-C, no Enter
        term.wrote(f"resume it with: companion resume 1 --db {db}")
        assert term.close() == 0

    with Terminal("resume", "1", "--db", str(db), columns=100, rows=30) as again:
        resumed = again.shows("Game 1 resumed after 11 inputs.")  # scans and presses
        assert _layout(resumed)[1:] == where[1:]  # the same columns at once
        assert "●●●○" in resumed[_layout(resumed)[2][2][0]]
        assert "play a card, or OK" in resumed[_rule(resumed) - 1]
        again.type("\x03")
        assert again.close() == 0


def test_regicide_keeps_its_rows_and_columns(tmp_path: Path) -> None:
    """Regicide on a terminal: the enemy line, the piles and the players' rows keep
    their rows and columns as the enemy appears, cards are staged and hands change."""
    with Terminal("play", "--game", "regicide", "--players", "2", "--reader", "sim",
                  "--per-seat", "--lang", "en", "--db", str(tmp_path / "g.sqlite"),
                  columns=90, rows=30) as term:  # fmt: skip
        first = term.until(lambda rows: sum("connected" in row for row in rows) == 2)
        where = _layout(first, header="hand")
        screens = []
        for typed, said in [
            ("@1 scan CJ", "enemy ♣J"),
            ("@1 scan S4", "♠4"),
            ("@1 press ok", "4 damage"),
        ]:
            term.type(typed + "\r")
            screens.append(term.shows(said))
        for rows in screens:
            assert _layout(rows, header="hand") == where, "\n".join(rows)
        assert screens[0][0].startswith("enemy ♣J")  # the enemy's line, above the piles
        assert screens[-1][1].startswith("castle")
        term.type("\x03")
        assert term.close() == 0


def test_the_demo_on_a_terminal_is_the_live_view(tmp_path: Path) -> None:
    """`companion demo` on a terminal: the five seats stay put while the whole game is
    played (deaths and health changes included); at the end the winners are narrated
    beneath the table and the whole narration is in the scrollback."""
    with Terminal("demo", "--lang", "en", "--pace", "0.01", columns=110, rows=40) as term:
        assert term.close(wait=120) == 0
    end = term.screen()
    screens = term.frames[1:]  # from the first redraw on (the first picture may be partial)
    assert any("Game over: the rebels win" in row for row in end)
    assert len(screens) >= 100  # a redraw per update
    where = _layout(screens[0])
    assert sorted(where[2]) == [1, 2, 3, 4, 5]
    for rows in screens:
        assert _layout(rows) == where, "\n".join(rows)
    history = term.history()
    assert "A game for 5 players begins." in history


def test_the_phones_join_area_shows_the_codes_still_needed(tmp_path: Path) -> None:
    """`companion play --reader phone` on a terminal: above the table, the table view's
    address and the QR codes of the free seats stay on screen (read back from the
    terminal's characters as an image and decoded: each opens its seat's address).
    A phone that joins with a code takes its seat: its code leaves the screen; once
    every seat has its phone, one line keeps the address and the table moves up."""
    from contextlib import ExitStack

    from websockets.sync.client import connect

    with Terminal("play", "--players", "2", "--reader", "phone", "--web", "0.0.0.0:0",
                  "--lang", "en", "--db", str(tmp_path / "g.sqlite"),
                  columns=120, rows=60) as term, ExitStack() as phones:  # fmt: skip
        rows = term.until(lambda r: any("█" in row for row in r) and _seat_urls(r).keys() == {1, 2})
        urls = _seat_urls(rows)
        address = re.search(r"^Table view: http://[^:]+:(\d+)/", rows[0])
        assert address, rows[0]
        port = int(address.group(1))
        assert _codes_on(rows) == {urls[1], urls[2]}  # side by side: both fit 120 columns
        assert _layout(rows)[0] > max(i for i, row in enumerate(rows) if "█" in row)
        for seat in (1, 2):
            token = urls[seat].split("s=", 1)[1]
            url = f"ws://127.0.0.1:{port}/phone/ws?s={token}&p=phone-{seat}"
            phone = phones.enter_context(connect(url))
            assert '"welcome"' in str(phone.recv(timeout=10))
            if seat == 1:  # seat 2's code is the one left
                rows = term.until(lambda r: _seat_urls(r).keys() == {2})
                assert _codes_on(rows) == {urls[2]}
        rows = term.shows("Phones: every seat has its phone")
        assert not any("█" in row for row in rows) and rows[0].startswith("Table view: http")
        assert _layout(rows)[0] == _row(rows, "Phones: every seat") + 1  # beneath the addresses
        phones.close()
        term.type("\x03")
        assert term.close() == 0


def _seat_urls(rows: list[str]) -> dict[int, str]:
    return {
        int(m.group(1)): m.group(2)
        for row in rows
        if (m := re.match(r"^Seat (\d): (http\S+/phone\?s=\S+)$", row))
    }


def _codes_on(rows: list[str]) -> set[str]:
    """The QR codes drawn on the screen, decoded (each column of codes on its own)."""
    import zxingcpp

    drawn = [i for i, row in enumerate(rows) if "█" in row]
    image = _image(rows[drawn[0] : drawn[-1] + 1])
    found = {r.text for r in zxingcpp.read_barcodes(image)}
    step = 4 * (len(rows[drawn[0]]) // 2 + 1)
    for left in range(0, image.width, step // 2):  # also each half, for a decoder that
        part = image.crop((left, 0, min(left + step, image.width), image.height))  # wants one
        found |= {r.text for r in zxingcpp.read_barcodes(part)}
    return found


def _image(rows: list[str], scale: int = 4) -> Any:
    """The half-block characters of a terminal QR code as a picture: a character is two
    modules, a block's drawn halves light (the code is drawn for a dark background)."""
    from PIL import Image

    light = {"█": (1, 1), "▀": (1, 0), "▄": (0, 1)}
    width = max(len(row) for row in rows)
    image = Image.new("L", (width, 2 * len(rows)), 0)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            top, bottom = light.get(ch, (0, 0))
            image.putpixel((x, 2 * y), 255 * top)
            image.putpixel((x, 2 * y + 1), 255 * bottom)
    return image.resize((width * scale, 2 * len(rows) * scale), Image.Resampling.NEAREST)


@pytest.mark.parametrize("command", ["play", "demo"])
def test_in_a_pipe_the_narration_stays_plain_lines(tmp_path: Path, command: str) -> None:
    """Not a terminal (a pipe): no live region, no control sequences, the plain lines."""
    import subprocess
    import sys

    from tests.e2e.terminal import REPO

    args = ["demo", "--pace", "0"] if command == "demo" else [
        "play", "--players", "2", "--reader", "sim", "--per-seat",
        "--db", str(tmp_path / "g.sqlite"),
    ]  # fmt: skip
    proc = subprocess.run(
        [sys.executable, "-m", "companion", *args, "--lang", "en"], cwd=REPO,
        input="@1 scan lord\n", capture_output=True, text=True, timeout=120,
        env={**__import__("os").environ, "PYTHONPATH": str(REPO), "TERM": "xterm-256color",
             "COMPANION_TAG_REGISTRY": "/nonexistent"},
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "\x1b" not in proc.stdout and "┃" not in proc.stdout
    assert proc.stdout.splitlines()[0] == (
        "A game for 5 players begins." if command == "demo" else "A game for 2 players begins."
    )
