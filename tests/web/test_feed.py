"""The feed and its helpers without a browser: fan-out, slow clients, threads, the
public projection, the history, addresses and the page's words."""

from __future__ import annotations

import asyncio
import re
import threading

import pytest

from companion.narration.messages import languages
from companion.web import TableFeed, parse_web_address, public_state
from companion.web.feed import LOG_LINES, QUEUE_FRAMES
from companion.web.labels import UiTextError, check_ui_text, labels_for, ui_text
from companion.web.summary import MAX_POINTS, GameHistory

VIEW = {
    "game": "sanguosha",
    "status": "playing",
    "turn": {"seat": 1, "phase": "play", "round": 1},
    "pending": {"kind": "play", "seat": 1, "seats": [1], "options": ["kill@S7"]},
    "seats": [
        {"seat": 1, "general": "caocao", "identity": "lord", "hp": 4, "max_hp": 4, "alive": True,
         "hand_count": 1, "hand": ["kill@S7"], "own_identity": "lord",
         "equipment": {"weapon": None, "armor": None, "plus_horse": None, "minus_horse": None,
                       "secret": 1},
         "judgment": []},
    ],
    "settings": {"x": 1},
    "future_field": "?",
}  # fmt: skip


def test_public_state_copies_only_named_fields() -> None:
    """A hand, an own identity, a prompt's options and fields the page does not know are
    not copied; the rest is."""
    out = public_state(VIEW)
    assert "hand" not in out["seats"][0] and "own_identity" not in out["seats"][0]
    assert "options" not in out["pending"] and "settings" not in out
    assert "future_field" not in out and "secret" not in out["seats"][0]["equipment"]
    assert out["seats"][0]["hp"] == 4 and out["turn"] == VIEW["turn"]


async def test_a_client_too_far_behind_is_dropped_not_waited_for() -> None:
    """A page that reads nothing is dropped once its queue is full; the others still
    get every update, and publishing never waits."""
    feed = TableFeed(VIEW, lang="en")
    feed.bind(asyncio.get_running_loop())
    slow, live = feed.connect(), feed.connect()
    received = 0
    for n in range(QUEUE_FRAMES + 5):
        feed.publish(VIEW, [f"sentence {n}"], [])
        while not live.queue.empty():
            assert live.queue.get_nowait() is not None
            received += 1
    assert slow.dropped and not live.dropped
    assert received == QUEUE_FRAMES + 5 and feed.clients == 1
    frames = [slow.queue.get_nowait() for _ in range(slow.queue.qsize())]
    assert frames[-1] is None  # its stream ends; the browser reconnects to a snapshot


async def test_an_update_published_from_another_thread_reaches_the_clients() -> None:
    """Publishing from a thread other than the server's hops onto the server's loop."""
    feed = TableFeed(VIEW, lang="en")
    feed.bind(asyncio.get_running_loop())
    client = feed.connect()
    thread = threading.Thread(target=feed.publish, args=(VIEW, ["from a thread"], []))
    thread.start()
    frame = await asyncio.wait_for(client.queue.get(), 5)
    thread.join()
    assert frame is not None and b"from a thread" in frame


def test_snapshot_keeps_recent_narration_and_the_summary_only_at_the_end() -> None:
    """A page joining late gets the last sentences and, once the game is over, the summary."""
    feed = TableFeed(VIEW, lang="en")
    for n in range(LOG_LINES + 10):
        feed.publish(VIEW, [f"s{n}"], [])
    snap = feed.snapshot()
    assert len(snap["log"]) == LOG_LINES and snap["log"][-1] == f"s{LOG_LINES + 9}"
    assert "summary" not in snap
    feed.publish({**VIEW, "status": "over", "winners": [1]}, [], [])
    assert feed.snapshot()["summary"]["winners"] == [1]


def test_history_thins_a_long_game_and_keeps_the_final_values() -> None:
    """A very long game's health lines stay within MAX_POINTS, aligned, ending on the
    final health."""
    history = GameHistory()
    for n in range(MAX_POINTS * 3):
        hp = n % 5
        seats = [{"seat": 1, "hp": hp, "max_hp": 4}, {"seat": 2, "hp": 4 - hp, "max_hp": 4}]
        history.record({"game": "sanguosha", "status": "playing", "seats": seats}, [])
    summary = history.summary({})
    assert len(summary["series"]["1"]) <= MAX_POINTS
    assert len(summary["series"]["1"]) == len(summary["series"]["2"]) == len(summary["at"])
    last = (MAX_POINTS * 3 - 1) % 5
    assert summary["series"]["1"][-1] == last and summary["series"]["2"][-1] == 4 - last
    assert summary["at"][-1] == MAX_POINTS * 3


def test_history_counts_plays_and_keeps_judgments() -> None:
    """Cards used and played count per seat; a settled judgment is kept with its result."""
    history = GameHistory()
    events = [
        {"kind": "card_used", "seat": 1, "name": "kill", "cards": ["kill@S7"]},
        {"kind": "card_played", "seat": 2, "name": "dodge", "cards": ["dodge@D2"]},
        {"kind": "judgment_settled", "seat": 2, "card": "dodge@D2", "reason": "indulgence",
         "success": True, "extra": "dropped"},
    ]  # fmt: skip
    history.record({"game": "sanguosha", "status": "playing", "seats": []}, events)
    summary = history.summary({})
    assert summary["played"] == {"1": 1, "2": 1}
    assert summary["judgments"] == [
        {"seat": 2, "card": "dodge@D2", "reason": "indulgence", "success": True}
    ]


@pytest.mark.parametrize(
    ("text", "problem"),
    [("host:99999", "bad port"), ("host:abc", "bad port"), ("[]:80", "no host")],
)
def test_a_bad_web_address_is_a_clear_error(text: str, problem: str) -> None:
    """An unusable --web address raises ValueError naming what is wrong."""
    with pytest.raises(ValueError, match=problem):
        parse_web_address(text)


def test_lan_changes_the_default_host_only() -> None:
    """With `lan`, no host means every interface; a given host is kept."""
    assert parse_web_address(None, lan=True) == ("0.0.0.0", 8765)
    assert parse_web_address("10.0.0.2:9000", lan=True) == ("10.0.0.2", 9000)


def test_page_words_exist_in_every_language() -> None:
    """Every language has the page's words, and the labels name every general."""
    words = ui_text()
    assert set(words["zh-Hans"]) == set(words["en"]) == set(words["es"]) == set(words["vi"])
    labels = labels_for("sanguosha", "zh-Hans")
    assert labels["generals"]["guanyu"] == {"name": "关羽", "kingdom": "shu"}
    assert labels["identities"]["rebel"] == "反贼"


def test_a_broken_words_file_is_refused_with_the_key() -> None:
    """A missing word or a value that is not text names the language and the key."""
    with pytest.raises(UiTextError, match=r"es\.title"):
        check_ui_text({"en": {"title": "T"}, "zh-Hans": {"title": "标"}, "es": {"title": 3}})
    with pytest.raises(UiTextError, match="zh-Hans: missing language"):
        check_ui_text({"en": {"title": "T"}})


def test_labels_refuse_an_unknown_game_or_language() -> None:
    """The page's words exist for each game in the languages its narration offers only:
    no French anywhere, no Vietnamese for Three Kingdoms Kill."""
    with pytest.raises(ValueError, match="language"):
        labels_for("sanguosha", "fr")
    with pytest.raises(ValueError, match="no sanguosha table view in language 'vi'"):
        labels_for("sanguosha", "vi")
    with pytest.raises(ValueError, match="no table view"):
        labels_for("chess", "en")


def test_regicide_labels_offer_vietnamese_with_its_own_words() -> None:
    """Regicide's page has every word in Vietnamese (none left in English but the
    symbols and template-only words), and names the Jester in each language."""
    labels = labels_for("regicide", "vi")
    assert (labels["game"], labels["lang"]) == ("regicide", "vi")
    vi, en = labels["ui"], ui_text()["en"]
    assert set(vi) == set(en)
    # "?" and templates of punctuation ("{label}: {value}") are the same everywhere
    same = sorted(
        k for k in en if vi[k] == en[k] and re.search(r"[A-Za-z]", re.sub(r"\{\w+\}", "", en[k]))
    )
    assert same == [], same
    assert vi["enemy"] == "Kẻ địch" and vi["castle"] == "Lâu đài"
    jesters = {
        lang: labels_for("regicide", lang)["cards"]["jester"] for lang in languages("regicide")
    }
    assert jesters == {"zh-Hans": "小丑", "en": "Jester", "es": "Bufón", "vi": "Chú hề"}
