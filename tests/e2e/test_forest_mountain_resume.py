"""Nothing lost in the middle of 乱武's round, of 志继's awakening or of a 化身 change
(docs/forest-mountain.md §2.1, §3.2, §4.2, §4.4): the real `companion play` killed with
SIGKILL while 贾诩's 乱武 goes round the table (between one player's answer and the next's,
and inside 烈刃's point comparison that a 乱武 Kill brought), while 姜维 awakens (before his
choice, between it and 观星, and between 观星's two cards), and while 左慈 scans his private
化身 cards or changes the shown one (`huashen_draw=physical`), then `companion resume`, ends
exactly as a run that was never interrupted (state JSON and logged inputs;
`tests/crash_harness.py`) (issue 26)."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from companion.game.session import Session
from companion.store import GameLog
from companion.table.sanguosha import SanguoshaTable
from tests.crash_harness import Game, Kill, crash_and_resume, play_whole
from tests.e2e.conftest import SCRIPTS

FOREST = SCRIPTS / "pack_forest.script"
FOREST_ARGS = (
    "--game", "sanguosha", "--players", "8", "--reader", "sim", "--generals", "standard,forest",
)  # fmt: skip
ZHIJI = SCRIPTS / "zhiji_awakening.script"
ZHIJI_ARGS = (
    "--game", "sanguosha", "--players", "2", "--reader", "sim", "--generals", "standard,mountain",
)  # fmt: skip
HUASHEN = SCRIPTS / "huashen_change.script"  # huashen_draw=physical, the default

MENGHUO_ANSWER = "@4 press no                    # Meng Huo loses 1 health"
BEFORE_ZHIJI = "@1 press ok                    # discard 4 unseen"
HUASHEN_AGAIN = "@2 press ok                    # Huashen again"


def _after(game: Game, kind: str, text: str) -> int:
    """The count of logged inputs up to and including script line `text` (a `kind` input);
    `text` is the whole line, comment included, so that it names one line."""
    lines = game.script.read_text("utf-8").splitlines()
    line = next(i for i, got in enumerate(lines, start=1) if got == text)
    return next(k for k, got in enumerate(game.inputs, start=1) if got == (kind, line))


@pytest.fixture(scope="module")
def forest(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return play_whole("luanwu", FOREST, tmp_path_factory.mktemp("luanwu"), *FOREST_ARGS)


@pytest.fixture(scope="module")
def zhiji(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return play_whole("zhiji", ZHIJI, tmp_path_factory.mktemp("zhiji"), *ZHIJI_ARGS)


@pytest.fixture(scope="module")
def huashen(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return play_whole("huashen", HUASHEN, tmp_path_factory.mktemp("huashen"), *ZHIJI_ARGS)


def _resumes_identically(
    game: Game,
    kills: list[Kill],
    tmp_path: Path,
    on_killed: Callable[[Kill, Path], None] | None = None,
) -> None:
    for kill in kills:
        check = None if on_killed is None else (lambda db, k=kill: on_killed(k, db))
        outcome = crash_and_resume(game, kill, tmp_path / str(kill.after), check)
        assert outcome.killed, f"the process ended before the kill ({kill})"
        assert outcome.identical, f"killed {kill}: {outcome.detail}"


def test_the_uninterrupted_forest_game_ends_with_the_rebels_win(forest: Game) -> None:
    assert (forest.state["status"], forest.state["winner_side"]) == ("over", "rebel")
    assert "luanwu" in forest.state["seats"][1]["spent"]  # 贾诩's limited skill is used up


def test_killed_in_the_middle_of_luanwu(forest: Game, tmp_path: Path) -> None:
    """Killed after 乱武 is confirmed, inside 烈刃's comparison (祝融's card laid, 孟获's
    not), and after 孟获's and 孙坚's answers (the next players still to answer): each
    resumed game asks the same next player and ends as the uninterrupted one."""
    kills = [
        Kill(after=_after(forest, "press", "@2 press ok")),
        Kill(after=_after(forest, "scan", "@3 scan dodge@HK")),
        Kill(after=_after(forest, "press", MENGHUO_ANSWER)),
        Kill(after=_after(forest, "press", "@5 press no")),
    ]
    _resumes_identically(forest, kills, tmp_path)


def test_a_resume_killed_inside_luanwu_resumes_again(forest: Game, tmp_path: Path) -> None:
    """Killed after 孟获's answer, and the first resume killed after its own first input
    (孙坚's answer): the second resume still ends identically."""
    kill = Kill(after=_after(forest, "press", MENGHUO_ANSWER), again=1)
    outcome = crash_and_resume(forest, kill, tmp_path)
    assert outcome.killed and outcome.identical, f"killed {kill}: {outcome.detail}"


def test_the_uninterrupted_zhiji_game_awakens_once(zhiji: Game) -> None:
    jiangwei = zhiji.state["seats"][1]
    assert (jiangwei["general"], jiangwei["hp"], jiangwei["max_hp"]) == ("jiangwei", 3, 3)
    assert jiangwei["spent"] == ["zhiji"]
    assert zhiji.state["seats"][0]["hp"] == 1  # the Kill after 观星 landed


def test_killed_in_the_middle_of_zhiji(zhiji: Game, tmp_path: Path) -> None:
    """Killed with 志继's choice asked, after the choice (观星 offered), after 观星 is
    confirmed and between its two cards: each resumed game awakens once and ends the same."""
    first = _after(zhiji, "press", BEFORE_ZHIJI)
    last = _after(zhiji, "scan", "@2 scan kill@S9                # the top card ...")
    kills = [Kill(after=k) for k in range(first, last + 1)]
    assert len(kills) >= 4  # a scanned card line may log a remove and a scan
    _resumes_identically(zhiji, kills, tmp_path)


def test_a_resume_killed_inside_zhiji_resumes_again(zhiji: Game, tmp_path: Path) -> None:
    """Killed with the choice asked, and the first resume killed after its own first input
    (the choice): the second resume still ends identically."""
    kill = Kill(after=_after(zhiji, "press", BEFORE_ZHIJI), again=1)
    outcome = crash_and_resume(zhiji, kill, tmp_path)
    assert outcome.killed and outcome.identical, f"killed {kill}: {outcome.detail}"


def test_the_uninterrupted_huashen_game_shows_zhen_ji_and_keeps_one_card_hidden(
    huashen: Game,
) -> None:
    zuoci = huashen.state["seats"][1]
    assert zuoci["huashen"] == {"general": "zhenji", "skill": "qingguo"}
    assert (zuoci["kingdom"], zuoci["gender"], zuoci["hp"]) == ("wei", "female", 2)
    assert zuoci["piles"]["huashen"] == {"count": 3, "public": False}
    assert "huangyueying" not in json.dumps(huashen.state)  # scanned after 新生, never shown


def _zuoci_asked(
    kind: str, reason: str, mine: set[str], hidden: set[str]
) -> Callable[[Path], None]:
    """A check of a killed run's log, rebuilt by replay as `companion resume` rebuilds
    it: the game asks 左慈 (seat 2) `kind` for `reason`; his own view lists his 化身
    cards, `mine`; neither the public state nor Liu Bei's view names one of `hidden`."""

    def check(db: Path) -> None:
        with closing(GameLog(db)) as log:
            session = Session.load(log, 1)
        adapter = session.table.adapter
        assert isinstance(adapter, SanguoshaTable)
        state = session.state()
        pending = state["pending"]
        assert (pending["kind"], pending["seat"], pending["reason"]) == (kind, 2, reason)
        assert set(adapter.engine.view(2)["seats"][1]["piles"]["huashen"]["items"]) == mine
        others = json.dumps([state, adapter.engine.view(1)])
        assert "items" not in state["seats"][1]["piles"]["huashen"]
        assert not [g for g in hidden if g in others], others

    return check


def test_killed_in_the_middle_of_huashen(huashen: Game, tmp_path: Path) -> None:
    """Killed after 左慈's first and second private scans at game start (none shown yet),
    after his OK to 化身 at the start of his turn and after he laid 甄姬 face up (the
    skill not named): each rebuilt game asks him the same next question, his 化身 cards
    still his and still hidden from the table and Liu Bei, and ends as the uninterrupted
    one."""
    start = "@2 scan guanyu                 # a Huashen card, scanned on his own screen ..."
    second = "@2 scan zhenji                 # ... and the second"
    shown = "@2 scan zhenji                 # laid face up ..."
    three = {"guanyu", "zhenji", "huangyueying"}
    checks = {
        _after(huashen, "scan", start): _zuoci_asked(
            "choose_general", "huashen", {"guanyu"}, {"guanyu"}
        ),
        _after(huashen, "scan", second): _zuoci_asked(
            "choose_option", "huashen", {"guanyu", "zhenji"}, {"guanyu", "zhenji"}
        ),
        _after(huashen, "press", HUASHEN_AGAIN): _zuoci_asked(
            "choose_option", "huashen", three, {"zhenji", "huangyueying"}
        ),
        _after(huashen, "scan", shown): _zuoci_asked(
            "choose_option", "huashen_skill", three, {"huangyueying"}
        ),
    }
    kills = [Kill(after=k) for k in checks]
    _resumes_identically(huashen, kills, tmp_path, lambda kill, db: checks[kill.after](db))


def test_a_resume_killed_inside_huashen_resumes_again(huashen: Game, tmp_path: Path) -> None:
    """Killed with 化身's card to show asked at the start of his turn, and the first resume
    killed after its own first input (甄姬 laid face up): the second resume still ends
    identically."""
    kill = Kill(after=_after(huashen, "press", HUASHEN_AGAIN), again=1)
    outcome = crash_and_resume(huashen, kill, tmp_path)
    assert outcome.killed and outcome.identical, f"killed {kill}: {outcome.detail}"
