"""Perft-style counts of what is legal, for fixed positions (issue 32 item 3).

As python-chess's perft counts catch a move generator that changed without anyone
meaning it to, these counts catch a change in what the engines list as legal: for
each position of `counts.toml` (a seed, settings, and the opening moves that lead
from the seed's first decision to it), the number of action sequences of 1, 2, ...
`depth` decisions that start there (depth 1: the actions listed there), and, per
action listed there, the deepest count under it (the breakdown that points at what
changed).

A decision is a seat's pending prompt; its children are the actions
`legal_actions(seat)` lists, for every seat the prompt asks (a Nullification window
asks several). A finished game has none. Three Kingdoms Kill's game is one generator
(it cannot be copied), so each child is reached by replaying the game from its seed:
the positions are small on purpose.

The opening is recorded move by move (each move's label, `label`), so a position
stays where it is when something else changes on the way to it. A new position's
opening is searched by seeded picks among the listed actions sorted by their JSON
form (`find_opening`), up to the first play prompt after `min_opening` moves.

    python tests/counts/perft.py            # compare with counts.toml, print the differences
    python tests/counts/perft.py --write    # regenerate counts.toml after a reviewed change

`--write` keeps each recorded opening while all of its moves are still listed, and
searches a new one otherwise. `tests/counts/test_counts.py` compares every position
on each test run.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script from a clone

from engine import regicide, sanguosha

COUNTS = Path(__file__).with_name("counts.toml")

HEADER = """\
# Perft-style counts of what is legal, for fixed positions (issue 32 item 3).
#
# Written by `python tests/counts/perft.py --write`; compared by tests/counts/test_counts.py.
# A changed figure means a change in what the engines list as legal. If the change is
# meant (a reviewed rule change), regenerate this file and commit it with the change;
# if not, the breakdown the test prints names the actions whose subtree changed.
#
# Each [[position]]: the game, its player count, seed and settings (keyword arguments of
# the engine's Settings); `opening`, the moves from the seed's first decision to the
# position ("@seat kind values", each the listed action of that label), found by seeded
# picks up to the first play prompt after `min_opening` moves (or the decision there,
# when `any_prompt`); then:
#   pending  the decision waiting at the position (informative)
#   counts   the number of action sequences of 1, 2, ... `depth` decisions from it
#            (counts[0]: the actions listed there)
#   divide   per action listed there, the count of sequences of `depth` decisions that
#            start with it (they sum to the last count)
"""


class _Game(Protocol):
    def pending(self) -> Any: ...
    def submit(self, seat: int, action: Any, /) -> Any: ...


@dataclass
class Position:
    """A fixed position and its figures (one [[position]] of counts.toml)."""

    name: str
    game: str  # "sanguosha" or "regicide"
    players: int
    seed: int
    depth: int
    min_opening: int
    settings: dict[str, Any] = field(default_factory=dict)
    any_prompt: bool = False
    opening: list[str] = field(default_factory=list)
    pending: str = ""
    counts: list[int] = field(default_factory=list)
    divide: dict[str, int] = field(default_factory=dict)

    def new(self) -> _Game:
        if self.game == "sanguosha":
            settings = sanguosha.Settings(**self.settings)
            return sanguosha.Game.new(players=self.players, seed=self.seed, settings=settings)
        return regicide.Game.new(
            players=self.players, seed=self.seed, settings=regicide.Settings(**self.settings)
        )


Move = tuple[int, Any]  # (seat, action)


def choices(game: _Game) -> list[Move]:
    """Every (seat, action) the pending decision lists, for every seat it asks."""
    prompt = game.pending()
    if prompt is None:
        return []
    if isinstance(game, regicide.Game):
        return [(prompt.seat, a) for a in game.legal_actions()]
    assert isinstance(game, sanguosha.Game)
    return [(seat, a) for seat in sorted(set(prompt.seats)) for a in game.legal_actions(seat)]


def label(move: Move) -> str:
    """`@seat kind values`: the action's JSON form, compact."""
    seat, action = move
    data = action.to_json()
    kind = data.pop("action", None) or data.pop("kind")
    values = [_text(v) for v in data.values() if v != [] and v != ""]
    return " ".join([f"@{seat}", kind, *values])


def _text(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(_text, value))
    return "none" if value is None else str(value)


def _key(move: Move) -> tuple[int, str]:
    return move[0], json.dumps(move[1].to_json(), sort_keys=True, ensure_ascii=False)


def describe(game: _Game) -> str:
    prompt = game.pending()
    if prompt is None:
        return "game over"
    seats = getattr(prompt, "seats", None) or (prompt.seat,)
    return f"{prompt.kind.value}, seat {', '.join(map(str, sorted(set(seats))))}"


def find_opening(pos: Position) -> list[Move]:
    """The opening's moves, searched from the seed: seeded picks among the listed
    actions sorted by their JSON form, up to the first play prompt from `min_opening`
    picks on (or the decision there, when `any_prompt`)."""
    game = pos.new()
    rng = random.Random(pos.seed)
    moves: list[Move] = []
    while True:
        prompt = game.pending()
        if prompt is None:
            raise ValueError(f"{pos.name}: the game ended before a position was found")
        if len(moves) >= pos.min_opening and (pos.any_prompt or prompt.kind.value == "play"):
            return moves
        listed = sorted(choices(game), key=_key)
        move = listed[rng.randrange(len(listed))]
        game.submit(*move)
        moves.append(move)


class OpeningChanged(Exception):
    """A move of the recorded opening is not listed any more."""


def opening_moves(pos: Position) -> list[Move]:
    """The recorded opening (`opening`, the moves' labels), replayed: each move is the
    listed action of that label, so the position does not move when something else
    changes on the way. Raises `OpeningChanged` when a move is not listed."""
    game = pos.new()
    moves: list[Move] = []
    for i, name in enumerate(pos.opening, start=1):
        moves_now = choices(game)
        listed = {label(move): move for move in moves_now}
        assert len(listed) == len(moves_now), "two listed actions have one label"
        move = listed.get(name)
        if move is None:
            raise OpeningChanged(
                f"opening move {i} {name!r} is not listed; listed: {', '.join(listed) or 'nothing'}"
            )
        game.submit(*move)
        moves.append(move)
    return moves


def _replay(pos: Position, moves: list[Move]) -> _Game:
    game = pos.new()
    for move in moves:
        game.submit(*move)
    return game


def perft(pos: Position, moves: list[Move], depth: int) -> list[int]:
    """The number of sequences of 1, 2, ... `depth` decisions from the position after
    `moves`, in one walk of the tree."""
    listed = choices(_replay(pos, moves))
    counts = [len(listed)] + [0] * (depth - 1)
    if depth > 1:
        for move in listed:
            for i, n in enumerate(perft(pos, [*moves, move], depth - 1), start=1):
                counts[i] += n
    return counts


def measure(pos: Position, opening: list[Move]) -> Position:
    """The position's figures now, from these opening moves."""
    game = _replay(pos, opening)
    listed = choices(game)
    counts = [len(listed)] + [0] * (pos.depth - 1)
    divide: dict[str, int] = {}
    for move in listed:
        name = label(move)
        assert name not in divide, f"two actions read {name!r}"
        below = perft(pos, [*opening, move], pos.depth - 1) if pos.depth > 1 else []
        for i, n in enumerate(below, start=1):
            counts[i] += n
        divide[name] = below[-1] if below else 1
    return Position(
        **{**pos.__dict__, "opening": [label(m) for m in opening], "pending": describe(game)}
        | {"counts": counts, "divide": divide}
    )


def load(path: Path = COUNTS) -> list[Position]:
    with path.open("rb") as f:
        return [Position(**raw) for raw in tomllib.load(f)["position"]]


def compare(committed: Position) -> list[str]:
    """`differences` between the committed figures and those measured now."""
    try:
        moves = opening_moves(committed)
    except OpeningChanged as exc:
        return [str(exc)]
    return differences(committed, measure(committed, moves))


def differences(committed: Position, now: Position) -> list[str]:
    """What changed, one line each, the breakdown per action included; [] when nothing."""
    out = []
    if committed.pending != now.pending:
        out.append(f"pending: committed {committed.pending!r}, now {now.pending!r}")
    if committed.counts != now.counts:
        out.append(f"counts: committed {committed.counts}, now {now.counts}")
    for name in sorted(committed.divide.keys() | now.divide.keys()):
        was, is_ = committed.divide.get(name), now.divide.get(name)
        if was != is_:
            was_text = "not listed" if was is None else was
            is_text = "not listed" if is_ is None else is_
            out.append(f"  {name}: committed {was_text}, now {is_text}")
    return out


def dumps(positions: list[Position]) -> str:
    """counts.toml's text: the header, then each position."""
    lines = [HEADER]
    for pos in positions:
        lines += ["[[position]]", f"name = {_toml(pos.name)}", f"game = {_toml(pos.game)}"]
        lines += [f"players = {pos.players}", f"seed = {pos.seed}"]
        lines += [f"settings = {_toml(pos.settings)}"]
        if pos.any_prompt:
            lines.append("any_prompt = true")
        lines.append(f"min_opening = {pos.min_opening}")
        lines += ["opening = ["] + [f"  {_toml(name)}," for name in pos.opening] + ["]"]
        lines += [f"depth = {pos.depth}", f"pending = {_toml(pos.pending)}"]
        lines += [f"counts = {_toml(pos.counts)}", "", "[position.divide]"]
        lines += [f"{_toml(name)} = {n}" for name, n in pos.divide.items()]
        lines.append("")
    return "\n".join(lines)


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str | int):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(map(_toml, value)) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"no TOML form for {value!r}")


def regenerate(positions: list[Position], say: Callable[[str], None]) -> Iterator[Position]:
    """Each position measured anew, from its recorded opening while every move of it is
    still listed, else from an opening searched again from `min_opening`."""
    for pos in positions:
        try:
            moves = opening_moves(pos) if pos.opening else find_opening(pos)
        except OpeningChanged as exc:
            say(f"{pos.name}: {exc}: searching a new opening")
            moves = find_opening(pos)
        now = measure(pos, moves)
        say(f"{now.name}: {now.pending}, counts {now.counts}")
        yield now


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="regenerate counts.toml")
    args = parser.parse_args(argv)
    committed = load()
    if args.write:
        COUNTS.write_text(dumps(list(regenerate(committed, print))), encoding="utf-8")
        print(f"wrote {COUNTS}")
        return 0
    changed = 0
    for pos in committed:
        diff = compare(pos)
        changed += bool(diff)
        print(f"{pos.name}: " + ("changed" if diff else "as committed"))
        for line in diff:
            print("  " + line)
    return 1 if changed else 0


if __name__ == "__main__":
    raise SystemExit(main())
