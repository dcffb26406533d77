"""The simulated reader's security over the real bumble stack: the ATT gate, the
pairing window, LE Secure Connections only, and bonds that survive restarts."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from bleak.exc import BleakError, BleakGATTProtocolError
from bumble.att import ATT_Error
from bumble.core import UUID, ProtocolError
from bumble.device import Peer
from bumble.hci import Address
from bumble.pairing import PairingConfig
from bumble.smp import ErrorCode as SmpError

from companion.readers import HubOptions, KnownReader, ReaderHub
from companion.readers.allowlist import Allowlist
from companion.readers.sim import SimSource
from companion.readers.trust import TrustPolicy
from firmware_protocol import (
    Feedback,
    Hello,
    HelloRequest,
    ReaderFlags,
    Status,
    decode,
    encode,
    profile,
)
from firmware_protocol.fields import Buzzer, Color, Pattern
from hardware.sim.firmware_logic import FirmwareLogic
from hardware.sim.logic import SessionLogic
from hardware.sim.reader import LED_OFF, LED_PAIRING, LogicFactory
from hardware.sim.script import Hold, ScriptError, parse_line
from hardware.sim.table import HOST_ADDRESS, SimulatedTable
from tests.readers.helpers import take_inputs
from tests.trust.helpers import (
    BATTERY_LEVEL_UUID,
    INSUFFICIENT_AUTHENTICATION,
    INSUFFICIENT_ENCRYPTION,
    TIMEOUT,
    connected,
    window_changes,
    window_closed,
)

LOGICS: dict[str, LogicFactory] = {"session": SessionLogic, "firmware": FirmwareLogic}
_FEEDBACK = encode(Feedback(Color.GREEN, Pattern.SOLID, Buzzer.BEEP, 0))


async def test_an_unpaired_host_gets_info_and_battery_and_nothing_else() -> None:
    """Without a bond the reader answers reads of `info` and of Battery Level and lets
    the host subscribe to Battery Level (a stock OS reads it right after discovery, and
    a refusal makes it pair on its own: SPEC.md section 12), but never notifies it; it
    refuses reading `event`, subscribing to it and writing a command with ATT error 0x05."""
    async with SimulatedTable(1, bonded=False) as table:
        reader = table.readers[0]
        async with connected(table, reader) as client:
            info = profile.Info.from_bytes(bytes(await client.read_gatt_char(profile.INFO_UUID)))
            assert info.reader_id == reader.reader_id
            assert bytes(await client.read_gatt_char(BATTERY_LEVEL_UUID)) == bytes([100])
            levels: list[bytes] = []
            await client.start_notify(BATTERY_LEVEL_UUID, lambda _c, d: levels.append(bytes(d)))
            await reader.low_battery()
            await client.read_gatt_char(profile.INFO_UUID)  # a round trip after it
            assert levels == []  # only a bonded, encrypted link is told
            refused = [
                client.read_gatt_char(profile.EVENT_UUID),
                client.start_notify(profile.EVENT_UUID, lambda _c, _d: None),
                client.write_gatt_char(profile.COMMAND_UUID, _FEEDBACK, response=True),
            ]
            for operation in refused:
                with pytest.raises(BleakGATTProtocolError) as caught:
                    await operation
                assert caught.value.code == INSUFFICIENT_AUTHENTICATION
            # A write without response has no answer to carry an error: it is dropped.
            await client.write_gatt_char(profile.COMMAND_UUID, _FEEDBACK, response=False)
            await client.read_gatt_char(profile.INFO_UUID)  # a round trip after it
        assert reader.feedback_history == []
        assert not reader.is_greeted
        assert reader.security.bonds == []


async def test_a_bonded_host_must_encrypt_first() -> None:
    """A bonded host on a link it has not encrypted gets ATT error 0x0F (insufficient
    encryption); once it encrypts with its bond, it may subscribe."""
    async with SimulatedTable(1) as table:
        reader = table.readers[0]
        assert table.host_device is not None
        connection = await table.host_device.connect(Address(reader.address), timeout=TIMEOUT)
        peer = Peer(connection)
        await peer.discover_services()
        await peer.discover_characteristics()
        [event] = peer.get_characteristics_by_uuid(UUID(profile.EVENT_UUID))
        with pytest.raises(ATT_Error) as caught:
            await peer.subscribe(event, lambda _value: None)
        assert caught.value.error_code == INSUFFICIENT_ENCRYPTION
        await connection.encrypt()
        await peer.subscribe(event, lambda _value: None)
        state = decode(await event.read_value())
        assert isinstance(state, (Hello, Status)) and state.reader_id == reader.reader_id
        await connection.disconnect()


async def test_pairing_outside_the_window_is_refused() -> None:
    """With the pairing window closed the reader refuses to pair; no bond is kept on
    either side and the reader still refuses subscriptions."""
    async with SimulatedTable(1, bonded=False) as table:
        reader = table.readers[0]
        assert table.host_device is not None
        async with connected(table, reader) as client:
            with pytest.raises(BleakError, match="PAIRING_NOT_SUPPORTED"):
                await client.pair()
        assert reader.security.bonds == []
        assert await table.host_device.keystore.get_all() == []  # type: ignore[union-attr]
        async with connected(table, reader) as client:
            with pytest.raises(BleakGATTProtocolError) as caught:
                await client.start_notify(profile.EVENT_UUID, lambda _c, _d: None)
            assert caught.value.code == INSUFFICIENT_AUTHENTICATION


@pytest.mark.parametrize("logic", sorted(LOGICS))
async def test_pairing_inside_the_window_bonds_and_closes_it(logic: str) -> None:
    """Holding OK opens the window (LED double-blinking white, flags bit 3); pairing
    then bonds, closes the window, restores the LED, and the host may subscribe."""
    async with SimulatedTable(1, bonded=False, logic_factory=LOGICS[logic]) as table:
        reader = table.readers[0]
        changes = window_changes(reader)
        reader.hold_ok()
        assert reader.led == LED_PAIRING
        status = decode(reader.status_frame())
        assert isinstance(status, Status) and status.flags & ReaderFlags.PAIRING
        async with connected(table, reader) as client:
            await client.pair()
            assert changes == [(True, None), (False, HOST_ADDRESS)]
            assert not reader.pairing_window_open and reader.led == LED_OFF
            status = decode(reader.status_frame())
            assert isinstance(status, Status) and not status.flags & ReaderFlags.PAIRING
            frames: asyncio.Queue[bytes] = asyncio.Queue()
            await client.start_notify(
                profile.EVENT_UUID, lambda _c, data: frames.put_nowait(bytes(data))
            )
            await client.write_gatt_char(profile.COMMAND_UUID, encode(HelloRequest()), True)
            hello = decode(bytes(await asyncio.wait_for(frames.get(), TIMEOUT)))
            assert isinstance(hello, Hello) and hello.reader_id == reader.reader_id
        assert reader.security.bonds == [HOST_ADDRESS]
        assert [name for name, _ in await table.host_device.keystore.get_all()] == [  # type: ignore[union-attr]
            reader.address
        ]


@pytest.mark.parametrize("logic", sorted(LOGICS))
async def test_a_bonded_host_reads_the_pairing_flag(logic: str) -> None:
    """A bonded host reading STATUS over the air sees flags bit 3 exactly while the
    reader's pairing window is open."""
    async with SimulatedTable(1, logic_factory=LOGICS[logic]) as table:
        reader = table.readers[0]
        async with connected(table, reader) as client:
            reader.hold_ok()
            opened = decode(bytes(await client.read_gatt_char(profile.EVENT_UUID)))
            reader.security.close_window()
            closed = decode(bytes(await client.read_gatt_char(profile.EVENT_UUID)))
        assert isinstance(opened, Status) and opened.flags & ReaderFlags.PAIRING
        assert isinstance(closed, Status) and not closed.flags & ReaderFlags.PAIRING


async def test_the_window_closes_by_itself() -> None:
    """A window nobody pairs in closes when its time is up, and pairing is refused again."""
    async with SimulatedTable(1, bonded=False) as table:
        reader = table.readers[0]
        closed = window_closed(reader)
        reader.hold_ok(window=0.05)
        assert await asyncio.wait_for(closed, TIMEOUT) is None
        assert reader.led == LED_OFF
        async with connected(table, reader) as client:
            with pytest.raises(BleakError, match="PAIRING_NOT_SUPPORTED"):
                await client.pair()
        assert reader.security.bonds == []


async def test_feedback_during_the_window_shows_after_it() -> None:
    """The pairing signal stays on top of a FEEDBACK that arrives meanwhile; the
    feedback's colour shows when the window closes."""
    async with SimulatedTable(1) as table:
        reader = table.readers[0]
        async with connected(table, reader) as client:
            reader.hold_ok()
            await client.write_gatt_char(profile.COMMAND_UUID, _FEEDBACK, response=True)
            await reader.wait_feedback(1)
            assert reader.led == LED_PAIRING
            reader.security.close_window()
        assert reader.led.color is Color.GREEN


async def test_a_short_hold_is_not_the_pairing_gesture() -> None:
    """Holding OK under 3 s is refused with a reason and opens nothing; the script line
    `hold ok` means 3 s, and `hold ok 2` is refused."""
    async with SimulatedTable(1, bonded=False) as table:
        reader = table.readers[0]
        with pytest.raises(ValueError, match="3 s"):
            reader.hold_ok(2.5)
        assert not reader.pairing_window_open and reader.last_seq == 0xFFFF
    line = parse_line("@* hold ok")
    assert line is not None and line.action == Hold("ok", 3.0)
    with pytest.raises(ScriptError, match="3 s or more"):
        parse_line("hold ok 2")


async def test_legacy_pairing_is_refused_even_in_the_window() -> None:
    """A host that offers only legacy pairing (no LE Secure Connections) is refused
    with AUTHENTICATION_REQUIREMENTS, window or not."""
    async with SimulatedTable(1, bonded=False) as table:
        reader = table.readers[0]
        host = table.host_device
        assert host is not None
        host.pairing_config_factory = lambda _c: PairingConfig(sc=False, mitm=False, bonding=True)
        reader.hold_ok()
        connection = await host.connect(Address(reader.address), timeout=TIMEOUT)
        with pytest.raises(ProtocolError) as caught:
            await connection.pair()
        assert caught.value.error_code == SmpError.AUTHENTICATION_REQUIREMENTS
        await connection.disconnect()
        assert reader.security.bonds == []


async def test_a_bond_survives_a_restart_of_both_sides(tmp_path: Path) -> None:
    """Bonds kept in keystore files survive restarting the reader and the host: new
    devices on a new radio reconnect, encrypt and deliver events with no new pairing."""
    reader_keys, host_keys = tmp_path / "readers.json", tmp_path / "host.json"
    async with SimulatedTable(
        1, reader_keys=reader_keys, host_keys=host_keys
    ) as first:  # paired at start (OK held)
        bond = first.bonds[0]
    async with SimulatedTable(
        1, bonded=False, reader_keys=reader_keys, host_keys=host_keys
    ) as table:
        reader = table.readers[0]
        changes = window_changes(reader)
        assert reader.security.bonds == [HOST_ADDRESS]
        allowlist = Allowlist(None, [KnownReader(bond.reader_id, bond.identity, bond.name)])
        options = HubOptions(auto_ack=True, trust=TrustPolicy(allowlist))
        async with ReaderHub(SimSource(table, owns_table=False), options) as hub:
            await table.wait_ready(TIMEOUT)
            await reader.press("ok")
            seen = await take_inputs(hub, 1)
        assert seen.inputs[0].reader_id == reader.reader_id
        assert changes == []  # no window: nothing was paired again


async def test_each_reader_hands_out_its_own_identity_key() -> None:
    """A bond gives the host the reader's identity resolving key: each reader has one
    of its own, never bumble's all-zero default (which would let anyone resolve it)."""
    async with SimulatedTable(2) as table:
        host = table.host_device
        assert host is not None and host.keystore is not None
        irks = []
        for reader in table.readers:
            keys = await host.keystore.get(reader.address)
            assert keys is not None and keys.irk is not None
            irks.append(bytes(keys.irk.value))
        assert bytes(16) not in irks
        assert irks[0] != irks[1]
        assert irks == [reader.security.irk for reader in table.readers]
