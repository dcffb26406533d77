"""Benchmark: scan-to-narration latency and replay speed of the table pipeline.

    python bench/pipeline.py [--inputs 1000] [--replay-inputs 1000] [--lang en] [--no-fsync]

1. Latency. Five simulated readers on the in-process BLE stack (bumble), the real
   bleak backend, hub, SQLite game log, table, engine and narration. For every input
   the clock starts when the simulated reader sends its notification and stops when
   the session has produced the input's sentences (logged, applied, narrated).
   Printed: p50, p99 and max in milliseconds, and where the time goes.
2. Replay. A game of `--replay-inputs` inputs is logged, then rebuilt from the log as
   `companion resume` does (`Session.load`); printed: inputs per second and the time
   for the whole game.

Goals (issue #6): p99 under 5 ms; resume of a 1,000-input game under 0.5 s.
The inputs come from a simple policy that keeps a five-player game going forever:
each player Kills the next seat, who dodges; OK ends the play phase and discards
unseen; timed windows are let expire.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.game.clock import VirtualClock
from companion.game.pump import Pump
from companion.game.script import label_encoder
from companion.game.session import Session, Update
from companion.readers import HubOptions, ReaderHub
from companion.readers.sim import SimSource
from companion.store import GameLog
from companion.table.inputs import InputKind, TableInput
from hardware.sim.table import SimulatedTable

SETUP = [(1, "scan", "lord"), (1, "scan", "liubei"), (2, "scan", "guanyu"), (3, "scan", "zhaoyun"),
         (4, "scan", "huanggai"), (5, "scan", "huatuo")]  # fmt: skip
GENERALS = {1: "liubei", 2: "guanyu", 3: "zhaoyun", 4: "huanggai", 5: "huatuo"}


class Policy:
    """Chooses inputs that keep a five-player game going: each player Kills the next seat,
    who dodges, while unplayed copies of both remain (the engine knows which physical
    cards are in the discard pile until the deck is reshuffled); otherwise the player
    just ends the turn. OK discards unseen; timed windows are let expire."""

    def __init__(self, session: Session) -> None:
        from collections import Counter

        from engine.sanguosha.catalogue import catalogue, format_card

        deck = [format_card(c) for c in catalogue().deck]
        self.copies = Counter(deck)
        self.kills = sorted({c for c in deck if c.startswith("kill@")})
        self.dodges = sorted({c for c in deck if c.startswith("dodge@")})
        self.used: Counter[str] = Counter()
        session.subscribe(self._watch)

    def _watch(self, update: Update) -> None:
        outcome = update.outcome
        if outcome is None:
            return
        for event in outcome.events:
            if event["kind"] == "deck_reshuffled":
                self.used.clear()
            if event["kind"] in ("card_used", "card_played"):
                for card in event["cards"]:
                    self.used[card] += 1

    def _free(self, cards: list[str]) -> str | None:
        return next((c for c in cards if self.used[c] < self.copies[c]), None)

    def next_input(self, session: Session) -> tuple[int | None, str, str]:
        """(seat, verb, argument); seat None and verb "wait" for a timed window."""
        prompt = session.table.prompt() or {}
        kind, seat = prompt.get("kind"), prompt.get("seat")
        if kind == "play":
            kill, dodge = self._free(self.kills), self._free(self.dodges)
            if not prompt.get("count") and kill and dodge:
                return seat, "scan", kill
            return seat, "press", "ok"
        if kind == "choose_target" and seat is not None:
            return seat, "scan", GENERALS[seat % 5 + 1]
        if kind == "respond":
            dodge = self._free(self.dodges)
            return (seat, "scan", dodge) if dodge else (seat, "press", "no")
        if kind == "nullify":
            return None, "wait", "5"
        return seat, "press", "ok"


def _percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def measure_latency(n: int, lang: str, durable: bool, tmp: Path) -> dict[str, Any]:
    log = GameLog(tmp / "latency.sqlite", durable=durable)
    session = Session.start(log, game="sanguosha", players=5, seed=0, settings={}, lang=lang)
    clock = VirtualClock()
    done: list[float] = []
    session.subscribe(lambda update: done.append(time.perf_counter()) if update.sentences else None)
    sim = SimulatedTable(5, shared=False, token_encoder=label_encoder)
    policy = Policy(session)
    samples: list[float] = []
    async with ReaderHub(SimSource(sim), HubOptions()) as hub:
        pump = Pump(session, hub, clock)
        task = asyncio.create_task(pump.run())
        await pump.connected([r.reader_id for r in sim.readers], 30)
        steps = list(SETUP)
        count = 0
        while count < n + len(SETUP):
            seat, verb, arg = steps.pop(0) if steps else policy.next_input(session)
            if verb == "wait":
                clock.advance(float(arg))
                tick = session.due_tick(clock.now())
                if tick is not None:
                    session.commit(tick)
                continue
            assert seat is not None, "only a wait has no seat"
            reader = sim.readers[seat - 1]
            done.clear()
            start = time.perf_counter()
            seq = await (reader.scan(arg) if verb == "scan" else reader.press(arg))
            await pump.caught_up(reader.reader_id, reader.epoch, seq, 10)
            count += 1
            if count > len(SETUP) and done:
                samples.append((done[0] - start) * 1000)
        task.cancel()
    log.close()
    return {"samples": samples, "inputs": session.inputs, "state": session.state()}


def build_log(n: int, lang: str, tmp: Path) -> tuple[GameLog, int]:
    log = GameLog(tmp / "replay.sqlite", durable=False)
    session = Session.start(log, game="sanguosha", players=5, seed=0, settings={}, lang=lang)
    policy = Policy(session)
    steps = list(SETUP)
    clock = 0.0
    while session.inputs < n:
        seat, verb, arg = steps.pop(0) if steps else policy.next_input(session)
        if verb == "wait":
            clock += float(arg)
            session.commit(TableInput(InputKind.TICK, {}, t=clock))
            continue
        data = {"code": arg} if verb == "scan" else {"button": arg, "long": False}
        kind = InputKind.SCAN if verb == "scan" else InputKind.PRESS
        session.commit(TableInput(kind, data, t=clock, reader=f"R{seat}", seat=seat))
    return log, session.game_id


def profile_stages(log: GameLog, game_id: int, lang: str) -> dict[str, float]:
    """Mean milliseconds per input of each stage, from a replay: apply and narrate."""
    from companion.game.narrate import narrate_outcome
    from companion.narration import Narrator
    from companion.table.games import make_table

    info = log.game(game_id)
    table = make_table(info.game, info.players, info.seed, info.settings)
    narrator = Narrator(lang)
    inputs = [x.input for x in log.inputs(game_id)]
    applying = narrating = 0.0
    for inp in inputs:
        t0 = time.perf_counter()
        outcome = table.apply(inp)
        t1 = time.perf_counter()
        narrate_outcome(narrator, outcome, table.view())
        narrating += time.perf_counter() - t1
        applying += t1 - t0
    return {"apply": applying / len(inputs) * 1000, "narrate": narrating / len(inputs) * 1000}


def time_commits(n: int, durable: bool, tmp: Path) -> float:
    log = GameLog(tmp / f"commits-{durable}.sqlite", durable=durable)
    gid = log.new_game("sanguosha", players=5, seed=0)
    start = time.perf_counter()
    for i in range(n):
        log.append(gid, TableInput(InputKind.PRESS, {"button": "ok"}, reader="R", epoch=1, seq=i))
    log.close()
    return (time.perf_counter() - start) / n * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=1000, help="latency samples (default 1000)")
    parser.add_argument("--replay-inputs", type=int, default=1000, help="game length to resume")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--no-fsync", action="store_true", help="log with synchronous=NORMAL")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        result = asyncio.run(measure_latency(args.inputs, args.lang, not args.no_fsync, tmp))
        samples = result["samples"]
        print(f"scan-to-narration latency over {len(samples)} inputs "
              f"(BLE in-process, SQLite {'NORMAL' if args.no_fsync else 'FULL'} sync):")  # fmt: skip
        print(f"  p50 {statistics.median(samples):.2f} ms   p99 {_percentile(samples, 0.99):.2f} ms"
              f"   max {max(samples):.2f} ms")  # fmt: skip
        commit_full = time_commits(300, True, tmp)
        commit_normal = time_commits(300, False, tmp)
        log, gid = build_log(args.replay_inputs, args.lang, tmp)
        stages = profile_stages(log, gid, args.lang)
        print(f"  per input: log commit {commit_full:.2f} ms (FULL) / {commit_normal:.2f} ms (NORMAL),"
              f" apply {stages['apply']:.3f} ms, narrate {stages['narrate']:.3f} ms")  # fmt: skip
        start = time.perf_counter()
        session = Session.load(log, gid)
        elapsed = time.perf_counter() - start
        print(f"replay (resume) of a {session.inputs}-input game: {elapsed * 1000:.0f} ms, "
              f"{session.inputs / elapsed:,.0f} inputs/s")  # fmt: skip
        log.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
