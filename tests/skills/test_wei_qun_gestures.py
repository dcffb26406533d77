"""Table gestures of the Wei and Qun skills, through the real table layer (`companion.table`).

Each reader input is what a player does at the table (docs/product.md "Table flow
conventions"): scan a card, a general card or a skill token (`skill:<pinyin>`),
press OK / NO, or select a seat. The engine runs in table mode: hands and deck are
unseen, so whatever a skill needs to know is scanned, chosen or pressed.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from companion.table.games import make_table
from companion.table.inputs import InputKind, TableInput
from companion.table.outcome import Outcome
from companion.table.sanguosha import SanguoshaTable
from engine.sanguosha import Game, parse_card
from engine.sanguosha.state import HIDDEN

from .helpers import pending

C = parse_card


class Seats:
    """A table with one reader per seat; the lord is seat 1."""

    def __init__(self, *generals: str) -> None:
        self.table = make_table("sanguosha", len(generals), 1, {})
        self.now = 0.0
        self.ok("scan", 1, "lord")
        for seat, general in enumerate(generals, start=1):
            self.ok("scan", seat, general)

    @property
    def game(self) -> Game:
        adapter = self.table.adapter
        assert isinstance(adapter, SanguoshaTable)
        return adapter.engine

    def _apply(self, kind: InputKind, seat: int, data: dict[str, Any]) -> Outcome:
        self.now += 1.0
        return self.table.apply(TableInput(kind, data, t=self.now, reader=f"r{seat}", seat=seat))

    def do(self, what: str, seat: int, arg: Any = None) -> Outcome:
        if what == "scan":
            return self._apply(InputKind.SCAN, seat, {"code": arg})
        if what == "select":
            return self._apply(InputKind.SELECT, seat, {"seat": arg})
        return self._apply(InputKind.PRESS, seat, {"button": what, "long": False})

    def ok(self, what: str, seat: int, arg: Any = None) -> Outcome:
        """Do it and insist it was accepted."""
        outcome = self.do(what, seat, arg)
        assert outcome.accepted, (what, seat, arg, outcome.to_json())
        return outcome

    def events(self, outcome: Outcome, kind: str) -> list[Any]:
        """The outcome's events of one kind (JSON), as attribute objects with tuples."""
        return [
            SimpleNamespace(**{k: tuple(v) if isinstance(v, list) else v for k, v in e.items()})
            for e in outcome.events
            if e["kind"] == kind
        ]

    def end_turn(self, seat: int) -> None:
        """OK ends the play phase; OK again discards the excess unseen."""
        self.ok("ok", seat)
        prompt = pending(self.game)
        while prompt.kind == "discard" and prompt.seat == seat:
            self.ok("ok", seat)
            prompt = pending(self.game)

    def pass_windows(self) -> None:
        while (prompt := pending(self.game)).kind == "nullify":
            for seat in prompt.seats:
                self.ok("no", seat)


def test_tuxi_gesture_scan_the_victims_general_cards():
    """Tuxi at the table: Zhang Liao scans up to two generals (or selects seats), OK to stop early."""
    t = Seats("liubei", "zhangliao", "lvbu", "diaochan")
    t.end_turn(1)
    assert t.game.pending().reason == "tuxi"
    t.ok("scan", 2, "lvbu")
    outcome = t.ok("select", 2, 1)
    assert [(e.seat, e.source, e.card) for e in t.events(outcome, "card_taken")] == [
        (2, 3, None),
        (2, 1, None),
    ]
    assert len(t.game.player(2).hand) == 6 and t.game.pending().kind == "play"


def test_tuxi_gesture_no_declines():
    """Tuxi at the table: NO declines and Zhang Liao draws as usual."""
    t = Seats("liubei", "zhangliao", "lvbu", "diaochan")
    t.end_turn(1)
    outcome = t.ok("no", 2)
    assert [(e.seat, e.count) for e in t.events(outcome, "cards_drawn")] == [(2, 2)]


def test_qingnang_and_lijian_gestures_token_card_targets_ok():
    """Active skills: the skill token (or own general card), the card, the targets, then OK."""
    t = Seats("huatuo", "lvbu", "diaochan", "guojia")
    t.game.player(4).hp = 2
    t.ok("scan", 1, "skill:qingnang")
    t.ok("scan", 1, "peach@H3")
    t.ok("scan", 1, "guojia")
    outcome = t.ok("ok", 1)
    assert [(e.seat, e.amount) for e in t.events(outcome, "hp_recovered")] == [(4, 1)]
    t.end_turn(1)
    t.ok("ok", 2)  # Lü Bu ends his play phase at once
    while t.game.pending().seat == 2:
        t.ok("ok", 2)
    t.ok("scan", 3, "diaochan")  # her own general card starts Lijian, her one active skill
    t.ok("scan", 3, "kill@C2")
    t.ok("scan", 3, "guojia")
    t.ok("scan", 3, "lvbu")
    outcome = t.ok("ok", 3)
    used = t.events(outcome, "card_used")[0]
    assert (used.seat, used.name, used.targets, used.skill) == (2, "duel", (4,), "lijian")
    assert t.game.pending().kind == "respond" and t.game.pending().seat == 4


def test_guicai_gesture_scan_a_hand_card_or_no():
    """Guicai at the table: after the judgment card is scanned, Sima Yi scans a hand card (or NO)."""
    t = Seats("liubei", "lvbu", "simayi", "diaochan")
    t.ok("scan", 1, "indulgence@S6")
    t.ok("scan", 1, "lvbu")
    t.pass_windows()
    t.end_turn(1)
    t.pass_windows()
    t.ok("scan", 2, "kill@C2")  # the flipped judgment card
    assert t.game.pending().reason == "guicai" and t.game.pending().seat == 3
    outcome = t.ok("scan", 3, "peach@H3")
    assert t.events(outcome, "judgment_changed")[0].card == "peach@H3"
    assert t.events(outcome, "judgment_settled")[0].success is False


def test_yiji_gesture_each_card_goes_to_a_chosen_seat():
    """Yiji at the table: OK, then a general card or seat for each of the two unseen cards."""
    t = Seats("liubei", "guojia", "lvbu", "diaochan")
    t.ok("scan", 1, "kill@S7")
    t.ok("scan", 1, "guojia")
    t.ok("no", 2)  # no Dodge
    assert t.game.pending().reason == "yiji"
    t.ok("ok", 2)
    assert t.do("no", 2).status.value == "refused"  # the cards must be given
    t.ok("scan", 2, "diaochan")
    outcome = t.ok("select", 2, 2)
    assert set(t.game.player(4).hand) == {HIDDEN} and len(t.game.player(4).hand) == 5
    assert t.events(outcome, "hand_cards_given") == []  # kept by Guo Jia himself


def test_hujia_and_qingguo_gestures():
    """Hujia: the lord presses OK for it; Qingguo: Zhen Ji scans her general, a black card, OK."""
    t = Seats("caocao", "liubei", "zhenji", "lvbu")
    t.end_turn(1)
    t.ok("scan", 2, "kill@S7")
    t.ok("scan", 2, "caocao")
    assert t.game.pending().options == ("hujia",)
    t.ok("ok", 1)
    assert t.game.pending().seat == 3 and t.game.pending().reason == "hujia"
    t.ok("scan", 3, "zhenji")
    t.ok("scan", 3, "kill@C2")
    outcome = t.ok("ok", 3)
    played = t.events(outcome, "card_played")[0]
    assert (played.seat, played.name, played.skill) == (3, "dodge", "qingguo")
    assert not t.events(outcome, "damage_dealt")


def test_fankui_and_ganglie_gestures_ok_and_no():
    """Fankui: OK, then OK for a hand card unseen. Ganglie: OK, the judgment scan, NO takes the damage."""
    t = Seats("liubei", "simayi", "lvbu", "xiahoudun")
    t.ok("scan", 1, "kill@S7")
    t.ok("scan", 1, "simayi")
    t.ok("no", 2)
    assert t.game.pending().reason == "fankui"
    t.ok("ok", 2)
    outcome = t.ok("ok", 2)
    assert t.events(outcome, "card_taken")[0].card is None
    t.ok("scan", 1, "zhuge_crossbow@CA")
    t.ok("scan", 1, "kill@S8")
    t.ok("scan", 1, "xiahoudun")
    t.ok("no", 4)
    assert t.game.pending().reason == "ganglie"
    t.ok("ok", 4)
    t.ok("scan", 4, "kill@C3")
    assert t.game.pending().reason == "guicai"  # Sima Yi may change any judgment
    t.ok("no", 2)
    assert t.game.pending().kind == "discard" and t.game.pending().seat == 1
    outcome = t.ok("no", 1)
    assert [(e.source, e.target) for e in t.events(outcome, "damage_dealt")] == [(4, 1)]


def test_jijiu_gesture_token_red_card_ok():
    """Jijiu at the table: outside his turn Hua Tuo scans the token, a red card and presses OK."""
    t = Seats("liubei", "lvbu", "huatuo", "diaochan")
    t.game.player(2).hp = 1
    t.ok("scan", 1, "kill@S7")
    t.ok("scan", 1, "lvbu")
    t.ok("no", 2)
    t.ok("no", 1)
    t.ok("no", 2)
    assert t.game.pending().seat == 3 and t.game.pending().need == "peach"
    t.ok("scan", 3, "skill:jijiu")
    t.ok("scan", 3, "dodge@D2")
    outcome = t.ok("ok", 3)
    assert t.events(outcome, "player_rescued")[0].seat == 2
