"""Which seat a reader is for: one mechanism, `Table.bindings`, fed by a logged `bind`
input (a `--reader ...@N` flag, the host page) or by a seat label scanned on a shared
reader during setup. Real engine, real SQLite log; refusals change nothing and are
narrated in every language."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from companion import codes
from companion.game.saved_games import export_game
from companion.game.session import Session
from companion.narration import LANGUAGES
from companion.store.log import GameLog
from companion.table.games import make_table
from companion.table.inputs import HOST, InputKind, TableInput
from companion.table.outcome import Status
from tests.table.harness import TableHarness

LABEL = {ref.text: ref.code for ref in codes.all_codes("commands")}
A, B = "AD000001", "AD000002"


def _label(name: str, reader: str, seat: int | None = None) -> TableInput:
    return TableInput(InputKind.SCAN, {"code": LABEL[name]}, reader=reader, seat=seat)


def _bind(reader: str, seat: int) -> TableInput:
    return TableInput(InputKind.BIND, {"reader": reader, "seat": seat}, reader=HOST)


def _identity(name: str, reader: str, seat: int | None) -> TableInput:
    code = codes.resolve_token(name).code
    return TableInput(InputKind.SCAN, {"code": code}, reader=reader, seat=seat)


def test_a_seat_label_on_a_shared_reader_at_setup_binds_it() -> None:
    """At setup, "seat 3" scanned on a shared reader makes it seat 3's reader; the game
    itself does not move (same prompt, nothing counted)."""
    table = make_table("sanguosha", 5, 0, {})
    before = (table.prompt(), table.view())
    outcome = table.apply(_label("seat:3", A))
    assert outcome.status is Status.ACCEPTED
    assert [n.key for n in outcome.notes] == ["reader_bound"]
    assert table.bindings == {A: 3}
    assert table.seat_of(A, 0) == 3
    assert (table.prompt(), table.view()) == before
    assert table.counted == 0


def test_a_seat_label_after_setup_or_on_a_bound_reader_is_no_binding() -> None:
    """A seat label on a reader that has a seat stays what it was (a SELECT for the
    game), and so does one scanned once the game has left setup."""
    table = make_table("sanguosha", 5, 0, {})
    table.apply(_label("seat:2", B, seat=1))
    assert table.bindings == {}
    played = TableHarness()
    played.setup()
    assert played.table.view()["status"] != "setup"
    outcome = played.scan(LABEL["seat:2"])  # the shared reader, in the play phase
    assert played.table.bindings == {}
    assert outcome.input.kind is InputKind.SELECT


@pytest.mark.parametrize("lang", LANGUAGES)
def test_refused_bindings_change_nothing_and_say_why(tmp_path: Path, lang: str) -> None:
    """A seat beyond the table, and a seat another reader holds, are refused with the
    numbers; bindings, state and counted inputs stay exactly as before; each refusal is
    one sentence in the game's language naming the reader."""
    log = GameLog(tmp_path / "g.sqlite")
    session = Session.start(log, game="sanguosha", players=5, seed=0, settings={}, lang=lang)
    session.commit(_bind(A, 2))
    before = (dict(session.table.bindings), session.state())
    beyond = session.commit(_bind(B, 6))
    taken = session.commit(_label("seat:2", B))
    for update in (beyond, taken):
        assert update.outcome is not None and update.outcome.status is Status.REFUSED
        assert len(update.sentences) == 1 and B in update.sentences[0]
        assert "{" not in update.sentences[0] and "[" not in update.sentences[0]
    assert beyond.outcome.refusal == {  # type: ignore[union-attr]
        "reason": "bind_no_seat", "reader": B, "seat": 6, "players": 5,
    }  # fmt: skip
    assert taken.outcome.refusal == {  # type: ignore[union-attr]
        "reason": "bind_seat_taken", "reader": B, "seat": 2, "other": A,
    }  # fmt: skip
    assert "5" in beyond.sentences[0] and "6" in beyond.sentences[0]
    assert A in taken.sentences[0]
    assert (session.table.bindings, session.state()) == before
    log.close()


def test_unbinding_frees_the_seat_and_undo_leaves_bindings() -> None:
    """Seat 0 makes a reader shared again, and its seat may then go to another; UNDO
    takes back game inputs only, never a binding."""
    table = make_table("sanguosha", 5, 0, {})
    table.apply(_bind(A, 1))
    table.apply(_identity("lord", A, 1))
    assert table.apply(_bind(A, 0)).status is Status.ACCEPTED
    assert table.seat_of(A, 0) is None
    assert table.apply(_bind(B, 1)).status is Status.ACCEPTED
    undo = TableInput(InputKind.PRESS, {"button": "undo", "long": False}, reader=HOST)
    table.apply(undo)
    assert table.bindings == {A: 0, B: 1}


def test_the_log_keeps_bindings_for_replay_and_export(tmp_path: Path) -> None:
    """Bindings are rebuilt by replaying the log (as `companion resume` does), and a
    transcript (`companion export --format text`) narrates each one."""
    path = tmp_path / "g.sqlite"
    log = GameLog(path)
    session = Session.start(log, game="sanguosha", players=5, seed=0, settings={}, lang="en")
    session.commit(_bind(B, 2))
    session.commit(_label("seat:4", A))
    session.commit(_bind(B, 7))  # refused
    game_id = session.game_id
    log.close()
    with GameLog(path) as again:
        assert Session.load(again, game_id).table.bindings == {B: 2, A: 4}
    out = io.StringIO()
    assert export_game(game_id, db=path, fmt="text", lang="en", out=out) == 0
    text = out.getvalue()
    assert f"Reader {B} is now the reader of seat 2." in text
    assert f"Reader {A} is now the reader of seat 4." in text
    assert f"Reader {B} cannot be bound to seat 7" in text


def test_regicide_binds_at_setup_too() -> None:
    """The other game: before the first enemy is turned up, a seat label binds."""
    table = make_table("regicide", 2, 0, {})
    assert table.apply(_label("seat:2", A)).status is Status.ACCEPTED
    assert table.apply(_label("seat:3", B)).refusal == {
        "reason": "bind_no_seat", "reader": B, "seat": 3, "players": 2,
    }  # fmt: skip
