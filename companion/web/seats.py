"""Who may be the reader of which seat: one unguessable token per seat, one phone each.

Each seat gets its own token (`secrets.token_urlsafe`, 192 bits), separate from the
view token and the host token of `access.py`: the seat's join QR carries it, and it
lets a phone do exactly one thing, be that seat's reader. Knowing the view token
gives no seat; a seat's token gives no other seat, no host controls.

The first phone that opens the seat's socket holds the seat (a phone is named by the
random id its page keeps in its storage, so a reload or a reconnect is the same
phone). Another phone with the same token is refused until the host frees the seat
(`free`), which also gives the seat a new token: the old QR code then no longer works
(an expired token gets the same clear refusal as a wrong one).

Tokens are compared in constant time. With a `store` file (beside the game's
database) the tokens are kept for that game: after `companion resume` the seats'
QR codes and the phones' links still work; a link of another game, or of a seat the
host freed, is refused as expired.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from companion.web.access import TOKEN_BYTES

__all__ = ["Claim", "SeatDesk"]

PHONE_ID_CHARS = 64  # what a page's own id may be at most (it makes a 22-character one)


@dataclass(frozen=True)
class Claim:
    """The answer to a phone that asks for a seat: `seat` if it may be its reader,
    else None, `refusal` says why and `code` names the reason (the page says it in
    its own language: `refused_<code>` in `data/phone.json`)."""

    seat: int | None
    refusal: str = ""
    code: str = ""


class SeatDesk:
    """The seats phones may join, their tokens and the phone holding each."""

    def __init__(self, seats: Iterable[int], *, store: Path | None = None, game: int = 0) -> None:
        self._tokens = {seat: secrets.token_urlsafe(TOKEN_BYTES) for seat in seats}
        self._holders: dict[int, str] = {}
        self._store, self._game = store, game
        kept = self._load()
        for seat in self._tokens:
            if isinstance(kept.get(str(seat)), str):
                self._tokens[seat] = kept[str(seat)]
        self._save()

    def _load(self) -> dict[str, str]:
        """The kept tokens of this game ({} without a store, for another game, or
        for a file that cannot be read: new tokens then, the old links expire)."""
        if self._store is None:
            return {}
        try:
            kept = json.loads(self._store.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(kept, dict) or kept.get("game") != self._game:
            return {}
        tokens = kept.get("tokens")
        return tokens if isinstance(tokens, dict) else {}

    def _save(self) -> None:
        """Write the tokens (owner-only: a token lets a phone be that seat's reader)."""
        if self._store is None:
            return
        tmp = self._store.with_suffix(".tmp")
        data = {"game": self._game, "tokens": {str(s): t for s, t in self._tokens.items()}}
        with contextlib.suppress(OSError):  # kept for resume; the game goes on without
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(data, out)
            tmp.replace(self._store)

    @property
    def seats(self) -> list[int]:
        return sorted(self._tokens)

    def token(self, seat: int) -> str:
        """The seat's current token (for its join QR).

        Raises:
            KeyError: not a seat phones may join.
        """
        return self._tokens[seat]

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token opens, None for a wrong or expired one."""
        if not token:
            return None
        given = token.encode()
        found = None
        for seat, expected in self._tokens.items():  # every one compared: constant time
            if secrets.compare_digest(given, expected.encode()):
                found = seat
        return found

    def claim(self, token: str | None, phone: str | None) -> Claim:
        """Let the phone `phone` (its page's id) be the reader of the token's seat."""
        seat = self.seat_of(token)
        if seat is None:
            return Claim(
                None,
                "this seat link is wrong or has expired: scan the seat's QR code again",
                "expired",
            )
        if not phone or len(phone) > PHONE_ID_CHARS or not phone.isascii():
            return Claim(None, "this page did not say which phone it is: reload it", "no_id")
        holder = self._holders.setdefault(seat, phone)
        if holder != phone:
            return Claim(None, f"seat {seat} already has a phone; the host can free it", "taken")
        return Claim(seat)

    def holder(self, seat: int) -> str | None:
        return self._holders.get(seat)

    def free(self, seat: int) -> str:
        """The host frees a seat: nobody holds it, and it gets a new token (returned).

        Raises:
            KeyError: not a seat phones may join.
        """
        if seat not in self._tokens:
            raise KeyError(seat)
        self._holders.pop(seat, None)
        self._tokens[seat] = secrets.token_urlsafe(TOKEN_BYTES)
        self._save()
        return self._tokens[seat]

    def free_seats(self) -> list[int]:
        """The seats no phone holds yet."""
        return [s for s in self.seats if s not in self._holders]
