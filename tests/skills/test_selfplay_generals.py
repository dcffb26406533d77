"""Self-play with every general and skill: 5,040 seeded digital games, 2 to 10 players.

Random bots choose uniformly among `legal_actions()` (a window open to several seats
goes to one of them), so every optional skill is sometimes taken and sometimes
declined, every active skill sometimes started. After every action the engine's
invariants hold: the number of cards never changes and HP never exceeds max HP;
every few actions the full checks of `tests/sanguosha/test_properties.py` run
(each card in exactly one zone, the dead hold nothing, the public view names no
hidden card or identity). Every game ends, with
winners that agree with the identities. Across the games every general is played
and every registered skill that acts (not a pure modifier) shows in the events.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from engine.sanguosha import Game, Settings, catalogue
from engine.sanguosha.packs import pack_generals
from engine.sanguosha.skills import REGISTRY
from tests.sanguosha.scenario import self_play
from tests.sanguosha.test_properties import check_outcome, check_state, check_view

GAMES_PER_COUNT = 560  # x 9 player counts = 5,040 games
STEP_LIMIT = 20_000


PACKS = ("standard", "wind", "fire", "forest", "mountain")
"""Every pack of generals this version plays (docs/wind-fire.md §1.1; the 林 and 山 packs'
playable generals, docs/forest-mountain.md §3, §4)."""
MOUNTAIN = ("standard", "mountain")


def settings_for(seed: int) -> Settings:
    """House rules varied by seed; generals (and so skills) always in play: every second
    game with the 风, 火, 林 and 山 packs, every seventh with the Maneuvering cards (and every
    third of the others with 酒池 and 断粮 allowed without them)."""
    return Settings(
        ex_cards=seed % 3 == 0,
        four_player_roles="1021" if seed % 2 else "1111",
        two_spies=seed % 5 == 0,
        auto_decline=seed % 4 != 0,
        general_packs=PACKS if seed % 2 == 0 else ("standard",),
        maneuvering=seed % 7 == 0,
        jiuchi_duanliang_without_maneuvering=seed % 3 == 1,
    )


def check_counts(game: Game) -> None:
    """The cheap invariants, after every action: no card appears or vanishes (the cards on
    a general too: 不屈's); HP <= max HP."""
    count = len(game.deck) + len(game.discard_pile) + len(game.processing)
    for p in game.players:
        assert p.hp <= p.max_hp, p
        count += len(p.hand) + len(p.judgment) + 4 - p.equip.count(None)
        count += sum(len(pile.cards()) for pile in p.piles.values())
    assert count == len(game.cards)


def play(seed: int, players: int, seen: Counter, settings: Settings | None = None) -> Game:
    """One game to the end, checking the invariants; counts generals and skills seen."""
    game = Game.new(players=players, seed=seed, settings=settings or settings_for(seed))

    def after(steps: int, events: list) -> None:
        for event in events:
            skill = getattr(event, "skill", None) or getattr(event, "reason", None)
            if skill in REGISTRY:
                seen[skill] += 1
        check_counts(game)
        if steps % 7 == 0:
            check_state(game)
        if steps % 11 == 0:
            check_view(game)

    self_play(
        game, random.Random(seed), STEP_LIMIT, after, unended=f"seed {seed}: game did not end"
    )
    check_state(game)
    check_view(game)
    check_outcome(game)
    seen.update(f"general:{p.general}" for p in game.players)
    return game


def _acts(skill_id: str) -> bool:
    """Whether a skill does something the events show (not only a modifier or prohibition)."""
    cls = REGISTRY[skill_id]
    return bool(cls.triggers or cls.converts or cls.provides or "active" in cls.tags)


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 11))
def test_all_generals_self_play_keeps_the_invariants(players, selfplay_seen):
    """Seeded random games with every general end without error and keep the engine's invariants."""
    outcomes = Counter()
    for i in range(GAMES_PER_COUNT):
        game = play(i * 9 + players, players, selfplay_seen)
        outcomes[game.outcome.reason.value] += 1
    assert sum(outcomes.values()) == GAMES_PER_COUNT
    if players > 2:
        assert outcomes["rebels_and_spies_dead"] and outcomes["lord_died"]


@pytest.mark.slow
def test_every_general_and_acting_skill_shows_up(selfplay_seen):
    """Across the self-play games every general is played and every acting registered skill acts."""
    if not selfplay_seen:  # run on its own: play a smaller sample
        for seed in range(900):  # the 山 generals and lord made the pool larger
            play(seed, 2 + seed % 9, selfplay_seen)
        for seed in range(200):  # 制霸 needs 孙策 as lord and a Wu player: a smaller pool
            settings = replace(settings_for(seed), general_packs=MOUNTAIN)
            play(seed, 2 + seed % 9, selfplay_seen, settings)
    generals = set(pack_generals(PACKS))  # every playable general of every pack
    assert {g for g in generals if selfplay_seen[f"general:{g}"]} == generals
    general_skills = {
        s
        for g in catalogue().generals.values()
        if g.id in generals
        for s in g.skills + g.lord_skills
        if s in REGISTRY
    }
    acting = {s for s in general_skills if _acts(s)}
    assert acting - set(selfplay_seen) == set()


@pytest.mark.parametrize("maneuvering", [False, True])
def test_wind_and_fire_self_play_keeps_the_invariants(maneuvering):
    """A quick sample with the 风 and 火 packs, 2 to 10 players, with and without the
    Maneuvering cards: every game ends, the invariants hold after every action, and the
    packs' generals are played and their acting skills act."""
    seen: Counter = Counter()
    for seed in range(36):
        settings = Settings(general_packs=PACKS, maneuvering=maneuvering, auto_decline=True)
        play(seed, 2 + seed % 9, seen, settings)
    new = [g for g in pack_generals(PACKS) if catalogue().generals[g].pack != "standard"]
    assert sum(seen[f"general:{g}"] for g in new) > 20


@pytest.mark.parametrize("maneuvering", [False, True])
def test_forest_self_play_keeps_the_invariants(maneuvering):
    """A quick sample with the 林 pack's playable generals, 2 to 10 players, with and
    without the Maneuvering cards (without them 酒池 and 断粮 are allowed by the setting):
    every game ends, the invariants hold after every action, the pack's generals are played
    and their acting skills act."""
    packs = ("standard", "forest")
    seen: Counter = Counter()
    for seed in range(120):  # enough for 肉林 (董卓 and a woman, a Kill between them)
        settings = Settings(
            general_packs=packs,
            maneuvering=maneuvering,
            jiuchi_duanliang_without_maneuvering=not maneuvering,
            auto_decline=True,
        )
        play(seed, 2 + seed % 9, seen, settings)
    new = [g for g in pack_generals(packs) if catalogue().generals[g].pack == "forest"]
    assert new and all(seen[f"general:{g}"] for g in new)
    skills = {s for g in new for s in catalogue().generals[g].skills if s in REGISTRY}
    assert {s for s in skills if _acts(s)} - set(seen) == set()


def test_mountain_self_play_keeps_the_invariants() -> None:
    """A quick sample with the 山 pack's playable generals, 2 to 10 players, with and without
    the Maneuvering cards: every game ends, the invariants hold after every action, each
    of them is played and 悲歌 acts."""
    seen: Counter = Counter()
    for seed in range(36):
        settings = Settings(general_packs=MOUNTAIN, maneuvering=seed % 2 == 0, auto_decline=True)
        play(seed, 2 + seed % 9, seen, settings)
    new = [g for g in pack_generals(MOUNTAIN) if catalogue().generals[g].pack == "mountain"]
    assert new and all(seen[f"general:{g}"] for g in new), new
    assert seen["beige"] > 0
