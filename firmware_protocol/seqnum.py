"""Sequence-number arithmetic modulo 2**16 (SPEC.md section 4).

"b is ahead of a" means `(b - a) mod 65536` is 1..32767; 32768 and more means b is
behind a. Both ends use the same half-window rule, so comparisons stay correct when
the numbers wrap from 65535 to 0.
"""

from __future__ import annotations

#: Sequence numbers are u16.
SEQ_MODULO = 0x10000
#: Half the sequence space: the window within which "ahead" and "behind" are defined.
HALF_WINDOW = 0x8000
#: The `last_seq` of a reader that has recorded nothing since boot.
NO_EVENTS = 0xFFFF


def seq_add(seq: int, count: int) -> int:
    """`seq + count`, wrapped to a u16.

    >>> seq_add(65535, 1), seq_add(65530, 10)
    (0, 4)
    """
    return (seq + count) & 0xFFFF


def seq_distance(a: int, b: int) -> int:
    """How far `b` is ahead of `a`, modulo 2**16 (0..65535).

    >>> seq_distance(65534, 1), seq_distance(1, 65534)
    (3, 65533)
    """
    return (b - a) & 0xFFFF


def is_ahead(a: int, b: int) -> bool:
    """True when `b` comes after `a` within half the sequence space.

    >>> is_ahead(65535, 0), is_ahead(0, 65535), is_ahead(7, 7)
    (True, False, False)
    """
    return 0 < seq_distance(a, b) < HALF_WINDOW
