"""The code alphabet, base-31 item numbers and the check character (pure functions).

Why base 31: a check character that catches *every* single changed character and
*every* swap of two adjacent characters needs a prime modulus at least as large as
the alphabet (a weighted sum modulo a prime p changes by w*(a-b), never 0 mod p when
the weights are distinct and non-zero and |a-b| < p). 31 is prime, so both the code
characters and the check character come from one 31-symbol alphabet: the digits and
the upper-case letters without I, L, O, U and Z (easily misread as 1, 1, 0, V and 2).
Every symbol is in QR's alphanumeric mode, so a code is a small, robust QR symbol.

The check rule: for a code `c[0] .. c[n-1]` (the last one is the check character),
`sum((n - i) * value(c[i])) % 31 == 0`. Weights n .. 1 are distinct and non-zero
for n < 31, which also catches swaps of characters two apart.
"""

from __future__ import annotations

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXY"
BASE = len(ALPHABET)  # 31, a prime
ITEM_DIGITS = 2
MAX_ITEM = BASE**ITEM_DIGITS - 1  # 960
CODE_LENGTH = 1 + ITEM_DIGITS + 1  # set letter, item, check character

_VALUE = {ch: i for i, ch in enumerate(ALPHABET)}


def _weighted_sum(chars: str, length: int) -> int:
    return sum((length - i) * _VALUE[ch] for i, ch in enumerate(chars))


def check_character(body: str) -> str:
    """The check character that makes `body + check` a valid code.

    >>> check_character("S01")
    'P'
    >>> is_valid("S01P"), is_valid("S10P"), is_valid("S01N")
    (True, False, False)
    """
    unknown = sorted({ch for ch in body if ch not in _VALUE})
    if unknown:
        raise ValueError(f"{body!r} has characters outside the code alphabet: {unknown}")
    total = _weighted_sum(body, len(body) + 1)
    return ALPHABET[-total % BASE]


def is_valid(code: str) -> bool:
    """True when every character is in the alphabet and the check character matches."""
    if not code or any(ch not in _VALUE for ch in code):
        return False
    return _weighted_sum(code, len(code)) % BASE == 0


def format_item(number: int) -> str:
    """An item number as two base-31 digits.

    >>> format_item(1), format_item(31), format_item(MAX_ITEM)
    ('01', '10', 'YY')
    """
    if not 0 <= number <= MAX_ITEM:
        raise ValueError(f"item number {number} is outside 0..{MAX_ITEM}")
    high, low = divmod(number, BASE)
    return ALPHABET[high] + ALPHABET[low]


def parse_item(text: str) -> int:
    """The number written by `format_item`.

    >>> parse_item("10"), parse_item(format_item(500))
    (31, 500)
    """
    if len(text) != ITEM_DIGITS or any(ch not in _VALUE for ch in text):
        raise ValueError(f"{text!r} is not a two-character item number")
    return _VALUE[text[0]] * BASE + _VALUE[text[1]]


def make_code(letter: str, number: int) -> str:
    """The full code of item `number` in the set with `letter`.

    >>> make_code("G", 1)
    'G01V'
    """
    body = letter + format_item(number)
    return body + check_character(body)
