"""Who may see the table and who may steer it: addresses, tokens and the two checks.

- By default the server listens on loopback only (`127.0.0.1`): nothing on the
  network can reach it, so no token is needed to watch.
- On the LAN (asked for with `lan=True`, or any non-loopback address) the page's
  address carries an unguessable view token (`secrets.token_urlsafe`); a request
  without it gets 403. The QR code and the printed address carry it; after the first
  page load the browser keeps it in a cookie for the page's own files and stream.
- The host controls always need a second, separate host token (in the
  `X-Host-Token` header), which is printed on the host's terminal only and never put
  in the QR code: a phone that can watch cannot undo.

Tokens are compared in constant time (`secrets.compare_digest`).
"""

from __future__ import annotations

import ipaddress
import secrets
import socket
from dataclasses import dataclass, field

__all__ = [
    "DEFAULT_PORT",
    "VIEW_COOKIE",
    "Access",
    "is_loopback",
    "lan_address",
    "parse_web_address",
]

DEFAULT_PORT = 8765
TOKEN_BYTES = 24  # 32 URL-safe characters, 192 bits
VIEW_COOKIE = "tc_view"  # where a browser keeps the view token after its first page


def parse_web_address(text: str | None, *, lan: bool = False) -> tuple[str, int]:
    """`HOST:PORT`, `:PORT`, `PORT`, `HOST` or nothing -> (host, port), for `--web`.

    The host defaults to `127.0.0.1`, or `0.0.0.0` (every interface) with `lan`.

    >>> parse_web_address(None), parse_web_address("8080"), parse_web_address("0.0.0.0:80")
    (('127.0.0.1', 8765), ('127.0.0.1', 8080), ('0.0.0.0', 80))
    >>> parse_web_address("[::1]:9000")
    ('::1', 9000)

    Raises:
        ValueError: a port that is not a number in 0..65535, or an empty host.
    """
    default_host = "0.0.0.0" if lan else "127.0.0.1"
    text = (text or "").strip()
    if not text:
        return default_host, DEFAULT_PORT
    host, sep, port_text = text.rpartition(":")
    if not sep:
        if text.isdigit():
            host, port_text = default_host, text
        else:
            host, port_text = text, str(DEFAULT_PORT)
    elif not host:
        host = default_host
    host = host.removeprefix("[").removesuffix("]")
    if not host:
        raise ValueError(f"no host in web address {text!r}")
    if not port_text.isdigit() or not 0 <= int(port_text) <= 65535:
        raise ValueError(f"bad port in web address {text!r}: expected 0..65535")
    return host, int(port_text)


def is_loopback(host: str) -> bool:
    """Whether `host` is reachable from this machine only.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0")
    (True, True, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_address() -> str:
    """This machine's address on the local network, for the URL phones open.

    Asks the OS which source address it would use towards a private address (no
    packet is sent); falls back to the host name's addresses, then to loopback on a
    machine with no network at all.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 9))
        address = probe.getsockname()[0]
        if not ipaddress.ip_address(address).is_loopback:
            return address
    except OSError:
        pass
    finally:
        probe.close()
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        address = str(info[4][0])
        if not ipaddress.ip_address(address).is_loopback:
            return address
    return "127.0.0.1"


def _token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass(frozen=True)
class Access:
    """The two tokens of one server and whether watching needs one."""

    view_required: bool
    view_token: str = field(default_factory=_token)
    host_token: str = field(default_factory=_token)

    @classmethod
    def for_host(cls, host: str) -> Access:
        """Tokens for a server bound to `host` (the view token only off loopback)."""
        return cls(view_required=not is_loopback(host))

    def may_view(self, token: str | None) -> bool:
        if not self.view_required:
            return True
        return _same(token, self.view_token)

    def may_steer(self, token: str | None) -> bool:
        return _same(token, self.host_token)


def _same(given: str | None, expected: str) -> bool:
    # bytes: compare_digest refuses non-ASCII text, which anyone may send
    return given is not None and secrets.compare_digest(given.encode(), expected.encode())
