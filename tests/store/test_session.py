"""A session on a real SQLite log: commit before apply, resume by replay, narrated replay."""

from __future__ import annotations

import json
from pathlib import Path

from companion.game.session import Session, Update
from companion.store import GameLog
from companion.table.inputs import InputKind, TableInput

SETUP = ["lord", "caocao", "guanyu", "zhangfei", "lvbu", "diaochan"]


def _scan(code: str, seq: int) -> TableInput:
    return TableInput(
        InputKind.SCAN, {"code": code}, t=float(seq), reader="7C0A0001", epoch=1, seq=seq
    )


def _play(session: Session, codes: list[str]) -> None:
    for seq, code in enumerate(codes, start=1):
        session.commit(_scan(code, seq))


def test_every_input_is_in_the_log_when_commit_returns(tmp_path: Path) -> None:
    """After each commit the input is in the file, and log_length counts it."""
    log = GameLog(tmp_path / "g.sqlite")
    session = Session.start(log, game="sanguosha", players=5, seed=1, settings={}, lang="en")
    _play(session, SETUP[:2])
    other = GameLog(tmp_path / "g.sqlite")
    assert other.count(session.game_id) == 2 and session.state()["log_length"] == 2
    other.close()
    log.close()


def test_a_refused_input_is_logged_too(tmp_path: Path) -> None:
    """A refused scan is still written to the log (and replays as refused)."""
    with GameLog(tmp_path / "g.sqlite") as log:
        session = Session.start(log, game="sanguosha", players=5, seed=1, settings={}, lang="en")
        _play(session, ["caocao"])  # the lord card must come first
        assert log.count(session.game_id) == 1
        assert session.table.view()["seats"][0]["general"] is None


def test_load_rebuilds_the_same_state(tmp_path: Path) -> None:
    """A session loaded from the log has exactly the state of the one that wrote it."""
    db = tmp_path / "g.sqlite"
    with GameLog(db) as log:
        session = Session.start(log, game="sanguosha", players=5, seed=1, settings={}, lang="en")
        _play(session, [*SETUP, "kill@S7", "guanyu"])
        before = json.dumps(session.state(), sort_keys=True)
        gid = session.game_id
    with GameLog(db) as log:
        again = Session.load(log, gid)
        assert json.dumps(again.state(), sort_keys=True) == before
        assert log.game(gid).status == "playing"


def test_replay_narrates_in_another_language(tmp_path: Path) -> None:
    """Replaying a logged game with another language narrates the same events in it."""
    with GameLog(tmp_path / "g.sqlite") as log:
        session = Session.start(log, game="sanguosha", players=5, seed=1, settings={}, lang="en")
        _play(session, SETUP)
        heard: list[Update] = []
        Session.load(log, session.game_id, lang="zh-Hans", on_replayed=heard.append)
    sentences = [s for update in heard for s in update.sentences]
    assert "1号位的身份是主公。" in sentences
    assert [u.n for u in heard] == list(range(0, len(SETUP) + 1))


def test_observers_get_each_update(tmp_path: Path) -> None:
    """Subscribed observers receive the outcome, sentences and state of every input."""
    with GameLog(tmp_path / "g.sqlite") as log:
        session = Session.start(log, game="sanguosha", players=5, seed=1, settings={}, lang="es")
        seen: list[Update] = []
        session.subscribe(seen.append)
        _play(session, SETUP[:1])
    assert seen[0].n == 1 and seen[0].sentences[0] == "El asiento 1 es el Señor."
    assert seen[0].state["seats"][0]["identity"] == "lord"
