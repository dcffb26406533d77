"""The web table view a run serves: asked for with `--web`, or for phones as readers
(they join through it, with the table's own certificates)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, TextIO

from companion.game.clock import Clock
from companion.game.options import Presentation
from companion.game.preflight import say
from companion.game.runner import ReaderPlan
from companion.game.session import Session

__all__ = ["table_server"]


def table_server(
    session: Session, clock: Clock, show: Presentation, plan: ReaderPlan, err: TextIO
) -> Any:
    """The web table view asked for, not yet started (None without `--web`, unless
    phones are readers: they join through it, on the LAN, over HTTP and HTTPS). Host
    commands from the page are committed to the log like any reader input."""
    from companion.game.runner import phone_source, reader_list

    phones = phone_source(plan, session.log.game(session.game_id).players)
    if show.web is None and phones is None:
        return None
    from companion.web import DEFAULT_PORT, commit_to_session, serve_table

    host, port = show.web if show.web is not None else ("0.0.0.0", DEFAULT_PORT)
    tls = _certificates(session, err) if phones is not None else None
    return serve_table(
        session, host, port, lan=show.lan or phones is not None,
        on_command=commit_to_session(session, clock.now), phones=phones, tls=tls,
        readers=lambda: reader_list(plan),
    )  # fmt: skip


def _certificates(session: Session, err: TextIO) -> Any:
    """The table's own certificate authority and a server certificate for this
    laptop's addresses, kept beside the game database (made the first time)."""
    from companion.web.phone import vendored_decoder
    from companion.web.tls import TableCertificates, lan_addresses

    certs = TableCertificates.beside(Path(session.log.path))
    if certs.ensure(lan_addresses()):
        say(err, f"companion: made the table's certificate for the phones in {certs.directory}")
    if not vendored_decoder():
        say(err, "companion: the WebAssembly QR decoder is not installed "
             "(npm ci --prefix companion/web/vendor): phones without a built-in "
             "decoder will take photos instead")  # fmt: skip
    return certs
