"""One rules implementation, two modes: a table game fed a digital game's inputs agrees with it.

A digital game plays itself with random bots. A table-mode game receives the same
actions, and answers its chance prompts (judgment cards, Harvest reveals, a
dismantled hand card, identities on death) with what the digital game revealed,
exactly as a table's scans would. Both must then tell the same public story:
identical events and identical public views, while the table engine never holds
a hidden card it was not shown.
"""

import json
import random

import pytest

from engine.sanguosha import (
    ChooseGeneral,
    Game,
    ProvideJudgment,
    RevealCard,
    RevealIdentity,
    Settings,
    UseSkill,
    parse_card,
)
from engine.sanguosha._mechanisms import POINTS
from engine.sanguosha.context import SHOW
from engine.sanguosha.events import (
    CardsDiscarded,
    CardsRevealed,
    DeclarationRevealed,
    JudgmentRevealed,
    PileChanged,
)
from engine.sanguosha.prompts import PromptKind
from engine.sanguosha.state import HIDDEN

from .scenario import pending

K = PromptKind


def comparable(events):
    """Events as JSON, without identity reveals (the table may deduce them earlier) or unscanned hands."""
    out = []
    for e in events:
        data = e.to_json()
        if data["kind"] == "identity_revealed":
            continue  # the table may deduce an identity early; checked separately
        if data["kind"] == "game_started":
            data.pop("mode")
        if data["kind"] == "cards_discarded" and data["reason"] in (
            "bury",
            "penalty",
            "redraw",
            "niepan",
        ):
            # a dead player's, a punished lord's or a redrawn hand is not scanned at the table
            data["unseen"] += len(data.pop("cards"))
        out.append(data)
    return out


def public(game):
    view = game.view()
    view.pop("mode")
    view.pop("log_length")  # the table also counts its scans
    for seat in view["seats"]:
        seat.pop("identity")
    if view["pending"]:
        view["pending"].pop("timeout_s", None)
        # 蛊惑 answers a request by conversion in digital mode (its card named) and as an
        # offered option at the table (its card unseen): the same choice, listed differently
        options = view["pending"].get("options")
        if options and "guhuo" in options:
            view["pending"]["options"] = [o for o in options if o != "guhuo"]
            if not view["pending"]["options"]:
                view["pending"].pop("options")
    return json.dumps(view, sort_keys=True)


def answer_chance(table, digital, revealed):
    """Answer the table's chance prompts from what the digital game showed; return events.

    An identity card is scanned by its holder, so it is read from the digital seat; so
    is a 化身 card, which 左慈 draws from the unused general cards and scans privately.
    """
    events = []
    while table.pending() is not None and (
        table.pending().kind in (K.JUDGMENT_CARD, K.REVEAL_CARD, K.REVEAL_IDENTITY)
        or (table.pending().kind is K.CHOOSE_GENERAL and table.pending().reason == "huashen")
    ):
        prompt = table.pending()
        if prompt.kind is K.CHOOSE_GENERAL:
            drawn = digital.player(prompt.seat).piles["huashen"].items
            held = table.player(prompt.seat).piles.get("huashen")
            have = list(held.items) if held is not None else []
            general = next(g for g in drawn if g not in have)
            events += table.submit(prompt.seat, ChooseGeneral(general))
            continue
        if prompt.ctx == SHOW or prompt.reason == POINTS:
            break  # a choice, not chance: the card Fire Attack's target shows, a 拼点 card
        if prompt.kind is K.REVEAL_IDENTITY:
            action = RevealIdentity(digital.player(prompt.seat).identity)
        elif prompt.kind is K.JUDGMENT_CARD:
            action = ProvideJudgment(revealed["judgments"].pop(0))
        else:
            action = RevealCard(revealed["cards"].pop(0))
        events += table.submit(prompt.seat, action)
    return events


def mirrored_step(digital: Game, table: Game, rng: random.Random) -> tuple[list, list]:
    """One random legal action of the digital game, given to the table game too, whose
    chance prompts are answered with what the digital game revealed; both games' events."""
    prompt = pending(digital)
    seat = prompt.seat if prompt.seat is not None else rng.choice(prompt.seats)
    actions = digital.legal_actions(seat)
    action = actions[rng.randrange(len(actions))]
    hands = {p.seat: list(p.hand) for p in digital.players}
    d_events = digital.submit(seat, action)
    revealed = {
        "judgments": [parse_card(e.card) for e in d_events if isinstance(e, JudgmentRevealed)],
        "cards": [],
    }
    for e in d_events:
        if isinstance(e, DeclarationRevealed):  # 蛊惑: the face-down card is turned, scanned
            revealed["cards"].append(parse_card(e.card))
        elif isinstance(e, CardsRevealed):
            revealed["cards"] += [parse_card(c) for c in e.cards]
        elif isinstance(e, PileChanged) and e.pile == "buqu" and e.added:
            revealed["cards"] += [parse_card(c) for c in e.cards]  # 不屈: the deck's top card
        elif isinstance(e, CardsDiscarded) and e.reason in (
            "dismantle",
            "ice_sword",
            "mengjin",
            "tiaoxin",
        ):
            # only a card that left a hand is turned up for the table to scan (挑衅 too)
            card = parse_card(e.cards[0])
            assert e.seat is not None  # a dismantled or ice-sworded card left a seat
            if card in hands[e.seat]:
                hands[e.seat].remove(card)
                revealed["cards"].append(card)
    if isinstance(action, UseSkill) and action.skill == "guhuo":
        action = UseSkill("guhuo", (), action.targets)  # laid face down: not scanned yet
    return d_events, table.submit(seat, action) + answer_chance(table, digital, revealed)


def lockstep(
    seed: int, players: int, maneuvering: bool = False, packs: tuple[str, ...] = ("standard",)
) -> int:
    settings = Settings(
        auto_decline=False, ex_cards=seed % 2 == 0, maneuvering=maneuvering, general_packs=packs
    )
    digital = Game.new(players=players, seed=seed, settings=settings)
    table = Game.new(players=players, mode="table", seed=seed, settings=settings)
    rng = random.Random(seed)
    assert digital.lord is not None  # an identity game has a lord
    table.submit(digital.lord.seat, RevealIdentity("lord"))
    steps = 0
    while digital.outcome is None:
        d_events, t_events = mirrored_step(digital, table, rng)
        if digital.outcome is not None:
            break
        assert comparable(t_events) == comparable(d_events), (seed, players, steps)
        if digital.status == "playing":  # setup asks differently: offers vs scans in any order
            assert public(table) == public(digital), (seed, players, steps)
        for p, q in zip(table.players, digital.players, strict=True):
            assert not p.revealed or p.identity == q.identity
            assert p.revealed or q.alive
            known = [c for c in p.hand if c is not HIDDEN]
            assert all(q.hand.count(c) >= known.count(c) for c in known)
        steps += 1
    assert table.outcome == digital.outcome
    return steps


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 11))
def test_table_mode_fed_digital_inputs_agrees(players):
    """Fed the same inputs and scans, table mode tells the same public story as digital mode."""
    for seed in range(12):
        assert lockstep(seed * 9 + players, players) > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 11))
def test_table_mode_agrees_with_the_maneuvering_cards(players):
    """The same with the Maneuvering cards: chains, Wine, Fire Attack's shown card and its
    discard, recasts and Supply Shortage tell the same story in both modes."""
    for seed in range(6):
        assert lockstep(seed * 9 + players, players, maneuvering=True) > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 11))
def test_table_mode_agrees_with_the_wind_and_fire_packs(players):
    """The same with the 风 and 火 generals (docs/wind-fire.md), every other game with the
    Maneuvering cards: face-down seats, point comparisons (each card laid face down, then
    scanned at the reveal), 不屈's cards, 雷击's and 双雄's judgments tell the same story."""
    for seed in range(8):
        packs = ("standard", "wind", "fire")
        assert lockstep(seed * 9 + players, players, maneuvering=seed % 2 == 1, packs=packs) > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 11))
def test_table_mode_agrees_with_the_forest_and_mountain_packs(players):
    """The same with the 林 and 山 generals (docs/forest-mountain.md), every other game with
    the Maneuvering cards: 巨象's and 烈刃's cards, 断粮, 行殇's taken cards, 悲歌's and 屯田's
    judgments, 观星's reordered deck, 挑衅 and 放权 tell the same story."""
    for seed in range(8):
        packs = ("standard", "forest", "mountain")
        assert lockstep(seed * 9 + players, players, maneuvering=seed % 2 == 1, packs=packs) > 0
