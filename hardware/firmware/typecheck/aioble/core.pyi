# Type stub for the part of aioble.core the device glue uses (see __init__.pyi).
from typing import Any

import bluetooth

ble: bluetooth.BLE

def ble_irq(event: int, data: Any) -> Any: ...
