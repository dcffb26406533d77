"""Hidden information never leaves the server: whole digital games (where the test
knows every hand, the deck and every identity) go through the real server, and every
byte of its update stream is scanned; at a real table, 左慈's face-down 化身 cards too."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from companion.game.session import Session
from companion.narration import Narrator, SanguoshaNames
from companion.store import GameLog
from companion.web import TableFeed, TableServer, public_state, serve_table
from companion.web.panel import seat_panel
from engine.regicide import Game as RegicideGame
from engine.regicide.bot import RandomBot
from engine.sanguosha import Game as SanguoshaGame
from tests.regicide_table.helpers import to_input
from tests.web import mountain_board
from tests.web.stream import Frame, StreamReader, keys, leaves, reading
from tests.web.wind_fire_board import board_inputs

FORBIDDEN_KEYS = {"hand", "own_identity", "options"}
SYNC_EVERY = 25  # publish this many updates, then wait for the client to have them all


class Secrets:
    """What is hidden at each update: cards never shown yet, identities not revealed."""

    def __init__(self) -> None:
        self.public: set[str] = set()
        self.cards: dict[int, frozenset[str]] = {}
        self.identities: dict[int, dict[int, str]] = {}

    def saw(self, *public: Any) -> None:
        """Everything in the engine's public view and events is public from now on
        (a card used as another, `snatch@D4+sky_halberd@DQ`, shows both cards)."""
        for value in public:
            for text in leaves(value):
                self.public.update(text.split("+"))

    def note(self, seq: int, held: set[str], identities: dict[int, str]) -> None:
        self.cards[seq] = frozenset(held - self.public)
        self.identities[seq] = dict(identities)


def _frame_seq(frame: Frame, connected_at: int) -> int:
    return frame.data.get("seq", connected_at) if frame.event != "hello" else connected_at


def _check_frames(reader: StreamReader, secrets: Secrets, names: SanguoshaNames | None) -> int:
    """Scan every frame against the secrets of its moment; return the frames scanned."""
    # the test has teeth: at the start every card is hidden (later on, reshuffles may
    # have shown each card text once, and then it is public)
    assert len(secrets.cards[0]) > 40
    for frame in reader.frames:
        seq = _frame_seq(frame, 0)
        text = frame.raw.decode("utf-8")
        game_data = {k: v for k, v in frame.data.items() if k != "labels"}  # labels: words
        assert not FORBIDDEN_KEYS & set(keys(game_data)), (seq, frame.event)
        hidden = secrets.cards[seq]
        if names is not None:  # Three Kingdoms Kill: card text or its name in a sentence
            for card in hidden:
                assert card not in text and names.card(card) not in text, (seq, card)
        else:  # Regicide card texts are short ("C8"): compare whole strings only
            shown = set(leaves(game_data))  # the labels name the Jester card as a word
            assert not hidden & shown, (seq, hidden & shown)
        state = frame.data.get("state") or {}
        for seat in state.get("seats") or []:
            if seat.get("identity") is not None:
                assert seat["seat"] not in secrets.identities[seq], (seq, seat)
    return len(reader.frames)


def _sanguosha_secrets(game: SanguoshaGame, secrets: Secrets, seq: int) -> None:
    held = {str(c) for c in game.deck}
    hidden_ids: dict[int, str] = {}
    for seat in range(1, game.n + 1):
        own = game.view(seat)["seats"][seat - 1]
        held.update(own.get("hand", []))
        if own["identity"] is None:
            hidden_ids[seat] = own["own_identity"]
    secrets.note(seq, held, hidden_ids)


@pytest.mark.parametrize(
    ("players", "seed", "lang"),
    [(2, 7, "en"), (4, 4, "es"), (5, 1, "en"), (6, 2, "zh-Hans"), (8, 3, "es"), (10, 5, "zh-Hans")],
)
async def test_whole_sanguosha_games_leak_no_hidden_card_or_identity(
    players: int, seed: int, lang: str
) -> None:
    """No unrevealed identity, hand card or deck card appears in any byte sent while a
    whole digital game (narrated) is played through the server."""
    game = SanguoshaGame.new(players=players, mode="digital", seed=seed)
    narrator, names = Narrator(lang), SanguoshaNames(lang)
    rng = random.Random(seed)
    feed = TableFeed(game.view(), lang=lang)
    secrets = Secrets()
    secrets.saw(game.view())
    _sanguosha_secrets(game, secrets, 0)
    async with TableServer(feed, host="127.0.0.1", port=0) as server:
        async with reading(f"{server.base_url}/events") as reader:
            await reader.until(0)
            while game.outcome is None:
                prompt = game.pending()
                assert prompt is not None
                seat = prompt.seat if prompt.seat is not None else rng.choice(prompt.seats)
                actions = game.legal_actions(seat)
                events = [e.to_json() for e in game.submit(seat, rng.choice(list(actions)))]
                view = game.view()
                secrets.saw(view, events)
                sentences = [narrator.event(e, view) for e in events]
                feed.publish(view, sentences, events)
                _sanguosha_secrets(game, secrets, feed.seq)
                if feed.seq % SYNC_EVERY == 0:
                    await reader.until(feed.seq)
            await reader.until(feed.seq)
            assert reader.frames[-1].data["state"]["status"] == "over"
            assert "summary" in reader.frames[-1].data
    assert _check_frames(reader, secrets, names) == feed.seq + 2  # hello, snapshot, updates


@pytest.mark.parametrize(("players", "seed"), [(1, 4), (2, 5), (4, 6)])
async def test_whole_regicide_games_leak_no_hand_tavern_or_castle_card(
    players: int, seed: int
) -> None:
    """No card in a hand, in the tavern deck or in the castle below the enemy appears in
    anything sent while a whole digital Regicide game is played through the server."""
    game = RegicideGame.new(players=players, mode="digital", seed=seed)
    bot = RandomBot(seed)
    feed = TableFeed(game.view(), lang="en")
    secrets = Secrets()

    def note(seq: int) -> None:
        zones = game.zones()
        held = {str(c) for c in zones["tavern"] + zones["castle"]}
        for seat in range(1, players + 1):
            held.update(game.view(seat)["hand"])
        secrets.note(seq, held, {})

    secrets.saw(game.view())
    note(0)
    async with TableServer(feed, host="127.0.0.1", port=0) as server:
        async with reading(f"{server.base_url}/events") as reader:
            await reader.until(0)
            while game.pending() is not None:
                events = [e.to_json() for e in bot.step(game)]
                view = game.view()
                secrets.saw(view, events)
                feed.publish(view, [], events)
                note(feed.seq)
                if feed.seq % SYNC_EVERY == 0:
                    await reader.until(feed.seq)
            await reader.until(feed.seq)
            assert reader.frames[-1].data["state"]["status"] == "over"
    assert _check_frames(reader, secrets, None) == feed.seq + 2


def test_the_checker_catches_a_leak() -> None:
    """The scan itself works: a frame naming a hidden card or an unrevealed identity fails."""
    secrets = Secrets()
    secrets.note(0, {"kill@S7"}, {2: "rebel"})
    reader = StreamReader()
    names = SanguoshaNames("en")
    leak = Frame(b'data: "Kill \xe2\x99\xa07"\n\n', "update", {"seq": 0})
    reader.frames.append(leak)
    with pytest.raises(AssertionError):
        _check_frames(reader, secrets, names)
    reader.frames[:] = [
        Frame(b"x", "update", {"seq": 0, "state": {"seats": [{"seat": 2, "identity": "rebel"}]}})
    ]
    with pytest.raises(AssertionError):
        _check_frames(reader, secrets, names)


SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
_SUITS = {"♠": "S", "♥": "H", "♣": "C", "♦": "D"}
_CARD_TEXT = re.compile(r"^[SHCD](?:10|[2-9AJQK])$")
_CARD_SHOWN = re.compile(r"([♠♥♣♦])(10|[2-9AJQK])")


def _game_data(frame: Frame) -> dict[str, Any]:
    return {k: v for k, v in frame.data.items() if k != "labels"}  # labels: words


def _cards_in(frame: Frame) -> set[str]:
    """Every Regicide card a frame names: as data (`C8`) or in a sentence (`♣8`)."""
    found = {text for text in leaves(frame.data) if _CARD_TEXT.match(text)}
    text = frame.raw.decode("utf-8")
    return found | {_SUITS[suit] + rank for suit, rank in _CARD_SHOWN.findall(text)}


@pytest.mark.parametrize(
    ("script", "players"), [("regicide_solo.script", 1), ("regicide_3p.script", 3)]
)
async def test_a_regicide_table_game_shows_only_cards_scanned_at_the_table(
    script: str, players: int, tmp_path: Path
) -> None:
    """At a real table the hands, the tavern and the castle are physical: every card any
    frame names (a staged play, the enemy, the cards in play, a sentence) was scanned at
    the table before that frame, and staged plays do reach the page."""
    lines = [
        line.split("#")[0].strip() for line in (SCRIPTS / script).read_text("utf-8").splitlines()
    ]
    scanned_by_seq: dict[int, set[str]] = {0: set()}
    scanned: set[str] = set()
    staged_seen = 0
    with GameLog(tmp_path / "g.sqlite") as log:
        session = Session.start(
            log, game="regicide", players=players, seed=0, settings={}, lang="en"
        )
        async with serve_table(session, "127.0.0.1", 0) as server:
            async with reading(f"{server.base_url}/events") as reader:
                await reader.until(0)
                for line in filter(None, lines):
                    inp = to_input(line)
                    if inp.data.get("code"):
                        scanned.add(inp.data["code"])
                    update = session.commit(inp)
                    staged_seen += bool((update.state.get("pending") or {}).get("staged"))
                    scanned_by_seq[server.feed.seq] = set(scanned)
                await reader.until(server.feed.seq)
    assert staged_seen > 0  # the test has teeth: staged cards were on the page
    assert len(reader.frames) == server.feed.seq + 2  # hello, snapshot, every update
    assert len(set().union(*map(_cards_in, reader.frames))) >= 5  # cards are named at all
    for frame in reader.frames:
        seq = _frame_seq(frame, 0)
        named = _cards_in(frame)
        assert named <= scanned_by_seq[seq], (seq, named - scanned_by_seq[seq])
        assert not FORBIDDEN_KEYS & set(keys(_game_data(frame))), (seq, frame.event)
    staged = [f.data["state"]["pending"].get("staged") for f in reader.frames if f.event == "update"
              and (f.data["state"].get("pending") or {}).get("staged")]  # fmt: skip
    assert staged and all(isinstance(cards, list) for cards in staged)


def test_a_staged_skill_of_the_other_game_is_not_forwarded() -> None:
    """Only a list of card texts passes as `staged`: Three Kingdoms Kill's staged skill
    (its seat, skill and targets) and anything else shaped otherwise stay on the server."""
    skill = {"seat": 2, "skill": "rende", "cards": ["kill@S7"], "targets": [3]}
    for value in (skill, ["S4", 7], "S4"):
        view = {"pending": {"kind": "play", "seat": 2, "staged": value, "left": "6"}}
        assert public_state(view)["pending"] == {"kind": "play", "seat": 2}


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
async def test_zuocis_face_down_huashen_cards_reach_no_page_and_no_other_panel(
    lang: str, tmp_path: Path
) -> None:
    """左慈's face-down 化身 cards (two scanned at his own reader, one then shown) are never
    named in a frame of the table view's stream, as an id or in a sentence, while they are
    face down; nor on another seat's phone panel. The shown one is, and his own panel names
    both."""
    names = SanguoshaNames(lang)
    hidden_at: dict[int, set[str]] = {0: set()}
    with GameLog(tmp_path / "g.sqlite") as log:
        session = Session.start(log, game="sanguosha", players=mountain_board.PLAYERS, seed=0,
                                settings=mountain_board.PACKS, lang=lang)  # fmt: skip
        engine: Any = getattr(session.table.adapter, "engine")  # noqa: B009
        zuoci = engine.player(3)
        async with serve_table(session, "127.0.0.1", 0) as server:
            async with reading(f"{server.base_url}/events") as reader:
                await reader.until(0)
                for inp in board_inputs(mountain_board.SCRIPT):
                    assert session.commit(inp).outcome.accepted  # type: ignore[union-attr]
                    pile = zuoci.piles.get("huashen")
                    shown = (zuoci.marks.get("huashen") or ("",))[0]
                    hidden_at[server.feed.seq] = (
                        {str(g) for g in pile.items} - {shown} if pile else set()
                    )
                await reader.until(server.feed.seq)
        panels = {seat: json.dumps(seat_panel(session, seat, lang), ensure_ascii=False)
                  for seat in range(1, mountain_board.PLAYERS + 1)}  # fmt: skip
    assert hidden_at[server.feed.seq] == {mountain_board.HIDDEN}  # the test has teeth
    assert len(reader.frames) == server.feed.seq + 2  # hello, snapshot, every update
    for frame in reader.frames:
        seq = _frame_seq(frame, 0)
        text = json.dumps(_game_data(frame), ensure_ascii=False)
        for general in hidden_at[seq]:
            assert general not in text and names.general(general) not in text, (seq, general)
    said = json.dumps([_game_data(frame) for frame in reader.frames], ensure_ascii=False)
    assert names.general("zhenji") in said  # the shown one is named once shown
    assert reader.frames[-1].data["state"]["seats"][2]["huashen"]["general"] == "zhenji"
    hidden = names.general(mountain_board.HIDDEN)
    assert hidden in panels[3] and names.general("zhenji") in panels[3]  # his own
    for seat in (1, 2, 4):
        assert hidden not in panels[seat] and names.general("zhenji") in panels[seat], seat
