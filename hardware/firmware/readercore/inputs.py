"""Button debouncing and card presence: raw hardware observations in, decisions out.

Both take time as a non-wrapping millisecond count passed in by the caller (the device
glue turns ``time.ticks_ms()`` into one); nothing here reads a clock.

Buttons. A mechanical switch bounces for a few milliseconds on press and release. An
edge is taken at once if the button's last accepted edge is at least ``debounce_ms``
old, and otherwise held as the raw level: if the level is still different once that
interval has passed, it settles then (at the next edge or tick). A press is reported
short on its release, or long as soon as it has been held ``long_press_ms`` (and then
not again on release). A press released within the debounce interval is noise and is
not reported.

Cards. The NFC glue polls the reader and calls ``seen`` for every read. The same card
held on the reader is reported once; it is "removed" when it has not been seen for
``quiet_ms``; a different card replacing it reports the old one removed, then the new
one present.
"""

BUTTONS = 3  # OK, NO, UNDO are 1, 2, 3


class Buttons:
    """Debounced state of buttons 1..BUTTONS; methods return ``(button, long)`` presses."""

    def __init__(self, debounce_ms: int, long_press_ms: int) -> None:
        if debounce_ms < 0 or long_press_ms <= debounce_ms:
            raise ValueError("need 0 <= debounce_ms < long_press_ms")
        self.debounce_ms = debounce_ms
        self.long_press_ms = long_press_ms
        n = BUTTONS + 1
        self._raw = [False] * n  # last level reported by the glue
        self._raw_at = [0] * n
        self._down = [False] * n  # debounced level
        self._edge_at = [-debounce_ms] * n  # time of the last accepted edge
        self._down_at = [0] * n
        self._long_sent = [False] * n

    def _check(self, button: int) -> None:
        if not isinstance(button, int) or not 1 <= button <= BUTTONS:
            raise ValueError(f"button must be 1..{BUTTONS}, got {button!r}")

    def _settle(self, b: int, now_ms: int) -> None:
        """Accept a raw level that changed during the lockout and has held since."""
        if self._raw[b] == self._down[b] or now_ms - self._edge_at[b] < self.debounce_ms:
            return
        at = max(self._raw_at[b], self._edge_at[b] + self.debounce_ms)
        self._down[b] = self._raw[b]
        self._edge_at[b] = at
        if self._raw[b]:
            self._down_at[b] = self._raw_at[b]
            self._long_sent[b] = False
        # A release that settles late came within debounce_ms of its press: noise.

    def is_down(self, button: int) -> bool:
        """The debounced level of ``button`` as of the last call."""
        self._check(button)
        return self._down[button]

    def down(self, button: int, now_ms: int) -> None:
        """The glue saw ``button`` go down (a raw edge, bounces included)."""
        self._check(button)
        self._settle(button, now_ms)
        self._raw[button] = True
        self._raw_at[button] = now_ms
        if not self._down[button] and now_ms - self._edge_at[button] >= self.debounce_ms:
            self._down[button] = True
            self._edge_at[button] = now_ms
            self._down_at[button] = now_ms
            self._long_sent[button] = False

    def up(self, button: int, now_ms: int) -> list[tuple[int, bool]]:
        """The glue saw ``button`` go up; return the press it ends, if any."""
        self._check(button)
        self._settle(button, now_ms)
        self._raw[button] = False
        self._raw_at[button] = now_ms
        if not self._down[button] or now_ms - self._edge_at[button] < self.debounce_ms:
            return []
        self._down[button] = False
        self._edge_at[button] = now_ms
        if self._long_sent[button]:
            return []
        return [(button, now_ms - self._down_at[button] >= self.long_press_ms)]

    def tick(self, now_ms: int) -> list[tuple[int, bool]]:
        """Settle pending edges; return the long presses that reached the threshold."""
        out = []
        for b in range(1, BUTTONS + 1):
            self._settle(b, now_ms)
            if (
                self._down[b]
                and self._raw[b]
                and not self._long_sent[b]
                and now_ms - self._down_at[b] >= self.long_press_ms
            ):
                self._long_sent[b] = True
                out.append((b, True))
        return out


class CardPresence:
    """Which card is on the reader; methods return ``(present, kind, data)`` changes."""

    def __init__(self, quiet_ms: int) -> None:
        if quiet_ms <= 0:
            raise ValueError("quiet_ms must be positive")
        self.quiet_ms = quiet_ms
        self.card: tuple | None = None  # (kind, data) of the card on the reader
        self._seen_at = 0

    def seen(self, kind: int, data: bytes, now_ms: int) -> list[tuple[bool, int, bytes]]:
        """The reader read this card now."""
        out = self.tick(now_ms)
        if self.card is not None and self.card[0] == kind and self.card[1] == data:
            self._seen_at = now_ms
            return out
        if self.card is not None:
            out.append((False, self.card[0], self.card[1]))
        self.card = (kind, data)
        self._seen_at = now_ms
        out.append((True, kind, data))
        return out

    def tick(self, now_ms: int) -> list[tuple[bool, int, bytes]]:
        """Report the card removed once it has been quiet for ``quiet_ms``."""
        if self.card is None or now_ms - self._seen_at < self.quiet_ms:
            return []
        kind, data = self.card
        self.card = None
        return [(False, kind, data)]
