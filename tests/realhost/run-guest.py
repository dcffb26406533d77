#!/usr/bin/env python3
"""Runs the real-host tests: builds (or reuses) the Debian guest, boots it under QEMU and
runs `pytest -m realhost tests/realhost` inside it against this checkout.

    python tests/realhost/run-guest.py [-k EXPR] [--timeout SECONDS]

Inside the guest the host is a stock Linux one: the kernel's Bluetooth stack, bluetoothd
and bleak's BlueZ backend; the simulated readers reach that kernel through /dev/vhci
(docs/readers.md §5). The guest's console is copied here as it comes.

Exit status: the tests' own. Anything that keeps the tests from running (no QEMU, the
image cannot be built, the guest does not boot or hangs) is a failure with a one-line
reason, never a skip. Needs root (debootstrap) the first time; the image is cached.
QEMU runs under TCG (pure emulation), which works everywhere; TABLE_COMPANION_ACCEL=kvm
uses KVM instead where nested virtualisation works.

The limits that catch a hung guest (the whole run, and each step inside it) are for a
quiet host; on a busy one the emulated guest is slower by about the host's load per
core, so both are multiplied by that factor, measured when the run starts.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent


def fail(text: str) -> int:
    print(f"run-guest: FAILED: {text}", file=sys.stderr, flush=True)
    return 1


def build(source: Path) -> Path:
    """The guest directory (vmlinuz, initrd.img, rootfs.img), built when missing, by
    the build script of the snapshot `source` (not the live checkout's)."""
    script = source / "tests" / "realhost" / "build-guest.sh"
    proc = subprocess.run(["bash", str(script)], cwd=source, stdout=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"the guest image could not be built (exit {proc.returncode})")
    return Path(proc.stdout.strip().splitlines()[-1])


def snapshot(into: Path) -> Path:
    """A copy of the checkout's files (tracked and untracked, not ignored), so that the
    guest sees one version of the code even if the checkout changes meanwhile."""
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z", "--", ":!.venv-ci"],
        cwd=ROOT, capture_output=True, check=True,
    ).stdout  # fmt: skip
    for name in filter(None, listed.decode().split("\0")):
        source = ROOT / name
        if source.is_file():
            target = into / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return into


def slowness() -> float:
    """How many times slower than on a quiet host the guest will likely run: the host's
    1-minute load per core, at least 1, at most 8 (a guard must still end a hang)."""
    per_core = os.getloadavg()[0] / (os.cpu_count() or 1)
    return min(8.0, max(1.0, per_core))


def qemu_command(guest: Path, results: Path, source: Path) -> list[str]:
    accel = os.environ.get("TABLE_COMPANION_ACCEL", "tcg")
    return [
        "qemu-system-x86_64",
        "-accel", accel,
        "-m", "2048",
        "-smp", "2",
        "-nographic",
        "-no-reboot",
        "-nic", "none",
        "-kernel", str(guest / "vmlinuz"),
        "-initrd", str(guest / "initrd.img"),
        "-append", "root=/dev/vda rw console=ttyS0 init=/sbin/tc-init quiet loglevel=3 panic=-1",
        # the cached image is never written: each run starts from the same guest
        "-drive", f"file={guest / 'rootfs.img'},format=raw,if=virtio,snapshot=on",
        "-virtfs", f"local,path={source},mount_tag=src,security_model=none,readonly=on",
        "-virtfs", f"local,path={results},mount_tag=results,security_model=none",
    ]  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-k", dest="select", help="only the tests matching this pytest -k")
    parser.add_argument(
        "--timeout", type=float, help="seconds for the whole run (default 1200 x slowness)"
    )
    parser.add_argument("--results", type=Path, help="keep the guest's results here")
    args = parser.parse_args()

    if shutil.which("qemu-system-x86_64") is None:
        return fail("qemu-system-x86_64 is missing (apt-get install qemu-system-x86)")
    started = time.monotonic()
    try:
        source = snapshot(Path(tempfile.mkdtemp(prefix="tc-src-")))
    except (subprocess.CalledProcessError, OSError) as exc:
        return fail(f"cannot copy the checkout for the guest: {exc}")
    try:
        guest = build(source)
    except (RuntimeError, OSError) as exc:
        shutil.rmtree(source, ignore_errors=True)
        return fail(str(exc))
    built = time.monotonic()
    print(f"run-guest: guest {guest} ready in {built - started:.0f} s", flush=True)

    results = args.results or Path(tempfile.mkdtemp(prefix="tc-guest-"))
    results.mkdir(parents=True, exist_ok=True)
    (results / "rc").unlink(missing_ok=True)
    factor = slowness()
    (results / "slowness").write_text(f"{factor:.2f}")
    if args.timeout is None:
        args.timeout = 1200 * factor
    print(f"run-guest: host slowness {factor:.2f}: the limits are {factor:.2f}x", flush=True)
    if args.select:
        (results / "pytest-k").write_text(args.select)
    log = (results / "console.log").open("w", encoding="utf-8", errors="replace")
    proc = subprocess.Popen(
        qemu_command(guest, results, source),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    assert proc.stdout is not None
    deadline = built + args.timeout
    timed_out = False
    try:
        os.set_blocking(proc.stdout.fileno(), False)
        pending = b""
        while True:
            chunk = proc.stdout.read()
            if chunk:
                pending += chunk
                *lines, pending = pending.split(b"\n")
                for raw in lines:
                    line = raw.decode("utf-8", "replace").rstrip("\r")
                    print(line, flush=True)
                    log.write(line + "\n")
            elif proc.poll() is not None:
                break
            else:
                time.sleep(0.1)
            if time.monotonic() > deadline:
                timed_out = True
                break
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        log.close()
        shutil.rmtree(source, ignore_errors=True)
    ran = time.monotonic() - built
    print(
        f"run-guest: guest ran {ran:.0f} s (QEMU {os.environ.get('TABLE_COMPANION_ACCEL', 'tcg')})"
    )
    print(f"run-guest: console and results in {results}")
    if timed_out:
        return fail(f"the guest did not finish within {args.timeout:g} s (see console.log)")
    rc_file = results / "rc"
    if not rc_file.exists():
        return fail(
            f"the guest did not run the tests (QEMU exit {proc.returncode}; see console.log)"
        )
    rc = int(rc_file.read_text().strip() or 99)
    if rc == 97:
        return fail("the guest has no usable Bluetooth stack (see console.log)")
    if not (results / "junit.xml").exists():
        return fail(f"the tests inside the guest did not run (exit {rc})")
    return rc


if __name__ == "__main__":
    sys.exit(main())
