"""The table view: a live web page of the game for the TV and the players' phones.

    async with serve_table(session, "127.0.0.1", 8765, lan=False,
                           on_command=commit_to_session(session, clock.now)) as server:
        print(server.banner())          # QR code, address, host address
        await run_session(session, plan, clock)

The page shows only the public view (`public.py` copies it field by field); updates
reach it over server-sent events within a moment of each input. On the LAN the
address carries a view token (403 without it); host controls need a second token.
"""

from companion.web.access import DEFAULT_PORT, Access, is_loopback, lan_address, parse_web_address
from companion.web.commands import (
    CommandError,
    HostCommand,
    commit_to_session,
    parse_command,
    to_table_input,
)
from companion.web.feed import TableFeed
from companion.web.public import public_state
from companion.web.qr import qr_svg, qr_text
from companion.web.server import TableServer, serve_table

__all__ = [
    "DEFAULT_PORT",
    "Access",
    "CommandError",
    "HostCommand",
    "TableFeed",
    "TableServer",
    "commit_to_session",
    "is_loopback",
    "lan_address",
    "parse_command",
    "parse_web_address",
    "public_state",
    "qr_svg",
    "qr_text",
    "serve_table",
    "to_table_input",
]
