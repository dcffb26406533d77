"""`tests/system-deps.sh` waits (bounded) for apt's locks held by another process,
instead of failing at once (issue 18.8).

The test holds apt's real locks (the package lists' and dpkg's front-end lock, the
fcntl locks apt itself takes) for a few seconds, and runs the script with `espeak-ng`
hidden from PATH, so the script wants to install it: `apt-get update` then runs for
real (it needs the Debian mirror) and the install finds it already installed.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import threading
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
LOCKS = [Path("/var/lib/apt/lists/lock"), Path("/var/lib/dpkg/lock-frontend")]
HOLD_S = 4.0


def _path_without(name: str, into: Path) -> str:
    """A PATH of links to every program on PATH but `name`."""
    into.mkdir()
    for directory in os.environ["PATH"].split(os.pathsep):
        if not os.path.isdir(directory):
            continue
        for entry in os.scandir(directory):
            target = into / entry.name
            if entry.name != name and not target.exists() and os.access(entry.path, os.X_OK):
                target.symlink_to(entry.path)
    return str(into)


def _hold(paths: list[Path], seconds: float, held: threading.Event) -> None:
    files = []
    deadline = time.monotonic() + 120
    for path in paths:
        handle = path.open("a")
        while True:  # another helper's apt may have it this moment: wait our turn
            try:
                fcntl.lockf(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        files.append(handle)
    held.set()
    time.sleep(seconds)
    for handle in files:
        handle.close()  # closing releases the lock


@pytest.mark.skipif(os.geteuid() != 0, reason="holding apt's locks needs root")
@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="needs espeak-ng installed")
def test_system_deps_waits_for_another_process_holding_apt_s_lock(tmp_path: Path) -> None:
    script = tmp_path / "checkout" / "tests" / "system-deps.sh"
    script.parent.mkdir(parents=True)
    shutil.copy(REPO / "tests" / "system-deps.sh", script)  # no npm lock file beside it
    held = threading.Event()
    holder = threading.Thread(target=_hold, args=(LOCKS, HOLD_S, held), daemon=True)
    holder.start()
    assert held.wait(130), "could not take apt's locks"
    start = time.monotonic()
    env = {**os.environ, "PATH": _path_without("espeak-ng", tmp_path / "bin")}
    done = subprocess.run(
        ["bash", str(script)], capture_output=True, text=True, timeout=900, env=env
    )
    waited = time.monotonic() - start
    holder.join()
    assert done.returncode == 0, done.stderr
    # it waited: apt itself (DPkg::Lock::Timeout), or the script's retry ("apt is busy")
    assert waited >= HOLD_S - 1.0, (waited, done.stderr)
