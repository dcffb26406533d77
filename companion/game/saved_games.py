"""Reading the game log back: `companion games`, `replay` and `export`.

The readable transcript is itself a table script: each input is written as the
script line that would produce it (`@3 scan kill@S7`, `@* press ok`, `wait 5`),
and what it did follows as `#` comments, narrated. So a transcript attached to a
bug report can be played again with `companion play --script`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, TextIO

from companion.codes import CodeError, resolve_token
from companion.game.session import Session, Update, settle_games
from companion.store import GameLog, NotAGameLog, UnknownGame, default_db_path, export_jsonl
from companion.table.inputs import InputKind, TableInput

__all__ = ["export_game", "list_games", "replay_game", "script_line"]


def _open(db: Path | None, err: TextIO) -> GameLog | None:
    try:
        return GameLog(db if db is not None else default_db_path())
    except (NotAGameLog, OSError) as exc:
        print(f"companion: cannot open the game log: {exc}", file=err)
        return None


def list_games(db: Path | None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Print one line per game, newest first."""
    out = out or sys.stdout
    err = err or sys.stderr
    log = _open(db, err)
    if log is None:
        return 1
    with log:
        settle_games(log)  # a row a crash left behind is set right by replay first
        games = log.games()
        if not games:
            print(f"no games in {log.path}", file=out)
            return 0
        print(
            f"{'id':>4}  {'game':<10} {'players':>7}  {'status':<8} {'inputs':>6}  started",
            file=out,
        )
        for g in games:
            winners = g.summary.get("winners") or []
            extra = f"  winners {', '.join(map(str, winners))}" if winners else ""
            print(
                f"{g.id:>4}  {g.game:<10} {g.players:>7}  {g.status:<8} {g.inputs:>6}  {g.created}{extra}",
                file=out,
            )
    return 0


def replay_game(
    game_id: int,
    *,
    db: Path | None = None,
    lang: str | None = None,
    state_out: Path | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Narrate a logged game from its inputs; nothing is written to the log."""
    out = out or sys.stdout
    err = err or sys.stderr
    log = _open(db, err)
    if log is None:
        return 1
    with log:

        def show(update: Update) -> None:
            for sentence in update.sentences:
                print(sentence, file=out)

        try:
            session = Session.load(log, game_id, lang=lang, on_replayed=show)
        except (UnknownGame, ValueError) as exc:  # ValueError: not narrated in that language
            print(f"companion: {exc}", file=err)
            return 2
        if state_out is not None:
            state_out.write_text(
                json.dumps(session.state(), ensure_ascii=False, indent=1) + "\n", "utf-8"
            )
    return 0


def export_game(
    game_id: int,
    *,
    db: Path | None = None,
    fmt: str = "jsonl",
    lang: str | None = None,
    out_path: Path | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Write a game as JSON lines (`jsonl`) or as a narrated transcript (`text`)."""
    out = out or sys.stdout
    err = err or sys.stderr
    log = _open(db, err)
    if log is None:
        return 1
    with log:
        try:
            info = log.game(game_id)
        except UnknownGame as exc:
            print(f"companion: {exc}", file=err)
            return 2
        target = out_path.open("w", encoding="utf-8") if out_path is not None else out
        try:
            if fmt == "jsonl":
                export_jsonl(info, log.inputs(game_id), target)
                secrets = _secrets(log, game_id) if info.status != "over" else {}
            else:
                secrets = _transcript(log, game_id, lang, target)
        except ValueError as exc:  # the game is not narrated in that language
            print(f"companion: {exc}", file=err)
            return 2
        finally:
            if out_path is not None:
                target.close()
        if secrets and info.status != "over":
            _warn_secrets(game_id, secrets, err)
    return 0


def _secrets(log: GameLog, game_id: int) -> dict[int, int | None]:
    """The inputs that name a card only their seat may know (input number -> seat)."""
    found: dict[int, int | None] = {}

    def note(update: Update) -> None:
        if update.outcome is not None and update.outcome.secret:
            found[update.n] = update.outcome.seat

    Session.load(log, game_id, on_replayed=note)
    return found


def _warn_secrets(game_id: int, secrets: dict[int, int | None], err: TextIO) -> None:
    """An export of a game still in play names what one seat alone has seen (左慈's
    化身 cards): the log must keep it, to resume, so the host is told instead."""
    seats = sorted({s for s in secrets.values() if s is not None})
    who = f"seat {seats[0]} has" if len(seats) == 1 else f"seats {', '.join(map(str, seats))} have"
    numbers = ", ".join(map(str, sorted(secrets)))
    print(
        f"companion: game {game_id} is not over, and this export names cards only {who}"
        f" seen (inputs {numbers}, scanned privately): keep it from the table until the"
        " game ends.",
        file=err,
    )


def _transcript(log: GameLog, game_id: int, lang: str | None, out: TextIO) -> dict[int, int | None]:
    """Write the game as a narrated table script; return its secret inputs (`_secrets`)."""
    info = log.game(game_id)
    secrets: dict[int, int | None] = {}
    print(f"# game {info.id}: {info.game}, {info.players} players, seed {info.seed}", file=out)
    if info.settings:
        print(f"# house settings: {json.dumps(info.settings, sort_keys=True)}", file=out)
    clock = [0.0]

    def show(update: Update) -> None:
        if update.outcome is not None:
            inp = update.outcome.input
            if inp.kind is InputKind.REMOVE and not update.sentences:
                return  # a card lifted off the reader: it changes nothing, says nothing
            line = script_line(inp, clock[0])
            clock[0] = max(clock[0], inp.t)
            status = update.outcome.status.value
            if update.outcome.secret:
                secrets[update.n] = update.outcome.seat
                status += f", private to seat {update.outcome.seat}"
            print(
                f"{line:<32} # {update.n}: {status}" if line else f"# {update.n}: {status}",
                file=out,
            )
        for sentence in update.sentences:
            print(f"#   {sentence}", file=out)

    Session.load(log, game_id, lang=lang, on_replayed=show)
    return secrets


def script_line(inp: TableInput, before: float = 0.0) -> str:
    """The table-script line that produces `inp` (empty for a notice).

    >>> script_line(TableInput(InputKind.PRESS, {"button": "ok"}, seat=3))
    '@3 press ok'
    >>> script_line(TableInput(InputKind.TICK, t=12.5), before=7.5)
    'wait 5'
    """
    who = f"@{inp.seat}" if inp.seat is not None else "@*"
    data: dict[str, Any] = inp.data
    if inp.kind is InputKind.SCAN:
        if "uid" in data:
            return f"{who} scan uid:{data['uid']}"
        return f"{who} scan {_token(str(data.get('code', '')))}"
    if inp.kind is InputKind.PRESS:
        return f"{who} press {data.get('button')}" + (" long" if data.get("long") else "")
    if inp.kind is InputKind.SELECT:
        return f"{who} select {data.get('seat')}"
    if inp.kind is InputKind.REMOVE:
        return f"{who} remove"
    if inp.kind is InputKind.TICK:
        return f"wait {inp.t - before:g}"
    if inp.kind is InputKind.CORRECT:
        return _correction_line(data)
    return ""


def _token(code: str) -> str:
    """The script token that scans this very card again: its text, with `/N` for a copy
    after the first and `skill:` for a skill token; what was read, when it names no card."""
    try:
        return resolve_token(code).token
    except CodeError:
        return code


def _correction_line(data: dict[str, Any]) -> str:
    """The `correct ...` line of a host correction (the grammar of `parse_host_line`).

    >>> _correction_line({"op": "move", "card": "kill@S7", "to": "hand", "seat": 2})
    'correct move kill@S7 to 2 hand'
    """
    op = data.get("op")
    if op == "hp":
        return f"correct hp {data.get('seat')} {data.get('hp')}"
    if op == "hand":
        return f"correct hand {data.get('seat')} {data.get('count')}"
    if op == "dead":
        killer = data.get("killer")
        return f"correct dead {data.get('seat')}" + (f" by {killer}" if killer else "")
    if op == "move" and data.get("to") == "discard":
        return f"correct move {data.get('card')} to discard"
    if op == "move":
        return f"correct move {data.get('card')} to {data.get('seat')} {data.get('to')}"
    if op in ("pause", "resume"):
        return f"correct {op}"
    if op == "setting":
        return f"correct setting {data.get('name')} {data.get('value')}"
    return f"# correction {op}"
