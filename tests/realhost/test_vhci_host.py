"""`companion sim --vhci` where there is no /dev/vhci (this host): a one-line reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main


def test_sim_without_vhci_says_what_it_needs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A missing VHCI device: exit 1 and a line naming the device and hci_vhci."""
    missing = tmp_path / "vhci"
    assert main(["sim", "--vhci", str(missing), "--no-console"]) == 1
    err = capsys.readouterr().err.strip()
    assert err == (
        f"companion sim: --vhci: {missing} does not exist: it needs Linux with the "
        "hci_vhci module loaded (modprobe hci_vhci)"
    )
