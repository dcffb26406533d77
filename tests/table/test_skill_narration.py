"""The narration of skill-heavy games, in every language: every event and prompt reads as
a sentence (no raw ids, no fallback), and what a skill keeps hidden stays unnamed.

Seeded digital games where the generals whose skills move hidden cards (Zhuge Liang's
Guanxing, Guo Jia's Yiji, Zhang Liao's Tuxi, Liu Bei's Rende...) are chosen whenever
offered; random legal actions otherwise. Prompts are narrated from `Prompt.to_json()`,
as the session narrates them, so a private option (Guanxing's cards) is in the data
and must not reach a sentence.
"""

from __future__ import annotations

import random
import re
from collections import Counter

from companion.narration import LANGUAGES, Narrator
from engine.sanguosha import Game, Settings, catalogue
from engine.sanguosha import skills as _skills  # noqa: F401  (registers the generals' skills)

GAMES = 36
PREFERRED = ("zhugeliang", "guojia", "zhangliao", "liubei", "zhouyu", "simayi", "daqiao")
HIDING = {"guanxing", "yiji", "tuxi", "rende"}
"""Skills whose cards are seen by one player only (looked at, given or taken face down)."""
SUIT = re.compile("[♠♥♣♦]")
RAW = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b|\b[a-z]+\b")


def _raw_ids(lang: str) -> set[str]:
    """Ids that must never show in a sentence: skills, generals and card ids (in English
    only the two-word ones: "does not dodge" is a sentence)."""
    cat = catalogue()
    cards = {c for c in cat.cards if lang != "en" or "_" in c}
    return set(cat.skills) | set(cat.generals) | cards


def _sentences(seed: int, seen: Counter) -> list[tuple[str, str, str, str]]:
    """One game's (language, about, where, sentence) for every event and prompt."""
    narrators = [Narrator(lang) for lang in LANGUAGES]
    game = Game.new(players=4 + seed % 5, seed=seed, settings=Settings(auto_decline=seed % 2 == 0))
    rng = random.Random(seed)
    out = []
    steps = 0
    while game.outcome is None and steps < 20_000:
        prompt = game.pending()
        assert prompt is not None  # the game is not over
        data = prompt.to_json()
        seen[f"prompt:{data.get('reason')}"] += 1
        for n in narrators:
            out.append(
                (
                    n.lang,
                    str(data.get("reason")),
                    f"prompt {data['kind']}",
                    n.prompt(data, game.view()),
                )
            )
        seat = prompt.seat if prompt.seat is not None else rng.choice(prompt.seats)
        actions = game.legal_actions(seat)
        liked = [a for a in actions if getattr(a, "general", None) in PREFERRED]
        action = liked[0] if liked else actions[rng.randrange(len(actions))]
        events = game.submit(seat, action)
        view = game.view()
        for event in events:
            e = event.to_json()
            about = str(e.get("skill") or e.get("reason"))
            seen[f"{e['kind']}:{about}"] += 1
            for n in narrators:
                out.append((n.lang, about, f"event {e['kind']}", n.event(e, view)))
        steps += 1
    return out


def test_skill_heavy_games_read_as_sentences_and_keep_hidden_cards_unnamed() -> None:
    """Across seeded skill-heavy games, in zh-Hans, en and es: no sentence falls back to the
    raw message key or shows a raw id, and no sentence about Guanxing, Yiji, Tuxi or Rende
    names a card."""
    seen: Counter = Counter()
    raw = {lang: _raw_ids(lang) for lang in LANGUAGES}
    problems = []
    for seed in range(GAMES):
        for lang, about, where, sentence in _sentences(seed, seen):
            if sentence.startswith("[") or "{" in sentence:
                problems.append((lang, where, sentence))
            if any(word in raw[lang] for word in RAW.findall(sentence)):
                problems.append((lang, where, sentence))
            if about in HIDING and SUIT.search(sentence):
                problems.append((lang, where, sentence))
    assert problems == []
    for shown in ("prompt:guanxing", "deck_arranged:guanxing", "hand_cards_given:yiji",
                  "card_taken:tuxi", "hand_cards_given:rende", "prompt:fanjian"):  # fmt: skip
        assert seen[shown] > 0, shown
