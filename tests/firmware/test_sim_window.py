"""The simulator's reader runs the firmware core (`FirmwareLogic`): its pairing window,
opened by the simulated OK hold, must be the core's window too."""

from __future__ import annotations

import random

from firmware_protocol import ReaderFlags, decode
from hardware.sim.firmware_logic import FirmwareLogic
from hardware.sim.reader import SimulatedReader


async def test_sim_hold_opens_and_bond_closes_the_core_window() -> None:
    """hold_ok sets the core's window and HELLO flag bit 3; closing the window clears both."""
    reader = SimulatedReader(0x12344B7F, rng=random.Random(7))
    logic = reader.logic
    assert isinstance(logic, FirmwareLogic)
    assert not logic.core.pairing_allowed
    reader.hold_ok()
    assert logic.core.pairing_allowed
    assert ReaderFlags.PAIRING in decode(logic.hello_frame()).flags
    reader.security.close_window()
    assert not logic.core.pairing_allowed
    assert ReaderFlags.PAIRING not in decode(logic.status_frame()).flags
