"""Table mode: a scripted short game in which the engine never sees a hidden card.

Hands and the deck are physical: the engine counts them and learns only what is
scanned (docs/product.md "Table flow conventions").
"""

from collections import Counter

import pytest

from companion.narration import Narrator
from engine.core.errors import IllegalAction
from engine.sanguosha import (
    ChooseGeneral,
    Confirm,
    EndPlay,
    Game,
    Pass,
    PickCard,
    PlayCard,
    ProvideJudgment,
    Reason,
    Respond,
    RevealCard,
    RevealIdentity,
    Timeout,
    parse_card,
)
from engine.sanguosha.prompts import PromptKind
from engine.sanguosha.state import HIDDEN

from .scenario import refused

C = parse_card


class Table:
    """Drives a table-mode game and records every card the table scanned."""

    def __init__(self, players: int) -> None:
        self.game = Game.new(players=players, mode="table", seed=0)
        self.scanned: Counter = Counter()
        self.events = list(self.game.start_events)

    def do(self, seat, action, expect=None):
        if expect is not None:
            assert self.game.pending().kind is expect, self.game.pending()
        for name in ("card",):
            card = getattr(action, name, None)
            if card is not None:
                self.scanned[card] += 1
        events = self.game.submit(seat, action)
        self.events += events
        self.check_nothing_hidden_seen()
        return events

    def refuse(self, seat, action, reason):
        before = repr(self.game.view())
        with pytest.raises(IllegalAction) as info:
            self.game.submit(seat, action)
        assert info.value.reason is reason
        assert repr(self.game.view()) == before
        return info.value

    def check_nothing_hidden_seen(self):
        """Every card the engine knows by identity was scanned; the rest are placeholders."""
        g = self.game
        known = Counter(c for c in g.deck if c is not HIDDEN)
        for p in g.players:
            known.update(c for c in p.hand if c is not HIDDEN)
            known.update(c for c in p.equip if c is not None)
            known.update(c for c, _ in p.judgment)
        known.update(c for c in g.discard_pile + g.processing if c is not HIDDEN)
        assert not known - self.scanned, known - self.scanned
        assert not any(c is not HIDDEN for c in g.deck)
        assert "hidden" not in repr([e.to_json() for e in self.events])

    def window_all_pass(self):
        prompt = self.game.pending()
        assert prompt.kind is PromptKind.NULLIFY and prompt.timeout_s == 5.0
        for seat in prompt.seats:
            self.do(seat, Pass())

    def end_turn(self, seat):
        """OK with nothing staged ends the play phase; OK again discards the excess unseen."""
        self.do(seat, EndPlay(), PromptKind.PLAY)
        while self.game.pending().kind is PromptKind.DISCARD:
            self.do(seat, Confirm(True))

    def nobody_saves(self, dying):
        while self.game.pending().kind is PromptKind.RESPOND:
            prompt = self.game.pending()
            assert prompt.need == "peach" and prompt.target == dying
            self.do(prompt.seat, Respond(None))


def test_scripted_table_game():
    """A 4-player table game from setup to the lord's victory, driven only by scans and buttons."""
    t = Table(4)
    g = t.game
    K = PromptKind
    # setup: seat 1 scans the lord card and a general; the others scan theirs
    t.do(1, RevealIdentity("lord"), K.REVEAL_IDENTITY)
    t.do(1, ChooseGeneral("caocao"), K.CHOOSE_GENERAL)
    for seat, general in ((3, "guanyu"), (2, "zhangfei"), (4, "lvbu")):
        t.do(seat, ChooseGeneral(general), K.CHOOSE_GENERAL)
    assert [s["hand_count"] for s in g.view()["seats"]] == [6, 4, 4, 4]
    assert g.view()["deck_count"] == 104 - 18

    # turn 1: the lord equips a Crossbow and Kills seat 4 four times
    t.do(1, PlayCard(C("zhuge_crossbow@CA")), K.PLAY)
    t.refuse(1, PlayCard(C("zhuge_crossbow@CA")), Reason.CARD_ELSEWHERE)
    t.refuse(1, PlayCard(C("kill@S7"), (3,)), Reason.OUT_OF_RANGE)
    for kill in ("kill@S7", "kill@S8", "kill@S9", "kill@S10"):
        t.do(1, PlayCard(C(kill), (4,)), K.PLAY)
        t.do(4, Respond(None), K.RESPOND)
    t.nobody_saves(4)
    assert g.pending().kind is K.REVEAL_IDENTITY and g.pending().seat == 4
    t.refuse(4, RevealIdentity("lord"), Reason.IDENTITY_TAKEN)
    events = t.do(4, RevealIdentity("rebel"))
    assert [e.kind for e in events][:2] == ["identity_revealed", "cards_discarded"]
    assert [e.count for e in events if e.kind == "reward_given"] == [3]
    assert g.view()["seats"][0]["hand_count"] == 4

    # seat 3 dodges once; the lord runs out of counted cards and plays one more
    t.do(1, PlayCard(C("kill@H10"), (3,)))
    t.do(3, Respond(C("dodge@D2")))
    for kill in ("kill@H10", "kill@HJ", "kill@C2"):
        t.do(1, PlayCard(C(kill), (3,)))
        t.do(3, Respond(None))
    assert g.view()["seats"][0]["hand_count"] == 0 and g.player(3).hp == 1
    events = t.do(1, PlayCard(C("kill@C3"), (3,)))
    fixed = [e for e in events if e.kind == "hand_count_corrected"]
    assert [(e.seat, e.before, e.after, e.card) for e in fixed] == [(1, 0, 1, "kill@C3")]
    assert g.view()["seats"][0]["hand_count"] == 0
    t.do(3, Respond(None))
    t.nobody_saves(3)
    t.refuse(3, RevealIdentity("rebel"), Reason.IDENTITY_TAKEN)
    events = t.do(3, RevealIdentity("spy"))
    inferred = [(e.seat, e.identity, e.inferred) for e in events if e.kind == "identity_revealed"]
    assert inferred == [(3, "spy", False), (2, "loyalist", True)]
    over = [e for e in events if e.kind == "game_over"][0]
    assert (over.winners, over.side) == ((1, 2), "lord")
    assert g.view()["status"] == "over" and g.view()["winners"] == [1, 2]


def test_table_judgments_discards_and_windows():
    """Table mode: judgment cards are scanned, discards may be unseen, windows close on timeout."""
    t = Table(4)
    g = t.game
    K = PromptKind
    t.do(1, RevealIdentity("lord"))
    for seat, general in ((1, "liubei"), (2, "zhangfei"), (3, "guanyu"), (4, "lvbu")):
        t.do(seat, ChooseGeneral(general))
    t.do(1, PlayCard(C("dismantle@S3"), (3,)))
    t.window_all_pass()
    t.do(1, PickCard(None), K.CHOOSE_CARD_FROM)
    events = t.do(3, RevealCard(C("peach@H3")), K.REVEAL_CARD)
    assert [e.cards for e in events if e.kind == "cards_discarded"] == [("peach@H3",)]
    assert g.view()["seats"][2]["hand_count"] == 3
    t.end_turn(1)
    t.do(2, PlayCard(C("indulgence@S6"), (3,)))
    t.do(2, PlayCard(C("lightning@SA")))
    t.end_turn(2)
    t.refuse(1, Timeout(), Reason.WRONG_ACTION)
    t.do(None, Timeout(), K.NULLIFY)
    t.refuse(3, ProvideJudgment(C("lightning@SA")), Reason.CARD_ELSEWHERE)
    events = t.do(3, ProvideJudgment(C("kill@C5")), K.JUDGMENT_CARD)
    assert [(e.card, e.success) for e in events if e.kind == "judgment_settled"] == [
        ("kill@C5", True)
    ]
    assert [e.phase for e in events if e.kind == "phase_skipped"] == ["play"]
    prompt = g.pending()
    assert (prompt.kind, prompt.seat, prompt.count) == (K.DISCARD, 3, 1)
    events = t.do(3, Confirm(True))
    assert [(e.cards, e.unseen) for e in events if e.kind == "cards_discarded"] == [((), 1)]
    t.end_turn(4)
    t.end_turn(1)  # seat 2 then judges its Lightning
    t.window_all_pass()
    events = t.do(2, ProvideJudgment(C("dodge@H2")), K.JUDGMENT_CARD)
    moved = [(e.seat, e.target) for e in events if e.kind == "delayed_trick_moved"]
    assert moved == [(2, 3)]
    assert g.view()["seats"][2]["judgment"] == ["lightning@SA"]
    assert g.view()["seats"][1]["identity"] is None


def test_table_lord_death_asks_the_living_to_reveal():
    """Table mode: when the lord dies, the living reveal (or are deduced) to name the winners (1d)."""
    from .scenario import set_hp

    t = Table(3)
    g = t.game
    K = PromptKind
    t.do(1, RevealIdentity("lord"))
    for seat, general in ((1, "sunquan"), (2, "lvbu"), (3, "diaochan")):
        t.do(seat, ChooseGeneral(general))
    t.do(1, PlayCard(C("harvest@H3")))
    for card in ("peach@H4", "kill@C2", "dodge@D2"):
        assert (g.pending().kind, g.pending().reason) == (K.REVEAL_CARD, "harvest")
        t.do(1, RevealCard(C(card)))
    t.refuse(1, PickCard(C("peach@H4")), Reason.WRONG_ACTION)
    for seat, card in ((1, "dodge@D2"), (2, "kill@C2"), (3, "peach@H4")):
        t.window_all_pass()
        t.do(seat, PickCard(C(card)), K.HARVEST_PICK)
    set_hp(g, 1, 1)
    t.do(1, PlayCard(C("duel@SA"), (2,)))
    t.window_all_pass()
    t.do(2, Respond(C("kill@C2")))
    t.do(1, Respond(None))
    t.nobody_saves(1)
    prompt = g.pending()
    assert (prompt.kind, prompt.seat, prompt.reason) == (K.REVEAL_IDENTITY, 2, "game_over")
    events = t.do(2, RevealIdentity("rebel"))
    over = [e for e in events if e.kind == "game_over"][0]
    assert (over.winners, over.side, over.reason) == ((2,), "rebel", "lord_died")
    assert [s["identity"] for s in g.view()["seats"]] == ["lord", "rebel", "spy"]


NOT_AN_IDENTITY = {
    "en": "Emperor is not an identity.",
    "es": "Emperor no es una identidad.",
    "zh-Hans": "Emperor不是身份牌。",
}


def test_an_identity_the_game_does_not_have_is_invalid_and_changes_nothing():
    """The lord's identity scan names no identity of the game (lord, loyalist, rebel, spy):
    invalid input, said with the name given, and nothing changes."""
    game = Game.new(players=4, mode="table", seed=0)
    view = game.view()
    data = refused(game, 1, RevealIdentity("emperor"), Reason.UNKNOWN_IDENTITY)
    assert data == {"identity": "emperor"} and game.view() == view
    for lang, sentence in NOT_AN_IDENTITY.items():
        assert Narrator(lang).refusal({"reason": "unknown_identity", **data}, view) == sentence
