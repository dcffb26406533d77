"""The skill hooks: small test skills plug in through them without touching card code.

Each skill below mimics a standard general's skill just enough to exercise one hook
family (skills/__init__.py): triggers, modifiers, conversions, response providers,
active skills, and the registry that gives generals their skills.
"""

from collections.abc import Iterator

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import (
    ChooseGeneral,
    Confirm,
    Game,
    PickCard,
    PlayCard,
    Reason,
    Respond,
    UseSkill,
    parse_card,
)
from engine.sanguosha.catalogue import Card
from engine.sanguosha.prompts import PromptKind
from engine.sanguosha.skills import REGISTRY, Point, Skill

from .scenario import conserved, deck_top, equip, of, pass_windows, place, set_hand, set_hp, start

C = parse_card


class ReplaceJudgment(Skill):
    """Like Guicai: before a judgment takes effect, play a hand card to replace it."""

    id = "test_guicai"
    triggers = (Point.JUDGMENT_BEFORE,)

    def can_trigger(self, game, owner, point, data):
        return bool(owner.hand)

    def on_trigger(self, game, owner, point, data):
        game.replace_judgment(data, owner, owner.hand[0], self.id)
        return
        yield


class MinusOne(Skill):
    """Like Mashu: your distance to others is -1."""

    id = "test_mashu"
    tags = frozenset({"compulsory"})
    modifiers = ("distance",)

    def distance(self, game, owner, source, target):
        return -1 if source is owner else 0


class EmptyFort(Skill):
    """Like Kongcheng: with no hand cards you cannot be targeted by Kill or Duel."""

    id = "test_kongcheng"
    tags = frozenset({"compulsory"})
    modifiers = ("prohibit",)

    def prohibits(self, game, owner, user, target, name, cards=()):
        return target is owner and not owner.hand and name in ("kill", "duel")


class RedAsKill(Skill):
    """Like Wusheng: any red card (hand or equipped) as a Kill."""

    id = "test_wusheng"
    converts = ("kill",)

    def view_as(self, game, owner, cards, name):
        return name == "kill" and len(cards) == 1 and cards[0].color.value == "red"

    def conversion_choices(self, game, owner, name) -> Iterator[tuple[Card, ...]]:
        for card in owner.hand + owner.equipment_cards():
            if card.color.value == "red":
                yield (card,)


class Escort(Skill):
    """Like Hujia: when you need a Dodge, another player may play one for you."""

    id = "test_hujia"
    provides = ("dodge",)

    def can_provide(self, game, owner, need, request):
        return need == "dodge"

    def provide(self, game, owner, need, request):
        for other in game.other_living(owner):
            ok = yield from game.request(
                other, "dodge", use=False, source=owner, against=request.against, reason=self.id
            )
            if ok:
                return True
        return False


class TakeTheCard(Skill):
    """Like Jianxiong: after taking damage, take the card that caused it."""

    id = "test_jianxiong"
    triggers = (Point.DAMAGED,)

    def can_trigger(self, game, owner, point, data):
        return data.target is owner and data.use is not None and data.use.cards

    def on_trigger(self, game, owner, point, data):
        for card in data.use.cards:
            if card in game.processing:
                game.processing.remove(card)
                owner.hand.append(card)
        return
        yield


class LoseToDraw(Skill):
    """Like Kurou: in your play phase, lose 1 HP, then draw 2."""

    id = "test_kurou"
    tags = frozenset({"active"})

    def can_activate(self, game, owner):
        return True

    def activation_choices(self, game, owner):
        return [UseSkill(self.id)]

    def activate(self, game, owner, action):
        yield from game.lose_hp(owner, 1)
        if owner.alive:
            game.draw(owner, 2, self.id)


class DrawMore(Skill):
    """Like Yingzi: draw 1 more card in the draw phase."""

    id = "test_yingzi"
    tags = frozenset({"compulsory"})
    modifiers = ("draw_count",)

    def draw_count(self, game, owner, player):
        return 1 if player is owner else 0


def test_judgment_hook_replaces_the_card_before_it_takes_effect():
    """Point.JUDGMENT_BEFORE: a skill swaps the judgment card, and the new one decides (1d Judgment)."""
    game = start(players=4)
    game.attach(game.player(3), ReplaceJudgment())
    place(game, 2, "indulgence@S6")
    deck_top(game, "kill@C2")
    set_hand(game, 3, "peach@H3")
    set_hand(game, 1)
    from engine.sanguosha import EndPlay

    game.submit(1, EndPlay())
    pass_windows(game)
    prompt = game.pending()
    assert (prompt.kind, prompt.seat, prompt.reason) == (PromptKind.CONFIRM, 3, "test_guicai")
    events = game.submit(3, Confirm(True))
    changed = of(events, "judgment_changed")[0]
    assert (changed.seat, changed.card, changed.by) == (2, "peach@H3", 3)
    assert of(events, "judgment_settled")[0].success is False
    assert C("kill@C2") in game.discard_pile and conserved(game)


def test_distance_modifier():
    """A distance modifier changes distance, and so Kill range (status effects, 1d Distance)."""
    game = start(players=5)
    set_hand(game, 1, "kill@S7")
    assert PlayCard(C("kill@S7"), (3,)) not in game.legal_actions()
    game.attach(game.player(1), MinusOne())
    assert game.distance(game.player(1), game.player(3)) == 1
    assert PlayCard(C("kill@S7"), (3,)) in game.legal_actions()


def test_target_prohibition():
    """A prohibition makes a target illegal, with the skill named in the refusal."""
    game = start(players=4)
    game.attach(game.player(2), EmptyFort())
    set_hand(game, 1, "kill@S7", "duel@SA")
    set_hand(game, 2)
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("duel@SA"), (2,)))
    assert info.value.reason is Reason.TARGET_PROHIBITED
    assert info.value.data == {"card": "duel", "target": 2, "skill": "test_kongcheng"}


def test_conversion_and_rangefix():
    """A conversion uses a card as a Kill; a -1 horse used that way no longer counts (1d rangefix)."""
    game = start(players=5)
    game.attach(game.player(1), RedAsKill())
    set_hand(game, 1, "peach@H3")
    equip(game, 1, "chitu@H5")
    assert game.distance(game.player(1), game.player(3)) == 1
    with pytest.raises(IllegalAction) as info:
        game.submit(1, UseSkill("test_wusheng", (C("chitu@H5"),), (3,)))
    assert info.value.reason is Reason.OUT_OF_RANGE and info.value.data["distance"] == 2
    events = game.submit(1, UseSkill("test_wusheng", (C("peach@H3"),), (3,)))
    used = of(events, "card_used")[0]
    assert (used.name, used.cards, used.skill) == ("kill", ("peach@H3",), "test_wusheng")


def test_crossbow_does_not_lift_the_limit_for_itself():
    """Zhuge Crossbow does not apply to a Kill made of the Crossbow itself (1e)."""
    game = start(players=4)
    game.attach(game.player(1), RedAsKill())
    equip(game, 1, "zhuge_crossbow@DA")
    set_hand(game, 1, "kill@S7")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(None))
    with pytest.raises(IllegalAction) as info:
        game.submit(1, UseSkill("test_wusheng", (C("zhuge_crossbow@DA"),), (2,)))
    assert info.value.reason is Reason.KILL_LIMIT


def test_response_provider_lets_another_seat_answer():
    """A response provider: someone else plays the Dodge on your behalf."""
    game = start(players=4)
    game.attach(game.player(2), Escort())
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2)
    set_hand(game, 3, "dodge@D2")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert game.pending().options == ("test_hujia",)
    game.submit(2, UseSkill("test_hujia"))
    assert game.pending().seat == 3 and game.pending().reason == "test_hujia"
    events = game.submit(3, Respond(C("dodge@D2")))
    assert of(events, "card_played")[0].seat == 3
    assert "damage_dealt" not in [e.kind for e in events] and game.player(2).hp == 4


def test_after_damage_trigger():
    """Point.DAMAGED: after taking damage a skill may take the card that caused it."""
    game = start(players=4)
    game.attach(game.player(2), TakeTheCard())
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2)
    game.submit(1, PlayCard(C("kill@S7"), (2,)))  # seat 2 holds no card: no Dodge asked
    game.submit(2, Confirm(True))
    assert game.player(2).hand == [C("kill@S7")] and conserved(game)


def test_active_skill_and_losing_hp():
    """An active skill runs from the play prompt; losing HP is not damage and has no source."""
    game = start(players=4)
    game.attach(game.player(1), LoseToDraw())
    set_hand(game, 1)
    assert UseSkill("test_kurou") in game.legal_actions()
    events = game.submit(1, UseSkill("test_kurou"))
    lost = of(events, "hp_lost")[0]
    assert (lost.seat, lost.hp_before, lost.hp_after) == (1, 4, 3)
    assert len(game.player(1).hand) == 2


def test_draw_count_modifier():
    """A draw-count modifier changes the draw phase's 2 cards."""
    game = start(players=4)
    game.attach(game.player(2), DrawMore())
    set_hand(game, 1)
    from engine.sanguosha import EndPlay

    events = game.submit(1, EndPlay())
    assert [e.count for e in of(events, "cards_drawn") if e.seat == 2] == [3]


def test_unknown_and_unavailable_skills_are_refused():
    """UseSkill names a known skill the player has, else it is refused and nothing changes."""
    game = start(players=4)
    from engine.core.errors import InvalidAction

    with pytest.raises(InvalidAction) as info:
        game.submit(1, UseSkill("no_such_skill"))
    assert info.value.reason is Reason.UNKNOWN_SKILL
    with pytest.raises(IllegalAction) as info:
        game.submit(1, UseSkill("rende"))
    assert info.value.reason is Reason.SKILL_NOT_OWNED  # a skill of another general


def test_registered_general_skill_is_given_at_setup():
    """A skill registered under a general's skill id is attached to whoever takes that general."""
    game = Game.new(players=4, seed=1)
    game.submit(game.lord.seat, ChooseGeneral("caocao"))
    assert [s.id for s in game.lord.skills] == ["jianxiong", "hujia"]
    assert all(type(s) is REGISTRY[s.id] for s in game.lord.skills)


def test_lord_skills_only_for_the_lord():
    """Lord skills are attached only when the general is the lord (1b)."""
    from engine.sanguosha import RevealIdentity

    for lord_general, other in (("caocao", "simayi"), ("simayi", "caocao")):
        game = Game.new(players=4, mode="table")
        game.submit(1, RevealIdentity("lord"))
        game.submit(1, ChooseGeneral(lord_general))
        for seat, general in ((2, other), (3, "lvbu"), (4, "diaochan")):
            game.submit(seat, ChooseGeneral(general))
        holders = [p.seat for p in game.players if "hujia" in [s.id for s in p.skills]]
        assert holders == ([1] if lord_general == "caocao" else [])


def test_pick_card_hook_for_kylin_uses_real_state():
    """Skills and equipment share the pick prompt: Kylin Bow's choice is refused if not offered."""
    game = start(players=5)
    equip(game, 1, "kylin_bow@H5")
    equip(game, 3, "jueying@S5")
    set_hand(game, 1, "kill@S7")
    set_hp(game, 3, 4)
    game.submit(1, PlayCard(C("kill@S7"), (3,)))
    game.submit(3, Respond(None))
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PickCard(C("chitu@H5")))
    assert info.value.reason is Reason.CARD_NOT_THERE


class NoDodge(Skill):
    """Like Tieqi: after your Kill targets someone, judge; on red they may not Dodge."""

    id = "test_tieqi"
    triggers = (Point.TARGET_CHOSEN,)

    def can_trigger(self, game, owner, point, data):
        return data.use.user is owner and data.use.name == "kill"

    def on_trigger(self, game, owner, point, data):
        j = yield from game.judge(owner, self.id, lambda card: card.color.value == "red")
        if j.success:
            data.use.no_response[data.target.seat] = self.id


class SowDiscord(Skill):
    """Like Lijian: two other players Duel, the second as the user; it cannot be Nullified."""

    id = "test_lijian"
    tags = frozenset({"active"})

    def can_activate(self, game, owner):
        return True

    def check_activate(self, game, owner, action):
        if len(action.targets) != 2:
            raise IllegalAction(Reason.NEEDS_TARGET, card="duel", min_targets=2)

    def activate(self, game, owner, action):
        first, second = (game.player(s) for s in action.targets)
        yield from game.use_card(second, "duel", (), [first], skill=self.id, nullifiable=False)


class Restraint(Skill):
    """Like Keji: skip your discard phase if you used or played no Kill this turn."""

    id = "test_keji"
    triggers = (Point.CARD_RESPONDED, Point.PHASE_START)

    def can_trigger(self, game, owner, point, data):
        if point is Point.CARD_RESPONDED:
            if data.player is owner and data.need == "kill":
                owner.marks["turn:killed"] = True
            return False
        return (
            data.player is owner
            and data.phase == "discard"
            and game.kills_used == 0
            and not owner.marks.get("turn:killed")
        )

    def on_trigger(self, game, owner, point, data):
        data.skip = True
        return
        yield


def test_target_hook_can_forbid_dodging():
    """Use.no_response: a Tieqi-like judgment stops the target from dodging this Kill."""
    game = start(players=4)
    game.attach(game.player(1), NoDodge())
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@D2")
    deck_top(game, "peach@H3")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    events = game.submit(1, Confirm(True))
    assert of(events, "damage_dealt")[0].target == 2 and game.player(2).hand == [C("dodge@D2")]


def test_active_skill_makes_an_unnullifiable_virtual_duel():
    """Use.nullifiable and virtual cards: a Lijian-like Duel between two others opens no window."""
    game = start(players=4)
    game.attach(game.player(1), SowDiscord())
    set_hand(game, 2, "peach@H3")  # no Kill, but a card: seat 2 is asked for the Duel's Kill
    set_hand(game, 3, "nullification@SJ")
    events = game.submit(1, UseSkill("test_lijian", (), (2, 3)))
    used = of(events, "card_used")[0]
    assert (used.seat, used.name, used.cards, used.targets) == (3, "duel", (), (2,))
    assert game.pending().kind is PromptKind.RESPOND and game.pending().seat == 2
    events = game.submit(2, Respond(None))
    assert of(events, "damage_dealt")[0].source == 3 and conserved(game)


def test_phase_start_hook_skips_a_phase_and_responses_are_seen():
    """Point.PHASE_START can skip a phase; Point.CARD_RESPONDED sees played Kills (Keji-like)."""
    game = start(players=4)
    game.attach(game.player(1), Restraint())
    set_hand(game, 1, "kill@S7", "kill@S8", "kill@S9", "kill@S10", "dodge@D2", "dodge@D3")
    from engine.sanguosha import EndPlay

    game.submit(1, EndPlay())
    prompt = game.pending()
    assert (prompt.kind, prompt.reason) == (PromptKind.CONFIRM, "test_keji")
    events = game.submit(1, Confirm(True))
    assert [(e.seat, e.phase) for e in of(events, "phase_skipped")] == [(1, "discard")]
    assert len(game.player(1).hand) == 6


class LastCard(Skill):
    """Like Lianying: after losing your last hand card, draw 1."""

    id = "test_lianying"
    tags = frozenset({"compulsory"})
    triggers = (Point.HAND_EMPTIED,)

    def can_trigger(self, game, owner, point, data):
        return data.player is owner

    def on_trigger(self, game, owner, point, data):
        game.draw(owner, 1, self.id)
        return
        yield


class LostEquipment(Skill):
    """Like Xiaoji: each time a card leaves your equipment area, draw 2."""

    id = "test_xiaoji"
    tags = frozenset({"compulsory"})
    triggers = (Point.EQUIP_LOST,)

    def can_trigger(self, game, owner, point, data):
        return data.player is owner

    def on_trigger(self, game, owner, point, data):
        game.draw(owner, 2, self.id)
        return
        yield


def test_losing_the_last_hand_card_triggers():
    """Point.HAND_EMPTIED fires after the last hand card leaves (used or discarded)."""
    game = start(players=4)
    game.attach(game.player(2), LastCard())
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@D2")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    events = game.submit(2, Respond(C("dodge@D2")))
    drawn = of(events, "cards_drawn")
    assert [(e.seat, e.reason) for e in drawn] == [(2, "test_lianying")]
    assert len(game.player(2).hand) == 1


def test_losing_equipment_triggers_on_replacement_and_dismantle():
    """Point.EQUIP_LOST fires when equipment is replaced or taken away."""
    game = start(players=4)
    game.attach(game.player(1), LostEquipment())
    equip(game, 1, "chitu@H5")
    set_hand(game, 1, "dayuan@SK")
    events = game.submit(1, PlayCard(C("dayuan@SK")))
    assert [(e.seat, e.count, e.reason) for e in of(events, "cards_drawn")] == [
        (1, 2, "test_xiaoji")
    ]
    assert C("chitu@H5") in game.discard_pile and conserved(game)


class TakeFromTwo(Skill):
    """Like Tuxi: instead of drawing, choose up to 2 other players and take a hand card of each."""

    id = "test_tuxi"
    triggers = (Point.BEFORE_DRAW,)
    asks_first = False

    def can_trigger(self, game, owner, point, data):
        return data.player is owner

    def on_trigger(self, game, owner, point, data):
        options = [q for q in game.other_living(owner) if q.hand]
        chosen = yield from game.choose_players(owner, self.id, options, 1, 2, optional=True)
        if chosen:
            data.count = 0
            for q in chosen:
                owner.hand.append(game.take_random_hand(q))


class AnyHandCard(Skill):
    """Like Guicai: answer a judgment with any hand card (a request for `any_card`)."""

    id = "test_any_card"
    triggers = (Point.JUDGMENT_BEFORE,)
    asks_first = False

    def can_trigger(self, game, owner, point, data):
        return bool(owner.hand)

    def on_trigger(self, game, owner, point, data):
        from engine.sanguosha.context import ANY_CARD, Request

        req = Request(owner, ANY_CARD, False, data.player, None, self.id)
        got = yield from game.ask_card(owner, ANY_CARD, req)
        if got is not None:
            game.replace_judgment(data, owner, got[0][0], self.id)


def test_a_skill_chooses_players_one_at_a_time():
    """choose_players: a skill's choose_target prompt offers its options, refuses others, OK closes."""
    from engine.sanguosha import ChooseTarget, EndPlay

    game = start(players=4)
    game.attach(game.player(2), TakeFromTwo())
    set_hand(game, 1)
    set_hand(game, 3, "kill@S7")
    set_hand(game, 4, "dodge@D2", "peach@H3")
    game.submit(1, EndPlay())
    prompt = game.pending()
    assert (prompt.kind, prompt.seat, prompt.reason, prompt.options) == (
        PromptKind.CHOOSE_TARGET,
        2,
        "test_tuxi",
        (3, 4),
    )
    assert Confirm(True) not in game.legal_actions() and Confirm(False) in game.legal_actions()
    with pytest.raises(IllegalAction) as info:
        game.submit(2, ChooseTarget(1))
    assert info.value.reason is Reason.INVALID_TARGET
    with pytest.raises(IllegalAction) as info:
        game.submit(2, Confirm(True))
    assert info.value.reason is Reason.NEEDS_TARGET
    game.submit(2, ChooseTarget(4))
    assert game.pending().options == (3,) and game.pending().chosen == (4,)
    game.submit(2, Confirm(True))
    assert len(game.player(2).hand) == 5 and len(game.player(4).hand) == 1 and conserved(game)


def test_declining_a_player_choice_changes_nothing():
    """choose_players: NO on an optional choice declines it and the draw happens as usual."""
    from engine.sanguosha import EndPlay

    game = start(players=4)
    game.attach(game.player(2), TakeFromTwo())
    set_hand(game, 1)
    game.submit(1, EndPlay())
    before = len(game.player(2).hand)
    events = game.submit(2, Confirm(False))
    assert [(e.seat, e.count) for e in of(events, "cards_drawn")] == [(2, 2)]
    assert len(game.player(2).hand) == before + 2


def test_a_request_for_any_hand_card():
    """A request for `any_card` accepts any hand card and lists each one for bots."""
    from engine.sanguosha import EndPlay

    game = start(players=4)
    game.attach(game.player(3), AnyHandCard())
    place(game, 2, "indulgence@S6")
    deck_top(game, "kill@C2")
    set_hand(game, 3, "peach@H3", "duel@SA")
    set_hand(game, 1)
    game.submit(1, EndPlay())
    pass_windows(game)
    prompt = game.pending()
    assert (prompt.kind, prompt.seat, prompt.need) == (PromptKind.RESPOND, 3, "any_card")
    assert set(game.legal_actions()) == {
        Respond(C("peach@H3")),
        Respond(C("duel@SA")),
        Respond(None),
    }
    with pytest.raises(IllegalAction) as info:
        game.submit(3, Respond(C("kill@S7")))
    assert info.value.reason is Reason.CARD_NOT_IN_HAND
    events = game.submit(3, Respond(C("peach@H3")))
    assert of(events, "judgment_settled")[0].success is False and conserved(game)
