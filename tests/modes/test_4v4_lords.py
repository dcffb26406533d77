"""4v4 at the table: the lords are dealt by hand, so each team's lord scans the lord
identity card (issue 31 item 7; docs/modes.md §5), team A first, before the generals."""

from __future__ import annotations

from companion.table.outcome import Status
from tests.table.test_skill_gestures import Seats


class Table4v4(Seats):
    def __init__(self) -> None:
        super(Seats, self).__init__(players=8, settings={"game_mode": "4v4"})


def test_each_team_scans_the_lord_it_dealt() -> None:
    t = Table4v4()
    prompt = t.pending
    assert (prompt["kind"], prompt["reason"], prompt["seats"]) == (
        "reveal_identity", "team_lord", [1, 4, 5, 8]
    )  # fmt: skip
    out = t.ok(t.scan("lord", 5))
    assert t.said(out)[-1] == (
        "Seat 2, seat 3, seat 6 and seat 7: whichever of you was dealt this team's lord "
        "scans the lord identity card."
    )
    assert (
        t.said(out, "zh-Hans")[-1]
        == "2号位、3号位、6号位和7号位：本队拿到主公的一位请扫描主公身份牌。"
    )
    assert t.said(out, "es")[-1].endswith(
        ": quien haya recibido el señor de este equipo, que escanee la carta de identidad de señor."
    )
    out = t.ok(t.scan("lord", 2))
    assert "Seat 5 plays for team A and is its lord." in t.said(out)
    assert "Seat 2 plays for team B and is its lord." in t.said(out)
    assert t.table.view()["game_mode"]["leaders"] == {"A": 5, "B": 2}


def test_a_lord_scan_out_of_team_or_another_identity_is_refused() -> None:
    t = Table4v4()
    before = t.snapshot()
    out = t.scan("lord", 2)  # seat 2 plays for team B: team A's lord is asked
    assert out.status is Status.REFUSED and (out.refusal or {}).get("reason") == "wrong_seat"
    out = t.scan("rebel", 1)
    assert out.status is Status.REFUSED and (out.refusal or {}).get("reason") == "not_offered"
    assert t.snapshot() == before
