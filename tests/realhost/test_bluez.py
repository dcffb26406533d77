"""The simulated readers against a real Linux host stack, as a user meets it: the
kernel's Bluetooth stack (reached through /dev/vhci), bluetoothd and stock bleak on
BlueZ, `companion` run as a command, inside the QEMU guest
(`python tests/realhost/run-guest.py`). Timings printed here (BENCH lines) are of an
emulated machine (QEMU TCG): they show trends, not what hardware does."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.realhost.guest import ROOT, Proc, Sim, companion, forget_adapter_bonds

pytestmark = pytest.mark.realhost

READER = "F1:00:7C:0A:00:01"  # the first simulated reader's address (reader id 7C0A0001)
SCRIPT = ROOT / "tests" / "scripts" / "regicide_solo.script"
GAME = ["--game", "regicide", "--players", "1", "--seed", "3", "--lang", "en"]
HINT = "hold OK on it for 3 s"


@pytest.fixture
async def sim(tmp_path: Path) -> AsyncIterator[Sim]:
    if not Path("/dev/vhci").exists():
        pytest.fail("no /dev/vhci: the real-host tests run inside the guest (run-guest.py)")
    forget_adapter_bonds()
    readers = await Sim.launch(
        "--pairing", "button", "--seed", "3", "--keys", str(tmp_path / "reader-keys.json")
    )
    try:
        yield readers
    finally:
        await readers.quit()


async def pair(sim: Sim, allowlist: Path) -> float:
    """Open the reader's window (OK held 3 s) and run `companion readers pair`."""
    await sim.type("hold ok\n")
    await sim.expect(r"pairing window open|LED .*pairing|double", timeout=10)
    done = await companion("readers", "pair", "--allowlist", str(allowlist), "--timeout", "60")
    assert done.status == 0, done.err
    assert done.out.strip().startswith("paired TCR-0001 (reader 7C0A0001"), done.out
    return done.seconds


def no_raw_stack_text(text: str) -> None:
    """What the user reads never is a D-Bus error or a traceback."""
    for raw in ("org.bluez", "Traceback", "BleakDBusError", "dbus"):
        assert raw not in text, text


async def test_listing_shows_an_unpaired_reader_apart_with_the_hint(
    sim: Sim, tmp_path: Path
) -> None:
    """`companion readers` on BlueZ lists a reader nobody paired under "not paired",
    with the hint to hold OK and pair, and never connects to it."""
    done = await companion("readers", "--allowlist", str(tmp_path / "readers.json"))
    assert done.status == 0, done.err
    assert "not paired (hold OK on one for 3 s, then `companion readers pair`):" in done.out
    assert READER in done.out and "TCR-0001" in done.out
    assert not [line for line in sim.lines if "connected" in line]
    print(f"\nBENCH `companion readers` (3 s scan) wall time, emulated: {done.seconds:.2f} s")


async def test_pairing_in_the_window_then_listing_shows_it_paired(sim: Sim, tmp_path: Path) -> None:
    """OK held 3 s on the reader, then `companion readers pair`: bonded through BlueZ
    (with the companion's own agent when none is there), on the allowlist, and the
    listing then shows it with its battery."""
    allowlist = tmp_path / "readers.json"
    seconds = await pair(sim, allowlist)
    entry = json.loads(allowlist.read_text())["readers"][0]
    assert entry["reader_id"] in (0x7C0A0001, "7C0A0001")
    await sim.type("status\n")
    await sim.expect(r"TCR-0001 .* 1 bond\b")
    start = time.monotonic()
    done = await companion("readers", "--allowlist", str(allowlist), "--timeout", "8")
    assert done.status == 0, done.err
    assert "TCR-0001" in done.out and "100%" in done.out, done.out
    assert "not paired" not in done.out
    print(f"\nBENCH pairing (`companion readers pair`, whole command), emulated: {seconds:.2f} s")
    print(f"BENCH listing a paired reader (8 s scan), emulated: {time.monotonic() - start:.2f} s")


async def test_pairing_outside_the_window_is_refused_with_the_hint(
    sim: Sim, tmp_path: Path
) -> None:
    """`companion readers pair` while the reader's window is closed: it fails with the
    project's own hint (hold OK 3 s), never a D-Bus error, and nothing is bonded."""
    allowlist = tmp_path / "readers.json"
    done = await companion("readers", "pair", "--allowlist", str(allowlist), "--timeout", "10")
    assert done.status == 1, done.out + done.err
    assert HINT in done.err, done.err
    no_raw_stack_text(done.err + done.out)
    assert not allowlist.exists() or json.loads(allowlist.read_text())["readers"] == []
    await sim.type("status\n")
    await sim.expect(r"TCR-0001 .* 0 bonds")


async def test_play_refuses_an_unpaired_reader_with_the_hint(sim: Sim, tmp_path: Path) -> None:
    """`companion play --reader ble:ADDRESS` with a reader that is not paired: it says
    so with the hint, never connects to it, and nothing reaches the game."""
    play = await Proc.start(
        "play", "companion", "play", *GAME, "--reader", f"ble:{READER}",
        "--db", str(tmp_path / "g.sqlite"), "--allowlist", str(tmp_path / "readers.json"),
    )  # fmt: skip
    try:
        await play.expect(rf"ignoring TCR-0001 \({READER}\): not paired .*hold OK on it for 3 s")
        assert not [line for line in sim.lines if "connected" in line]
    finally:
        await play.stop()
    no_raw_stack_text("\n".join(play.lines))


def script_lines() -> list[str]:
    lines = []
    for raw in SCRIPT.read_text("utf-8").splitlines():
        text = raw.split("#", 1)[0].strip()
        if text:
            lines.append(text)
    return lines


async def reference(tmp_path: Path, script: Path = SCRIPT) -> tuple[list[str], dict]:
    """The same game with the in-process simulated reader (`--reader sim`)."""
    state = tmp_path / "sim-state.json"
    done = await companion(
        "play", *GAME, "--reader", "sim", "--script", str(script),
        "--db", str(tmp_path / "sim.sqlite"), "--state-out", str(state), timeout=300,
    )  # fmt: skip
    assert done.status == 0, done.err
    return done.out.splitlines(), json.loads(state.read_text())


async def test_a_scripted_game_over_bluez_equals_the_sim_run(sim: Sim, tmp_path: Path) -> None:
    """A whole scripted game through stock bleak on BlueZ: narration and final state
    are those of the same script with `--reader sim`."""
    want_lines, want_state = await reference(tmp_path)
    allowlist = tmp_path / "readers.json"
    await pair(sim, allowlist)
    state = tmp_path / "state.json"
    play = await Proc.start(
        "play", "companion", "play", *GAME, "--reader", f"ble:{READER}",
        "--db", str(tmp_path / "g.sqlite"), "--state-out", str(state),
        "--allowlist", str(allowlist), split=True,
    )  # fmt: skip
    try:
        await play.expect(r"reader TCR-0001 connected", stream="err")
        await sim.type("".join(line + "\n" for line in script_lines()))
        done = await play.finish(timeout=300)
    finally:
        await play.stop()
    assert done.status == 0, done.err
    assert done.out.splitlines() == want_lines
    assert json.loads(state.read_text()) == want_state
    no_raw_stack_text(done.err)


async def test_reboot_away_and_power_cycle_mid_game_lose_nothing(sim: Sim, tmp_path: Path) -> None:
    """The same game, with the reader rebooting, going out of range and being switched
    off and on between inputs: every input reaches the game exactly once (narration and
    final state equal the sim run's) and the bond survives."""
    want_lines, want_state = await reference(tmp_path)
    allowlist = tmp_path / "readers.json"
    await pair(sim, allowlist)
    state = tmp_path / "state.json"
    play = await Proc.start(
        "play", "companion", "play", *GAME, "--reader", f"ble:{READER}",
        "--db", str(tmp_path / "g.sqlite"), "--state-out", str(state),
        "--allowlist", str(allowlist), split=True,
    )  # fmt: skip
    lines = script_lines()
    quarter = len(lines) // 4
    chunks = [lines[:quarter], lines[quarter : 2 * quarter], lines[2 * quarter : 3 * quarter]]
    # (fault, what the reader says once it has happened): after a reboot and a power
    # cycle the reader is on again before the next input; out of range, the next inputs
    # are made while it is away and wait in its buffer.
    faults = [
        ("fault reboot", r"rebooted, epoch"),
        ("fault away 3", r"fault: out of range"),
        ("fault power-cycle 3", r"rebooted, epoch"),
    ]
    try:
        await play.expect(r"reader TCR-0001 connected", stream="err")
        for chunk, (fault, happened) in zip(chunks, faults, strict=True):
            await sim.type("".join(line + "\n" for line in chunk))
            await sim.settled()  # the host stored and acknowledged every input so far
            await sim.type(fault + "\n")
            await sim.expect(rf"\[TCR-0001 shared\] {happened}", timeout=30)
        await sim.type("".join(line + "\n" for line in lines[3 * quarter :]))
        done = await play.finish(timeout=300)
    finally:
        await play.stop()
    assert done.status == 0, done.err
    assert done.out.splitlines() == want_lines
    assert json.loads(state.read_text()) == want_state
    await sim.type("status\n")
    await sim.expect(r"TCR-0001 .* 1 bond\b")
    no_raw_stack_text(done.err)
