"""Runs Python under the official MicroPython WebAssembly build, from pytest.

The MicroPython build is the npm package pinned in ``hardware/firmware/mpy/``; Node.js
loads it (``run.mjs`` for one program, ``pipe.mjs`` for a line-by-line conversation).
If that folder has no ``node_modules`` yet, ``ensure_micropython`` runs ``npm ci`` so a
fresh clone works. Anything that stops MicroPython from running raises
``MicroPythonUnavailable``: the tests fail on it, they never skip.
"""

from __future__ import annotations

import json
import selectors
import shutil
import subprocess
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
MPY_DIR = ROOT / "hardware" / "firmware" / "mpy"
CORE_DIR = ROOT / "hardware" / "firmware" / "readercore"
PORTABLE_DIR = Path(__file__).resolve().parent / "portable"
PACKAGE = "@micropython/micropython-webassembly-pyscript"
PINNED = "1.27.0"
RESULTS_MARK = "@@RESULTS@@"


class MicroPythonUnavailable(RuntimeError):
    """Node.js or the pinned MicroPython build cannot be run."""


def ensure_micropython() -> str:
    """Install the pinned MicroPython build if needed; return the ``node`` executable.

    Raises:
        MicroPythonUnavailable: no node/npm, ``npm ci`` failed, or the installed
            package is not version 1.27.0.
    """
    node = shutil.which("node")
    if node is None:
        raise MicroPythonUnavailable("node is not on PATH (Node.js 20 is needed)")
    installed = MPY_DIR / "node_modules" / PACKAGE / "package.json"
    if not installed.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise MicroPythonUnavailable("npm is not on PATH")
        done = subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund"],
            cwd=MPY_DIR,
            capture_output=True,
            text=True,
            timeout=300,
        )
        if done.returncode != 0:
            raise MicroPythonUnavailable(f"npm ci failed in {MPY_DIR}:\n{done.stderr}")
    version = json.loads(installed.read_text())["version"]
    if version != PINNED:
        raise MicroPythonUnavailable(f"{PACKAGE} is {version}, expected {PINNED}")
    return node


def core_files() -> dict[str, str]:
    """The reader core's sources, placed as ``/lib/readercore/*.py``."""
    return {f"/lib/readercore/{p.name}": p.read_text() for p in sorted(CORE_DIR.glob("*.py"))}


def portable_files() -> dict[str, str]:
    """The portable test modules and runner, placed in ``/tests``."""
    return {f"/tests/{p.name}": p.read_text() for p in sorted(PORTABLE_DIR.glob("*.py"))}


def run_micropython(files: dict[str, str], code: str, heapsize: int = 1 << 20) -> str:
    """Run ``code`` under MicroPython with ``files`` in its filesystem; return stdout.

    Raises:
        MicroPythonUnavailable: MicroPython could not be started.
        RuntimeError: the program raised (its traceback is in the message).
    """
    node = ensure_micropython()
    job = json.dumps({"files": files, "code": code, "heapsize": heapsize})
    done = subprocess.run(
        [node, str(MPY_DIR / "run.mjs")],
        input=job,
        capture_output=True,
        text=True,
        timeout=240,
        cwd=MPY_DIR,
    )
    if done.returncode != 0:
        raise RuntimeError(f"MicroPython program failed:\n{done.stderr}\n{done.stdout}")
    return done.stdout


_SUITE = """
import sys, json
sys.path.append('/tests')
import readercore as rc
import fwrun
ctx = {'vectors': None, 'implementation': sys.implementation.name}
try:
    with open('/data/v1.json') as f:
        ctx['vectors'] = json.load(f)
except OSError:
    pass
modules = [__import__(name) for name in %r]
print(%r + json.dumps({'implementation': sys.implementation.name,
                        'version': list(sys.implementation.version[:3]),
                        'results': fwrun.run_modules(modules, rc, ctx)}))
"""


def run_portable_suite(modules: list[str], vectors_text: str | None) -> dict:
    """Run the portable test modules under MicroPython; the runner's JSON report."""
    files = core_files() | portable_files()
    if vectors_text is not None:
        files["/data/v1.json"] = vectors_text
    out = run_micropython(files, _SUITE % (modules, RESULTS_MARK))
    for line in out.splitlines():
        if line.startswith(RESULTS_MARK):
            return json.loads(line[len(RESULTS_MARK) :])
    raise RuntimeError(f"MicroPython printed no results:\n{out}")


class MicroPythonReader:
    """A ReaderCore running inside MicroPython in a Node child process.

    Requests and answers are JSON lines (see ``hardware/firmware/mpy/core_pipe.py``);
    frames travel as hex. ``call`` returns the answer's frames as bytes.
    """

    def __init__(self, timeout: float = 30.0) -> None:
        node = ensure_micropython()
        self.timeout = timeout
        self._proc = subprocess.Popen(
            [node, str(MPY_DIR / "pipe.mjs")],
            cwd=MPY_DIR,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self._selector = selectors.DefaultSelector()
        assert self._proc.stdout is not None
        self._selector.register(self._proc.stdout, selectors.EVENT_READ)
        files = core_files()
        files["/lib/core_pipe.py"] = (MPY_DIR / "core_pipe.py").read_text()
        first = self._exchange({"files": files, "driver": "core_pipe", "heapsize": 1 << 20})
        if not first.get("ready"):
            raise MicroPythonUnavailable(f"pipe did not start: {first}")

    def _exchange(self, request: object) -> dict:
        assert self._proc.stdin is not None and self._proc.stdout is not None
        self._proc.stdin.write(json.dumps(request) + "\n")
        self._proc.stdin.flush()
        if not self._selector.select(self.timeout):
            raise TimeoutError(f"no answer from MicroPython within {self.timeout} s to {request}")
        line = self._proc.stdout.readline()
        if not line:
            raise MicroPythonUnavailable(f"MicroPython process ended (exit {self._proc.poll()})")
        return json.loads(line)

    def request(self, *call: object) -> dict:
        """Send one request; return the decoded answer."""
        return self._exchange(list(call))

    def call(self, *call: object) -> list[bytes]:
        """Send one request that yields frames; return them.

        Raises:
            ValueError: the core refused the call.
        """
        answer = self._exchange(list(call))
        if "error" in answer:
            raise ValueError(answer["error"])
        return [bytes.fromhex(f) for f in answer["frames"]]

    def close(self) -> None:
        """End the child process."""
        if self._proc.poll() is None:
            assert self._proc.stdin is not None
            self._proc.stdin.close()
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        self._selector.close()
        if self._proc.stdout is not None:
            self._proc.stdout.close()


def portable_module_names() -> list[str]:
    """The portable test modules, by import name."""
    return sorted(p.stem for p in PORTABLE_DIR.glob("fwcases_*.py"))


def load_portable() -> tuple[ModuleType, list[ModuleType]]:
    """Import the runner and the portable test modules under CPython.

    Their folder goes on ``sys.path``, as ``/tests`` does on MicroPython, because they
    import ``fwrun`` as a top-level module. Returns ``(fwrun, modules)``.
    """
    import importlib
    import sys

    if str(PORTABLE_DIR) not in sys.path:
        sys.path.insert(0, str(PORTABLE_DIR))
    runner = importlib.import_module("fwrun")
    return runner, [importlib.import_module(name) for name in portable_module_names()]


VECTORS = ROOT / "firmware_protocol" / "vectors" / "v1.json"

__all__ = [
    "MicroPythonReader",
    "MicroPythonUnavailable",
    "VECTORS",
    "ensure_micropython",
    "load_portable",
    "portable_module_names",
    "run_micropython",
    "run_portable_suite",
]
