"""CPython-only checks of the firmware core against the host's implementation.

Property tests (hypothesis) drive the core with random inputs and decode everything it
sends with ``firmware_protocol.decode``, the other implementation of SPEC.md; they also
run the doctests of the core's modules, which pytest's ``--doctest-modules`` does not
reach (``hardware/`` is not in its test paths).
"""

from __future__ import annotations

import doctest
import importlib

import fwmpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hardware.firmware.readercore as rc
from firmware_protocol import (
    Ack,
    Button,
    Card,
    Error,
    ErrorCode,
    FrameError,
    Lost,
    Resume,
    Select,
    cobs_decode,
    cobs_encode,
    decode,
    encode,
)
from firmware_protocol.reader_session import ReaderSession

MODULES = sorted(
    p.stem
    for p in (fwmpy.ROOT / "hardware" / "firmware" / "readercore").glob("*.py")
    if p.stem != "__init__"
)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    """The examples in the core module's docstrings hold."""
    module = importlib.import_module(f"hardware.firmware.readercore.{name}")
    result = doctest.testmod(module)
    assert result.failed == 0


_TEXT = st.text(min_size=1, max_size=4).filter(lambda s: 1 <= len(s.encode()) <= 13)
_ACTIONS = st.lists(
    st.one_of(
        st.tuples(st.just("card"), _TEXT),
        st.tuples(st.just("button"), st.integers(1, 3), st.integers(0, 1500)),
        st.tuples(st.just("select"), st.integers(0, 10)),
        st.tuples(st.just("wait"), st.integers(1, 2000)),
        st.tuples(st.just("ack"), st.integers(0, 0xFFFF)),
        st.tuples(st.just("resume"), st.integers(0, 0xFFFF)),
    ),
    max_size=120,
)


@settings(max_examples=150, deadline=None)
@given(actions=_ACTIONS)
def test_every_frame_decodes_on_the_host(actions: list[tuple]) -> None:
    """Whatever happens at the reader, every frame it sends decodes on the host, within 20 bytes."""
    core = rc.ReaderCore(0xC0FFEE, 7, capacity=64)
    now = 0
    events: dict[int, bytes] = {}
    for action in actions:
        if action[0] == "card":
            out = core.card_seen(rc.KIND_NDEF, action[1], now)
        elif action[0] == "button":
            core.button_down(action[1], now)
            now += action[2]
            out = core.button_up(action[1], now)
        elif action[0] == "select":
            out = core.select(action[1])
        elif action[0] == "wait":
            now += action[1]
            out = core.tick(now)
        elif action[0] == "ack":
            out = core.on_command(encode(Ack(action[1])))
        else:
            out = core.on_command(encode(Resume(action[1])))
        for frame in out:
            assert len(frame) <= 20
            message = decode(frame)
            assert isinstance(message, (Card, Button, Select, Lost)) or message.NAME == "HELLO"
            if not isinstance(message, Lost):
                # a replayed event is byte for byte the original
                assert events.setdefault(message.seq, frame) == frame
        assert core.pending <= 64


@settings(max_examples=300, deadline=None)
@given(frame=st.binary(max_size=24))
def test_random_command_bytes_never_raise(frame: bytes) -> None:
    """Any bytes written to the command characteristic give at most one frame, never an exception."""
    core = rc.ReaderCore(0xC0FFEE, 7)
    out = core.on_command(frame)
    assert len(out) <= 1
    for sent in out:
        assert decode(sent).NAME in ("ERROR", "HELLO")


@settings(max_examples=300, deadline=None)
@given(
    msg_type=st.sampled_from([0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x00, 0x7F]),
    payload=st.binary(max_size=6),
    damage=st.sampled_from(["none", "crc", "version", "short"]),
)
def test_error_answers_match_the_host_reader_session(
    msg_type: int, payload: bytes, damage: str
) -> None:
    """For frames of command or unknown types, the core answers exactly as ReaderSession does."""
    frame = rc.encode_frame(msg_type, 3, payload)
    if damage == "crc":
        frame = frame[:-1] + bytes([frame[-1] ^ 0x10])
    elif damage == "version":
        frame = b"\x02" + frame[1:]
    elif damage == "short":
        frame = frame[:5]
    core = rc.ReaderCore(0xC0FFEE, 7)
    session = ReaderSession(0xC0FFEE, reader_id=7)
    assert core.on_command(frame) == session.on_command(frame)


@pytest.mark.parametrize("reader_type", [0x01, 0x03, 0x04, 0x05])
def test_reader_types_sent_to_the_reader_are_unknown_commands(reader_type: int) -> None:
    """A reader-to-host message written to the reader is an unknown command, whatever its payload."""
    core = rc.ReaderCore(0xC0FFEE, 7)
    frame = rc.encode_frame(reader_type, 0, b"\x09")
    assert decode(core.on_command(frame)[0]) == Error(ErrorCode.UNKNOWN_COMMAND, reader_type, seq=0)


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=700))
def test_cobs_agrees_with_the_host(data: bytes) -> None:
    """The core's COBS and the host's COBS encode identically and decode each other."""
    assert rc.cobs_encode(data) == cobs_encode(data)
    assert rc.cobs_decode(cobs_encode(data)) == data
    assert cobs_decode(rc.cobs_encode(data)) == data


@settings(max_examples=300, deadline=None)
@given(piece=st.binary(min_size=1, max_size=40).filter(lambda b: 0 not in b))
def test_cobs_decode_refuses_what_the_host_refuses(piece: bytes) -> None:
    """A piece the host's COBS decoder refuses, the core refuses too, and vice versa."""
    try:
        expected = cobs_decode(piece)
    except FrameError:
        expected = None
    try:
        got = rc.cobs_decode(piece)
    except rc.CobsError:
        got = None
    assert got == expected
