"""`companion readers`, `readers pair` and `readers forget` against a standalone
simulator whose readers pair only when OK is held (`hold ok` at its console)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from hardware.sim.server import SimOptions
from tests.trust.helpers import SimulatorThread


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_pair_list_and_forget(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An unpaired reader is listed apart and will not pair until OK is held; paired,
    it is listed with its id; forgotten, it is unpaired again and will not pair
    without a new hold."""
    allowlist = str(tmp_path / "readers.json")
    options = SimOptions(port=0, pairing="button", seed=1)
    with SimulatorThread(options) as sim:
        where = ("--reader", sim.spec, "--allowlist", allowlist)
        status, out, _ = _run(capsys, "readers", *where, "--timeout", "1")
        assert status == 0 and out.startswith("not paired")
        assert "TCR-0001" in out and "READER ID" not in out

        status, _, err = _run(capsys, "readers", "pair", *where, "--timeout", "1")
        assert status == 1 and "hold OK on it for 3 s" in err

        sim.type("hold ok")
        sim.expect(r"TCR-0001 shared\] pairing window open")
        status, out, _ = _run(capsys, "readers", "pair", *where, "--timeout", "5")
        assert status == 0
        assert out.startswith("paired TCR-0001 (reader 7C0A0001, F1:00:7C:0A:00:01)")
        assert [r["reader_id"] for r in json.loads(Path(allowlist).read_text())["readers"]] == [
            "7C0A0001"
        ]

        status, out, _ = _run(capsys, "readers", *where, "--timeout", "1")
        lines = out.splitlines()
        assert status == 0 and lines[0].split()[-2:] == ["READER", "ID"]
        assert lines[1].split()[0] == "TCR-0001" and lines[1].split()[-1] == "7C0A0001"
        assert "not paired" not in out

        status, out, _ = _run(capsys, "readers", "forget", "7c0a0001", "--allowlist", allowlist)
        assert status == 0 and out.startswith("forgot TCR-0001 (reader 7C0A0001")
        status, out, _ = _run(capsys, "readers", *where, "--timeout", "1")
        assert out.startswith("not paired")

        status, _, err = _run(capsys, "readers", "pair", *where, "--timeout", "1")
        assert status == 1 and "hold OK" in err


def test_paired_but_absent_readers_are_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A paired reader that is not in reach is listed under "paired, not in reach"."""
    allowlist = tmp_path / "readers.json"
    allowlist.write_text(
        json.dumps(
            {
                "version": 1,
                "readers": [
                    {
                        "reader_id": "0000BEEF",
                        "identity": "F1:00:00:00:BE:EF",
                        "name": "TCR-BEEF",
                        "paired_at": "2025-05-01T20:15:03Z",
                    }
                ],
            }
        ),
        encoding="utf-8",
    )
    with SimulatorThread(SimOptions(port=0, pairing="button", seed=2)) as sim:
        status, out, _ = _run(
            capsys, "readers", "--reader", sim.spec, "--allowlist", str(allowlist), "--timeout", "1"
        )
    assert status == 0
    absent = out.split("paired, not in reach:\n", 1)[1].splitlines()
    assert absent[1].split() == [
        "TCR-BEEF",
        "F1:00:00:00:BE:EF",
        "0000BEEF",
        "2025-05-01T20:15:03Z",
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["readers", "forget", "TCR-9999"], "no paired reader named 'TCR-9999'"),
        (["readers", "pair", "--reader", "sim"], "pair themselves"),
        (["readers", "pair", "--reader", "serial:/dev/null"], "needs no pairing"),
        (["readers", "pair", "--timeout", "0"], "--timeout must be positive"),
        (["readers", "pair", "--reader", "bogus"], "not a reader spec"),
    ],
)
def test_bad_requests_are_refused(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bad requests exit with status 2, say why, and leave the allowlist unwritten."""
    allowlist = tmp_path / "readers.json"
    status, _, err = _run(capsys, *argv, "--allowlist", str(allowlist))
    assert status == 2 and message in err
    assert not allowlist.exists()


def test_a_broken_allowlist_is_refused_and_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An allowlist file that is not one is named in the error and left as it was."""
    allowlist = tmp_path / "readers.json"
    allowlist.write_text('{"version": 1, "readers": [{"reader_id": 5}]}', encoding="utf-8")
    status, _, err = _run(capsys, "readers", "forget", "x", "--allowlist", str(allowlist))
    assert status == 2 and str(allowlist) in err and "readers[0].reader_id" in err
    assert allowlist.read_text(encoding="utf-8") == '{"version": 1, "readers": [{"reader_id": 5}]}'
