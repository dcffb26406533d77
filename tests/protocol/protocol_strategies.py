"""Hypothesis strategies for every message type, shared by the protocol tests."""

from __future__ import annotations

from hypothesis import strategies as st

from firmware_protocol import (
    MAX_SEAT,
    MAX_TEXT,
    Ack,
    Battery,
    Button,
    ButtonId,
    Buzzer,
    Card,
    CardKind,
    Color,
    Error,
    ErrorCode,
    Feedback,
    Hello,
    HelloRequest,
    Identify,
    Lost,
    Message,
    Pattern,
    Press,
    Resume,
    Select,
    SetSeat,
    Status,
)

u8 = st.integers(0, 0xFF)
u16 = st.integers(0, 0xFFFF)
u32 = st.integers(0, 0xFFFFFFFF)
seats = st.integers(0, MAX_SEAT)
percents = st.one_of(st.integers(0, 100), st.just(255))


@st.composite
def text_bytes(draw: st.DrawFn) -> bytes:
    """UTF-8 text of 1..MAX_TEXT bytes, often with multi-byte characters."""
    text = draw(st.text(min_size=1, max_size=MAX_TEXT))
    data = text.encode("utf-8")
    while len(data) > MAX_TEXT:
        text = text[:-1]
        data = text.encode("utf-8")
    return data if data else b"x"


def _reader_state(cls: type[Hello] | type[Status]) -> st.SearchStrategy[Message]:
    return st.builds(
        cls,
        epoch=st.integers(1, 0xFFFFFFFF),
        last_seq=u16,
        seat=seats,
        battery=percents,
        flags=u8,
        reader_id=u32,
    )


cards = st.one_of(
    st.builds(
        Card,
        present=st.booleans(),
        kind=st.sampled_from([CardKind.TEXT, CardKind.NDEF]),
        data=text_bytes(),
        seq=u16,
    ),
    st.builds(
        Card,
        present=st.booleans(),
        kind=st.just(CardKind.UID),
        data=st.sampled_from([4, 7, 10]).flatmap(lambda n: st.binary(min_size=n, max_size=n)),
        seq=u16,
    ),
)

events = st.one_of(
    cards,
    st.builds(Button, button=st.sampled_from(ButtonId), press=st.sampled_from(Press), seq=u16),
    st.builds(Select, seat=seats, seq=u16),
    st.builds(Battery, percent=percents, millivolts=u16, seq=u16),
    st.builds(Error, code=st.sampled_from(ErrorCode), detail=u8, seq=u16),
)

commands = st.one_of(
    st.builds(Ack, up_to=u16, seq=u16),
    st.builds(Resume, from_seq=u16, seq=u16),
    st.builds(
        Feedback,
        color=st.sampled_from(Color),
        pattern=st.sampled_from(Pattern),
        buzzer=st.sampled_from(Buzzer),
        duration_ms=u16,
        seq=u16,
    ),
    st.builds(SetSeat, seat=seats, seq=u16),
    st.builds(Identify, seconds=u8, seq=u16),
    st.builds(HelloRequest, seq=u16),
)

messages = st.one_of(
    events,
    commands,
    _reader_state(Hello),
    _reader_state(Status),
    st.builds(Lost, first_seq=u16, count=st.integers(1, 0xFFFF)),
)
