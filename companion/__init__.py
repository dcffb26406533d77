"""Table Companion: the desktop host for the Three Kingdoms Kill card reader."""

from __future__ import annotations

__all__ = ["__version__"]


def __getattr__(name: str) -> str:
    # The version is read from the installed metadata only when asked for:
    # importing importlib.metadata costs more than the rest of `companion --help`.
    if name != "__version__":
        raise AttributeError(f"module 'companion' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("table-companion")
    except PackageNotFoundError:  # running from a source tree that was not installed
        return "0.0.0"
