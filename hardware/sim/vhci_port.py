"""Attaches the simulated radio to this machine's kernel through `/dev/vhci`.

With `companion sim --vhci`, the kernel's own Bluetooth stack (and bluetoothd, and
stock bleak on BlueZ above it) is the host: opening `/dev/vhci` creates an `hciN`
adapter whose controller is a bumble `RadioController` on the readers' `RadioLink`
(docs/readers.md §5). Linux only, and only where `hci_vhci` is loaded;
the real-host tests run it inside a QEMU guest (tests/realhost).

Two controller settings follow bleak's own BlueZ CI: no LL privacy and no extended
advertising, because the kernel then expects LE Enhanced Connection Complete and
extended reports, which bumble's controller does not send (bumble issue #841); and
the manufacturer id that CI gives it (0xB1EA) rather than bumble's 0xFFFF.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable

from bumble import hci
from bumble.transport import Transport, open_transport

from hardware.sim.hci_port import HOST_CONTROLLER_ADDRESS
from hardware.sim.radio import RadioController, RadioLink

__all__ = ["VhciPort", "kernel_controller"]

_log = logging.getLogger(__name__)

_KERNEL_UNSUPPORTED = hci.LeFeatureMask.LL_PRIVACY | hci.LeFeatureMask.LE_EXTENDED_ADVERTISING


def kernel_controller(transport: Transport, link: RadioLink) -> RadioController:
    """A controller on `link` for a kernel host on `transport`."""
    controller = RadioController(
        "kernel",
        host_source=transport.source,
        host_sink=transport.sink,
        link=link,
        public_address=HOST_CONTROLLER_ADDRESS,
    )
    controller.manufacturer_company_identifier = 0xB1EA
    controller.le_features = controller.le_features & ~_KERNEL_UNSUPPORTED
    return controller


class VhciPort:
    """The kernel, through `/dev/vhci` (or `path`), as the one host of `link`."""

    def __init__(
        self,
        link: RadioLink,
        path: str = "/dev/vhci",
        *,
        on_event: Callable[[str], None] | None = None,
    ) -> None:
        self.link = link
        self.path = path
        self._on_event = on_event or (lambda text: None)
        self._transport: Transport | None = None
        self.controller: RadioController | None = None

    @property
    def transport_spec(self) -> str:
        return f"vhci:{self.path}"

    async def start(self) -> None:
        """Open the device: the kernel gets a new adapter.

        Raises:
            OSError: no such device (hci_vhci not loaded, not Linux) or not allowed.
        """
        try:
            self._transport = await open_transport(f"vhci:{self.path}")
        except FileNotFoundError as exc:
            raise OSError(
                f"--vhci: {self.path} does not exist: it needs Linux with the hci_vhci "
                "module loaded (modprobe hci_vhci)"
            ) from exc
        except PermissionError as exc:
            raise OSError(f"--vhci: {self.path}: permission denied (it needs root)") from exc
        self.controller = kernel_controller(self._transport, self.link)
        self._on_event(f"kernel host attached through {self.path}")

    async def close(self) -> None:
        """Close the device: the kernel's adapter goes away."""
        if self.controller is not None:
            with contextlib.suppress(KeyError):
                self.link.remove_controller(self.controller)
            self.controller = None
        if self._transport is not None:
            transport, self._transport = self._transport, None
            await transport.close()
