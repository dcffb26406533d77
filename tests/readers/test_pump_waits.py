"""The script driver's waits on the input pump say what they waited for when they give
up: the last open race of issue 33 ended a whole game with "the readers failed:
TimeoutError", which told nobody that the LED commands were what never finished."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from companion.game.clock import VirtualClock
from companion.game.pump import Pump
from companion.game.session import Session
from companion.readers import ReaderHub
from companion.store.log import GameLog
from tests.readers.conftest import ble_rig
from tests.readers.helpers import TIMEOUT
from tests.readers.test_hub import HoldingFirstFeedback

GIVE_UP_S = 0.5  # how long the waits below are given: they are meant to give up


async def test_the_pumps_waits_name_what_never_came(tmp_path: Path) -> None:
    """A feedback flush that gives up names the LED and buzzer commands (the reader's
    first LED command is held unwritten); a wait for readers names the one missing."""
    log = GameLog(tmp_path / "g.sqlite")
    session = Session.start(
        log, game="sanguosha", players=5, seed=0, settings={}, lang="en", meta={}
    )
    async with ble_rig() as rig:
        source = HoldingFirstFeedback(rig.source)
        async with ReaderHub(source) as hub:
            pump = Pump(session, hub, VirtualClock(0.0))
            task = asyncio.create_task(pump.run())
            try:
                await pump.connected([rig.reader.reader_id], TIMEOUT)
                await rig.reader.press("ok")  # answered with an LED command, held
                await asyncio.wait_for(source.held, TIMEOUT)
                with pytest.raises(TimeoutError, match="LED and buzzer commands were still"):
                    await pump.flush_feedback(timeout=GIVE_UP_S)
                with pytest.raises(TimeoutError, match="reader 7C0A00FF did not connect"):
                    await pump.connected([rig.reader.reader_id, 0x7C0A00FF], GIVE_UP_S)
            finally:
                task.cancel()
    log.close()
