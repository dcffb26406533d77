"""`companion readers` and `companion sim`, and the simulator process's script path."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.readers import HubOptions, ReaderHub, open_reader
from hardware.sim.server import SimOptions, run_simulator
from tests.readers.helpers import TIMEOUT, take_inputs


def test_readers_lists_simulated_readers(capsys: pytest.CaptureFixture[str]) -> None:
    """`companion readers --reader sim:3` prints one row per reader with name, address,
    RSSI, battery and seat; with --expect the listing ends once all three answered."""
    assert main(["readers", "--reader", "sim:3", "--expect", "3", "--timeout", "120"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["NAME", "ADDRESS", "RSSI", "BATTERY", "SEAT", "READER", "ID"]
    rows = sorted(line.split() for line in lines[1:])
    assert [row[0] for row in rows] == ["TCR-0001", "TCR-0002", "TCR-0003"]
    assert [row[-2] for row in rows] == ["1", "2", "3"]
    assert {(row[2], row[3], row[4]) for row in rows} == {("-50", "dBm", "100%")}


def test_readers_says_when_fewer_than_expected_answer(capsys: pytest.CaptureFixture[str]) -> None:
    """Two readers for --expect 3: the search ends at --timeout, says how many of the
    3 answered (however many of the two made it in that second), and exits 1."""
    assert main(["readers", "--reader", "sim:2", "--expect", "3", "--timeout", "1"]) == 1
    err = capsys.readouterr().err
    assert re.search(r"\b[0-2] of the 3 expected readers answered within 1 s", err), err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["readers", "--reader", "bogus"], "not a reader spec"),
        (["readers", "--reader", "sim:11"], "1 to 10 readers"),
        (["readers", "--timeout", "0"], "--timeout must be positive"),
        (["readers", "--expect", "0"], "--expect must be at least 1, not 0"),
        (["sim", "--readers", "11"], "--readers takes 1 to 10"),
        (["sim", "--latency", "-1"], "--latency must be >= 0"),
    ],
)
def test_bad_arguments_are_refused(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bad arguments give exit status 2 and say what is wrong."""
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_sim_refuses_a_bad_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`companion sim --script` refuses a script with a bad line before starting."""
    script = tmp_path / "bad.script"
    script.write_text("press ok\npress sideways\n", encoding="utf-8")
    assert main(["sim", "--script", str(script), "--port", "0", "--no-console"]) == 2
    assert "line 2" in capsys.readouterr().err


async def test_simulator_plays_its_script_once_a_host_is_up(tmp_path: Path) -> None:
    """The simulator process's script waits for a host's HELLO, then plays; the host,
    reaching it through an HCI transport, gets the script's events."""
    script = tmp_path / "table.script"
    script.write_text("@* scan caocao\npress ok\nfault duplicate\npress no\n", encoding="utf-8")
    said: list[str] = []
    spec: asyncio.Future[str] = asyncio.get_running_loop().create_future()

    def out(text: str) -> None:
        said.append(text)
        if text.startswith("hci: ") and not spec.done():
            spec.set_result(text[len("hci: ") :])

    options = SimOptions(port=0, script=script, console=False, seed=5)
    simulator = asyncio.create_task(run_simulator(options, out=out))
    try:
        transport = await asyncio.wait_for(spec, TIMEOUT)
        # hello_timeout: the default 2 s refuses a reader whose HELLO a loaded machine
        # delays (seen at load 12); here it only bounds a failure.
        hub_options = HubOptions(auto_ack=True, hello_timeout=TIMEOUT)
        async with ReaderHub(open_reader(f"hci:{transport}"), hub_options) as hub:
            seen = await take_inputs(hub, 3)
        assert [type(i.event).__name__ for i in seen.inputs] == ["Card", "Button", "Button"]
        assert seen.seqs() == [0, 1, 2]
    finally:
        simulator.cancel()
        with pytest.raises(asyncio.CancelledError):
            await simulator
    assert "script: done" in said
