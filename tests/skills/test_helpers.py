"""The shared skill-test helpers build real games with generals' registered skills."""

from engine.sanguosha.prompts import PromptKind

from .helpers import game_with, give_general, skill_ids, table_game


def test_game_with_gives_generals_their_skills_and_health():
    """game_with: seat 1 (the lord, 5 players) gets Cao Cao's HP 4+1 and the other seats theirs."""
    game = game_with("caocao", "simayi", None, None, None)
    lord, second = game.player(1), game.player(2)
    assert (lord.general, lord.kingdom, lord.max_hp) == ("caocao", "wei", 5)
    assert (second.general, second.max_hp, second.hp) == ("simayi", 3, 3)
    assert game.player(3).general is None
    assert game.pending().kind is PromptKind.PLAY and game.pending().seat == 1


def test_give_general_replaces_the_previous_generals_skills():
    """give_general: the old general's registered skills leave with it."""
    game = game_with("caocao", "simayi")
    before = skill_ids(game, 2)
    give_general(game, 2, None)
    assert game.player(2).general is None
    assert not set(before) & set(skill_ids(game, 2))


def test_table_game_runs_the_table_setup():
    """table_game: lord identity and generals are scanned, 4 cards dealt, the lord's turn begun."""
    game = table_game("caocao", "lvbu", "diaochan", "huatuo")
    assert [p.general for p in game.players] == ["caocao", "lvbu", "diaochan", "huatuo"]
    assert game.pending() is not None
    assert [len(p.hand) for p in game.players] == [6, 4, 4, 4]
