"""Every message of every catalogue, rendered with representative arguments, checked
for what a native reader would stumble on: placeholders left unfilled, another
language's script (Chinese words in English or Spanish, English words in Chinese),
ASCII punctuation or stray spaces inside Chinese text, and a card, general or skill
name written otherwise than the game writes it (the names `SanguoshaNames` gives,
from one entry per name and language)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib import resources
from typing import Any

import pytest

from companion.narration import Narrator, SanguoshaNames
from companion.narration.messages import catalogue, field_types, glossary, languages
from companion.narration.templates import fields_of, render
from engine.sanguosha import catalogue as game_catalogue

VIEW: dict[str, list[dict[str, Any]]] = {"seats": [{"seat": n, "general": g} for n, g in
                  ((1, "liubei"), (2, "guanyu"), (3, "zhangfei"), (4, "caocao"))]}  # fmt: skip
SAMPLES: dict[str, Any] = {
    "seat": 2, "seats": [2, 3], "card": "kill@S7", "cards": ["kill@S7", "dodge@H2"],
    "card_name": "peach", "general": "guanyu", "skill": "rende", "identity": "rebel",
    "number": 2, "text": "S0DX", "bool": True, "seatno": 3, "ncards": 2, "cause": "judgment",
    "choices": ["spade", "heart"], "suit": "spade", "actions": ["play"], "action": "play",
    "the_card": "kill@S7", "the_cards": ["kill@S7", "dodge@H2"], "the_card_name": "peach",
    "a_card_name": "dodge", "no_card_name": "dodge",
}  # fmt: skip
GENERALS: dict[int, str] = {s["seat"]: s["general"] for s in VIEW["seats"]}
REGICIDE_SAMPLES = {**SAMPLES, "card": "S7", "cards": ["S7", "H2"], "card_name": "S7",
                    "the_card": "S7", "the_cards": ["S7", "H2"], "the_card_name": "S7"}  # fmt: skip
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
CJK_OR_MARK = r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef【】“”‘’…—]"
ASCII_IN_CHINESE = re.compile(rf"(?<={CJK_OR_MARK})[,:;!?()]|[,:;!?()](?={CJK_OR_MARK})")
STRAY_SPACE = re.compile(rf"(?<={CJK_OR_MARK}) +(?={CJK_OR_MARK})")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
LATIN_IN_CHINESE_OK = {"OK", "NO", "UNDO", "companion", "resume", "replay", "export", "play",
                       "enrol", "db", "rule", "lang", "ID", "UID", "QR", "NFC", "BLE", "vs",
                       "A", "J", "Q", "K", "HP", "tags", "reader", "seed", "mode", "v", "KOF"}  # fmt: skip
"""Latin words a Chinese sentence may hold: the reader's printed buttons, command lines
and their flags, technical acronyms, card ranks, 1v1 ('v'), the 1v1 edition's name (KOF)."""
TYPED = ("table.console_help",)
"""Messages that quote what is typed at the console (`scan kill@S7`): their script
words are the syntax itself, not prose."""


def _variants(message: Any) -> Iterator[tuple[str, str]]:
    if isinstance(message, dict):
        for case, sub in [*message["cases"].items(), ("default", message["default"])]:
            for label, variant in _variants(sub):
                yield f"{case}{label}", variant
        return
    for i, variant in enumerate([message] if isinstance(message, str) else message):
        yield f"[{i}]", variant


def _sample(narrator: Narrator, kind: str, game: str) -> Any:
    samples = REGICIDE_SAMPLES if game == "regicide" else SAMPLES
    if kind in samples:
        return samples[kind]
    group = narrator._words.get(kind) or {}
    return next(iter(group), "x")


def rendered(game: str, lang: str, *, with_values: bool = False) -> Iterator[Any]:
    """(key, literal text of the template, the template rendered) for every variant;
    `with_values`: and the text each placeholder was filled with."""
    narrator = Narrator(lang, game)
    types = field_types()
    messages = catalogue(lang, game)
    for section in ("event", "prompt", "reason", "table"):
        for key, message in messages[section].items():
            if section != "table" and not key.startswith(f"{game}."):
                continue
            for label, variant in _variants(message):
                data = {
                    name: _sample(narrator, spec or types.get(name, "text"), game)
                    for name, spec in fields_of(variant)
                }

                values: list[str] = []

                def value(name: str, spec: str, raw: Any, out: list[str] = values) -> str:
                    kind = spec or types.get(name, "text")
                    out.append(narrator._value(kind, raw, GENERALS))
                    return out[-1]

                literal = render(variant, data, lambda n, s, v: "")
                text = render(variant, data, value)
                if with_values:
                    yield f"{section}.{key}{label}", literal, text, values
                else:
                    yield f"{section}.{key}{label}", literal, text


CASES = [(game, lang) for game in ("sanguosha", "regicide") for lang in languages(game)]


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_every_message_renders_with_its_placeholders_filled(game: str, lang: str) -> None:
    """No `{field}` left, no raw id ("kill@S7", "None", "[sanguosha.x]") in any sentence."""
    bad = [
        (key, value)
        for key, _, _, values in rendered(game, lang, with_values=True)
        for value in values
        if re.search(r"[{}]|\bNone\b|\[\w+\.\w+\]|@[SHCD]|^[a-z]+_[a-z_]+$", value)
    ]
    assert not bad, bad


@pytest.mark.parametrize(("game", "lang"), [c for c in CASES if c[1] != "zh-Hans"])
def test_no_chinese_in_a_language_written_in_latin_letters(game: str, lang: str) -> None:
    """English, Spanish and Vietnamese sentences hold no Chinese word ("moves first
    (先手)")."""
    bad = [
        (key, text)
        for key, _, text in rendered(game, lang)
        if CJK.search(text) and not key.startswith(TYPED)
    ]
    assert not bad, bad


@pytest.mark.parametrize("game", ["sanguosha", "regicide"])
def test_chinese_has_full_width_punctuation_no_stray_space_and_no_english(game: str) -> None:
    """In Chinese text: ，：；！？（）, never their ASCII forms next to a Chinese
    character; no space between two Chinese characters; no English word but the
    reader's buttons, command lines and acronyms."""
    bad = []
    for key, literal, text in rendered(game, "zh-Hans"):
        if key.startswith(TYPED):
            continue
        if ASCII_IN_CHINESE.search(text) or STRAY_SPACE.search(text):
            bad.append((key, text))
        words = set(
            LATIN_WORD.findall(re.sub(r"--?[\w-]+|`[^`]*`|\w+\.(?:json|pdf|sqlite)", "", literal))
        )
        if words - LATIN_IN_CHINESE_OK:
            bad.append((key, sorted(words - LATIN_IN_CHINESE_OK)))
    assert not bad, bad


OTHER_EDITIONS = {"水淹七军"}
"""Cards of other editions a message may name (a setting this table does not offer)."""


def _names(lang: str) -> dict[str, str]:
    """Every card, general and skill name the game writes in `lang` -> its id."""
    words = glossary(lang)
    return {
        name: ident
        for group in ("card", "general", "skill")
        for ident, name in words[group].items()
    }


@pytest.mark.parametrize("lang", ["zh-Hans", "en", "es"])
def test_the_glossary_names_every_card_general_skill_and_identity(lang: str) -> None:
    """Every id of the engine's data has its name in the language's glossary (and the
    glossary names nothing the game lacks); the engine's data holds no name of its own,
    so each word has one source."""
    cat = game_catalogue()
    words = glossary(lang)
    for group, table in (("card", cat.cards), ("general", cat.generals),
                         ("skill", cat.skills), ("identity", cat.identities)):  # fmt: skip
        assert set(words[group]) == set(table), (group, set(words[group]) ^ set(table))
        assert all(name.strip() == name and name for name in words[group].values()), group
    for file in ("cards", "generals", "skills", "identities"):
        text = resources.files("engine.sanguosha.data").joinpath(f"{file}.json").read_text("utf-8")
        entries = json.loads(text)[file]
        assert not [e["id"] for e in entries if {"zh", "en", "es"} & set(e)], file


@pytest.mark.parametrize("lang", ["zh-Hans", "en", "es"])
def test_what_the_page_and_the_labels_show_is_the_glossarys(lang: str) -> None:
    """The table page's names and the printed labels' captions are the glossary's."""
    from companion.codes import all_codes, codebook
    from companion.labels import label_text
    from companion.web.labels import labels_for

    words = glossary(lang)
    page = labels_for("sanguosha", lang)
    assert page["cards"] == words["card"] and page["skills"] == words["skill"]
    assert {g: v["name"] for g, v in page["generals"].items()} == words["general"]
    if lang == "es":
        return  # labels print Chinese and English
    book = codebook()
    side = "zh" if lang == "zh-Hans" else "en"
    sets = ("sanguosha", "generals", "identities", "skills")
    refs = [ref for set_name in sets for ref in all_codes(set_name)]
    assert {r.kind for r in refs} == {"card", "general", "identity", "skill"}
    for ref in refs:
        assert getattr(label_text(book, ref), side) == words[ref.kind][ref.id], ref


@pytest.mark.parametrize("lang", ["zh-Hans", "en", "es"])
def test_a_card_name_in_a_message_is_written_as_the_game_writes_it(lang: str) -> None:
    """A card written out in a message's own words is the game's name for it: in
    Chinese every 【name】 is a card's name; in English and Spanish a game name is never
    written with other capitals ("peach" for "Peach")."""
    names = _names(lang)
    bad: list[tuple[str, ...]] = []
    for key, literal, _ in rendered("sanguosha", lang):
        if lang == "zh-Hans":
            bad += [
                (key, n)
                for n in re.findall(r"【([^】]*)】", literal)
                if n not in names and n not in OTHER_EDITIONS
            ]
            continue
        for name in names:
            if len(name) < 4:
                continue
            for found in re.findall(rf"\b{re.escape(name)}\b", literal, re.IGNORECASE):
                if found != name and found.lower() != found:  # a lower-case word is a word
                    bad.append((key, found, name))
    assert not bad, bad


OFFICIAL = {("en", "peach_garden")}
"""Names kept although they begin with another card's: the English edition's own
'Peach Garden' (桃园结义), which is no Peach."""


@pytest.mark.parametrize("lang", ["zh-Hans", "en", "es"])
def test_distinct_cards_have_distinct_names_and_a_kill_is_named_as_a_kill(lang: str) -> None:
    """No two cards share a name, and a card whose name begins with another card's name
    is that card for every rule (a Fire Kill is a Kill; Fire Attack is no Kill, so in
    Spanish 火攻 cannot be 'Ataque ...' when 杀 is 'Ataque')."""
    cards = game_catalogue().cards
    named = glossary(lang)["card"]
    assert len(set(named.values())) == len(named), named
    if lang == "zh-Hans":
        return  # 杀 and 火攻 share no beginning; Chinese names are not built by prefix
    bad = [
        (ident, name, other)
        for ident, name in named.items()
        if (lang, ident) not in OFFICIAL
        for other_id, other in named.items()
        if other_id != ident and name.startswith(other + " ") and cards[ident].counts_as != other_id
    ]
    assert not bad, bad


RETIRED = {"es": ("Ataque ígneo", "ya van"), "en": ("(先手)", "(后手)")}
"""Words a native pass replaced, that no message may bring back: 火攻 was 'Ataque ígneo'
(too near 火杀's 'Ataque de fuego'), 'ya van 1' disagrees ('ya se ha usado 1')."""


@pytest.mark.parametrize("lang", sorted(RETIRED))
def test_no_message_brings_back_a_retired_wording(lang: str) -> None:
    bad = [
        (key, text)
        for game in ("sanguosha", "regicide")
        for key, _, text in rendered(game, lang)
        if any(word in text for word in RETIRED[lang])
    ]
    assert not bad, bad


def test_spanish_speaks_to_a_bare_seat_without_an_article() -> None:
    """A message addressed to a seat with no general yet: "Asiento 1: escanea tu
    general.", not "El asiento 1: ..."; inside a sentence the article stays."""
    es = Narrator("es")
    assert es.prompt({"kind": "choose_general", "seat": 1}, {}) == "Asiento 1: escanea tu general."
    assert es.event({"kind": "identity_revealed", "seat": 1, "identity": "lord"}, {}).startswith(
        "El asiento 1 "
    )
    bad = [text for key, _, text in rendered("sanguosha", "es") if text.startswith("El asiento 2:")]
    assert not bad, bad


def test_a_peach_on_a_dying_player_saves_them() -> None:
    """es 'para salvar a', en 'to save', never 'contra'/'on' for a rescue; zh 使用."""
    view = {"seats": [{"seat": 1, "general": "liubei"}, {"seat": 2, "general": "guanyu"}]}
    event = {"kind": "card_used", "seat": 1, "name": "peach", "cards": ["peach"], "targets": [2]}
    assert Narrator("es").event(event, view) == (
        "Liu Bei (asiento 1) usa el Melocotón para salvar a Guan Yu (asiento 2)."
    )
    assert (
        Narrator("en").event(event, view) == "Liu Bei (seat 1) uses Peach to save Guan Yu (seat 2)."
    )
    assert Narrator("zh-Hans").event(event, view) == "1号位刘备对2号位关羽使用【桃】。"


def test_chinese_uses_a_dodge_and_plays_a_kill() -> None:
    """使用 for 闪 (asked for, or declined), 打出 for a 杀 answering 决斗 or 南蛮入侵."""
    zh = Narrator("zh-Hans")
    view = {"seats": [{"seat": 1, "general": "liubei"}, {"seat": 2, "general": "guanyu"}]}
    dodge = {"kind": "respond", "seat": 2, "seats": [2], "need": "dodge", "source": 1,
             "card": "kill@S7", "reason": "kill"}  # fmt: skip
    assert zh.prompt(dodge, view) == "2号位关羽：请使用【闪】抵消1号位刘备的【杀】♠7，或按取消。"
    declined = {"kind": "response_declined", "seat": 2, "need": "dodge", "against": "kill"}
    assert zh.event(declined, view) == "2号位关羽不使用【闪】抵消【杀】。"
    duel = {**dodge, "need": "kill", "card": "duel@SA", "reason": "duel"}
    assert "打出【杀】" in zh.prompt(duel, view)
    bad = [
        (key, text)
        for key, literal, text in rendered("sanguosha", "zh-Hans")
        if re.search(r"打出【(闪|桃|酒)】", literal)
    ]
    assert not bad, bad


def test_spanish_writes_a_card_with_its_article_and_every_card_has_one() -> None:
    """'usa la Esquiva ♥2 contra el Ataque', not 'usa Esquiva ♥2 contra Ataque': the
    glossary gives every card its definite article (empty for a name that takes none)."""
    articles = glossary("es")["articles"]
    missing = sorted(set(game_catalogue().cards) - set(articles))
    assert not missing, f"glossary.es.json articles lacks {missing}"
    assert set(articles.values()) <= {"", "el", "la", "los", "las"}
    es = Narrator("es")
    view = {"seats": [{"seat": 1, "general": "liubei"}, {"seat": 2, "general": "guanyu"}]}
    dodge = {"kind": "card_used", "seat": 2, "name": "dodge", "cards": ["dodge@H2"],
             "against": "kill"}  # fmt: skip
    assert es.event(dodge, view) == "Guan Yu (asiento 2) usa la Esquiva ♥2 contra el Ataque."
    axe = {"kind": "equipment_equipped", "seat": 1, "card": "stone_axe@D5"}
    assert es.event(axe, view) == "Liu Bei (asiento 1) se equipa con el Hacha rompepiedras ♦5."


def test_a_spanish_verb_agrees_with_a_card_named_in_the_plural() -> None:
    """'los Ocho trigramas ♠2 ya están en el descarte', 'los Placeres de Shu ♥6 se quedan',
    but 'el Ataque ♠7 ya está': a `{card:está|están}` placeholder picks the verb's form by
    the card's article (the glossary's `number`); the catalogue check accepts it."""
    es = Narrator("es")
    view = {"seats": [{"seat": 1, "general": "liubei"}, {"seat": 2, "general": "huatuo"}]}
    for card, said in [
        ("eight_diagrams@S2", "Los Ocho trigramas ♠2 ya están en el descarte."),
        ("twin_swords@S2", "Las Espadas gemelas ♠2 ya están en el descarte."),
        ("kill@S7", "El Ataque ♠7 ya está en el descarte."),
    ]:
        refusal = {"reason": "card_elsewhere", "card": card, "zone": "discard"}
        assert es.refusal(refusal, view) == said
    kept = {"reason": "not_from_judgment", "card": "indulgence@H6", "seat": 2,
            "why": "dismantle_v11"}  # fmt: skip
    assert "los Placeres de Shu ♥6 se quedan en la de Hua Tuo" in es.refusal(kept, view)
    assert glossary("es")["number"] == {"los": "plural", "las": "plural"}


def test_the_pages_chinese_words_have_chinese_punctuation() -> None:
    """The table page and the phone page in Chinese: full-width punctuation, no stray
    space (their templates carry it: "等待{who}：{what}", "{n}号位")."""
    from companion.web.labels import phone_words, ui_text

    words = {**ui_text()["zh-Hans"], **{f"phone.{k}": v for k, v in phone_words("zh-Hans").items()}}
    bad = {
        key: text
        for key, text in words.items()
        if ASCII_IN_CHINESE.search(text) or STRAY_SPACE.search(text) or re.search(
            rf"(?<={CJK_OR_MARK}) +\{{|\}} +(?={CJK_OR_MARK})", text)
    }  # fmt: skip
    assert not bad, bad


CARD_KINDS = ("card", "cards", "card_name")
BARE_BEFORE = re.compile(r"(\(|: |, |como )$")
"""Where Spanish names a card without an article: in parentheses ('(Ataque ♠7)'), as a
label or a list after a colon or comma, and after 'como' ('usa ... como Ataque'); also
a label that opens a message ('Ocho trigramas: sale rojo')."""


def test_spanish_names_a_card_inside_a_sentence_with_an_article() -> None:
    """In every Spanish message a card placeholder inside a sentence is written with
    an article ('juega un Ataque', 'el Ataque ♠7 ya está en el descarte', 'ningún
    Ataque'), never bare ('juega Ataque', 'Ataque ♠7 ya está...'); bare only where
    Spanish writes none (BARE_BEFORE)."""
    types = field_types()
    bare = []
    for section in ("event", "prompt", "reason", "table"):
        for key, message in catalogue("es", "sanguosha")[section].items():
            if section != "table" and not key.startswith("sanguosha."):
                continue
            for label, variant in _variants(message):
                for name, spec in fields_of(variant):
                    kind = spec or types.get(name, "text")
                    found = re.search(
                        rf"\{{{name}(:{spec})?\}}" if spec else rf"\{{{name}\}}", variant
                    )
                    if kind not in CARD_KINDS or found is None:
                        continue
                    label_first = found.start() == 0 and variant[found.end() :].startswith(":")
                    if not label_first and not BARE_BEFORE.search(variant[: found.start()]):
                        bare.append((f"{section}.{key}{label}", variant))
    assert not bare, bare


@pytest.mark.parametrize("card", sorted(game_catalogue().cards))
def test_every_spanish_card_takes_its_own_article_in_a_sentence(card: str) -> None:
    """Each card, in the sentences that name it with an article, has the article of its
    gender and number from the glossary (el Ataque, la Esquiva, los Placeres de Shu), a
    contraction after 'de' and 'a' (del, al), the indefinite (un, una) when asked for
    and the negative (ningún, ninguna) when declined; a name that takes none is bare."""
    es = Narrator("es")
    words = glossary("es")
    article, name = words["articles"][card], words["card"][card]
    cat = game_catalogue()
    physical = next(c.text for c in cat.deck + cat.ex_deck + cat.maneuvering_deck if c.name == card)
    suit_rank = SanguoshaNames("es").card(physical).rsplit(" ", 1)[1]
    view = {"seats": [{"seat": 1, "general": "liubei"}, {"seat": 2, "general": "guanyu"}]}
    undone = es.table("undone", view, seat=1, card=physical)
    in_place = es.refusal({"reason": "card_elsewhere", "card": physical, "zone": "discard"}, view)
    asked = es.prompt({"kind": "respond", "seat": 2, "seats": [2], "need": card}, view)
    declined = es.event({"kind": "response_declined", "seat": 2, "need": card}, view)
    shown = f"{name} {suit_rank}"
    if not article:
        assert f"escaneó {shown}." in undone and in_place.startswith(f"{shown} ya está"), undone
        assert f"a {name}," in asked and f"no juega {name}." in declined, (asked, declined)
        return
    contracted = {"el": "del"}.get(article, f"de {article}")
    target = es.prompt({"kind": "choose_target", "seat": 1, "card": physical}, view)
    assert f"escaneó {article} {shown}." in undone, undone
    verb = "están" if article in ("los", "las") else "está"  # the verb agrees with the card
    assert in_place.startswith(f"{article.capitalize()} {shown} ya {verb} "), in_place
    assert f"el objetivo {contracted} {shown}" in target, target
    indefinite, negative = words["indefinite"][article], words["negative"][article]
    assert f"{indefinite} {name}" in asked, asked
    assert f"no juega {negative} {name}." in declined or f"no usa {negative} {name}." in declined


def test_a_card_asked_for_reads_as_one_card_in_every_language() -> None:
    """English asks for 'a Kill' and declines with 'no Kill' (card names otherwise go
    bare: 'uses Kill ♠7'); and when either of two cards will do (a dying player scanning
    a Kill: the engine's `wrong_card` with need "peach|wine"), each language names both,
    never the raw ids ('需要peach|wine' before)."""
    view = {"seats": [{"seat": 1, "general": "liubei"}, {"seat": 2, "general": "guanyu"}]}
    wrong = {"reason": "wrong_card", "card": "kill@S7", "need": "peach|wine"}
    assert {lang: Narrator(lang).refusal(wrong, view) for lang in ("en", "es", "zh-Hans")} == {
        "en": "Kill ♠7 does not answer: a Peach or a Wine is needed.",
        "es": "El Ataque ♠7 no sirve: hace falta un Melocotón o un Vino.",
        "zh-Hans": "【杀】♠7不能响应：需要【桃】或【酒】。",
    }
    en = Narrator("en")
    asked = {"kind": "respond", "seat": 2, "seats": [2], "need": "kill", "source": 1,
             "card": "duel@S1"}  # fmt: skip
    assert en.prompt(asked, view) == (
        "Guan Yu (seat 2): play a Kill against Duel from Liu Bei (seat 1), or NO."
    )
    declined = {"kind": "response_declined", "seat": 2, "need": "kill", "against": "duel"}
    assert en.event(declined, view) == "Guan Yu (seat 2) plays no Kill against the Duel."
