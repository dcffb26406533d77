"""Fixtures for the phone reader tests: Playwright (Debian's Chromium, never a
downloaded browser) and fake-camera videos of the project's own labels."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Playwright, async_playwright

from companion.web.phone import vendored_decoder


@pytest.fixture
async def pw() -> AsyncIterator[Playwright]:
    async with async_playwright() as playwright:
        yield playwright


@pytest.fixture(autouse=True)
def _decoder_installed(request: pytest.FixtureRequest) -> None:
    """The camera tests need the vendored WebAssembly decoder (Linux Chromium has no
    BarcodeDetector): `bash tests/system-deps.sh` installs it. Missing, they fail."""
    if "camera" in request.keywords:
        assert vendored_decoder(), (
            "run `bash tests/system-deps.sh` (npm ci in companion/web/vendor)"
        )


def trusting_home(tmp: Path, ca_pem: Path) -> dict[str, str]:
    """An environment whose $HOME holds an NSS database that trusts `ca_pem` as a
    certificate authority, as a user who installed the table's CA would have."""
    import os
    import subprocess

    certutil = shutil.which("certutil")
    assert certutil, "certutil (libnss3-tools) is missing: bash tests/system-deps.sh"
    home = tmp / "home"
    db = home / ".pki" / "nssdb"
    db.mkdir(parents=True)
    subprocess.run([certutil, "-d", f"sql:{db}", "-N", "--empty-password"], check=True)
    subprocess.run(
        [
            certutil,
            "-d",
            f"sql:{db}",
            "-A",
            "-t",
            "C,,",
            "-n",
            "table-companion",
            "-i",
            str(ca_pem),
        ],
        check=True,
    )
    return {**os.environ, "HOME": str(home)}
