"""A mode with the wrong number of players, 国战, values the standard set cannot play: refused."""

import pytest

from engine.core.errors import InvalidAction
from engine.sanguosha import Game, Settings
from engine.sanguosha.modes.spec import mode_names, mode_settings
from engine.sanguosha.reasons import Reason


@pytest.mark.parametrize(("mode", "players"), [("1v1", 3), ("2v2", 5), ("3v3", 2), ("4v4", 6)])
def test_wrong_number_of_players(mode, players):
    with pytest.raises(InvalidAction) as exc:
        Game.new(players=players, settings=Settings(game_mode=mode))
    assert exc.value.reason is Reason.MODE_PLAYERS
    assert exc.value.data["players"] == players
    assert exc.value.data["expected"] == {"1v1": 2, "2v2": 4, "3v3": 6, "4v4": 8}[mode]


def test_hegemony_refused_with_the_cards_it_needs():
    with pytest.raises(InvalidAction) as exc:
        Game.new(players=4, settings=Settings(game_mode="hegemony"))
    assert exc.value.reason is Reason.MODE_UNSUPPORTED
    assert "hegemony general cards" in exc.value.data["why"]
    assert "hegemony" in mode_names()


@pytest.mark.parametrize(
    ("mode", "setting", "value"),
    [
        ("1v1", "1v1.deck", "new1v1"),
        ("1v1", "1v1.generals", "kof"),
    ],
)
def test_values_the_standard_set_cannot_play(mode, setting, value):
    with pytest.raises(InvalidAction) as exc:
        Settings(game_mode=mode, mode_settings={setting: value}).validate()
    assert exc.value.reason is Reason.SETTING_UNSUPPORTED
    assert exc.value.data["setting"] == setting and exc.value.data["why"]


@pytest.mark.parametrize(
    ("mode", "given"),
    [
        ("1v1", {"1v1.rule": "kof99"}),
        ("2v2", {"2v2.offer": 7}),
        ("2v2", {"2v2.offer": "three"}),
        ("3v3", {"3v3.pool": 15}),
        ("3v3", {"2v2.offer": 4}),  # another mode's setting
        ("identity", {"1v1.rule": "2013"}),
        ("4v4", {"4v4.formation": "AAAABBBB"}),
        ("chess", {}),
    ],
)
def test_bad_mode_settings(mode, given):
    with pytest.raises(InvalidAction) as exc:
        Settings(game_mode=mode, mode_settings=given).validate()
    assert exc.value.reason is Reason.BAD_SETTINGS


def test_1v1_needs_generals():
    """Without generals there are no reserves, so 1v1 cannot be won: refused."""
    with pytest.raises(InvalidAction) as exc:
        Settings(game_mode="1v1", no_generals=True).validate()
    assert exc.value.data["setting"] == "no_generals"


def test_every_setting_has_a_default_that_plays():
    """Each mode's settings, all at their default, give a valid game."""
    for mode, players in (("1v1", 2), ("2v2", 4), ("3v3", 6), ("4v4", 8)):
        defaults = {k: v["default"] for k, v in mode_settings(mode).items()}
        game = Game.new(players=players, settings=Settings(game_mode=mode, mode_settings=defaults))
        assert game.view()["game_mode"]["settings"] == defaults


def test_settings_round_trip_as_json():
    settings = Settings(game_mode="3v3", mode_settings={"3v3.rule": "qs2013", "3v3.pool": 12})
    data = settings.to_json()
    assert data["mode_settings"] == {"3v3.pool": 12, "3v3.rule": "qs2013"}
    assert Settings(**data) == settings and hash(Settings(**data)) == hash(settings)
