"""Property tests over seeded random self-play in digital mode (2,000+ games, 2 to 10 players).

Random bots choose uniformly among `legal_actions()`. After every action: the
cards are all somewhere exactly once, HP never exceeds max HP, the dead hold no
cards, and the public view leaks nothing hidden. At the end: every game ended,
and the winners agree with the identities.
"""

import json
import random
import re
from collections import Counter

import pytest

from engine.sanguosha import Game, Settings

from .scenario import self_play

GAMES = 2016  # 224 per player count, 2..10
CARD_TEXT = re.compile(r"[a-z_]+@[SHCD](?:10|[2-9AJQK])")


def settings_for(seed: int) -> Settings:
    return Settings(
        ex_cards=seed % 3 == 0,
        four_player_roles="1021" if seed % 2 else "1111",
        two_spies=seed % 5 == 0,
        no_generals=seed % 7 == 0,
        auto_decline=seed % 11 != 0,
    )


def public_cards(game: Game) -> Counter:
    """Cards anyone at the table can see: equipment, judgment areas, the table, the discard pile."""
    seen = Counter(str(c) for c in game.processing + game.discard_pile)
    for p in game.players:
        seen.update(str(c) for c in p.equip if c is not None)
        seen.update(str(c) for c, _ in p.judgment)
        for pile in p.piles.values():
            if pile.public:
                seen.update(str(c) for c in pile.cards())
    prompt = game.pending()
    if prompt is not None and prompt.card:
        # a staged card, or the card being answered, was shown to the table when used
        # (even if a skill has since taken it into a hand: Jianxiong)
        seen.update(prompt.card.split("+"))
    return seen


def check_state(game: Game) -> None:
    found = list(game.deck) + game.discard_pile + game.processing
    prompt = game.pending()
    # a death trigger asks about the dead player before his burial (行殇): he still holds
    # his cards while that prompt, naming him, waits
    burying = prompt.target if prompt is not None else None
    for p in game.players:
        found += p.hand + [c for c in p.equip if c is not None] + [c for c, _ in p.judgment]
        for pile in p.piles.values():  # cards kept on a general
            found += pile.cards()
        assert p.hp <= p.max_hp, p
        if not p.alive and p.seat != burying:
            assert not p.hand and p.equip == [None] * 4 and not p.judgment, p
            assert not p.piles, p
    assert Counter(found) == game.copies


def check_view(game: Game) -> None:
    view = game.view()
    # the turn's point comparison names its two cards, shown then, wherever they are now
    text = json.dumps({k: v for k, v in view.items() if k != "last_comparison"})
    for p, seat in zip(game.players, view["seats"], strict=True):
        assert "hand" not in seat and "own_identity" not in seat
        assert seat["identity"] == (p.identity if p.revealed else None)
        assert seat["hand_count"] == len(p.hand)
    shown = set(CARD_TEXT.findall(text))
    assert shown <= set(public_cards(game)), shown - set(public_cards(game))


def check_outcome(game: Game) -> None:
    outcome = game.outcome
    assert outcome is not None and game.lord is not None  # an identity game that is over
    ids = {p.seat: p.identity for p in game.players}
    alive = [p for p in game.players if p.alive]
    if outcome.side == "lord":
        assert game.lord.alive
        assert not [p for p in alive if p.identity in ("rebel", "spy")]
        assert set(outcome.winners) == {s for s, i in ids.items() if i in ("lord", "loyalist")}
    elif outcome.side == "rebel":
        assert not game.lord.alive
        assert not (len(alive) == 1 and alive[0].identity == "spy")
        assert set(outcome.winners) == {s for s, i in ids.items() if i == "rebel"}
    elif outcome.side == "spy":
        assert not game.lord.alive and len(alive) == 1 and alive[0].identity == "spy"
        assert outcome.winners == (alive[0].seat,)
    else:
        assert outcome.winners == () and outcome.reason.value == "deck_exhausted"
    assert all(p.revealed for p in game.players if not p.alive)


def play(seed: int, players: int) -> Game:
    game = Game.new(players=players, seed=seed, settings=settings_for(seed))

    def after(steps: int, events: list) -> None:
        check_state(game)
        if steps % 7 == 0:
            check_view(game)

    self_play(game, random.Random(seed), 20_000, after)
    check_view(game)
    check_outcome(game)
    return game


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 11))
def test_random_self_play_properties(players):
    """Seeded random games always end, conserve the cards, cap HP, bury the dead, hide secrets, and name the right winners."""
    reasons = Counter()
    for seed in range(GAMES // 9):
        game = play(seed * 9 + players, players)
        reasons[game.outcome.reason.value] += 1
    assert sum(reasons.values()) == GAMES // 9
    if players > 2:
        assert reasons["rebels_and_spies_dead"] and reasons["lord_died"]


def random_action(rng: random.Random, game: Game):
    """A random, usually illegal, action built from every kind the engine knows."""
    from engine.sanguosha import actions as A

    cards = game.cards
    card = rng.choice(cards)
    seat = rng.randint(0, game.n + 1)
    return rng.choice(
        [
            A.PlayCard(card, tuple(rng.sample(range(1, game.n + 1), rng.randint(0, 2)))),
            A.Respond(rng.choice([None, card])),
            A.Discard(tuple(rng.sample(cards, rng.randint(0, 3)))),
            A.ChooseTarget(seat),
            A.PickCard(rng.choice([None, card])),
            A.UseSkill(rng.choice(["eight_diagrams", "serpent_spear", "jianxiong", "nope"])),
            A.Confirm(rng.random() < 0.5),
            A.Pass(),
            A.EndPlay(),
            A.ProvideJudgment(card),
            A.RevealIdentity(rng.choice(["lord", "rebel", "king"])),
            A.ChooseGeneral(rng.choice(["caocao", "zhugeliang", "nobody"])),
        ]
    )


@pytest.mark.slow
def test_refused_actions_change_nothing_during_play():
    """Random refused actions at every step of 60 games leave the state and view untouched."""
    from engine.core.errors import ActionError

    from .scenario import state_snapshot

    refused = 0
    for seed in range(60):
        game = Game.new(players=2 + seed % 9, seed=seed, settings=settings_for(seed))
        rng = random.Random(seed)
        while game.outcome is None:
            prompt = game.pending()
            for _ in range(3):
                action = random_action(rng, game)
                seat = rng.choice([*prompt.seats, rng.randint(0, game.n + 1)])
                if action in game.legal_actions(seat):
                    continue
                before = state_snapshot(game)
                with pytest.raises(ActionError):
                    game.submit(seat, action)
                assert state_snapshot(game) == before
                refused += 1
            seat = prompt.seat if prompt.seat is not None else rng.choice(prompt.seats)
            actions = game.legal_actions(seat)
            game.submit(seat, actions[rng.randrange(len(actions))])
    assert refused > 10_000
