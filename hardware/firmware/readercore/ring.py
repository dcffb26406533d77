"""The ring buffer of unacknowledged events (SPEC.md section 4, reader side).

Events carry consecutive sequence numbers, so the buffer is a window of seqs
``[head, head + count)`` in one preallocated ``bytearray`` of ``capacity`` slots of
20 bytes: pushing an event allocates nothing, which keeps a long game from
fragmenting a microcontroller's heap.

All seq arithmetic is modulo 2**16: "a is behind b" means ``(b - a) mod 65536`` is
between 1 and 32767, as in the host's gap/duplicate rule.
"""

from .frames import MAX_FRAME

HALF = 0x8000


def seq_distance(a: int, b: int) -> int:
    """How far ``b`` is ahead of ``a``, modulo 2**16 (``0..65535``).

    >>> seq_distance(0xFFFE, 1)
    3
    """
    return (b - a) & 0xFFFF


class EventRing:
    """Frames of unacknowledged events, oldest first, at most ``capacity`` of them.

    ``dropped`` counts events pushed out unacknowledged because the buffer was full;
    a RESUME from behind the oldest buffered event is answered with LOST for them.
    """

    def __init__(self, capacity: int, first_seq: int = 0) -> None:
        if not 1 <= capacity < HALF:
            raise ValueError("capacity must be 1..32767")
        self.capacity = capacity
        self.head = first_seq & 0xFFFF  # seq of the oldest buffered event, or the next one
        self.count = 0
        self.dropped = 0
        self._slots = bytearray(capacity * MAX_FRAME)
        self._lengths = bytearray(capacity)
        self._start = 0  # slot of the oldest buffered event

    def next_seq(self) -> int:
        """The seq the next pushed event must carry."""
        return (self.head + self.count) & 0xFFFF

    def push(self, seq: int, frame: bytes) -> bool:
        """Buffer ``frame`` (the event ``seq``); return True if the oldest was pushed out.

        Raises:
            ValueError: ``seq`` is not the next one, or the frame is over 20 bytes.
        """
        if seq != self.next_seq():
            raise ValueError(f"event seq {seq} is not the next one ({self.next_seq()})")
        if len(frame) > MAX_FRAME:
            raise ValueError(f"frame longer than {MAX_FRAME} bytes")
        overflow = self.count == self.capacity
        if overflow:
            self._start = (self._start + 1) % self.capacity
            self.head = (self.head + 1) & 0xFFFF
            self.count -= 1
            self.dropped += 1
        slot = (self._start + self.count) % self.capacity
        at = slot * MAX_FRAME
        self._slots[at : at + len(frame)] = frame
        self._lengths[slot] = len(frame)
        self.count += 1
        return overflow

    def ack(self, up_to: int) -> int:
        """Free every buffered event up to and including ``up_to``; return how many.

        An ACK behind the oldest buffered event frees nothing (already acknowledged);
        so does one ahead of the newest event, which the host cannot have stored (a
        stale or confused host): freeing on it could lose events.
        """
        last = (self.next_seq() - 1) & 0xFFFF
        if seq_distance(up_to, last) >= HALF:
            return 0  # up_to is after the newest event
        ahead = seq_distance(self.head, up_to)
        if ahead >= HALF:
            return 0  # up_to is behind everything we hold: already acknowledged
        freed = min(self.count, ahead + 1)
        self._start = (self._start + freed) % self.capacity
        self.head = (self.head + freed) & 0xFFFF
        self.count -= freed
        return freed

    def frames_from(self, from_seq: int) -> tuple[int, list[bytes]]:
        """What a RESUME(from_seq) resends: ``(lost, frames)``.

        ``lost`` is how many events from ``from_seq`` on this reader no longer holds
        (pushed out when the buffer was full, or freed by an earlier ACK): the reader
        reports them as LOST(from_seq, lost) so that the host can move past them instead
        of asking again forever. ``frames`` are the buffered events from ``from_seq`` on
        (or from the oldest), in order.
        """
        behind = seq_distance(from_seq, self.head)
        if 0 < behind < HALF:
            return behind, self._frames(0)
        skip = seq_distance(self.head, from_seq)
        if skip >= self.count:
            return 0, []  # nothing at or after from_seq (or from_seq is in the future)
        return 0, self._frames(skip)

    def _frames(self, skip: int) -> list[bytes]:
        out = []
        slots = memoryview(self._slots)
        for i in range(skip, self.count):
            slot = (self._start + i) % self.capacity
            at = slot * MAX_FRAME
            out.append(bytes(slots[at : at + self._lengths[slot]]))
        return out
