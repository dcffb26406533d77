"""Errors of the card-codes package; every one is a `ValueError`.

Bad input from outside (a token a person typed, a code a reader sent, a custom-cards
file) gets its own class so callers can tell an unknown token from a misread label.
"""

from __future__ import annotations


class CodeError(ValueError):
    """Base class: something about a card code or token is wrong."""


class UnknownTokenError(CodeError):
    """A table-script token names no card of any set."""

    def __init__(self, token: str, problem: str) -> None:
        self.token = token
        super().__init__(f"unknown token {token!r}: {problem}")


class InvalidCodeError(CodeError):
    """A code is malformed: wrong length or characters outside the code alphabet."""

    def __init__(self, code: str, problem: str) -> None:
        self.code = code
        super().__init__(f"invalid card code {code!r}: {problem}")


class CheckCharacterError(InvalidCodeError):
    """A code's check character does not match: the label was misread or mistyped."""


class UnknownCodeError(CodeError):
    """A well-formed code with a correct check character that names no known card
    (for example a custom card whose file is not loaded)."""

    def __init__(self, code: str, problem: str) -> None:
        self.code = code
        super().__init__(f"unknown card code {code!r}: {problem}")


class CodeTableError(CodeError):
    """A data file (the code table or a custom-cards file) is malformed; the message
    names the file and the key."""

    def __init__(self, file: str, key: str, problem: str) -> None:
        self.file, self.key = file, key
        super().__init__(f"{file}: {key}: {problem}")
