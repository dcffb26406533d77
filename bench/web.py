"""Table view latency and memory: from an input to the update in a browser, and the
server's memory with 10 pages open.

Run by hand: `python bench/web.py [--inputs N] [--gap MS]` (needs /usr/bin/chromium).
A real five-seat game (a `Session` on a SQLite log in a temporary directory) is set
up and served on loopback; Debian's Chromium opens the page. Then N inputs are
committed one by one, `--gap` ms apart (a table plays far slower than that): a Kill
is scanned, then NO cancels it, over and over, each an accepted input with its
narration. The latency of an input runs from just before `Session.commit` (log
write, rules, narration, publication) to the moment the page's event handler gets
the update (`performance.timeOrigin + performance.now()`, the same wall clock), and
to the end of the page's re-render. Run first with 1 page, then with 10 pages open
at once (all on this machine's 2 cores, so a pessimistic figure: at a real table
each phone has its own CPU), then with 1 page and 9 plain stream readers running in
another process (10 clients, the other nine costing the server what a phone costs
it). Memory is this process's resident set (the game, the log and the server; the
browsers are separate processes). Goal: p99 under 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this clone, tests/ included

from playwright.async_api import Page, async_playwright

from companion.game.session import Session
from companion.store import GameLog
from companion.table.inputs import InputKind, TableInput
from companion.web import TableServer, serve_table

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SETUP = ["lord", "caocao", "guanyu", "zhangfei", "lvbu", "diaochan"]

# Stream readers for the third run, in another process (as other phones would be):
# each reads /events and notes when each update arrives; all print their notes as
# JSON when stdin closes.
READERS = """
import asyncio, json, sys, time
import httpx

async def read(url, marks):
    async with httpx.AsyncClient(timeout=None) as client:
        async with client.stream("GET", url) as response:
            buffer = b""
            async for chunk in response.aiter_raw():
                now = time.time() * 1000
                buffer += chunk
                while b"\\n\\n" in buffer:
                    frame, buffer = buffer.split(b"\\n\\n", 1)
                    if frame.startswith(b"event: update"):
                        data = json.loads(frame.split(b"data: ", 1)[1])
                        marks.append((data["seq"], now))

async def main(url, count):
    marks = [[] for _ in range(count)]
    tasks = [asyncio.create_task(read(url, m)) for m in marks]
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    for task in tasks:
        task.cancel()
    print(json.dumps(marks))

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


def rss_mib() -> float:
    """This process's resident memory, MiB (Linux /proc)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def pct(values: list[float], p: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]


def _scan(session: Session, code: str) -> None:
    session.commit(TableInput(InputKind.SCAN, {"code": code}, reader="shared"))


async def _drive(
    session: Session, server: TableServer, pages: list[Page], inputs: int, gap_s: float
) -> dict[str, Any]:
    """Commit `inputs` inputs; return latencies (ms) to receipt and to render on every
    page, from the publication to receipt, and the commit times alone."""
    sent: dict[int, float] = {}
    published: dict[int, float] = {}
    commit_ms: list[float] = []
    for i in range(inputs):
        seq = server.feed.seq + 1
        start = time.time() * 1000
        t0 = time.perf_counter()
        if i % 2 == 0:
            _scan(session, "kill@S7")
        else:
            session.commit(
                TableInput(InputKind.PRESS, {"button": "no", "long": False}, reader="shared")
            )
        commit_ms.append((time.perf_counter() - t0) * 1000)
        sent[seq] = start
        published[seq] = time.time() * 1000
        await asyncio.sleep(gap_s)
    last = server.feed.seq
    out: dict[str, Any] = {"received": [], "rendered": [], "delivery": []}
    for page in pages:
        await page.wait_for_function(f"window.__tc.seq >= {last}", timeout=30_000)
        marks = await page.evaluate("[window.__tc.received, window.__tc.rendered]")
        for seq, t in sent.items():
            out["received"].append(marks[0][str(seq)] - t)
            out["rendered"].append(marks[1][str(seq)] - t)
            out["delivery"].append(marks[0][str(seq)] - published[seq])
    out["commit"] = commit_ms
    out["sent"] = sent
    return out


def _line(name: str, values: list[float]) -> str:
    return (
        f"  {name:<28} p50 {pct(values, 50):6.1f} ms   p99 {pct(values, 99):6.1f} ms"
        f"   max {max(values):6.1f} ms   (n={len(values)})"
    )


# The README's picture: six seats mid-game (a weapon and a horse, a delayed trick,
# a dead rebel with its identity shown, a wounded seat, a Dodge being asked for).
SCENE = [
    *("lord", "liubei", "guanyu", "zhugeliang", "caocao", "sunquan", "diaochan"),
    *("zhuge_crossbow@CA", "chitu@H5", "indulgence@S6", "sunquan"),
    *("kill@S7", "diaochan", "no", "kill@S8", "diaochan", "no", "kill@S9", "diaochan"),
    *("no",) * 7,
    *("rebel", "kill@S10", "guanyu", "no", "kill@H10", "caocao"),
]


async def screenshot(path: Path, lang: str) -> int:
    """Play SCENE with the page open and save a 1920x1080 picture of it."""
    with tempfile.TemporaryDirectory() as tmp:
        log = GameLog(Path(tmp) / "scene.sqlite")
        session = Session.start(log, game="sanguosha", players=6, seed=1, settings={}, lang=lang)
        async with (
            serve_table(session, "127.0.0.1", 0, lan=True) as server,
            async_playwright() as pw,
        ):
            session.announce(session.opening())
            for word in SCENE:
                if word == "no":
                    session.commit(
                        TableInput(
                            InputKind.PRESS, {"button": "no", "long": False}, reader="shared"
                        )
                    )
                else:
                    _scan(session, word)
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = await browser.new_page(viewport={"width": 1920, "height": 1080})
            await page.goto(f"http://127.0.0.1:{server.port}/?t={server.access.view_token}")
            await page.wait_for_function("window.__tc.seq >= 0")
            await page.wait_for_timeout(500)  # the QR image and the fonts
            await page.screenshot(path=str(path))
            await browser.close()
        log.close()
    print(f"wrote {path}")
    return 0


async def main(inputs: int, gap_ms: float) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        log = GameLog(Path(tmp) / "bench.sqlite")
        session = Session.start(log, game="sanguosha", players=5, seed=1, settings={}, lang="en")
        for code in SETUP:
            _scan(session, code)
        base_rss = rss_mib()
        async with serve_table(session, "127.0.0.1", 0) as server, async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            idle_rss = rss_mib()
            print(f"Table view: {inputs} inputs, {gap_ms:g} ms apart, Chromium {browser.version}")
            runs = [
                (1, 0, "1 Chromium page"),
                (10, 0, "10 Chromium pages (all on this machine's 2 cores)"),
                (1, 9, "1 Chromium page + 9 stream readers in another process"),
            ]
            for count, readers, title in runs:
                pages = []
                for _ in range(count):
                    page = await browser.new_page(viewport={"width": 1280, "height": 800})
                    await page.goto(server.url)
                    await page.wait_for_function("window.__tc.seq >= 0")
                    pages.append(page)
                others = None
                if readers:
                    others = await asyncio.create_subprocess_exec(
                        sys.executable, "-c", READERS, f"{server.base_url}/events", str(readers),
                        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                    )  # fmt: skip
                async with asyncio.timeout(30):
                    while server.feed.clients < count + readers:
                        await asyncio.sleep(0.05)
                await asyncio.sleep(0.5)
                if count + readers == 10 and readers == 0:
                    with_clients, clients = rss_mib(), server.feed.clients
                ms = await _drive(session, server, pages, inputs, gap_ms / 1000)
                if others is not None:
                    out, _ = await others.communicate(b"")
                    for marks in json.loads(out):
                        got = dict(marks)
                        ms["readers"] = ms.get("readers", []) + [
                            got[seq] - t for seq, t in ms["sent"].items()
                        ]
                print(f"{title}:")
                print(_line("input -> update received", ms["received"]))
                print(_line("input -> page re-rendered", ms["rendered"]))
                print(_line("  of which Session.commit", ms["commit"]))
                print(_line("  of which publish -> received", ms["delivery"]))
                if "readers" in ms:
                    print(_line("input -> reader received", ms["readers"]))
                for page in pages:
                    await page.close()
            await browser.close()
        print(
            f"Memory (this process: game, log, server): {base_rss:.1f} MiB before the server, "
            f"{idle_rss:.1f} MiB serving, {with_clients:.1f} MiB with {clients} clients open "
            f"(+{with_clients - idle_rss:.1f} MiB)"
        )
        log.close()
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=200, help="inputs per run (default 200)")
    parser.add_argument("--gap", type=float, default=30.0, help="ms between inputs (default 30)")
    parser.add_argument(
        "--screenshot", type=Path, metavar="PNG", help="instead: save the README's picture here"
    )
    parser.add_argument("--lang", default="en", help="the picture's language (default en)")
    args = parser.parse_args()
    if args.screenshot is not None:
        sys.exit(asyncio.run(screenshot(args.screenshot, args.lang)))
    sys.exit(asyncio.run(main(args.inputs, args.gap)))
