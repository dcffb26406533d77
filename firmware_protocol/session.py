"""Session machines for both ends of a reader link: theory of operation.

This file is the door to the two machines (`ReaderSession` in `reader_session.py`,
`HostSession` in `host_session.py`) and the one place that explains how they work
together. The rules are SPEC.md section 4; what follows is why they hold.

The problem
-----------
A reader's events (a card read, a button press) must reach the host's game log
exactly once and in order. The link loses things: BLE notifications sent before the
host subscribed are gone; a connection drops mid-burst; a serial line garbles a
frame; a reader reboots and forgets everything it had not handed over. Nothing here
does I/O: each machine is fed bytes/messages and the time, and returns what to send
and what happened. Time is passed in (`now`), never read, so tests are exact.

Sequence numbers
----------------
Each *event* (CARD, BUTTON, SELECT, BATTERY, ERROR) takes the next u16 seq; the first
event after boot is 0. HELLO, STATUS and LOST carry a seq too (last_seq and first_seq)
but consume none. "Ahead"/"behind" use the half-window rule of `seqnum.py`, so the
numbers may wrap through 65535 forever. The reader also draws a random non-zero u32
**epoch** at every boot: seq numbers only mean something within one epoch.

The reader (`ReaderSession`)
----------------------------
It keeps every event in a ring buffer until the host ACKs it, and sends it at once.
RESUME(from) re-sends the buffered events from `from` on. If some of those are no
longer held (the buffer overflowed and pushed out the oldest unacknowledged events)
it first says so with LOST(from, count), so the host can move past them rather than
ask forever. A bad command frame is answered with an ERROR event (code 1, detail =
the FrameReason number; code 2 for a type it does not take). It has no states beyond
its buffer: every command is handled the same way at any time.

The host (`HostSession`)
------------------------
It keeps `(epoch, expected)`: the next seq to deliver. Three states:

    AWAITING_HELLO --HELLO--> STREAMING <--gap filled-- RECOVERING
          ^                       |  event after a gap --> (RESUME) --^
          +-- connected() --------+

* `connected()` (a new link) always returns to AWAITING_HELLO and yields a
  HELLO_REQUEST. Events are *dropped* until this connection's HELLO arrives, because
  until then the host cannot tell an event of the epoch it knows from one of a reader
  that rebooted meanwhile with coincidentally matching seq numbers. Nothing is lost
  by dropping: the HELLO's last_seq reveals them and a RESUME brings them back.
* HELLO with the known epoch: if the reader is ahead of `expected - 1`, RESUME
  (RECOVERING). With a new epoch: report `Rebooted`, restart at 0 and RESUME(0) if
  the reader has events. The very first HELLO of a session that never knew this
  reader *adopts* its present: history from before the host existed is skipped
  (and acknowledged, so the reader's buffer empties). A session persisted by the
  hub is rebuilt with `HostSession(epoch, expected)` and resumes exactly instead.
  A HELLO of an epoch the reader has *left* (an earlier boot's, which a real host
  stack once delivered after a reboot) is dropped as stale in every state.
* An event at `expected` is delivered. One ahead of it means a gap: it is dropped and
  RESUME(expected) is sent once; later events of the same gap are dropped quietly
  (RECOVERING). One behind is a duplicate and is dropped. The *horizon*, the furthest
  seq known to exist, tells when the gap is filled and STREAMING resumes.
* LOST covering `expected` reports `EventsLost` and moves past them.
* A frame that does not decode is dropped with its reason. In STREAMING it might
  have been the last event for a while, so the host asks for a HELLO at once.
* `tick(now)` is the only timer: it re-sends an unanswered HELLO_REQUEST or RESUME
  after `retry_interval`, and probes a quiet link after `probe_interval` (a lost last
  event is otherwise invisible until the next one). Together they make recovery
  certain on any link that eventually delivers something.
* `ack()` gives ACK(last delivered) once the caller has stored what was delivered.

Every (state, input) pair is a row of `host_session._TRANSITIONS`, with the action
and the next state; `_classify` turns a message into one of the inputs. Dropping is
never an error state: the link always continues.

Known limits
------------
* An event is lost without report only if the reader reboots before it was
  acknowledged; the host then reports `Rebooted` (SPEC.md section 4).
* More than 32767 events in flight breaks the half-window rule; the buffer holds at
  most 32767 and a reader holds 64, so this cannot happen while the host acks.
"""

from __future__ import annotations

from firmware_protocol.host_session import (
    Deliver,
    Dropped,
    DropReason,
    EventsLost,
    HostEffect,
    HostSession,
    HostState,
    Rebooted,
    Send,
    StatusReport,
)
from firmware_protocol.reader_session import MIN_CAPACITY, ReaderSession

__all__ = [
    "MIN_CAPACITY",
    "Deliver",
    "DropReason",
    "Dropped",
    "EventsLost",
    "HostEffect",
    "HostSession",
    "HostState",
    "ReaderSession",
    "Rebooted",
    "Send",
    "StatusReport",
]
