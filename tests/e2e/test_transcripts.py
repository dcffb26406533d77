"""What the table and its transcripts say: one sentence per thing, counts in words,
a copy of a card named the same way everywhere (script, console, export)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.codes import resolve_token
from companion.narration import Narrator
from companion.narration.messages import languages
from tests.scripted_play import SCRIPTS

SETUP = "@1 scan lord\n@1 scan liubei\n@2 scan guanyu\n@3 scan zhaoyun\n@4 scan huanggai\n@5 scan huatuo\n"


def _play(tmp_path: Path, text: str, lang: str = "en") -> tuple[Path, list[str]]:
    script = tmp_path / f"{lang}.script"
    script.write_text(text, "utf-8")
    db = tmp_path / f"{lang}.sqlite"
    argv = ["play", "--players", "5", "--reader", "sim", "--script", str(script), "--db",
            str(db), "--lang", lang, "--tags", str(tmp_path / "tags.json")]  # fmt: skip
    assert main(argv) == 0
    return db, []


def _export(db: Path, capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    assert main(["export", "1", "--db", str(db), "--format", "text"]) == 0
    return capsys.readouterr().out


def test_a_copy_of_a_card_is_named_with_a_slash_in_scripts_and_exports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`kill@S8/2` (the second ♠8 Kill) works in a script line, where `#2` would be a
    comment, and the export writes it back the same way."""
    assert resolve_token("kill@S8/2").copy == 2 and resolve_token("rebel/3").copy == 3
    assert resolve_token("kill@S8/2").code != resolve_token("kill@S8").code
    db, _ = _play(tmp_path, SETUP + "@1 scan kill@S8/2   # the second Kill ♠8\n@1 scan guanyu\n")
    out = capsys.readouterr().out
    assert "Liu Bei (seat 1) uses Kill ♠8 on Guan Yu (seat 2)." in out
    lines = [line.split("#")[0].strip() for line in _export(db, capsys).splitlines()]
    assert "@1 scan kill@S8/2" in lines


def test_the_transcript_has_no_line_for_a_card_lifted_off_the_reader(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A reader reports each card lifted off it; that changes nothing and the
    transcript does not write it ("@* remove ... ignored" after every scan)."""
    db, _ = _play(tmp_path, (SCRIPTS / "kill.script").read_text("utf-8"))
    text = _export(db, capsys)
    assert "remove" not in text and "ignored" not in text
    assert "@1 scan kill@S7" in text


EQUIPS = {"en": "Dilu ♣5", "es": "Dilu ♣5", "zh-Hans": "【的卢】♣5"}


@pytest.mark.parametrize("lang", sorted(EQUIPS))
def test_equipment_is_announced_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    """Equipping Dilu is one sentence ("equips"), not "uses Dilu" then "equips Dilu"."""
    _play(tmp_path, SETUP + "@1 scan dilu@C5\n@1 scan zhuahuangfeidian@HK\n", lang)
    said = [line for line in capsys.readouterr().out.splitlines() if EQUIPS[lang] in line]
    # "equips Dilu", then "equips Zhuahuang Feidian, replacing Dilu": no "uses", no
    # "discards Dilu (replaced)"
    assert len(said) == 2, said


@pytest.mark.parametrize(
    ("players", "en", "es"),
    [
        (2, "shuffle the tavern deck without Jesters", "baraja la Taberna sin Bufones"),
        (3, "shuffle the tavern deck with one Jester", "baraja la Taberna con un Bufón"),
        (4, "shuffle the tavern deck with 2 Jesters", "baraja la Taberna con 2 Bufones"),
    ],
)
def test_regicide_counts_jesters_in_words(players: int, en: str, es: str) -> None:
    """No "0 Jester(s)": the number of Jesters is written as the language says it."""
    event = {"kind": "game_started", "players": players, "jesters_in_tavern": players - 2,
             "max_hand": 7, "tavern_count": 20, "jester_flips": 0}  # fmt: skip
    assert en in Narrator("en", "regicide").event(event)
    assert es in Narrator("es", "regicide").event(event)


def test_no_catalogue_writes_a_plural_in_brackets() -> None:
    """No message of any catalogue says "card(s)", "Jester(s)", "carta(s)", "Bufón(es)"."""
    data = Path(__file__).resolve().parents[2] / "companion" / "narration" / "data"
    for path in sorted(data.glob("*.json")):
        messages = {k: v for k, v in json.loads(path.read_text("utf-8")).items() if k != "_comment"}
        text = json.dumps(messages, ensure_ascii=False)
        for mark in ("(s)", "(es)"):
            assert mark not in text, f"{path.name}: {mark}"
    assert "vi" in languages("regicide")
