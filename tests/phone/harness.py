"""A real table with phones: a game session on a real SQLite log, the phone transport
under the real reader hub and input pump, the real table-view server (HTTP and HTTPS
with the table's own certificates), and real Chromium browsers as phones, each with
its own fake camera (a video of printed labels, `camera.py`)."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, BrowserContext, Page, Playwright

from companion.game.clock import VirtualClock
from companion.game.pump import Pump
from companion.game.session import Session
from companion.readers import HubOptions, ReaderHub
from companion.readers.phone import PhoneSource
from companion.store import GameLog
from companion.table.inputs import InputKind
from companion.web import serve_table
from companion.web.tls import TableCertificates, lan_addresses

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--autoplay-policy=no-user-gesture-required",
]
CAMERA_ARGS = ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"]


def counted(session: Session) -> int:
    """Inputs the game counted (scans, presses, selects; no removes or notices)."""
    return int(session.state()["log_length"])


@dataclass
class Phone:
    """One browser (its own fake camera) with one page on one seat."""

    seat: int
    browser: Browser
    context: BrowserContext
    page: Page
    errors: list[str] = field(default_factory=list)

    async def state(self, expression: str) -> Any:
        return await self.page.evaluate(f"window.__phone && ({expression})")

    async def wait(self, expression: str, timeout: float = 15.0) -> None:
        await self.page.wait_for_function(
            f"window.__phone && ({expression})", timeout=timeout * 1000
        )

    async def press(self, button: str) -> None:
        await self.page.click(f"#{button}")

    async def select(self, seat: int) -> None:
        await self.page.click(f'#dial button[data-seat="{seat}"]')


class PhoneTable:
    """`async with PhoneTable(tmp, players=2, game="sanguosha") as table:` a game that
    phones join (`await table.phone(pw, seat, video)`)."""

    def __init__(
        self,
        directory: Path,
        *,
        players: int,
        game: str = "sanguosha",
        seed: int = 0,
        settings: dict[str, Any] | None = None,
        lang: str = "en",
        host: str = "127.0.0.1",
        tls: bool = True,
        log: GameLog | None = None,
        session: Session | None = None,
        port: int = 0,
    ) -> None:
        self.directory = directory
        self.log = log or GameLog(directory / "games.sqlite")
        self.session = session or Session.start(
            self.log, game=game, players=players, seed=seed, settings=settings or {}, lang=lang
        )
        self.players = players
        self.clock = VirtualClock()
        self.source = PhoneSource(range(1, players + 1))
        self.certs = TableCertificates.beside(Path(self.log.path)) if tls else None
        if self.certs is not None:
            self.certs.ensure(lan_addresses())
        self.host = host
        self.port = port  # 0: any free one (a resume test asks for the same one again)
        self.server: Any = None
        self.hub: ReaderHub | None = None
        self.pump: Pump | None = None
        self.phones: list[Phone] = []
        self._tasks: list[asyncio.Task[Any]] = []
        self._stack = contextlib.AsyncExitStack()
        self.notices: list[Any] = []

    async def __aenter__(self) -> PhoneTable:
        self.server = serve_table(
            self.session, self.host, self.port, phones=self.source, tls=self.certs, secure_port=0
        )
        self.server.phones.record_sent = True
        await self._stack.enter_async_context(self.server)
        self.hub = await self._stack.enter_async_context(ReaderHub(self.source, HubOptions()))
        self.pump = Pump(self.session, self.hub, self.clock, on_notice=self.notices.append)
        self._tasks.append(asyncio.create_task(self.pump.run(), name="pump"))
        return self

    async def __aexit__(self, *exc: object) -> None:
        for phone in self.phones:
            with contextlib.suppress(Exception):
                await phone.browser.close()
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self._stack.aclose()
        self.log.close()

    def seat_url(self, seat: int, *, secure: bool = False, local: bool = True) -> str:
        """The seat's page: on loopback (a secure context, as `localhost` is) unless
        `local` is False (the LAN address: plain HTTP is then not secure)."""
        room = self.server.phones
        base = self.server.secure_base_url if secure else self.server.base_url
        if local:
            port = self.server.secure_port if secure else self.server.port
            base = f"{'https' if secure else 'http'}://127.0.0.1:{port}"
        return f"{base}/phone?s={room.desk.token(seat)}"

    async def phone(
        self,
        pw: Playwright,
        seat: int,
        video: Path | None,
        *,
        secure: bool = False,
        extra_args: list[str] | None = None,
        env: dict[str, str] | None = None,
        url: str | None = None,
        init_script: str | None = None,
        camera: bool = True,
        ready: str = "window.__phone.link === 'connected'",
    ) -> Phone:
        """A new browser whose camera plays `video`, on seat `seat`'s page (loaded);
        `camera=False`: no fake camera and no fake permission prompt (`extra_args` say
        what the phone has: this machine has no camera of its own); `ready`: what the
        page shows once it is where the test wants it."""
        cameras = CAMERA_ARGS if camera else []
        args = [*CHROMIUM_ARGS, *cameras, *(extra_args or [])]
        if video is not None:
            args.append(f"--use-file-for-fake-video-capture={video}")
        launch_env: dict[str, str | float | bool] | None = dict(env) if env is not None else None
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=args, env=launch_env)
        context = await browser.new_context()
        if init_script is not None:
            await context.add_init_script(init_script)
        page = await context.new_page()
        phone = Phone(seat, browser, context, page)
        page.on("pageerror", lambda exc: phone.errors.append(str(exc)))
        await page.goto(url or self.seat_url(seat, secure=secure))
        self.phones.append(phone)  # closed on exit even if it never gets ready
        await phone.wait(ready)
        return phone

    async def until(self, predicate: Any, timeout: float = 20.0) -> None:
        """Wait until `predicate()` holds (polled; the game runs in this loop)."""
        async with asyncio.timeout(timeout):
            while not predicate():
                if self.pump is not None and self.pump.failure is not None:
                    raise RuntimeError("the pump failed") from self.pump.failure
                await asyncio.sleep(0.02)

    async def settled(self, seat: int) -> None:
        """Wait until the table holds no socket for `seat` and the pump has taken every
        event the hub emitted: whatever that seat's page sent has then reached the game,
        and nothing more can until the page reconnects."""
        await self.until(
            lambda: (
                not self.server.phones.sockets.get(seat)
                and self.hub is not None
                and self.hub.pending() == 0
            )
        )

    def inputs(self) -> list[Any]:
        return [item.input for item in self.log.inputs(self.session.game_id)]

    def scans(self) -> list[str]:
        return [i.data.get("code") for i in self.inputs() if i.kind is InputKind.SCAN]
