"""`view(seat=None)`: the state JSON of the public contract (docs/architecture.md).

The one place that decides what is visible. The public view (seat None) carries
no unrevealed identity and no hidden card: hands are counts, the deck is a count.
With the Maneuvering cards each seat also shows `chained` (Iron Chain), `wine`
(a drunk Wine's +1 waiting for their next Kill) and `wine_used` (this turn's Wine
is spent: docs/maneuvering.md §5).
Every seat shows its `kingdom` and `gender` (as every check reads them: 化身 changes
them), `face_up` (翻面), `spent` (limited skills used, awakening skills fired) and
`piles` (cards kept on the general, by skill: a count, and the items when the pile is
public or the view is its owner's: 化身's general cards are never in another's view);
左慈 also shows `huashen`, the 化身 card face up and the skill he named.
`last_comparison` is the point comparison (拼点) of this turn, the latest, or None: its two
seats, their two cards (revealed together, so public), whether the initiator `won` (a
tie is not a win) and the skill that started it (docs/wind-fire.md §2.2).
`extra_turns` are the extra turns granted (放权) and not yet taken, in the order they come:
each `{seat, reason, by}` (the skill, and the seat whose turn it was); while an extra turn
is played, `turn` has `extra`: its `{reason, by}` (docs/forest-mountain.md §2.4).
In digital mode `view(seat)` adds that seat's own `hand` and `own_identity`.
In a two-side mode each seat also has its `team`, `role`, `leader` (and 1v1's
`reserves_count`, names only for their owner; 3v3's `acted`), and `game_mode`
names the mode, its teams, settings, the draft pool and the 3v3 action unit.
"""

from __future__ import annotations

from typing import Any

from engine.sanguosha._legal import LegalLayer
from engine.sanguosha.catalogue import EQUIP_SLOTS
from engine.sanguosha.events import PointsCompared
from engine.sanguosha.prompts import PromptKind
from engine.sanguosha.state import Pile


class ViewLayer(LegalLayer):
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The game state as JSON-ready data, as seen by `seat` (None: everyone)."""
        outcome = self.outcome
        mode = self.team_mode
        seats = []
        for p in self.players:
            entry: dict[str, Any] = {
                "seat": p.seat,
                "general": p.general,
                "identity": p.identity if p.revealed else None,
                "hp": p.hp,
                "max_hp": p.max_hp,
                "alive": p.alive,
                "hand_count": len(p.hand),
                "equipment": {
                    slot: (str(c) if c is not None else None)
                    for slot, c in zip(EQUIP_SLOTS, p.equip, strict=True)
                },
                "judgment": [str(c) for c, _ in p.judgment],
                "kingdom": p.kingdom,
                "gender": p.gender,
                "face_up": p.face_up,
                "spent": list(p.spent),
                "piles": {name: _pile_view(pile, seat == p.seat) for name, pile in p.piles.items()},
            }
            shown = p.marks.get("huashen")
            # 化身's face-up card and the skill named, public; a dead 左慈's general cards
            # have left the game with him
            if shown is not None and p.alive:
                entry["huashen"] = {"general": shown[0], "skill": shown[1]}
            if self.settings.maneuvering:  # public table state of the expansion (5)
                entry["chained"] = p.chained
                entry["wine"] = p.wine
                entry["wine_used"] = p.wine_used
            if seat == p.seat and not self.table:
                entry["hand"] = [str(c) for c in p.hand]
                entry["own_identity"] = p.identity
            if mode is not None:
                entry.update(mode.seat_view(p.seat, seat, self.table))
            seats.append(entry)
        return {
            "game": "sanguosha",
            "mode": self.mode,
            "status": self.status,
            "winners": list(outcome.winners) if outcome else [],
            "winner_side": outcome.side if outcome else None,
            "end_reason": outcome.reason.value if outcome else None,
            "turn": self._turn_view(),
            "pending": self._public_prompt(seat),
            "deck_count": len(self.deck),
            "discard_count": len(self.discard_pile),
            "seats": seats,
            "log_length": self.log_length,
            "game_mode": mode.view() if mode is not None else {"name": "identity"},
            "general_packs": list(self.settings.general_packs),
            "last_comparison": _comparison(self.last_comparison),
            "extra_turns": [t._asdict() for t in self.extra_turns],
        }

    def _turn_view(self) -> dict[str, Any]:
        """Whose turn, its phase and round; `extra` (who granted it, how) for an extra turn."""
        out: dict[str, Any] = {
            "seat": self.current.seat if self.current else None,
            "phase": self.phase,
            "round": self.round,
        }
        extra = self.extra_turn
        if extra is not None and self.current is not None:
            out["extra"] = {"reason": extra.reason, "by": extra.by}
        return out

    def _public_prompt(self, seat: int | None) -> dict[str, Any] | None:
        prompt = self._prompt
        if prompt is None:
            return None
        data = prompt.to_json()
        if prompt.kind is PromptKind.NULLIFY and not self.table and self.settings.auto_decline:
            # who may answer would tell who holds a Nullification
            data["seat"] = None
            data["seats"] = [p.seat for p in self.alive_order]
        if (prompt.kind is PromptKind.CHOOSE_GENERAL or prompt.private) and seat != prompt.seat:
            data.pop("options", None)
        return data


def _pile_view(pile: Pile, own: bool) -> dict[str, Any]:
    """A pile on a general: its count, and its items when public or seen by its owner."""
    out: dict[str, Any] = {"count": len(pile.items), "public": pile.public}
    if pile.public or own:
        out["items"] = [str(c) for c in pile.items]
    return out


def _comparison(event: PointsCompared | None) -> dict[str, Any] | None:
    """A point comparison as the view shows it: the event's fields without its kind."""
    if event is None:
        return None
    out = event.to_json()
    del out["kind"]
    return out
