"""The real-host tests run only inside the guest (`python tests/realhost/run-guest.py`).

They carry the `realhost` marker. Elsewhere (the ordinary `python -m pytest`) they are
deselected, not skipped; selected with `-m realhost` on a machine without `/dev/vhci`,
they fail.
"""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "realhost" in (config.option.markexpr or ""):
        return
    chosen = [item for item in items if item.get_closest_marker("realhost") is None]
    dropped = [item for item in items if item.get_closest_marker("realhost") is not None]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = chosen
