"""The live view's join area: how phones and screens reach a served table view.

What a real table needs from it: the QR codes only while they are still of use (a
seat no phone holds yet; the table view's own code on the network), and always, in a
few lines, the addresses. So `join_panel` draws

- the table view's address (and the host controls' address when they are on);
- with phones as readers, while seats are free: the free seats' QR codes side by
  side, as many as the terminal's width holds (the next ones appear as seats are
  taken), each seat's address, the TV page with every code, and the certificate
  guide; once every seat has a phone, one line (a freed seat's code comes back);
- without phones, the table view's QR code on the network;

and leaves the QR codes out (addresses only) when they would not fit the `spare`
rows the table and the narration leave. The words are the banner's
(`TableServer.banner`), English like it.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text

from companion.web.qr import qr_text

__all__ = ["join_key", "join_panel"]

GAP = 2  # columns between QR codes side by side


def join_key(server: Any) -> tuple[Any, ...]:
    """What the join area depends on (it is redrawn when this changes)."""
    room = server.phones
    free = tuple(room.desk.free_seats()) if room is not None else ()
    tokens = tuple(room.desk.token(s) for s in free) if room is not None else ()
    return (server.url, server.host_url, free, tokens)


def _line(text: str, style: str = "") -> Text:
    return Text(text, style=style, overflow="fold")


def join_panel(server: Any, width: int, spare: int) -> RenderableType:
    """The join area for `server` (a started `TableServer`) on `width` columns, with
    its QR codes only if they fit in `spare` rows."""
    lines = [_line(f"Table view: {server.url}", "bold")]
    if not server.access.view_required:
        lines.append(_line("(this computer only; add --lan to let phones join)", "dim"))
    if server.host_url is not None:
        lines.append(_line(f"Host controls (keep private): {server.host_url}", "dim"))
    room = server.phones
    codes: list[tuple[str, str]] = []  # (label, address) of the QR codes wanted
    if room is None:
        if server.access.view_required:
            codes.append(("", server.url))
    else:
        free = room.desk.free_seats()
        tv = f"{server.base_url}/join" + (
            f"?t={server.access.view_token}" if server.access.view_required else ""
        )
        if free:
            lines.append(
                _line("Phones: each player scans their seat's code with the phone's camera app.")
            )
            lines.extend(_line(f"Seat {s}: {room.seat_url(s)}") for s in free)
            lines.append(_line(f"All seat codes on the TV: {tv}"))
            if server.tls is not None:
                lines.append(
                    _line(f"Camera on the phones: once per phone, install {server.base_url}/ca")
                )
            codes = [(f"Seat {s}", room.seat_url(s)) for s in free]
        else:
            lines.append(_line(f"Phones: every seat has its phone · all seat codes: {tv}", "dim"))
    block = _qr_block(codes, width)
    used = sum(_height(line, width) for line in lines)
    if block and used + len(block) <= spare:
        return Group(*lines, *block)
    return Group(*lines)


def _height(line: Text, width: int) -> int:
    return max(1, -(-cell_len(line.plain) // max(width, 1)))


def _qr_block(codes: list[tuple[str, str]], width: int) -> list[Text]:
    """The QR codes side by side (as many as `width` holds), a label row above."""
    drawn = [(label, qr_text(url).split("\n")) for label, url in codes]
    if not drawn:
        return []
    size = max(len(row) for _, code in drawn for row in code)
    fit = max((width + GAP) // (size + GAP), 0)
    drawn = drawn[:fit]
    if not drawn:
        return []
    out = []
    if any(label for label, _ in drawn):
        out.append(Text("".join(label.ljust(size + GAP) for label, _ in drawn), style="bold"))
    for i in range(max(len(code) for _, code in drawn)):
        out.append(
            Text("".join((code[i] if i < len(code) else "").ljust(size + GAP) for _, code in drawn))
        )
    for text in out:
        text.no_wrap, text.overflow = True, "crop"
    return out
