"""Narration: catalogues complete in every language, sentences written the language's way."""

from __future__ import annotations

import pytest

from companion.narration import LANGUAGES, MessageError, Narrator, messages
from companion.narration.messages import validate
from engine.sanguosha.reasons import REASONS

VIEW = {"seats": [{"seat": 1, "general": "caocao"}, {"seat": 3, "general": "lvbu"}]}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_reason_has_a_sentence(lang: str) -> None:
    """Each Three Kingdoms Kill refusal reason has a message in every language."""
    missing = sorted(r for r in REASONS if f"sanguosha.{r}" not in messages(lang)["reason"])
    assert missing == []


@pytest.mark.parametrize("section", ["format", "event", "prompt", "reason", "table"])
def test_languages_have_the_same_keys(section: str) -> None:
    """The three catalogues define exactly the same messages, so none lacks a translation."""
    keys = {lang: set(messages(lang)[section]) for lang in LANGUAGES}
    for lang in LANGUAGES:
        assert keys[lang] == keys["en"], f"{lang} {section}: {keys[lang] ^ keys['en']}"


def test_names_groups_match_across_languages() -> None:
    """Every word group (buttons, phases, sides...) has the same words in every language."""
    names = {lang: messages(lang)["names"] for lang in LANGUAGES}
    for lang in LANGUAGES:
        assert {g: set(w) for g, w in names[lang].items()} == {
            g: set(w) for g, w in names["en"].items()
        }


def test_out_of_range_refusal_explains_why_in_three_languages() -> None:
    """A Kill out of range is explained with the distance and attack range, in each language."""
    error = {
        "reason": "out_of_range",
        "card": "kill@S7",
        "source": 1,
        "target": 3,
        "distance": 3,
        "attack_range": 2,
    }
    assert Narrator("en").refusal(error, VIEW) == (
        "Lü Bu (seat 3) is out of range: distance 3, attack range 2."
    )
    assert Narrator("zh-Hans").refusal(error, VIEW) == "3号位吕布不在攻击范围内：距离3，攻击范围2。"
    assert Narrator("es").refusal(error, VIEW) == (
        "Lü Bu (asiento 3) está fuera de alcance: distancia 3, alcance de ataque 2."
    )


def test_lists_of_seats_use_the_language_conjunction() -> None:
    """A list of seats is joined with 'and', 'y' or '和', seats without a general shown bare."""
    error = {"reason": "wrong_seat", "seat": 3, "expected": [1, 2, 4]}
    assert Narrator("en").refusal(error, VIEW).endswith("Cao Cao (seat 1), seat 2 and seat 4.")
    assert (
        Narrator("es")
        .refusal(error, VIEW)
        .endswith("Cao Cao (asiento 1), el asiento 2 y el asiento 4.")
    )
    assert "1号位曹操、2号位和4号位" in Narrator("zh-Hans").refusal(error, VIEW)


def test_variant_without_missing_field_is_chosen() -> None:
    """When the data lacks a field, the message variant that does not need it is used."""
    assert Narrator("en").refusal({"reason": "wrong_seat", "seat": 3}, VIEW) == (
        "Lü Bu (seat 3) may not decide now."
    )


def test_cards_are_named_with_suit_and_rank() -> None:
    """A card is written with its localised name, suit symbol and rank."""
    error = {"reason": "duplicate_card", "card": "peach@HQ"}
    assert Narrator("en").refusal(error) == "Peach ♥Q was already scanned."
    assert Narrator("zh-Hans").refusal(error) == "【桃】♥Q已经扫描过了。"
    assert Narrator("es").refusal(error) == "El Melocotón ♥Q ya se escaneó."


def test_an_unknown_kind_still_gives_a_sentence() -> None:
    """An event kind with no message yields its name and data instead of an exception."""
    assert (
        Narrator("en").event({"kind": "no_such_event", "seat": 2})
        == "[sanguosha.no_such_event] seat=2"
    )


@pytest.mark.parametrize(
    ("message", "problem"),
    [
        ("{source} plays {card", "bad placeholder|expected|Single"),
        ("{nobody_knows_me} wins", "no type"),
        ("{target:colour} wins", "unknown type"),
        (["ok", 3], "expected a template"),
    ],
)
def test_a_bad_template_names_the_file_and_key(message: object, problem: str) -> None:
    """A malformed template is refused at load, naming the file and the message key."""
    data: dict[str, dict[str, object]] = {
        s: {} for s in ("names", "event", "prompt", "reason", "table")
    }
    data["format"] = dict(messages("en")["format"])
    data["event"]["sanguosha.broken"] = message
    with pytest.raises(MessageError, match=rf"x\.json: event\.sanguosha\.broken: .*({problem})"):
        validate("x.json", data)


def test_an_unknown_language_is_refused() -> None:
    """Asking for a language we do not narrate raises ValueError naming the choices."""
    with pytest.raises(ValueError, match="zh-Hans"):
        Narrator("fr")


def test_zhiji_names_the_option_chosen_in_three_languages() -> None:
    """志继's choice is narrated by the option's wording, not its id (it said "draw_2")."""
    event = {"kind": "option_chosen", "seat": 3, "option": "draw_2", "reason": "zhiji"}
    view = {"seats": [{"seat": 3, "general": "jiangwei"}]}
    assert (
        Narrator("en").event(event, view)
        == "Jiang Wei (seat 3) chooses to draw 2 cards (Carry On)."
    )
    assert Narrator("zh-Hans").event(event, view) == "3号位姜维选择摸两张牌（志继）。"
    assert "robar 2 cartas" in Narrator("es").event(event, view)
