"""The phone page in the other browser engines: Debian's Firefox ESR (Gecko) and
WebKitGTK (the engine family of Safari), each one real browser with one page, driven
over WebDriver; and a TCP relay whose cut is a phone's network going away in any
engine (neither driver can take a page offline the way Chromium's DevTools can).

- Firefox: its own WebDriver BiDi (the Remote Agent, `--remote-debugging-port`),
  spoken through Selenium's BiDi WebSocket transport. There is no geckodriver here:
  Debian does not package it and the PyPI and npm packages that carry it download it
  from the internet when installed (the one wheel that ships a binary is Windows-only).
  It runs truly headless; it trusts the table's CA through its profile's NSS database
  (certutil), as a phone that installed the CA; its fake camera is Firefox's own
  (`media.navigator.streams.fake`: moving colours, no label can be shown to it).
- WebKitGTK: Debian's `WebKitWebDriver` with its MiniBrowser, through Selenium.
  WebKitGTK has no headless mode: GTK needs a display, so it draws on an Xvfb of its
  own. Its WebDriver cannot add a certificate authority (only accept one certificate
  for a host), and WebKitGTK trusts the system's CA file, as a phone trusts its own
  store: the driver runs in a mount namespace of its own where that file is the
  system's authorities plus the table's CA, as on a phone where the CA was installed.
  Its mock camera (`--enable-mock-capture-devices`) shows a test pattern.

Both drivers block, and the table runs in the test's event loop: every call goes
through a thread (`asyncio.to_thread`), so the table answers while the browser waits.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any

FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
XVFB = "/usr/bin/Xvfb"

#: Firefox preferences: a fake camera allowed without asking, and nothing of its own
#: going to the network (updates, telemetry, remote settings, safe browsing).
FIREFOX_PREFS = {
    "media.navigator.streams.fake": True,
    "media.navigator.permission.disabled": True,
    "app.update.disabledForTesting": True,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "extensions.update.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "services.settings.server": "http://127.0.0.1:9/",
    "remote.prefs.recommended": True,
}


class Page:
    """One page of one real browser; `evaluate` returns JSON values."""

    name = ""

    def _goto(self, url: str) -> None:
        raise NotImplementedError

    def _evaluate(self, expression: str) -> str | None:
        """`JSON.stringify(expression)` evaluated in the page."""
        raise NotImplementedError

    def _click(self, selector: str) -> None:
        raise NotImplementedError

    def _set_file(self, selector: str, path: str) -> None:
        raise NotImplementedError

    def _reload(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    async def goto(self, url: str) -> None:
        await asyncio.to_thread(self._goto, url)

    async def evaluate(self, expression: str) -> Any:
        text = await asyncio.to_thread(self._evaluate, expression)
        return None if text is None else json.loads(text)

    async def state(self, expression: str) -> Any:
        return await self.evaluate(f"window.__phone && ({expression})")

    async def wait(self, expression: str, timeout: float = 20.0) -> None:
        """Wait until `expression` holds in the page (polled)."""
        async with asyncio.timeout(timeout):
            while not await self.evaluate(f"!!(window.__phone && ({expression}))"):
                await asyncio.sleep(0.05)

    async def click(self, selector: str) -> None:
        await asyncio.to_thread(self._click, selector)

    async def set_file(self, selector: str, path: Path) -> None:
        await asyncio.to_thread(self._set_file, selector, str(path))

    async def reload(self) -> None:
        await asyncio.to_thread(self._reload)


class FirefoxPage(Page):
    """Firefox ESR over its own WebDriver BiDi (Selenium's BiDi transport)."""

    name = "firefox"

    def __init__(self, profile: Path, ca_pem: Path | None) -> None:
        from selenium.webdriver.remote.websocket_connection import WebSocketConnection

        profile.mkdir(parents=True, exist_ok=True)
        prefs = "".join(
            f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in FIREFOX_PREFS.items()
        )
        (profile / "user.js").write_text(prefs)
        if ca_pem is not None:
            trust(profile, ca_pem)
        self.process = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--profile", str(profile),
             "--remote-debugging-port", "0", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        assert self.process.stderr is not None
        url = None
        for line in self.process.stderr:  # it says where it listens, then goes on
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            if found:
                url = found.group(1)
                break
        assert url, f"Firefox did not start its WebDriver BiDi (exit {self.process.poll()})"
        threading.Thread(target=self._discard_stderr, daemon=True).start()
        self.bidi = WebSocketConnection(url + "/session", 30, 0.01)
        self.call("session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": False}}})
        tree = self.call("browsingContext.getTree", {})
        self.context = tree["contexts"][0]["context"]

    def _discard_stderr(self) -> None:
        assert self.process.stderr is not None
        for _ in self.process.stderr:
            pass

    def call(self, method: str, params: dict[str, Any]) -> Any:
        reply = self.bidi.send_cmd(method, params)
        if reply.get("type") != "success":
            raise RuntimeError(f"{method}: {reply.get('error')}: {reply.get('message')}")
        return reply["result"]

    def _goto(self, url: str) -> None:
        self.call(
            "browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"}
        )

    def _script(self, expression: str) -> Any:
        result = self.call("script.evaluate", {
            "expression": expression, "target": {"context": self.context},
            "awaitPromise": True, "resultOwnership": "root",
        })  # fmt: skip
        if result.get("type") == "exception":
            raise RuntimeError(result["exceptionDetails"].get("text"))
        return result["result"]

    def _evaluate(self, expression: str) -> str | None:
        value = self._script(f"JSON.stringify({expression})")
        return value.get("value") if value.get("type") == "string" else None

    def _element(self, selector: str) -> str:
        found = self._script(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
            " e.scrollIntoView({block: 'center'}); return e; })()"
        )
        return str(found["sharedId"])

    def _click(self, selector: str) -> None:
        element = {"type": "element", "element": {"sharedId": self._element(selector)}}
        self.call("input.performActions", {"context": self.context, "actions": [{
            "type": "pointer", "id": "finger", "parameters": {"pointerType": "mouse"},
            "actions": [{"type": "pointerMove", "x": 0, "y": 0, "origin": element},
                        {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}],
        }]})  # fmt: skip

    def _set_file(self, selector: str, path: str) -> None:
        element = {"sharedId": self._element(selector)}
        self.call("input.setFiles", {"context": self.context, "element": element, "files": [path]})

    def _reload(self) -> None:
        self.call("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.call("browser.close", {})
        with contextlib.suppress(Exception):
            self.bidi.close()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class WebKitPage(Page):
    """WebKitGTK's MiniBrowser on its own Xvfb display, over WebKitWebDriver (Selenium)."""

    name = "webkitgtk"

    def __init__(self, ca_pem: Path, workdir: Path) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        read, write = os.pipe()
        self.xvfb = subprocess.Popen(
            [XVFB, "-displayfd", str(write), "-screen", "0", "800x1200x24", "-nolisten", "tcp"],
            pass_fds=(write,), stderr=subprocess.DEVNULL,
        )  # fmt: skip
        os.close(write)
        said = b""
        while not said.endswith(b"\n"):  # the number, then a newline: Xvfb dies if
            chunk = os.read(read, 32)  # the pipe is closed before it wrote both
            if not chunk:
                break
            said += chunk
        os.close(read)
        display = said.decode().strip()
        assert display, "Xvfb gave no display"
        options = Options()
        options.binary_location = MINIBROWSER
        for arg in (
            "--automation",
            "--enable-media-stream=true",
            "--enable-mock-capture-devices=true",
        ):
            options.add_argument(arg)
        service = Service(
            executable_path=str(_trusting_driver(ca_pem, workdir)),
            env={**os.environ, "DISPLAY": f":{display}"},
        )
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            self.xvfb.terminate()
            self.xvfb.wait()
            raise

    def _goto(self, url: str) -> None:
        self.driver.get(url)

    def _evaluate(self, expression: str) -> str | None:
        return self.driver.execute_script(f"return JSON.stringify({expression});")

    def _click(self, selector: str) -> None:
        element = self.driver.find_element("css selector", selector)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
        element.click()

    def _set_file(self, selector: str, path: str) -> None:
        self.driver.find_element("css selector", selector).send_keys(path)

    def _reload(self) -> None:
        self.driver.refresh()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.driver.quit()
        self.xvfb.terminate()
        self.xvfb.wait()


SYSTEM_CAS = Path("/etc/ssl/certs/ca-certificates.crt")


def _trusting_driver(ca_pem: Path, workdir: Path) -> Path:
    """A WebKitWebDriver that trusts the table's CA besides the system's authorities:
    in a mount namespace of its own (`unshare -m`, root here as in CI) the system's CA
    file is bound over by a copy with the table's CA added; nothing outside changes."""
    bundle = workdir / "ca-certificates.crt"
    bundle.write_bytes(SYSTEM_CAS.read_bytes() + b"\n" + ca_pem.read_bytes())
    driver = workdir / "webkit-driver"
    driver.write_text(
        "#!/bin/sh\n"
        f"exec unshare -m --propagation private sh -c "
        f'\'mount --bind "$0" {SYSTEM_CAS} && exec {WEBKIT_DRIVER} "$@"\' '
        f'"{bundle}" "$@"\n'
    )
    driver.chmod(0o755)
    return driver


def trust(profile: Path, ca_pem: Path) -> None:
    """Make the Firefox profile's NSS database trust `ca_pem` for web sites."""
    certutil = shutil.which("certutil")
    assert certutil, "certutil (libnss3-tools) is missing: bash tests/system-deps.sh"
    db = f"sql:{profile}"
    subprocess.run([certutil, "-d", db, "-N", "--empty-password"], check=True)
    subprocess.run(
        [certutil, "-d", db, "-A", "-t", "C,,", "-n", "table-companion", "-i", str(ca_pem)],
        check=True,
    )


class Relay:
    """A TCP relay to `port` on loopback: `cut()` drops every connection and refuses
    new ones (the phone's network gone), `restore()` lets them through again."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.open = True
        self.port = 0
        self._server: asyncio.Server | None = None
        self._links: set[asyncio.StreamWriter] = set()

    async def __aenter__(self) -> Relay:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.cut()
        assert self._server is not None
        self._server.close()
        await self._server.wait_closed()

    def cut(self) -> None:
        self.open = False
        for writer in list(self._links):
            writer.transport.abort()
        self._links.clear()

    def restore(self) -> None:
        self.open = True

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not self.open:
            writer.transport.abort()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            writer.transport.abort()
            return
        self._links |= {writer, up_writer}

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            except (OSError, asyncio.IncompleteReadError):
                pass
            finally:
                dst.transport.abort()
                self._links.discard(dst)

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
