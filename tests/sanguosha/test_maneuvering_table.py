"""Table mode with the Maneuvering cards: hands are unseen, scans answer the new prompts
(Fire Attack's shown card, its discard of the shown suit, a dying player's own Wine)."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import (
    ChooseGeneral,
    Confirm,
    Discard,
    Game,
    PlayCard,
    Reason,
    Respond,
    RevealCard,
    RevealIdentity,
    Settings,
    Timeout,
    parse_card,
)
from engine.sanguosha.prompts import PromptKind
from engine.sanguosha.state import HIDDEN

from .scenario import pending

C = parse_card


def table_game() -> Game:
    game = Game.new(players=4, mode="table", seed=0, settings=Settings(maneuvering=True))
    game.submit(1, RevealIdentity("lord"))
    for seat, general in enumerate(("liubei", "guanyu", "zhaoyun", "huanggai"), start=1):
        game.submit(seat, ChooseGeneral(general))
    assert pending(game).kind is PromptKind.PLAY and len(game.deck) == 156 - 16 - 2
    return game


def refused(game: Game, seat, action, reason: Reason) -> None:
    before = repr(game.view())
    with pytest.raises(IllegalAction) as info:
        game.submit(seat, action)
    assert info.value.reason is reason, info.value
    assert repr(game.view()) == before


def test_fire_attack_at_the_table():
    """The shown card is scanned from the target's unseen hand and stays there, now known;
    the discard must be scanned (OK, unseen, cannot prove its suit)."""
    game = table_game()
    game.submit(1, PlayCard(C("fire_attack@H2"), (2,)))
    game.submit(None, Timeout())  # nobody nullifies
    prompt = game.pending()
    assert (prompt.kind, prompt.seat, prompt.reason) == (PromptKind.REVEAL_CARD, 2, "fire_attack")
    refused(game, 2, RevealCard(None), Reason.CANNOT_PASS)
    events = game.submit(2, RevealCard(C("dodge@H8")))
    assert [e.kind for e in events][0] == "card_shown"
    hand = game.player(2).hand
    assert hand.count(C("dodge@H8")) == 1 and hand.count(HIDDEN) == 3
    assert game.pending().kind is PromptKind.DISCARD and game.pending().seat == 1
    refused(game, 1, Confirm(True), Reason.SUIT_MUST_SHOW)
    refused(game, 1, Discard((C("kill@S7"),)), Reason.WRONG_SUIT)
    events = game.submit(1, Discard((C("peach@H5"),)))
    dmg = next(e for e in events if e.kind == "damage_dealt")
    assert (dmg.target, dmg.nature) == (2, "fire")
    assert len(game.player(1).hand) == 6 - 2


def test_own_wine_saves_at_the_table_and_anothers_is_refused():
    game = table_game()
    game.player(2).hp = 1
    game.submit(1, PlayCard(C("fire_kill@H4"), (2,)))
    game.submit(2, Respond(None))
    assert game.pending().reason == "dying" and game.pending().seat == 1
    refused(game, 1, Respond(C("wine@S3")), Reason.WINE_SELF_ONLY)
    game.submit(1, Respond(None))
    assert game.pending().need == "peach|wine" and game.pending().seat == 2
    events = game.submit(2, Respond(C("wine@S9")))
    assert [e.kind for e in events][-1] == "player_rescued" and game.player(2).hp == 1


def test_recast_at_the_table_draws_unseen():
    game = table_game()
    game.submit(1, PlayCard(C("iron_chain@CK")))
    events = game.submit(1, Confirm(True))
    assert [e.kind for e in events][:2] == ["card_recast", "cards_drawn"]
    assert len(game.player(1).hand) == 6 and game.discard_pile[-1] is C("iron_chain@CK")
    assert game.pending().kind is PromptKind.PLAY
    game.submit(1, PlayCard(C("iron_chain@SJ"), (2, 3)))
    for _ in range(2):
        assert game.pending().kind is PromptKind.NULLIFY
        game.submit(None, Timeout())
    assert [s["chained"] for s in game.view()["seats"]] == [False, True, True, False]
    game.submit(1, PlayCard(C("iron_chain@SQ"), (3,)))
    game.submit(None, Timeout())
    assert not game.player(3).chained


def test_fire_attack_on_yourself_needs_another_hand_card_at_the_table():
    """The unseen hand is counted: with the Fire Attack as your only card, it is refused."""
    game = table_game()
    game.player(1).hand[:] = game.player(1).hand[:1]
    game.deck.extend([HIDDEN] * 5)
    refused(game, 1, PlayCard(C("fire_attack@H2"), (1,)), Reason.NO_HAND_CARDS)
