"""The end-of-game summary: who won, health over the game, cards played, judgments.

`GameHistory` is fed every public state and the events of each input as the game
goes, and keeps only small public figures: one health (Three Kingdoms Kill) or hand
size (Regicide) per seat each time one of them changes, a count of cards played per
seat, and the judgments as they were settled. It reads events by kind and copies
named fields only (a judgment's card was flipped face up for everyone to see), so
nothing hidden can pass through it even if an event carried more.

>>> h = GameHistory()
>>> h.record({"game": "sanguosha", "seats": [{"seat": 1, "hp": 4, "max_hp": 4}]}, [])
>>> h.record({"game": "sanguosha", "seats": [{"seat": 1, "hp": 3, "max_hp": 4}]},
...          [{"kind": "card_used", "seat": 2, "name": "kill", "cards": ["kill@S7"]}])
>>> h.summary({"winners": [2], "winner_side": "rebel"})["series"]
{'1': [4, 3]}
"""

from __future__ import annotations

from collections import Counter
from typing import Any

__all__ = ["GameHistory", "MAX_POINTS"]

MAX_POINTS = 400
"""Points kept per seat; beyond that the series is thinned (every other point), so a
very long game still fits a small chart and a small message."""

_PLAYED = {"sanguosha": ("card_used", "card_played"), "regicide": ("cards_played",)}


class GameHistory:
    """Public figures of one game over time, for the summary shown at the end."""

    def __init__(self) -> None:
        self.series: dict[int, list[int]] = {}
        self.scale: dict[int, int] = {}
        self.played: Counter[int] = Counter()
        self.judgments: list[dict[str, Any]] = []
        self.deaths: list[dict[str, Any]] = []
        self.enemies_defeated = 0
        self.updates = 0
        self.at: list[int] = []  # the update each point was taken at (the charts' x)
        self._last: dict[int, int] | None = None

    def record(self, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
        """Add one state (after an input) and the events that input produced."""
        game = view.get("game")
        self.updates += 1
        self._count_events(str(game), events)
        point = self._point(view)
        if point is None or point == self._last:
            return
        self._last = point
        self.at.append(self.updates)
        length = len(self.at)
        for seat, value in point.items():
            # a seat seen late (setup) starts its line at its first value
            self.series.setdefault(seat, [value] * (length - 1)).append(value)
        for line in self.series.values():
            while len(line) < length:
                line.append(line[-1])  # a seat missing from this state keeps its value
        if length > MAX_POINTS:
            keep = list(range(0, length, 2))
            if keep[-1] != length - 1:
                keep.append(length - 1)  # the final value always stays
            for seat, line in self.series.items():
                self.series[seat] = [line[i] for i in keep]
            self.at = [self.at[i] for i in keep]

    def _point(self, view: dict[str, Any]) -> dict[int, int] | None:
        if view.get("status") == "setup":
            return None  # no health yet: generals are still being chosen
        if view.get("game") == "regicide":
            hands = view.get("hands") or []
            for h in hands:
                self.scale[h["seat"]] = max(self.scale.get(h["seat"], 0), h["count"])
            return {h["seat"]: h["count"] for h in hands} or None
        seats = view.get("seats") or []
        for s in seats:
            self.scale[s["seat"]] = max(self.scale.get(s["seat"], 0), s.get("max_hp") or 0)
        return {s["seat"]: max(0, s.get("hp") or 0) for s in seats} or None

    def _count_events(self, game: str, events: list[dict[str, Any]]) -> None:
        played = _PLAYED.get(game, ())
        for event in events:
            kind = event.get("kind")
            if kind in played and isinstance(event.get("seat"), int):
                cards = event.get("cards")
                count = len(cards) if game == "regicide" and isinstance(cards, list) else 1
                self.played[event["seat"]] += count
            elif game == "sanguosha" and kind == "judgment_settled":
                self.judgments.append(
                    {k: event.get(k) for k in ("seat", "card", "reason", "success")}
                )
            elif game == "sanguosha" and kind == "player_died":
                self.deaths.append({k: event.get(k) for k in ("seat", "killer")})
            elif game == "regicide" and kind == "enemy_defeated":
                self.enemies_defeated += 1

    def summary(self, view: dict[str, Any]) -> dict[str, Any]:
        """The summary as JSON-ready data (seat numbers as text keys, as JSON has them)."""
        return {
            "winners": list(view.get("winners") or []),
            "winner_side": view.get("winner_side"),
            "end_reason": view.get("end_reason"),
            "series": {str(s): list(line) for s, line in sorted(self.series.items())},
            "at": list(self.at),
            "updates": self.updates,
            "scale": {str(s): v for s, v in sorted(self.scale.items())},
            "played": {str(s): n for s, n in sorted(self.played.items())},
            "judgments": list(self.judgments),
            "deaths": list(self.deaths),
            "enemies_defeated": self.enemies_defeated,
        }
