"""The simulated reader's own parts: advertisement, tokens, table script, routing, console."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from firmware_protocol import CardKind, decode, profile
from hardware.sim.console import run_console
from hardware.sim.reader import SimulatedReader
from hardware.sim.script import (
    SHARED,
    Fault,
    FaultKind,
    Press,
    Remove,
    Scan,
    ScanUid,
    ScriptError,
    Select,
    Wait,
    parse_script,
)
from hardware.sim.table import SimulatedTable
from hardware.sim.tokens import TagKind, TokenError, default_token_encoder, parse_uid, text_tag


async def test_advertisement_fits_31_bytes_and_names_the_service() -> None:
    """Every reader's advertisement is a legal legacy one (at most 31 bytes) carrying
    the service UUID and its name, with an empty scan response."""
    async with SimulatedTable(10, shared=False) as table:
        for reader in table.readers:
            front = reader.front
            adv = front.advertisement  # type: ignore[attr-defined]
            assert len(adv) <= profile.MAX_ADVERTISEMENT
            assert bytes.fromhex(profile.SERVICE_UUID.replace("-", ""))[::-1] in adv
            assert reader.name.encode() in adv
            assert front.device.scan_response_data == b""  # type: ignore[attr-defined]


def test_reader_names_and_addresses_follow_the_reader_id() -> None:
    """A reader's name is TCR- and the last 4 hex digits of its id, and its address
    is a random static address (top bits 11) derived from the id."""
    reader = SimulatedReader(0x12344B7F)
    assert reader.name == "TCR-4B7F"
    assert reader.address == "F1:00:12:34:4B:7F"
    assert int(reader.address[:2], 16) >> 6 == 0b11


def test_tokens_become_label_codes() -> None:
    """A table-script token is sent as its card's printed code when the codes module
    knows it; a raw UID is parsed from hex."""
    from companion.codes import encode_token

    assert default_token_encoder("kill@S7").data == encode_token("kill@S7").encode()
    assert default_token_encoder("caocao").kind is TagKind.TEXT
    assert parse_uid("04A1B2C3").data == bytes.fromhex("04a1b2c3")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: default_token_encoder("no-such-card@Z9"), "no card code"),
        (lambda: default_token_encoder("  "), "empty token"),
        (lambda: text_tag("fourteen bytes"), "1 to 13"),
        (lambda: parse_uid("04A1B2"), "4, 7 or 10 bytes"),
        (lambda: parse_uid("zz"), "not a hex UID"),
    ],
)
def test_bad_tokens_are_refused_with_a_reason(call: object, message: str) -> None:
    """A token or UID no tag could carry raises TokenError saying why."""
    with pytest.raises(TokenError, match=message):
        call()  # type: ignore[operator]


def test_script_lines_parse() -> None:
    """Each table-script form parses to its action, with the reader prefix."""
    script = """
        # setup
        @1 scan lord
        @* scan 杀♠7      # the shared reader
        scan uid:04A1B2C3
        @3 press ok
        press undo long
        select 4
        remove
        wait 5
        fault away 0.5
        fault duplicate
    """
    lines = parse_script(script)
    assert [(line.target, line.action) for line in lines] == [
        (1, Scan("lord")),
        (SHARED, Scan("杀♠7")),
        (None, ScanUid("04A1B2C3")),
        (3, Press("ok")),
        (None, Press("undo", long=True)),
        (None, Select(4)),
        (None, Remove()),
        (None, Wait(5.0)),
        (None, Fault(FaultKind.AWAY, 0.5)),
        (None, Fault(FaultKind.DUPLICATE)),
    ]
    assert lines[0].number == 3 and lines[0].text == "@1 scan lord"


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("jump", "unknown or malformed command"),
        ("press maybe", "press takes ok, no or undo"),
        ("press ok twice", "'long' after the button"),
        ("select 11", "a seat is 0..10"),
        ("wait -1", "finite number >= 0"),
        ("@0 press ok", "@0 names no seat"),
        ("@3", "needs a command"),
        ("scan", "scan takes a token"),
        ("fault meteor", "unknown fault"),
        ("fault away", "takes one number"),
    ],
)
def test_bad_script_lines_name_their_line(line: str, reason: str) -> None:
    """A line that is not table script raises ScriptError with its number and why,
    and a script with one is refused whole."""
    with pytest.raises(ScriptError, match=reason) as caught:
        parse_script(f"press ok\n{line}\n")
    assert caught.value.number == 2


async def test_table_routes_lines_to_readers() -> None:
    """@N goes to the reader of seat N, @* and unprefixed lines to the shared reader."""
    table = SimulatedTable(3, seats=[0, 2, 5])
    assert table.reader_for(2).seat == 2
    assert table.reader_for(5).seat == 5
    assert table.reader_for(SHARED).seat == 0
    assert table.reader_for(None).seat == 0
    assert table.reader_for(4).seat == 0  # no reader of seat 4: the shared one
    per_seat = SimulatedTable(2, shared=False)
    with pytest.raises(LookupError, match="no reader has seat 7"):
        per_seat.reader_for(7)
    with pytest.raises(LookupError, match="exactly one shared reader"):
        per_seat.reader_for(SHARED)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"n_readers": 0}, "1 to 10 readers"),
        ({"n_readers": 11}, "1 to 10 readers"),
        ({"n_readers": 2, "seats": [1, 1]}, "cannot share a seat"),
        ({"n_readers": 2, "seats": [1]}, "1 seats given for 2 readers"),
    ],
)
async def test_bad_tables_are_refused(kwargs: dict, message: str) -> None:
    """A table with no, too many or clashing readers raises ValueError saying why."""
    with pytest.raises(ValueError, match=message):
        SimulatedTable(**kwargs)


async def test_playing_a_script_records_the_events() -> None:
    """A played script becomes the readers' events in order; wait calls the clock hook."""
    waits: list[float] = []
    async with SimulatedTable(2, shared=False) as table:
        await table.play("@1 scan caocao\n@2 press no\nwait 2.5\n@1 remove", on_wait=waits.append)
        first, second = table.readers
        assert (first.last_seq, second.last_seq) == (1, 0)
        assert first.card is None
        assert waits == [2.5]
        with pytest.raises(ScriptError, match="no card on the reader"):
            await table.play("@2 remove")


async def lines_of(*texts: str) -> AsyncIterator[str]:
    for text in texts:
        yield text


async def test_console_plays_lines_and_explains_mistakes() -> None:
    """The console plays table-script lines, shows status and help, and answers a bad
    line with its reason without stopping."""
    said: list[str] = []
    async with SimulatedTable(1) as table:
        reader = table.readers[0]
        reader.observers.append(lambda r, text: said.append(f"{r.name}: {text}"))
        await run_console(
            table,
            lines_of(
                "press ok\n", "press sideways\n", "status\n", "help\n", "quit\n", "press no\n"
            ),
            said.append,
        )
        assert reader.last_seq == 0  # quit stopped before "press no"
    assert "? press takes ok, no or undo, then optionally long (type help)" in said
    assert any(line.startswith("TCR-0001 shared epoch") for line in said)
    assert any("fault drop" in line for line in said)


async def test_fault_lines_reach_the_reader() -> None:
    """Script fault lines call the reader's fault methods."""
    async with SimulatedTable(1) as table:
        reader = table.readers[0]
        epochs = list(reader.epochs)
        await table.play("fault reboot\nfault low-battery\nfault latency 7.5")
        assert len(reader.epochs) == len(epochs) + 1
        assert reader.battery_percent == 5
        assert table.link.interval_ms(reader.front.controller) == 7.5  # type: ignore[attr-defined]


async def test_a_power_cycle_silences_the_reader_then_boots_it_anew() -> None:
    """`fault power-cycle S`: the reader goes silent (no link, no advertising) for S
    seconds, then boots with a new epoch; its bonds stay."""
    import asyncio

    async with SimulatedTable(1) as table:
        reader = table.readers[0]
        bonds, epochs = reader.security.bonds, list(reader.epochs)
        device = reader.front.device  # type: ignore[attr-defined]
        async with asyncio.timeout(5):  # advertising again after the table's bonding
            while not device.is_advertising:
                await asyncio.sleep(0.01)
        assert bonds
        await table.play("fault power-cycle 0.2")
        assert not reader.is_connected
        assert not device.is_advertising
        assert reader.epochs == epochs
        async with asyncio.timeout(5):
            while len(reader.epochs) == len(epochs) or not device.is_advertising:
                await asyncio.sleep(0.05)
        assert len(reader.epochs) == len(epochs) + 1
        assert reader.security.bonds == bonds
    with pytest.raises(ScriptError, match="takes one number"):
        parse_script("fault power-cycle")


async def test_firmware_core_reports_a_replaced_card_removed() -> None:
    """Behind the seam, the firmware core decides like the real reader: a new card on
    the reader reports the one it replaced as removed, a long press is LONG."""
    from firmware_protocol import Button, ButtonId, Card, Press
    from hardware.sim.firmware_logic import FirmwareLogic

    logic = FirmwareLogic(0x1234, 0x7C0A0001)
    frames = logic.card(True, CardKind.TEXT, b"S0DX") + logic.card(True, CardKind.TEXT, b"G01V")
    frames += logic.button(ButtonId.OK, long=True)
    assert [decode(f) for f in frames] == [
        Card(True, CardKind.TEXT, b"S0DX", seq=0),
        Card(False, CardKind.TEXT, b"S0DX", seq=1),
        Card(True, CardKind.TEXT, b"G01V", seq=2),
        Button(ButtonId.OK, Press.LONG, seq=3),
    ]
    assert logic.pending == 4 and logic.epoch == 0x1234
