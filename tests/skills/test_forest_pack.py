"""The 林 pack's skills (docs/forest-mountain.md §3): a scenario each, through `submit` on
real games; bad input refused with its reason and the state unchanged."""

from engine.sanguosha import (
    PlayCard,
    Reason,
    Settings,
    UseSkill,
    parse_card,
)
from engine.sanguosha.state import MINUS_HORSE, WEAPON

from .helpers import (
    conserved,
    equip,
    game_with,
    of,
    refused,
    set_hand,
)

C = parse_card
FOREST = Settings(general_packs=("standard", "forest"))


def _judgment_names(game, seat):
    return [name for _, name in game.player(seat).judgment]


# --------------------------------------------------------------------------- 徐晃 断粮
def test_duanliang_a_black_basic_card_as_supply_shortage_at_distance_2():
    game = game_with("xuhuang", None, None, None, None, maneuvering=True)
    set_hand(game, 1, "kill@S7", "supply_shortage@S10")
    assert game.distance(game.player(1), game.player(3)) == 2
    events = game.submit(1, UseSkill("duanliang", (C("kill@S7"),), (3,)))
    assert [(e.name, e.skill) for e in of(events, "card_used")] == [
        ("supply_shortage", "duanliang")
    ]
    assert _judgment_names(game, 3) == ["supply_shortage"]
    game.submit(1, PlayCard(C("supply_shortage@S10"), (4,)))  # a real one reaches 2 as well
    assert _judgment_names(game, 4) == ["supply_shortage"] and conserved(game)


def test_duanliang_an_equipped_black_card_and_the_distance_without_it():
    """Converting his own −1 horse: the distance is counted without it (§3.2)."""
    game = game_with("xuhuang", None, None, None, None, None, maneuvering=True)
    equip(game, 1, "dayuan@SK", "qinggang_sword@S6")
    assert game.distance(game.player(1), game.player(4)) == 2
    out = refused(game, 1, UseSkill("duanliang", (C("dayuan@SK"),), (4,)), Reason.TOO_FAR)
    assert (out.data["distance"], out.data["max_distance"]) == (3, 2)
    game.submit(1, UseSkill("duanliang", (C("qinggang_sword@S6"),), (4,)))
    assert _judgment_names(game, 4) == ["supply_shortage"]
    assert game.player(1).equip[WEAPON] is None and game.player(1).equip[MINUS_HORSE] is not None


def test_duanliang_refuses_red_cards_tricks_and_a_third_seat_away():
    game = game_with("xuhuang", None, None, None, None, None, None, maneuvering=True)
    set_hand(game, 1, "peach@H3", "duel@SA", "kill@S7")
    for card in ("peach@H3", "duel@SA"):
        out = refused(game, 1, UseSkill("duanliang", (C(card),), (2,)), Reason.NOT_CONVERTIBLE)
        assert out.data == {"skill": "duanliang", "cards": [card], "as_card": "supply_shortage"}
    out = refused(game, 1, UseSkill("duanliang", (C("kill@S7"),), (4,)), Reason.TOO_FAR)
    assert (out.data["distance"], out.data["max_distance"]) == (3, 2)


def test_duanliang_needs_the_maneuvering_cards_by_default():
    game = game_with("xuhuang", None, None, None)
    set_hand(game, 1, "kill@S7")
    out = refused(game, 1, UseSkill("duanliang", (C("kill@S7"),), (2,)), Reason.NOT_CONVERTIBLE)
    assert out.data["why"] == "maneuvering"
    on = game_with("xuhuang", None, None, None, jiuchi_duanliang_without_maneuvering=True)
    set_hand(on, 1, "kill@S7")
    on.submit(1, UseSkill("duanliang", (C("kill@S7"),), (2,)))
    assert _judgment_names(on, 2) == ["supply_shortage"]
