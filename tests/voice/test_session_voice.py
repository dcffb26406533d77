"""The speaker as a session observer: what the game narrates is what gets spoken."""

from __future__ import annotations

from pathlib import Path

from companion.game.session import Session
from companion.store import GameLog
from companion.table.inputs import InputKind, TableInput
from companion.voice import Speaker


def test_the_speaker_speaks_what_a_session_narrates(tmp_path: Path) -> None:
    """Subscribed to a real session, the speaker queues each update's sentences in order
    (rendered to WAV here: the loudspeaker is outside this machine)."""
    log = GameLog(tmp_path / "games.sqlite")
    session = Session.start(log, game="sanguosha", players=2, seed=1, settings={}, lang="es")
    with Speaker("es", record_dir=tmp_path / "wav", start=False, max_waiting=50) as speaker:
        (tmp_path / "wav").mkdir()
        session.subscribe(speaker.observe)
        update = session.commit(TableInput(InputKind.SCAN, {"code": "lord"}, reader="shared"))
        assert update.sentences and speaker.waiting == update.sentences
        speaker.release()
        assert speaker.wait_idle(30)
        assert speaker.spoken == update.sentences
        assert len(list((tmp_path / "wav").glob("*.wav"))) == len(update.sentences)
    log.close()


def test_a_regicide_game_in_vietnamese_is_spoken(tmp_path: Path) -> None:
    """`--voice` for a Regicide game narrated in vi: each sentence of the new enemy's
    update is spoken with the Vietnamese voice, one WAV file each."""
    log = GameLog(tmp_path / "games.sqlite")
    session = Session.start(log, game="regicide", players=2, seed=1, settings={}, lang="vi")
    with Speaker("vi", record_dir=tmp_path / "wav", start=False) as speaker:
        (tmp_path / "wav").mkdir()
        session.subscribe(speaker.observe)
        update = session.commit(TableInput(InputKind.SCAN, {"code": "CJ"}, reader="shared"))
        assert any(s.startswith("Kẻ địch là ♣J") for s in update.sentences), update.sentences
        assert speaker.voice.name == "vi" and speaker.waiting == update.sentences
        speaker.release()
        assert speaker.wait_idle(30)
        assert speaker.spoken == update.sentences and speaker.failures == 0
        assert len(list((tmp_path / "wav").glob("*.wav"))) == len(update.sentences)
    log.close()
