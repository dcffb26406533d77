"""GATT UUIDs and the advertisement of SPEC.md section 1, as the device glue needs them.

The advertisement is built here as raw bytes (``aioble.advertise(adv_data=...)`` sends
them as they are) so that it can be checked against the shared test vectors: Flags,
the complete list of 128-bit service UUIDs with the card-reader service, and a
complete local name of at most 8 characters, 31 bytes at most in all.

>>> default_name(0x12344B7F)
'TCR-4B7F'
"""

SERVICE_UUID = "6b1d0001-7a3e-4c59-8f21-3c5a9e0d4b7f"
EVENT_UUID = "6b1d0002-7a3e-4c59-8f21-3c5a9e0d4b7f"
COMMAND_UUID = "6b1d0003-7a3e-4c59-8f21-3c5a9e0d4b7f"
INFO_UUID = "6b1d0004-7a3e-4c59-8f21-3c5a9e0d4b7f"

DEVICE_INFO_SERVICE = 0x180A
MANUFACTURER_NAME = 0x2A29
MODEL_NUMBER = 0x2A24
FIRMWARE_REVISION = 0x2A26
SOFTWARE_REVISION = 0x2A28  # holds the protocol version as text, "1"
BATTERY_SERVICE = 0x180F
BATTERY_LEVEL = 0x2A19

MAX_NAME = 8
MAX_ADVERTISEMENT = 31

_FLAGS = 0x01
_COMPLETE_UUID128 = 0x07
_COMPLETE_NAME = 0x09
_LE_GENERAL_NO_BREDR = 0x06


def uuid_bytes(uuid: str) -> bytes:
    """The 16 bytes of a 128-bit UUID, least significant first, as on the air."""
    import binascii

    raw = binascii.unhexlify(uuid.replace("-", ""))
    if len(raw) != 16:
        raise ValueError(f"not a 128-bit UUID: {uuid!r}")
    return bytes(reversed(raw))


def default_name(reader_id: int) -> str:
    """``TCR-`` and the last 4 hex digits of the reader id, upper case."""
    return "TCR-%04X" % (reader_id & 0xFFFF)


def advertisement(name: str) -> bytes:
    """The advertising data: Flags, the card-reader service UUID, the local name.

    Raises:
        ValueError: the name is empty or longer than 8 characters (or 8 bytes).
    """
    raw = name.encode("utf-8") if isinstance(name, str) else bytes(name)
    if not 1 <= len(raw) <= MAX_NAME:
        raise ValueError(f"the local name must be 1..{MAX_NAME} bytes")
    service = uuid_bytes(SERVICE_UUID)
    data = (
        bytes((2, _FLAGS, _LE_GENERAL_NO_BREDR))
        + bytes((1 + len(service), _COMPLETE_UUID128))
        + service
        + bytes((1 + len(raw), _COMPLETE_NAME))
        + raw
    )
    if len(data) > MAX_ADVERTISEMENT:
        raise ValueError("advertisement longer than 31 bytes")
    return data
