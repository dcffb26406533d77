"""Table Companion: the desktop host for the Three Kingdoms Kill card reader."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("table-companion")
except PackageNotFoundError:  # running from a source tree that was not installed
    __version__ = "0.0.0"

__all__ = ["__version__"]
