"""`companion play --game regicide` options, played through the simulated reader's real
BLE path and the real log: house settings with `--rule NAME=VALUE`, and the table view
(`--web`) in Vietnamese, the language only Regicide is narrated in."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.store import GameLog

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
# A solo game: the first enemy, no Jester flip, then NO: by the rulebook a solo player
# may not yield (refused); with solo_yield=true the player yields and must pay 10.
SOLO_NO = "@* scan DJ\n@* press no\n@* press no\n"


@dataclass
class Run:
    """One `companion` run: exit status, narration, errors and the final state."""

    status: int
    out: str
    err: str
    state: dict[str, Any]


class Companion:
    """Runs `companion ARGS... --db --state-out [--tags]` in-process on one game log."""

    def __init__(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.db, self.tmp, self.capsys = tmp_path / "games.sqlite", tmp_path, capsys

    def __call__(self, *argv: str) -> Run:
        state = self.tmp / "state.json"
        state.unlink(missing_ok=True)
        extra = ["--db", str(self.db), "--state-out", str(state)]
        if argv[0] == "play":
            extra += ["--tags", str(self.tmp / "tags.json")]
        status = main([*argv, *extra])
        out, err = self.capsys.readouterr()
        loaded = json.loads(state.read_text("utf-8")) if state.exists() else {}
        return Run(status, out, err, loaded)


@pytest.fixture
def companion(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Companion:
    """The `companion` command on a fresh game log in `tmp_path`."""
    return Companion(tmp_path, capsys)


def _script(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return str(path)


def _solo(script: str, *rules: str) -> list[str]:
    return ["play", "--game", "regicide", "--players", "1", "--reader", "sim",
            "--script", script, "--lang", "en", *rules]  # fmt: skip


def test_solo_yield_lets_a_solo_player_yield(companion: Companion, tmp_path: Path) -> None:
    """With `--rule solo_yield=true` a solo NO yields (the enemy's attack is still to
    pay) where the default rules refuse it; the setting is in the state and the log."""
    script = _script(tmp_path, "solo.script", SOLO_NO)
    plain = companion(*_solo(script))
    assert plain.status == 0, plain.err
    assert "No yielding in a solo game: play a card." in plain.out
    assert plain.state["pending"]["kind"] == "play" and plain.state["settings"] == {}

    ruled = companion(*_solo(script, "--rule", "solo_yield=true"))
    assert ruled.status == 0, ruled.err
    assert "No yielding" not in ruled.out
    assert "Player 1 yields: no play, but the enemy's attack must still be paid." in ruled.out
    assert "The enemy strikes player 1 for 10 (attack 10, shield 0)." in ruled.out
    assert ruled.state["settings"] == {"solo_yield": True}
    assert ruled.state["pending"]["kind"] == "jester_flip"  # a flip may come before paying
    with GameLog(companion.db) as log:
        games = sorted(log.games(), key=lambda g: g.id)
        assert [g.settings for g in games] == [{}, {"solo_yield": True}]


def test_several_rules_and_json_values_reach_the_engine(
    companion: Companion, tmp_path: Path
) -> None:
    """`--rule` repeats; values are JSON when they parse (numbers, lists), else text."""
    script = _script(tmp_path, "solo.script", "@* scan DJ\n")
    run = companion(*_solo(script, "--rule", "solo_jester_flips=1", "--rule",
                           "recruited_values=[11, 12, 13]", "--rule", "diamonds=current_player"))  # fmt: skip
    assert run.status == 0, run.err
    assert run.state["settings"] == {
        "solo_jester_flips": 1,
        "recruited_values": [11, 12, 13],
        "diamonds": "current_player",
    }
    assert run.state["jester_flips_left"] == 1


def test_a_resumed_game_keeps_its_rules(companion: Companion, tmp_path: Path) -> None:
    """The settings are part of the logged game: `companion resume` continues with
    solo_yield still on, without being told again."""
    first = _script(tmp_path, "first.script", "\n".join(SOLO_NO.splitlines()[:2]) + "\n")
    run = companion(*_solo(first, "--rule", "solo_yield=true"))
    assert run.status == 0 and run.state["pending"]["kind"] == "play", run.err
    whole = _script(tmp_path, "whole.script", SOLO_NO)
    resumed = companion("resume", "1", "--script", whole)
    assert resumed.status == 0, resumed.err
    assert "Player 1 yields: no play, but the enemy's attack must still be paid." in resumed.out
    assert resumed.state["settings"] == {"solo_yield": True}


# Two players: ♣5 (doubled) leaves ♠J striking player 1 for 10, paid with ♦2 then ♥10.
OVERPAY = "@* scan SJ\n@1 scan C5\n@1 press ok\n@1 scan D2\n@1 scan H10\n"


def test_allow_overpay_false_works_at_the_table(companion: Companion, tmp_path: Path) -> None:
    """`--rule allow_overpay=false` used to change nothing at the table (each scan was its
    own payment): now ♥10 after ♦2 is refused with the figures, NO takes ♦2 back and
    ♥10 then OK pays; by default the same scans pay 12 and the turn passes. The resumed
    game keeps the rule and its staged payment."""
    argv = ["play", "--game", "regicide", "--players", "2", "--reader", "sim", "--lang", "en"]
    script = _script(tmp_path, "overpay.script", OVERPAY)
    plain = companion(*argv, "--script", script)
    assert plain.status == 0, plain.err
    assert plain.state["pending"]["seat"] == 2 and "not needed" not in plain.out

    ruled = companion(*argv, "--script", script, "--rule", "allow_overpay=false")
    assert ruled.status == 0, ruled.err
    assert (
        "♦2 is not needed: without it the payment still makes 10, and 10 is owed (house "
        "setting: no card more than needed)."
    ) in ruled.out
    pending = ruled.state["pending"]
    assert (pending["kind"], pending["seat"], pending["staged"]) == ("pay_damage", 1, ["D2"])
    assert ruled.state["settings"] == {"allow_overpay": False}

    whole = _script(tmp_path, "whole.script", OVERPAY + "@1 press no\n@1 scan H10\n@1 press ok\n")
    resumed = companion("resume", "2", "--script", whole)
    assert resumed.status == 0, resumed.err
    assert "Player 1 takes back ♦2." in resumed.out
    assert resumed.state["pending"]["seat"] == 2 and resumed.state["pending"]["kind"] == "play"


@pytest.mark.parametrize(
    ("rules", "says"),
    [
        (["--rule", "solo_yeild=true"], "'solo_yeild' is not a Regicide setting"),
        (["--rule", "solo_yield=yes"], "Regicide setting solo_yield takes a bool, got 'yes'"),
        (["--rule", "solo_jester_flips=3"], "solo_jester_flips must be 0, 1 or 2"),
        (["--rule", "diamonds=everyone"], "Settings.diamonds must be one of"),
        (["--rule", "solo_yield"], "--rule takes NAME=VALUE, got 'solo_yield'"),
    ],
)
def test_a_bad_rule_is_refused_up_front_listing_the_settings(
    companion: Companion, tmp_path: Path, rules: list[str], says: str
) -> None:
    """An unknown name, a value of the wrong type or outside its choices, or no `=`
    exits 2 before any game is recorded, with the known settings and their defaults."""
    script = _script(tmp_path, "solo.script", SOLO_NO)
    run = companion(*_solo(script, "--rule", "solo_yield=true", *rules))
    assert run.status == 2
    assert run.err.startswith("companion: --rule: ") and says in run.err, run.err
    assert "known settings (with their defaults): allow_ace_groups=false," in run.err
    assert 'diamonds="round_robin"' in run.err and "solo_yield=false" in run.err
    assert run.state == {} and not companion.db.exists()


def test_rule_is_refused_for_three_kingdoms_kill(companion: Companion) -> None:
    """For Three Kingdoms Kill `--rule` sets only the Maneuvering points (its other house
    settings have their own flags): a Regicide setting is refused (exit 2) with the
    settings it takes, and nothing is recorded."""
    script = str(SCRIPTS / "setup.script")
    run = companion("play", "--game", "sanguosha", "--players", "5", "--reader", "sim",
                    "--script", script, "--rule", "solo_yield=true")  # fmt: skip
    assert run.status == 2
    assert "'solo_yield' is not a Three Kingdoms Kill (Maneuvering) setting" in run.err
    assert 'wine_expiry="turn_end"' in run.err
    assert run.state == {} and not companion.db.exists()


def test_rule_sets_a_maneuvering_point(companion: Companion) -> None:
    """`--rule wine_expiry=phase_end` is recorded with the game's settings; a value
    outside its choices is refused (exit 2)."""
    script = str(SCRIPTS / "setup.script")
    run = companion("play", "--game", "sanguosha", "--players", "5", "--reader", "sim",
                    "--script", script, "--cards", "standard,maneuvering",
                    "--rule", "wine_expiry=phase_end")  # fmt: skip
    assert run.status == 0, run.err
    assert run.state["deck_count"] == 156 - 20 - 2  # dealt 4 each, the lord drew 2
    with GameLog(companion.db) as log:
        settings = log.game(1).settings
    assert (settings["maneuvering"], settings["wine_expiry"]) == (True, "phase_end")
    bad = companion("play", "--game", "sanguosha", "--players", "5", "--reader", "sim",
                    "--script", script, "--rule", "chain_amount=double")  # fmt: skip
    assert bad.status == 2 and "chain_amount" in bad.err


def test_the_table_view_is_served_in_vietnamese_for_regicide(companion: Companion) -> None:
    """`--web` with `--lang vi` is no longer refused for Regicide: the page is served on
    its address while the script plays, narrated in Vietnamese, and the run exits 0."""
    run = companion("play", "--game", "regicide", "--players", "3", "--reader", "sim",
                    "--script", str(SCRIPTS / "regicide_3p.script"), "--lang", "vi",
                    "--web", "127.0.0.1:0")  # fmt: skip
    assert run.status == 0, run.err
    assert "Table view: http://127.0.0.1:" in run.err and "cannot show" not in run.err
    assert run.out.startswith("Bắt đầu ván Regicide 3 người.")
    assert run.state["game"] == "regicide" and companion.db.exists()


def test_the_table_view_in_vietnamese_is_refused_for_three_kingdoms_kill(
    companion: Companion,
) -> None:
    """A game with no Vietnamese (Three Kingdoms Kill) is still refused up front with
    `--web --lang vi`: exit 2, the reason, and nothing recorded."""
    run = companion("play", "--game", "sanguosha", "--players", "5", "--reader", "sim",
                    "--script", str(SCRIPTS / "setup.script"), "--lang", "vi",
                    "--web", "127.0.0.1:0")  # fmt: skip
    assert run.status == 2
    assert (
        "--web: the table view cannot show this game: no sanguosha table view in language 'vi'"
    ) in run.err
    assert run.state == {} and not companion.db.exists()


def test_the_rule_parsing_examples_hold() -> None:
    """The doctest examples of `--rule` parsing (`companion.game.options`) give the
    output they show."""
    import doctest

    from companion.game import options

    result = doctest.testmod(options)
    assert result.attempted >= 3 and result.failed == 0
