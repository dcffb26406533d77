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

The hold. One button (OK on the reader) may also carry a gesture: held ``hold_ms`` it
is a HOLD (the pairing window, SPEC.md 12), reported as soon as the time is reached
and never as a press. That button's long press cannot be told from the start of a
hold at ``long_press_ms``, so it is reported on release instead (held at least
``long_press_ms`` and less than ``hold_ms``).

Cards. The NFC glue polls the reader and calls ``seen`` for every read. The same card
held on the reader is reported once; it is "removed" when it has not been seen for
``quiet_ms``; a different card replacing it reports the old one removed, then the new
one present.
"""

BUTTONS = 3  # OK, NO, UNDO are 1, 2, 3
SHORT = 0  # what a button did: the second item of the pairs Buttons returns
LONG = 1
HOLD = 2


class Buttons:
    """Debounced state of buttons 1..BUTTONS; methods return ``(button, kind)`` pairs,
    ``kind`` being SHORT, LONG or HOLD (only ``hold_button``, 0 for none)."""

    def __init__(
        self, debounce_ms: int, long_press_ms: int, hold_button: int = 0, hold_ms: int = 0
    ) -> None:
        if debounce_ms < 0 or long_press_ms <= debounce_ms:
            raise ValueError("need 0 <= debounce_ms < long_press_ms")
        if hold_button:
            self._check(hold_button)
            if not isinstance(hold_ms, int) or hold_ms <= long_press_ms:
                raise ValueError("need long_press_ms < hold_ms")
        self.debounce_ms = debounce_ms
        self.long_press_ms = long_press_ms
        self.hold_button = hold_button
        self.hold_ms = hold_ms
        n = BUTTONS + 1
        self._raw = [False] * n  # last level reported by the glue
        self._raw_at = [0] * n
        self._down = [False] * n  # debounced level
        self._edge_at = [-debounce_ms] * n  # time of the last accepted edge
        self._down_at = [0] * n
        self._long_sent = [False] * n  # the press was reported while held (LONG or HOLD)

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

    def up(self, button: int, now_ms: int) -> list[tuple[int, int]]:
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
        held = now_ms - self._down_at[button]
        if button == self.hold_button and held >= self.hold_ms:
            return [(button, HOLD)]
        return [(button, LONG if held >= self.long_press_ms else SHORT)]

    def tick(self, now_ms: int) -> list[tuple[int, int]]:
        """Settle pending edges; return the long presses (and the hold) that reached
        their threshold."""
        out = []
        for b in range(1, BUTTONS + 1):
            self._settle(b, now_ms)
            if not self._down[b] or not self._raw[b] or self._long_sent[b]:
                continue
            held = now_ms - self._down_at[b]
            if b == self.hold_button:
                if held >= self.hold_ms:
                    self._long_sent[b] = True
                    out.append((b, HOLD))
            elif held >= self.long_press_ms:
                self._long_sent[b] = True
                out.append((b, LONG))
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
