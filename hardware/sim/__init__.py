"""The simulated card reader: a bumble GATT server (or a pty) with the reader's logic.

- `SimulatedReader`: one reader; inputs (`scan`, `scan_uid`, `remove`, `press`,
  `select`, `report_battery`), faults (`drop_link`, `duplicate_next`, `corrupt_next`,
  `reboot`, `out_of_range`, `set_latency`, `low_battery`), observable `led`, `buzzer`
  and `feedback_history`. `attach_ble(link)` or `attach_serial(directory)` gives it a
  link to a host.
- `SimulatedTable(n_readers, shared=True)`: N readers and a host radio
  (`host_device`, for the bumble bleak backend) on one simulated link; `play(script)`
  runs a table script through them; `wait_ready()` waits for the host's HELLO.
- `parse_script`/`parse_line`: table-script lines (docs/product.md "Table script"), plus
  the simulator's `fault ...` lines.
- The reader's protocol logic sits behind one narrow seam (`logic.ReaderLogic`,
  inputs in, frames out): `firmware_logic.FirmwareLogic`, the reader firmware's own
  portable core (`hardware/firmware/readercore`, the default: the simulator behaves
  like the firmware because it runs the firmware's logic), or `SessionLogic`
  (firmware_protocol.ReaderSession, the host package's reference reader); pass
  `logic_factory=` to `SimulatedReader` or `SimulatedTable`.
- `hardware.sim.server.run_simulator`: the standalone process behind `companion sim`.
- Security (`security.py`, SPEC.md section 12): over BLE a reader serves bonded hosts
  only; `reader.hold_ok()` opens its pairing window (OK held 3 s), `reader.security`
  holds its bonds (in memory, or a keystore file: `keys=`). A `SimulatedTable` bonds
  its readers with its host radio as it starts (`bonding.py`), and lists them in
  `table.bonds`; `bonded=False` leaves them unpaired.
"""

from hardware.sim.reader import LedState, SimulatedReader
from hardware.sim.script import ScriptError, ScriptLine, parse_line, parse_script
from hardware.sim.table import SimulatedTable, play_line
from hardware.sim.tokens import TagKind, TagPayload, TokenError, default_token_encoder

__all__ = [
    "LedState",
    "ScriptError",
    "ScriptLine",
    "SimulatedReader",
    "SimulatedTable",
    "TagKind",
    "TagPayload",
    "TokenError",
    "default_token_encoder",
    "parse_line",
    "parse_script",
    "play_line",
]
