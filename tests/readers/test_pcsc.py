"""PC/SC NFC readers through the hub: a real pcscd, Debian's vsmartcard-vpcd virtual
reader and pyscard; only the tag is simulated (`hardware.sim.nfc_tag.VirtualTag`, a
vpcd client answering `FF CA 00 00 00` and page reads as an NTAG21x would)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.readers import (
    HubOptions,
    ReaderConnected,
    ReaderDisconnected,
    ReaderHub,
    open_reader,
)
from companion.readers.adapter import MisreadKind, adapted_reader_id
from companion.readers.pcsc import PcscSource, parse_ndef_text
from firmware_protocol import Card, CardKind, Error
from firmware_protocol.fields import ErrorCode
from hardware.sim.nfc_tag import VirtualTag, ndef_text_memory, uid_only_memory
from tests.readers.helpers import Seen, take_inputs, take_until
from tests.readers.pcscd import PORT, SLOTS, Pcscd, running_pcscd, wait_until_empty

FAST = HubOptions(retry_initial=0.05, retry_max=0.2)
UID = bytes.fromhex("04A1B2C3D4E5F6")
OTHER_UID = bytes.fromhex("04112233445566")


@pytest.fixture
def pcscd(tmp_path: Path) -> Iterator[Pcscd]:
    with running_pcscd(tmp_path) as daemon:
        yield daemon


def _cards(seen: Seen) -> list[tuple[bool, CardKind, bytes]]:
    return [
        (e.event.present, e.event.kind, e.event.data)
        for e in seen.inputs
        if isinstance(e.event, Card)
    ]


async def _placed(tag: VirtualTag) -> None:
    await asyncio.get_running_loop().run_in_executor(None, tag.place)


async def test_a_uid_tag_placed_and_lifted(pcscd: Pcscd) -> None:
    """A tag with no NDEF text gives its UID when placed and again when lifted, from a
    reader whose id depends only on the PC/SC reader's name."""
    source = PcscSource(SLOTS[0])
    async with ReaderHub(source, FAST) as hub:
        seen = await take_until(hub, ReaderConnected)
        tag = VirtualTag(UID, uid_only_memory(UID), port=PORT)
        await _placed(tag)
        seen = await take_inputs(hub, 1, seen, ack=True)
        tag.lift()
        seen = await take_inputs(hub, 1, seen, ack=True)
    assert _cards(seen) == [(True, CardKind.UID, UID), (False, CardKind.UID, UID)]
    assert {i.reader_id for i in seen.inputs} == {adapted_reader_id("pcsc", SLOTS[0])}


async def test_an_ndef_text_tag_gives_its_code(pcscd: Pcscd) -> None:
    """An NTAG holding an NDEF text record gives the text (CARD NDEF), read page by
    page; a tag already on the reader when the companion starts is seen too."""
    tag = VirtualTag(UID, ndef_text_memory(UID, "S0DX"), port=PORT)
    await _placed(tag)
    try:
        async with ReaderHub(PcscSource(SLOTS[0]), FAST) as hub:
            seen = await take_inputs(hub, 1, ack=True)
    finally:
        tag.lift()
    assert _cards(seen) == [(True, CardKind.NDEF, b"S0DX")]


async def test_an_unreadable_ndef_is_a_misread_and_the_next_tag_reads(pcscd: Pcscd) -> None:
    """A tag whose NDEF message claims more bytes than it has is one ERROR input
    (UNREADABLE_TAG) and no removal; the next good tag reads as usual."""
    damaged = bytearray(ndef_text_memory(UID, "S0DX"))
    damaged[17] = 0xF0  # the NDEF TLV says 240 bytes: beyond the 180 of an NTAG213
    async with ReaderHub(PcscSource(SLOTS[0]), FAST) as hub:
        seen = await take_until(hub, ReaderConnected)
        bad = VirtualTag(UID, bytes(damaged), port=PORT)
        await _placed(bad)
        seen = await take_inputs(hub, 1, seen, ack=True)
        bad.lift()  # no input says so (a misread has no removal): pcscd's state does
        await asyncio.get_running_loop().run_in_executor(None, wait_until_empty, SLOTS[0])
        good = VirtualTag(OTHER_UID, ndef_text_memory(OTHER_UID, "G01K"), port=PORT)
        await _placed(good)
        seen = await take_inputs(hub, 1, seen, ack=True)
        good.lift()
        seen = await take_inputs(hub, 1, seen, ack=True)
    error = seen.inputs[0].event
    assert isinstance(error, Error) and error.code is ErrorCode.HARDWARE_FAULT
    assert error.detail == MisreadKind.UNREADABLE_TAG
    assert _cards(seen) == [(True, CardKind.NDEF, b"G01K"), (False, CardKind.NDEF, b"G01K")]


async def test_pcsc_name_and_seat_pick_one_reader(pcscd: Pcscd) -> None:
    """`pcsc:NAME@SEAT` uses only the readers whose name contains NAME, announced at
    SEAT; `pcsc` alone uses every reader pcscd lists."""
    source = open_reader("pcsc:00 01@2")
    assert isinstance(source, PcscSource)
    async with ReaderHub(source, FAST) as hub:
        seen = await take_until(hub, ReaderConnected)
        tag = VirtualTag(UID, port=PORT + 1)
        await _placed(tag)
        seen = await take_inputs(hub, 1, seen, ack=True)
        tag.lift()
    (connected,) = seen.of(ReaderConnected)
    assert connected.address == SLOTS[1] and connected.seat == 2
    assert seen.inputs[0].seat == 2
    async with ReaderHub(open_reader("pcsc"), FAST) as hub:
        seen = await take_until(hub, ReaderConnected, count=2)
    assert sorted(c.address for c in seen.of(ReaderConnected)) == list(SLOTS)


async def test_a_reader_unplugged_mid_game_is_picked_up_again(pcscd: Pcscd) -> None:
    """pcscd going away takes the reader with it: the hub reports it disconnected;
    when it is back the reader connects again and the next tag reads, numbered on."""
    async with ReaderHub(PcscSource(SLOTS[0]), FAST) as hub:
        seen = await take_until(hub, ReaderConnected)
        tag = VirtualTag(UID, port=PORT)
        await _placed(tag)
        seen = await take_inputs(hub, 1, seen, ack=True)
        tag.lift()
        seen = await take_inputs(hub, 1, seen, ack=True)
        await asyncio.get_running_loop().run_in_executor(None, pcscd.stop)
        seen = await take_until(hub, ReaderDisconnected, seen)
        await asyncio.get_running_loop().run_in_executor(None, pcscd.start)
        seen = await take_until(hub, ReaderConnected, seen, count=2, timeout=15.0)
        await _placed(tag)
        seen = await take_inputs(hub, 1, seen, ack=True)
        tag.lift()
    assert _cards(seen) == [(True, CardKind.UID, UID), (False, CardKind.UID, UID)] + [
        (True, CardKind.UID, UID)
    ]
    assert seen.seqs() == [0, 1, 2]


def test_ndef_text_records_and_damage() -> None:
    """The NDEF parser reads a short text record, passes over NULL TLVs, says None for
    an empty message or a URI record, and refuses a message cut short."""
    assert parse_ndef_text(bytes.fromhex("00 00 030bd101075402656e53304458fe")) == "S0DX"
    assert parse_ndef_text(bytes.fromhex("0300fe")) is None
    uri = bytes.fromhex("0309d1010555016162632e6566fe")  # well-known "U": not text
    assert parse_ndef_text(uri) is None
    with pytest.raises(ValueError, match="only"):
        parse_ndef_text(bytes.fromhex("0320d1"))
