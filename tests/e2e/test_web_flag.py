"""`--web` on the game commands: the table view is served while the game runs."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_demo_with_web_serves_the_live_state() -> None:
    """`companion demo --web` prints the page's address and serves the game's public state while it plays."""
    port = _free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion",
            "demo",
            "--lang",
            "en",
            "--pace",
            "0.02",
            "--web",
            f"127.0.0.1:{port}",
        ],  # fmt: skip
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        url = None
        deadline = time.monotonic() + 60
        assert proc.stderr is not None
        while url is None and time.monotonic() < deadline:
            line = proc.stderr.readline()
            if not line:
                break
            match = re.search(r"Table view: (http://\S+)", line)
            if match:
                url = match.group(1)
        assert url == f"http://127.0.0.1:{port}/", url
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/state", timeout=10) as response:
            snapshot = json.loads(response.read())
        assert snapshot["state"]["game"] == "sanguosha"
        assert len(snapshot["state"]["seats"]) == 5
        assert snapshot["log"], "the narration so far reaches the page"
        with urllib.request.urlopen(url, timeout=10) as response:
            assert b"<html" in response.read().lower()
        assert proc.wait(timeout=120) == 0
    finally:
        proc.kill()
        proc.wait()


def test_bad_web_address_is_refused_before_anything_runs() -> None:
    """A `--web` address that is not HOST:PORT is refused with exit status 2 and a clear message."""
    result = subprocess.run(
        [sys.executable, "-m", "companion", "demo", "--web", "127.0.0.1:notaport"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "--web" in result.stderr
