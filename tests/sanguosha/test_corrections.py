"""Host corrections (`engine/sanguosha/corrections.py`): health, hand counts and card moves
set by hand in a table-mode game, the refusals that change nothing, and the engine's
invariants after random corrections mixed into play."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.narration import Narrator
from engine.core.errors import ActionError, IllegalAction, InvalidAction
from engine.sanguosha import (
    ChooseGeneral,
    Confirm,
    EndPlay,
    Game,
    PlayCard,
    Reason,
    Respond,
    RevealIdentity,
    Settings,
    parse_action,
    parse_card,
)
from engine.sanguosha.actions import Action, MoveCard, SetHandCount, SetHealth
from engine.sanguosha.prompts import PromptKind
from engine.sanguosha.skills import EQUIPMENT_SKILLS
from engine.sanguosha.state import HIDDEN, SLOT_INDEX

from .scenario import pending, random_step, state_snapshot

C = parse_card
K = PromptKind
GENERALS = ("caocao", "guanyu", "zhangfei", "lvbu", "diaochan", "huatuo")


def table_game(players: int = 4, generals: bool = False) -> Game:
    """A table-mode game at the lord's (seat 1) first play prompt, every hand unseen."""
    game = Game.new(players, mode="table", seed=3, settings=Settings(no_generals=not generals))
    game.submit(1, RevealIdentity("lord"))
    if generals:
        for seat, general in enumerate(GENERALS[:players], 1):
            game.submit(seat, ChooseGeneral(general))
    assert pending(game).kind is K.PLAY
    return game


def host(game: Game, action: Action) -> dict:
    """Submit a correction as the host and return its one event as JSON."""
    events = game.submit(None, action)
    assert len(events) == 1
    return events[0].to_json()


def refused(game: Game, action: Action, reason: Reason, seat: int | None = None) -> ActionError:
    """Submit a correction that must be refused for `reason`; nothing may change."""
    before = state_snapshot(game)
    skills = [[s.id for s in p.skills] for p in game.players]
    with pytest.raises(ActionError) as info:
        game.submit(seat, action)
    assert info.value.reason is reason, info.value
    assert state_snapshot(game) == before
    assert [[s.id for s in p.skills] for p in game.players] == skills
    return info.value


def check_invariants(game: Game) -> None:
    """The table-mode invariants: every card somewhere once, health capped, the dead
    empty-handed, one card per equipment slot and one delayed trick per name."""
    prompt = game.pending()
    # the engine buries the dead's cards once the identity cards asked for are scanned
    revealing = prompt is not None and prompt.kind is K.REVEAL_IDENTITY
    zones = list(game.deck) + game.discard_pile + game.processing
    for p in game.players:
        zones += p.hand + [c for c in p.equip if c is not None] + [c for c, _ in p.judgment]
        assert p.hp <= p.max_hp, p
        if not p.alive and not revealing:
            assert not p.hand and p.equip == [None] * 4 and not p.judgment, p
        for slot, card in enumerate(p.equip):
            assert card is None or SLOT_INDEX[card.subtype] == slot
        names = p.delayed_names()
        assert len(set(names)) == len(names), names
        if p.alive:  # equipment abilities follow the cards (the dead keep theirs at the end)
            equipped = {
                EQUIPMENT_SKILLS[c.name] for c in p.equip if c and c.name in EQUIPMENT_SKILLS
            }
            abilities = {s.id for s in p.skills if s.id in EQUIPMENT_SKILLS.values()}
            assert abilities == equipped, p
    assert len(zones) == len(game.cards)
    known = Counter(c for c in zones if c is not HIDDEN)
    assert not known - game.copies, known - game.copies


def hand(game: Game, seat: int) -> list[str]:
    return [str(c) for c in game.player(seat).hand]


# ------------------------------------------------------------------ SetHealth


def test_set_health_changes_that_seats_health_only() -> None:
    """SetHealth sets one seat's health, keeps the pending decision and says before and after."""
    game = table_game()
    view, prompt = game.view(), game.pending()
    event = host(game, SetHealth(3, 2))
    assert event == {"kind": "health_corrected", "seat": 3, "before": 4, "after": 2, "max_hp": 4}
    after = game.view()
    assert after["seats"][2]["hp"] == 2 and game.pending() == prompt
    after["seats"][2]["hp"] = 4
    assert after["log_length"] == view["log_length"] + 1
    after["log_length"] = view["log_length"]
    assert after == view


@pytest.mark.parametrize("hp", [0, -1, 5, True, "3"])
def test_set_health_outside_one_to_max_is_refused(hp: object) -> None:
    """Health 0 (a death must go through the rules), below, above max_hp or not a number is refused."""
    game = table_game()
    error = refused(game, SetHealth(2, hp), Reason.HEALTH_OUT_OF_RANGE)  # type: ignore[arg-type]
    assert error.data == {"seat": 2, "hp": hp, "max_hp": 4}


def test_corrections_come_from_the_host_in_a_table_game_after_setup() -> None:
    """A seat's correction, a digital game's and one during setup are refused, naming why."""
    game = table_game()
    refused(game, SetHealth(2, 3), Reason.HOST_ONLY, seat=1)
    digital = Game.new(4, seed=1, settings=Settings(no_generals=True))
    before = state_snapshot(digital)
    with pytest.raises(IllegalAction) as info:
        digital.submit(None, SetHandCount(2, 3))
    assert info.value.reason is Reason.MODE_ONLY and info.value.data["mode"] == "table"
    assert state_snapshot(digital) == before
    setup = Game.new(4, mode="table", seed=1)
    refused(setup, MoveCard(C("kill@S7"), "hand", 2), Reason.GAME_NOT_STARTED)


@pytest.mark.parametrize("seat", [0, 5, None, "2"])
def test_a_correction_of_an_unknown_seat_is_invalid(seat: object) -> None:
    """A seat outside 1..N is invalid input and changes nothing."""
    game = table_game()
    error = refused(game, SetHealth(seat, 2), Reason.UNKNOWN_SEAT)  # type: ignore[arg-type]
    assert isinstance(error, InvalidAction)


# ------------------------------------------------------------------ SetHandCount


def test_a_hand_count_grows_from_the_deck_and_shrinks_back_onto_it() -> None:
    """A larger count takes unseen cards off the deck; a smaller one returns them under it."""
    game = table_game()
    deck = len(game.deck)
    assert host(game, SetHandCount(2, 7)) == {
        "kind": "hand_count_set_by_host", "seat": 2, "before": 4, "after": 7, "forgotten": [],
    }  # fmt: skip
    assert len(game.player(2).hand) == 7 and len(game.deck) == deck - 3
    host(game, SetHandCount(2, 0))
    assert game.player(2).hand == [] and len(game.deck) == deck + 4
    check_invariants(game)


def test_a_hand_losing_more_than_its_unseen_cards_forgets_its_known_ones() -> None:
    """Unseen cards leave first; below that, which cards remain is unknown and the known ones are forgotten."""
    game = table_game()
    host(game, MoveCard(C("peach@H3"), "hand", 2))
    host(game, MoveCard(C("dodge@H2"), "hand", 2))
    assert host(game, SetHandCount(2, 3))["forgotten"] == []
    assert hand(game, 2).count("peach@H3") == 1 and len(hand(game, 2)) == 3
    assert host(game, SetHandCount(2, 1))["forgotten"] == ["peach@H3", "dodge@H2"]
    assert game.player(2).hand == [HIDDEN]
    # no longer placed: moving it takes an unseen card from the deck
    assert host(game, MoveCard(C("peach@H3"), "hand", 3))["from_zone"] == "deck"
    check_invariants(game)


@pytest.mark.parametrize("count", [-1, 200, 2.0])
def test_a_hand_count_beyond_the_cards_left_is_refused(count: object) -> None:
    """A negative count, more cards than the hand and the deck hold, or a non-integer is refused."""
    game = table_game()
    limit = 4 + len(game.deck)
    error = refused(game, SetHandCount(2, count), Reason.HAND_COUNT_OUT_OF_RANGE)  # type: ignore[arg-type]
    assert error.data == {"seat": 2, "count": count, "limit": limit}


# ------------------------------------------------------------------ MoveCard


def test_equipment_comes_from_its_owners_hand_and_replaces_the_slot() -> None:
    """An unseen armour leaves its new owner's hand; a second weapon sends the first to discard,
    and the equipment abilities follow the cards."""
    game = table_game()
    event = host(game, MoveCard(C("eight_diagrams@S2"), "equipment", 2))
    assert event == {
        "kind": "card_moved_by_host", "card": "eight_diagrams@S2", "from_zone": "hand",
        "from_seat": 2, "to_zone": "equipment", "to_seat": 2, "replaced": None,
    }  # fmt: skip
    p = game.player(2)
    assert len(p.hand) == 3 and "eight_diagrams" in {s.id for s in p.skills}
    host(game, MoveCard(C("zhuge_crossbow@CA"), "equipment", 2))
    event = host(game, MoveCard(C("qinggang_sword@S6"), "equipment", 2))
    assert event["replaced"] == "zhuge_crossbow@CA" and len(p.hand) == 1
    equipment = game.view()["seats"][1]["equipment"]
    assert (equipment["weapon"], equipment["armor"]) == ("qinggang_sword@S6", "eight_diagrams@S2")
    assert game.discard_pile[-1] == C("zhuge_crossbow@CA")
    abilities = {s.id for s in p.skills} & set(EQUIPMENT_SKILLS.values())
    assert abilities == {"eight_diagrams", "qinggang_sword"}
    check_invariants(game)


def test_a_known_card_moves_from_where_it_was_seen() -> None:
    """Equipment, a judgment card and a discarded card move from their zone to the new one."""
    game = table_game()
    host(game, MoveCard(C("chitu@H5"), "equipment", 2))
    event = host(game, MoveCard(C("chitu@H5"), "equipment", 3))
    assert (event["from_zone"], event["from_seat"], event["to_seat"]) == ("equipment", 2, 3)
    assert game.player(2).equip == [None] * 4
    assert "chitu" not in {s.id for s in game.player(2).skills}
    event = host(game, MoveCard(C("chitu@H5"), "discard"))
    assert (event["from_zone"], event["to_zone"], event["to_seat"]) == (
        "equipment",
        "discard",
        None,
    )
    event = host(game, MoveCard(C("chitu@H5"), "hand", 4))
    assert (event["from_zone"], event["from_seat"]) == ("discard", None)
    assert hand(game, 4).count("chitu@H5") == 1 and len(hand(game, 4)) == 5
    check_invariants(game)


def test_delayed_tricks_go_to_a_judgment_area_once_per_name() -> None:
    """Only a delayed trick goes to a judgment area, never two of the same name."""
    game = table_game()
    host(game, MoveCard(C("lightning@SA"), "judgment", 2))
    assert game.view()["seats"][1]["judgment"] == ["lightning@SA"]
    host(game, MoveCard(C("indulgence@S6"), "judgment", 2))
    refused(game, MoveCard(C("indulgence@C6"), "judgment", 2), Reason.ALREADY_IN_AREA)
    refused(game, MoveCard(C("kill@S7"), "judgment", 2), Reason.WRONG_ZONE)
    refused(game, MoveCard(C("kill@S7"), "equipment", 2), Reason.WRONG_ZONE)
    assert game.player(2).delayed_names() == ["lightning", "indulgence"]


def test_a_card_moved_between_judgment_areas_keeps_what_it_counts_as() -> None:
    """A card that counts as Indulgence (Guose) stays an Indulgence in its new judgment area."""
    game = table_game()
    game.deck.pop()  # the card comes off the deck, as a skill would place it
    game.player(2).judgment.append((C("kill@D6"), "indulgence"))
    host(game, MoveCard(C("kill@D6"), "judgment", 3))
    assert game.player(3).judgment == [(C("kill@D6"), "indulgence")]
    check_invariants(game)


def test_a_card_already_at_its_destination_is_refused() -> None:
    """Moving a card where every copy already is changes nothing and says so."""
    game = table_game()
    host(game, MoveCard(C("eight_diagrams@S2"), "equipment", 2))
    refused(game, MoveCard(C("eight_diagrams@S2"), "equipment", 2), Reason.ALREADY_THERE)
    host(game, MoveCard(C("kill@S7"), "discard"))
    refused(game, MoveCard(C("kill@S7"), "discard"), Reason.ALREADY_THERE)


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (MoveCard(C("kill@S7"), "pocket", 2), Reason.UNKNOWN_ZONE),
        (MoveCard(C("kill@S7"), "hand", None), Reason.UNKNOWN_SEAT),
        (MoveCard(C("kill@S7"), "discard", 2), Reason.UNKNOWN_ACTION),
        (MoveCard("kill@S7", "hand", 2), Reason.UNKNOWN_CARD),  # type: ignore[arg-type]
    ],
)
def test_a_malformed_move_is_invalid(action: MoveCard, reason: Reason) -> None:
    """A move to no zone, to a hand without a seat, to the discard pile with one, or of no card is invalid."""
    game = table_game()
    assert isinstance(refused(game, action, reason), InvalidAction)


def test_an_ex_card_is_not_in_a_game_without_the_ex_pack() -> None:
    """Moving an EX card in a game without EX cards is refused as not in the game."""
    game = table_game()
    refused(game, MoveCard(C("renwang_shield@C2"), "equipment", 2), Reason.CARD_NOT_IN_GAME)


PLACE_UNKNOWN = {
    "en": "The companion has not seen Kill ♠7 and no unseen card is left to stand for it: "
    "correct the hand counts instead.",
    "es": "La aplicación no ha visto el Ataque ♠7 y no queda ninguna carta sin ver que la "
    "represente: corrige el número de cartas en mano.",
    "zh-Hans": "系统未见过【杀】♠7，也没有可代替它的未知牌：请改为更正手牌数。",
}


def test_an_unseen_card_with_no_unseen_stock_left_to_stand_for_it_is_refused() -> None:
    """Seat 2's hand took the whole deck, the discard pile is empty: a Kill the engine never
    saw must be in some unseen hand, but which one is unknown, so moving it is refused (the
    host corrects the hand counts instead), with its sentence, and nothing changes."""
    game = table_game()
    host(game, SetHandCount(2, len(game.player(2).hand) + len(game.deck)))
    assert not game.deck and not game.discard_pile
    for move in (MoveCard(C("kill@S7"), "discard"), MoveCard(C("kill@S7"), "hand", 3)):
        error = refused(game, move, Reason.CARD_PLACE_UNKNOWN)
        assert error.data == {"card": "kill@S7"}
        for lang, sentence in PLACE_UNKNOWN.items():
            assert Narrator(lang).refusal(error.to_json(), game.view()) == sentence


# ------------------------------------------------------------------ the pending decision


def test_a_card_being_resolved_cannot_move_and_the_decision_goes_on() -> None:
    """The Kill in resolution stays put; other corrections keep the decision, which still resolves."""
    game = table_game()
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    prompt = pending(game)
    assert prompt.kind is K.RESPOND and prompt.seat == 2
    refused(game, MoveCard(C("kill@S7"), "hand", 3), Reason.CARD_IN_USE)
    host(game, SetHealth(2, 3))
    host(game, SetHandCount(2, 1))
    assert game.pending() == prompt
    game.submit(2, Respond(None))
    assert game.player(2).hp == 2 and pending(game).kind is K.PLAY


def test_no_correction_while_targets_are_chosen_or_an_offered_provider_waits() -> None:
    """While a play's targets are chosen nothing is corrected (the offered targets were checked
    against things as they were); an asked seat offered Eight Diagrams keeps its cards."""
    game = table_game()
    game.submit(1, PlayCard(C("duel@SA")))
    assert pending(game).kind is K.CHOOSE_TARGET
    error = refused(game, SetHealth(2, 3), Reason.TARGETS_PENDING)
    assert error.data == {"seat": 1}
    refused(game, MoveCard(C("duel@SA"), "discard"), Reason.TARGETS_PENDING)
    game.submit(1, Confirm(False))
    host(game, MoveCard(C("eight_diagrams@S2"), "equipment", 2))
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert pending(game).options == ("eight_diagrams",)
    refused(game, MoveCard(C("eight_diagrams@S2"), "discard"), Reason.DECISION_PENDING)
    refused(game, SetHandCount(2, 0), Reason.DECISION_PENDING)
    host(game, SetHandCount(3, 0))


def test_a_discarding_seat_is_not_corrected_until_the_discard_is_over() -> None:
    """During a discard the discarding seat's count and health are refused; other seats are not."""
    game = table_game()
    host(game, SetHandCount(1, 8))
    game.submit(1, EndPlay())
    prompt = pending(game)
    assert prompt.kind is K.DISCARD and prompt.count == 4
    error = refused(game, SetHandCount(1, 2), Reason.DECISION_PENDING)
    assert error.data == {"seat": 1, "prompt": "discard"}
    refused(game, SetHealth(1, 2), Reason.DECISION_PENDING)
    refused(game, MoveCard(C("eight_diagrams@S2"), "equipment", 1), Reason.DECISION_PENDING)
    host(game, SetHealth(2, 1))
    assert game.pending() == prompt


def test_a_dying_player_is_left_to_the_rules_and_a_dead_one_holds_nothing() -> None:
    """While the Peach requests run the dying seat is not corrected; once dead, nothing goes to it."""
    game = table_game()
    host(game, SetHealth(2, 1))
    host(game, MoveCard(C("chitu@H5"), "equipment", 2))
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(None))
    assert game.player(2).hp == 0 and pending(game).kind is K.RESPOND
    refused(game, SetHealth(2, 1), Reason.PLAYER_DYING)
    refused(game, SetHandCount(2, 0), Reason.PLAYER_DYING)
    refused(game, MoveCard(C("chitu@H5"), "discard"), Reason.PLAYER_DYING)
    while pending(game).kind is K.RESPOND:
        game.submit(pending(game).seat, Respond(None))
    game.submit(2, RevealIdentity("rebel"))
    assert not game.player(2).alive
    refused(game, SetHealth(2, 1), Reason.TARGET_DEAD)
    refused(game, MoveCard(C("chitu@H5"), "equipment", 2), Reason.TARGET_DEAD)
    check_invariants(game)


# ------------------------------------------------------------------ log form and fuzzing


@pytest.mark.parametrize(
    "action",
    [
        SetHealth(2, 3),
        SetHandCount(4, 0),
        MoveCard(C("kill@S7"), "hand", 2),
        MoveCard(C("kill@S7"), "discard"),
    ],
)
def test_corrections_round_trip_through_their_log_form(action: object) -> None:
    """`parse_action(action.to_json())` gives the correction back."""
    assert parse_action(action.to_json()) == action  # type: ignore[attr-defined]


def _random_correction(rng: random.Random, game: Game) -> Action:
    seat = rng.randint(0, game.n + 1)
    card = rng.choice(game.cards)
    return rng.choice(
        [
            SetHealth(seat, rng.randint(-1, 5)),
            SetHandCount(seat, rng.randint(-1, 9)),
            MoveCard(card, rng.choice(["hand", "equipment", "judgment"]), seat),
            MoveCard(card, "discard"),
            MoveCard(
                rng.choice([c for c in game.cards if c.subtype in SLOT_INDEX]), "equipment", seat
            ),
            MoveCard(
                rng.choice([c for c in game.cards if c.subtype == "delayed"]), "judgment", seat
            ),
        ]
    )


@pytest.mark.parametrize("seed", range(6))
def test_random_corrections_during_play_keep_every_invariant(seed: int) -> None:
    """Random corrections between random legal moves are either refused (changing nothing) or keep
    the cards conserved, health capped, the dead empty-handed and the same decision pending."""
    rng = random.Random(seed)
    accepted: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    game, games = None, 0
    for _ in range(600):
        if game is None or game.pending() is None:
            game, games = table_game(players=4 + games % 3, generals=games % 2 == 1), games + 1
        if rng.random() < 0.4:
            action = _random_correction(rng, game)
            prompt, before = game.pending(), state_snapshot(game)
            try:
                game.submit(None, action)
            except ActionError as exc:
                assert state_snapshot(game) == before
                reasons[exc.reason.value] += 1
            else:
                assert game.pending() == prompt
                accepted[action.kind] += 1
        else:
            # a correction made the last listing stale: check() still agrees with this one
            random_step(game, rng)
        check_invariants(game)
    assert set(accepted) == {"set_health", "set_hand_count", "move_card"}, accepted
    assert sum(reasons.values()) > 20, reasons
