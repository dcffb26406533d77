"""Two-side modes at the table: a real table (table layer + engine in table mode) set up by
scans, as players would, one reader per seat (or a shared one), for the issue-31 tests."""

from __future__ import annotations

from typing import Any

from tests.table.test_skill_gestures import Seats

POOL_1V1 = ("zhangfei", "lvbu", "huatuo", "diaochan", "sunquan", "ganning", "lvmeng",
            "huanggai", "zhouyu", "daqiao", "luxun", "sunshangxiang")  # fmt: skip
DRAFT_1V1 = ((2, "huatuo"), (1, "zhangfei"), (1, "diaochan"), (2, "lvbu"), (2, "sunquan"),
             (1, "ganning"), (1, "lvmeng"), (2, "huanggai"), (2, "zhouyu"), (1, "daqiao"),
             (1, "luxun"), (2, "sunshangxiang"))  # fmt: skip
POOL_3V3 = POOL_1V1 + ("guanyu", "zhaoyun", "machao", "xiahoudun")
DRAFT_3V3 = ((5, "lvbu"), (2, "zhangfei"), (2, "huatuo"), (5, "diaochan"), (5, "sunquan"),
             (2, "ganning"), (2, "lvmeng"), (5, "huanggai"), (5, "zhouyu"), (2, "daqiao"),
             (2, "luxun"), (5, "sunshangxiang"), (5, "guanyu"), (2, "zhaoyun"), (2, "machao"),
             (5, "xiahoudun"))  # fmt: skip
PLAYERS = {"1v1": 2, "2v2": 4, "3v3": 6, "4v4": 8}


class ModeSeats(Seats):
    """A two-side mode's table after its setup; `generals` are the seats' generals in seat
    order (1v1: the two first generals, from the draft above, or from `draft`'s pool and
    picks; 3v3: cool seats 1-3 from the cool marshal's eight, warm seats 4-6 from the warm
    marshal's); `packs`: the game's general packs (default: the standard one)."""

    def __init__(
        self,
        mode: str,
        *generals: str,
        rules: dict[str, Any] | None = None,
        packs: tuple[str, ...] = ("standard",),
        draft: tuple[tuple[str, ...], tuple[tuple[int, str], ...]] = (POOL_1V1, DRAFT_1V1),
    ) -> None:
        settings = {
            "game_mode": mode, "mode_settings": dict(rules or {}), "general_packs": list(packs),
        }  # fmt: skip
        super(Seats, self).__init__(players=PLAYERS[mode], settings=settings)
        if mode == "1v1":
            self._draft(*draft)
            for seat, general in enumerate(generals or ("zhangfei", "huatuo"), start=1):
                self.ok(self.scan(general, seat))
        elif mode == "3v3":
            self._draft(POOL_3V3, DRAFT_3V3)
            cool, warm = (
                (generals[:3], generals[3:])
                if generals
                else (("huatuo", "zhangfei", "ganning"), ("lvbu", "sunquan", "diaochan"))
            )
            for general in warm:
                self.ok(self.scan(general, 5))
            for general in cool:
                self.ok(self.scan(general, 2))
        else:
            if mode == "4v4":  # the lords the table dealt: seat 8 (team A), seat 7 (team B)
                self.ok(self.scan("lord", 8))
                self.ok(self.scan("lord", 7))
            for seat, general in enumerate(generals, start=1):
                self.ok(self.scan(general, seat))

    def _draft(self, pool: tuple[str, ...], picks: tuple[tuple[int, str], ...]) -> None:
        for general in pool:
            self.ok(self.scan(general, 1))
        for seat, general in picks:
            self.ok(self.scan(general, seat))


class SetSeats(Seats):
    """An identity-mode table with house settings (e.g. the Maneuvering cards): seat 1 is
    the lord, seat i plays `generals[i-1]`, one reader per seat."""

    def __init__(self, *generals: str, **settings: Any) -> None:
        super(Seats, self).__init__(players=len(generals), settings=settings)
        self.ok(self.scan("lord", 1))
        for seat, general in enumerate(generals, start=1):
            self.ok(self.scan(general, seat))
