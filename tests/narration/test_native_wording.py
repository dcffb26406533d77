"""Wording a native reader expects (zh-Hans as the rulebooks write it, Spanish grammar)."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from companion.game.console import render_table_view
from companion.narration import Narrator
from companion.narration.messages import catalogue, glossary
from tests.table.harness import TableHarness

VIEW = {
    "seats": [
        {"seat": 1, "general": "caocao"},
        {"seat": 2, "general": "guanyu"},
        {"seat": 3, "general": "zhaoyun"},
    ]
}


def test_chinese_writes_card_names_in_brackets_and_who_killed_whom() -> None:
    zh = Narrator("zh-Hans")
    assert zh.names.card("kill@S7") == "【杀】♠7" and zh.names.card_name("peach") == "【桃】"
    assert zh.names.skill("wusheng") == "武圣"  # a skill's name has no brackets
    died = {"kind": "player_died", "seat": 2, "killer": 3}
    assert zh.event(died, VIEW) == "2号位关羽被3号位赵云杀死。"
    target = {"kind": "choose_target", "seat": 1, "card": "kill@S7", "reason": "kill"}
    assert zh.prompt(target, VIEW).endswith("（按取消撤回）。")


def test_chinese_nullification_names_the_card_and_its_target_not_an_owner() -> None:
    """Not "对2号位关羽的【过河拆桥】" (Guan Yu's Dismantle): the card is used on him."""
    prompt = {"kind": "nullify", "seats": [1, 2], "source": 1, "target": 2,
              "card": "dismantle@S3", "timeout_s": 5}  # fmt: skip
    said = Narrator("zh-Hans").prompt(prompt, VIEW)
    assert said.startswith("【过河拆桥】♠3即将对2号位关羽生效，是否使用【无懈可击】？")
    assert "尚未表态：1号位曹操和2号位关羽" in said


def test_spanish_articles_agreement_and_phases() -> None:
    es = Narrator("es")
    assert es.event(
        {"kind": "identity_revealed", "seat": 1, "identity": "lord", "inferred": False}
    ) == ("El asiento 1 es el Señor.")
    assert es.event(
        {"kind": "identity_revealed", "seat": 4, "identity": "rebel", "inferred": False}
    ) == ("El asiento 4 es Rebelde.")
    equipped = {"kind": "equipment_equipped", "seat": 1, "card": "dilu@C5", "slot": "plus_horse"}
    assert es.event(equipped, VIEW) == "Cao Cao (asiento 1) se equipa con Dilu ♣5."
    hit = {"kind": "damage_dealt", "source": 1, "target": 2, "amount": 1, "nature": "normal",
           "card": "kill", "hp_before": 4, "hp_after": 3}  # fmt: skip
    assert es.event(hit, VIEW).endswith("le quedan 3 de vida.")
    assert es.event({**hit, "hp_after": 1}, VIEW).endswith("le queda 1 de vida.")
    phase = {"kind": "phase_started", "seat": 1, "phase": "finish"}
    assert es.event(phase, VIEW) == "Cao Cao (asiento 1): fase final."
    wrong = {"reason": "wrong_seat", "seat": 5, "expected": [4]}
    assert es.refusal(wrong).endswith("se espera al asiento 4.")


# --- the native-quality pass (issue 17, item 24) ---

WOMEN = {"seats": [{"seat": 1, "general": "caocao"}, {"seat": 2, "general": "zhenji"}]}


def test_chinese_judgments_dying_and_reshuffle_use_the_rulebook_terms() -> None:
    """判定结果 / 视为使用或打出了一张【闪】 / 进入濒死状态 / 洗混后形成新的牌堆, as the
    rulebook and the card texts say them (not "视为闪避", "濒死（", "洗混成为")."""
    zh = Narrator("zh-Hans")
    bagua = {"kind": "judgment_settled", "seat": 2, "reason": "eight_diagrams",
             "success": True, "card": "peach@H3"}  # fmt: skip
    assert zh.event(bagua, WOMEN) == (
        "2号位甄姬的【八卦阵】判定结果为【桃】♥3（红色），视为使用或打出了一张【闪】。"
    )
    indulgence = {**bagua, "reason": "indulgence", "success": False}
    assert (
        zh.event(indulgence, WOMEN) == "2号位甄姬的【乐不思蜀】判定结果为【桃】♥3（红桃），未生效。"
    )
    dying = {"kind": "player_dying", "seat": 2, "hp": 0}
    assert zh.event(dying, WOMEN).startswith("2号位甄姬进入濒死状态（体力0）")
    assert zh.event({"kind": "player_rescued", "seat": 2, "hp": 1}, WOMEN) == (
        "2号位甄姬脱离濒死状态，体力1。"
    )
    assert zh.event({"kind": "deck_reshuffled", "count": 30}) == (
        "牌堆已用完：将弃牌堆洗混后形成新的牌堆，共30张牌。"
    )


def test_chinese_discards_and_takes_say_what_was_seen() -> None:
    """No coined "暗弃"; a card taken from a hand is "一张手牌", from an area "装备区里的"."""
    zh = Narrator("zh-Hans")
    discarded = {"kind": "cards_discarded", "seat": 2, "cards": ["kill@S7"], "unseen": 2,
                 "reason": "discard_phase"}  # fmt: skip
    assert zh.event(discarded, WOMEN) == "2号位甄姬弃置【杀】♠7，另弃置2张牌，未亮出（弃牌阶段）。"
    taken = {"kind": "card_taken", "seat": 2, "source": 1, "zone": "hand", "card": None,
             "reason": "tuxi"}  # fmt: skip
    assert zh.event(taken, WOMEN) == "2号位甄姬获得1号位曹操的一张手牌（突袭）。"
    snatched = {**taken, "zone": "equipment", "card": "dilu@C5", "reason": "snatch"}
    assert (
        zh.event(snatched, WOMEN) == "2号位甄姬获得1号位曹操装备区里的【的卢】♣5（【顺手牵羊】）。"
    )


def test_chinese_refusals_name_the_buttons_and_the_phase_in_chinese() -> None:
    """确定/取消/撤销, never NO or UNDO; "出牌阶段", not "现在（出牌）"; the table mode is
    named, not written as the id "table"."""
    zh = Narrator("zh-Hans")
    pending = zh.refusal({"reason": "targets_pending", "seat": 1}, WOMEN)
    assert pending == "1号位曹操正在选择目标：请先完成出牌或按取消撤回，再更正。"
    decision = zh.refusal({"reason": "decision_pending", "seat": 1, "prompt": "x"}, WOMEN)
    assert "UNDO" not in decision and "按撤销" in decision
    dodge = {"reason": "not_playable_now", "card": "dodge", "phase": "play"}
    assert zh.refusal(dodge).endswith("现在（出牌阶段）不能使用。")
    assert zh.refusal({**dodge, "card": "x"}) == "现在（出牌阶段）不能主动使用x。"
    table = zh.refusal({"reason": "mode_only", "action": "confirm", "mode": "table"})
    assert "table" not in table and "实体牌桌模式" in table


def test_spanish_dodge_is_a_noun_and_words_fit_every_general() -> None:
    """ "2 Esquivas", "una Esquiva" (the card), never the verb "Esquivar"; words that fit
    Zhen Ji as well as Cao Cao (no "moribundo", "herido", "muerto")."""
    es = Narrator("es")
    wushuang = {"kind": "respond", "seat": 2, "need": "dodge", "reason": "kill", "count": 2,
                "source": 1, "card": "kill@S7"}  # fmt: skip
    assert es.prompt(wushuang, WOMEN) == (
        "Zhen Ji (asiento 2): hacen falta 2 Esquivas contra el Ataque ♠7 de Cao Cao (asiento 1): "
        "escanea la primera, o NO."
    )
    tieqi = {"kind": "confirm", "seat": 1, "reason": "tieqi", "target": 2}
    assert "no puede jugar una Esquiva contra este Ataque" in es.prompt(tieqi, WOMEN)
    bagua = {"kind": "judgment_settled", "seat": 2, "reason": "eight_diagrams",
             "success": True, "card": "peach@H3"}  # fmt: skip
    assert es.event(bagua, WOMEN) == (
        "Ocho trigramas: sale rojo (Melocotón ♥3); cuenta como una Esquiva de Zhen Ji (asiento 2)."
    )
    dying = {"kind": "respond", "seat": 2, "need": "peach|wine", "reason": "dying"}
    assert es.prompt(dying, WOMEN) == (
        "Zhen Ji (asiento 2): estás agonizando: escanea un Melocotón o un Vino, o NO."
    )
    full = {"reason": "not_wounded", "seat": 2, "hp": 3, "max_hp": 3}
    assert es.refusal(full, WOMEN) == "Zhen Ji (asiento 2) no ha perdido vida (3/3)."
    assert es.refusal({"reason": "target_dead", "target": 2}, WOMEN) == (
        "Zhen Ji (asiento 2) ya ha muerto."
    )
    # "Ataque" is masculine: no "a quien la usa"
    assert es.refusal({"reason": "cannot_target_self", "card": "duel@SA"}) == (
        "Nadie puede usar el Duelo ♠A sobre sí mismo."
    )


def test_spanish_word_order_tense_and_the_table_mode() -> None:
    """A card used as another is "(como Ataque)" after its owner; the lord "ha
    matado"; the table mode is named, not written as the id "table"."""
    es = Narrator("es")
    wusheng = {"kind": "respond", "seat": 2, "need": "dodge", "reason": "kill", "source": 1,
               "card": "peach@H3"}  # fmt: skip
    assert es.prompt(wusheng, WOMEN) == (
        "Zhen Ji (asiento 2): usa una Esquiva contra el Melocotón ♥3 de Cao Cao (asiento 1) "
        "(como Ataque), o NO."
    )
    penalty = {"kind": "penalty_applied", "seat": 1, "victim": 2}
    assert es.event(penalty, WOMEN) == (
        "Cao Cao (asiento 1), el señor, ha matado a un leal (Zhen Ji (asiento 2)): "
        "descarta toda su mano y su equipo."
    )
    table = es.refusal({"reason": "mode_only", "action": "confirm", "mode": "table"})
    assert table.endswith("solo existe en partidas con cartas reales en la mesa.")
    assert "(UNDO)" not in es.refusal({"reason": "decision_pending", "seat": 1, "prompt": "x"})


def test_english_names_the_phase_and_the_table_mode() -> None:
    en = Narrator("en")
    dodge = {"reason": "not_playable_now", "card": "dodge", "phase": "play"}
    assert en.refusal(dodge).endswith("it cannot be played now (play phase).")
    table = en.refusal({"reason": "mode_only", "action": "confirm", "mode": "table"})
    assert table.endswith("is only for games played with real cards at the table.")


def _templates(message: object) -> list[str]:
    """Every template string of a message (a string, a list of variants, or cases)."""
    if isinstance(message, str):
        return [message]
    if isinstance(message, list):
        return [t for m in message for t in _templates(m)]
    if isinstance(message, dict):
        return [t for m in [*message["cases"].values(), message["default"]] for t in _templates(m)]
    return []


def _all_templates(lang: str, game: str) -> list[str]:
    book = catalogue(lang, game)
    return [t for s in ("event", "prompt", "reason", "table") for m in book[s].values()
            for t in _templates(m)]  # fmt: skip


# named in a refusal of a 1v1 deck this game does not have, so not in the catalogue
_CARDS_NOT_IN_THE_GAME = {"水淹七军"}


@pytest.mark.parametrize("game", ["sanguosha", "regicide"])
def test_every_chinese_card_name_in_brackets_is_the_catalogues(game: str) -> None:
    """A card a Chinese sentence names itself (【桃】, 【火杀】) has the catalogue's name, so
    the narration and the cards agree (not "火【杀】" for 【火杀】)."""
    names = set(glossary("zh-Hans")["card"].values()) | _CARDS_NOT_IN_THE_GAME
    written = {m for t in _all_templates("zh-Hans", game) for m in re.findall("【([^】]*)】", t)}
    assert written - names == set()
    assert not any("火【杀】" in t or "雷【杀】" in t for t in _all_templates("zh-Hans", game))


# "usted", or an usted imperative where a prompt tells a player what to do ("…: escanee")
_USTED = re.compile(r"\busted\b|(^|[:;?]\s|\bo\s)(escanee|elija|pulse|juegue|mantenga|gire)n?\b")


@pytest.mark.parametrize("game", ["sanguosha", "regicide"])
def test_spanish_speaks_to_players_as_tu_and_names_the_dodge_card(game: str) -> None:
    """Every Spanish line says tú (vosotros to several), never usted; the Dodge card is
    "Esquiva" everywhere, never the verb "Esquivar"."""
    lines = _all_templates("es", game)
    assert [t for t in lines if _USTED.search(t)] == []
    assert [t for t in lines if "Esquivar" in t] == []


# an adjective that agrees with a man only, said of a seat (Zhen Ji and Da Qiao play too)
_GENDERED = re.compile(
    r"\{(seat|target|victim|source|by|killer)[^}]*\}(,? no)? (está|queda|es|sigue|estás) "
    r"(muerto|herido|moribundo|encadenado|listo|elegido|salvado)\b"
)


@pytest.mark.parametrize("game", ["sanguosha", "regicide"])
def test_spanish_never_says_a_seat_is_muerto_herido_or_moribundo(game: str) -> None:
    lines = _all_templates("es", game)
    assert [t for t in lines if _GENDERED.search(t)] == []


def test_the_chinese_terminal_view_writes_the_round_as_the_narration_does() -> None:
    """The status line says "第1轮", as the narration ("第1轮。") and the page do, not
    "轮次 1" (issue 29 item 12)."""
    h = TableHarness()
    h.setup()
    console = Console(width=120, record=True, color_system=None)
    console.print(render_table_view(h.table.view(), Narrator("zh-Hans")))
    text = console.export_text()
    assert "第1轮" in text and "轮次" not in text


_HEADERS = {"seat"}  # a column's heading, short on the terminal ("#"), a word on the page
_SHAPED = {"reserves", "spent"}  # the page adds a count or a skill's name to the same word


@pytest.mark.parametrize("lang", ["en", "es", "zh-Hans", "vi"])
def test_one_word_for_one_thing_on_the_terminal_the_page_and_in_the_narration(lang: str) -> None:
    """The words the terminal's table view and the web page share (deck, discard pile,
    equipment, the phase, the round...) are the same in each language, but for the
    capital a page's label starts with; the round is also the narration's
    ("Round 2.", "第2轮。")."""
    import json
    from importlib import resources

    game = "regicide" if lang == "vi" else "sanguosha"
    narrator = Narrator(lang, game)
    page = json.loads(resources.files("companion.web.data").joinpath("ui.json").read_text())[lang]
    terminal = {key: narrator.word("view", key) for key in narrator._words["view"]}
    shared = (set(terminal) & set(page)) - _HEADERS - _SHAPED
    assert {"deck", "discard", "equipment", "phase", "round"} <= shared
    differ = {
        key: (terminal[key], page[key])
        for key in shared
        if terminal[key][:1].upper() + terminal[key][1:] != page[key][:1].upper() + page[key][1:]
    }
    assert differ == {}
    if lang != "vi":  # Regicide narrates no round
        said = narrator.event({"kind": "round_started", "round": 2})
        assert said.rstrip(".。") == page["round"].format(n=2)


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "There is only 1 Spy card in this game.", "There are only 2 Rebel cards in"),
        ("es", "En esta partida solo hay 1 carta de Espía.", "solo hay 2 cartas de Rebelde."),
    ],
)
def test_one_identity_card_is_singular(lang: str, one: str, two: str) -> None:
    """Five players have 1 spy: "only 1 Spy card", not "only 1 Spy cards"."""
    n = Narrator(lang)
    assert n.refusal({"reason": "identity_taken", "count": 1, "identity": "spy"}) == one
    assert two in n.refusal({"reason": "identity_taken", "count": 2, "identity": "rebel"})
    reserves = n.event({"kind": "reserves_set", "seat": 1, "count": 1})
    assert "1 general " in reserves and "generals" not in reserves and "generales" not in reserves


def test_a_closed_window_says_who_may_answer_in_a_full_sentence() -> None:
    refused = {"reason": "not_in_window", "seat": 3, "seats": [1, 2]}
    assert Narrator("en").refusal(refused).endswith("only seat 1 and seat 2 may.")
    assert Narrator("es").refusal(refused).endswith(": solo se espera a los asientos 1 y 2.")


def test_bare_seats_after_a_preposition_are_one_plural_in_spanish() -> None:
    """ "a el asiento 1 y el asiento 2" contracted only its first item ("al asiento 1 y el
    asiento 2"): bare seats are written as one plural the preposition governs whole;
    seats with generals, English and Chinese are written one by one."""
    es = Narrator("es")
    refused = {"reason": "not_in_window", "seat": 3, "seats": [1, 2, 4]}
    assert es.refusal(refused).endswith(": solo se espera a los asientos 1, 2 y 4.")
    assert es.refusal({**refused, "seats": [2]}).endswith(": solo se espera al asiento 2.")
    assert Narrator("zh-Hans").refusal(refused).count("号位") == 4
    assert (
        Narrator("es", "regicide")
        .refusal({"reason": "yield_after_everyone_yielded", "seat": 3, "others": [1, 2]})
        .startswith("El jugador 3 no puede ceder: los jugadores 1 y 2 cedieron")
    )


TWO_PEOPLE = {
    "seats": [
        {"seat": 1, "general": "liushan"},
        {"seat": 2, "general": "zhangzhaozhanghong"},
        {"seat": 4, "general": "caiwenji"},
    ]
}
"""张昭张纮 is a general who is two people (the glossary's `general_number`)."""


def test_a_general_of_two_people_takes_a_plural_verb_in_english_and_spanish() -> None:
    """ "Zhang Zhao & Zhang Hong invoke", "usan", "se llevan", "no juegan"; a verb later in
    the sentence agrees where the template says so; a one-person general keeps the singular;
    Chinese has no agreement to make."""
    invoked = {"kind": "skill_invoked", "seat": 2, "skill": "guzheng", "targets": []}
    en, es, zh = Narrator("en"), Narrator("es"), Narrator("zh-Hans")
    assert en.event(invoked, TWO_PEOPLE) == "Zhang Zhao & Zhang Hong (seat 2) invoke Steady Rule."
    assert (
        es.event(invoked, TWO_PEOPLE) == "Zhang Zhao & Zhang Hong (asiento 2) usan Gobierno firme."
    )
    assert zh.event(invoked, TWO_PEOPLE) == "2号位张昭张纮发动固政。"
    assert en.event({**invoked, "seat": 1}, TWO_PEOPLE).startswith("Liu Shan (seat 1) invokes ")
    gained = {"kind": "cards_gained", "seat": 2, "cards": ["dodge@D2"], "reason": "guzheng"}
    assert es.event(gained, TWO_PEOPLE).startswith("Zhang Zhao & Zhang Hong (asiento 2) se llevan ")
    passed = {"kind": "response_declined", "seat": 2, "need": "kill", "against": "duel"}
    assert es.event(passed, TWO_PEOPLE).startswith("Zhang Zhao & Zhang Hong (asiento 2) no juegan ")
    hit = {"kind": "damage_dealt", "source": 1, "target": 2, "amount": 1, "nature": "normal",
           "card": "kill", "hp_before": 3, "hp_after": 2}  # fmt: skip
    assert es.event(hit, TWO_PEOPLE).endswith(": les quedan 2 de vida.")
    beige = {"kind": "confirm", "seat": 4, "seats": [4], "reason": "beige", "target": 1,
             "source": 2}  # fmt: skip
    assert (
        "♣ Zhang Zhao & Zhang Hong (seat 2) discard 2 cards, ♠ Zhang Zhao & Zhang Hong "
        "(seat 2) flip their general" in en.prompt(beige, TWO_PEOPLE)
    )
    assert "♣ Zhang Zhao & Zhang Hong (asiento 2) descartan 2 cartas" in es.prompt(
        beige, TWO_PEOPLE
    )


def test_the_lament_judgment_is_not_called_no_effect_before_its_suit_acts() -> None:
    """悲歌's judgment is a ♣ or ♠ as often as a red card, and each suit acts (the source
    discards or flips): the settled judgment names the card and says the suit decides,
    never "no effect" right before the general is flipped."""
    settled = {"kind": "judgment_settled", "seat": 1, "reason": "beige",
               "card": "dismantle@S3", "success": False}  # fmt: skip
    said = {lang: Narrator(lang).event(settled, TWO_PEOPLE) for lang in ("en", "es", "zh-Hans")}
    assert said == {
        "en": "Liu Shan (seat 1)'s judgment for Lament is final: Dismantle ♠3, whose suit "
        "decides what happens.",
        "es": "El juicio de Liu Shan (asiento 1) por Elegía es definitivo: Desmantelar ♠3, "
        "cuyo palo decide lo que pasa.",
        "zh-Hans": "1号位刘禅的悲歌判定结果为【过河拆桥】♠3，按其花色结算。",
    }
    other = Narrator("en").event({**settled, "reason": "tuntian", "card": "peach@H3"})
    assert other.endswith(": no effect.")  # a ♥ for 屯田 is indeed none


FOREST_MOUNTAIN = {
    "seats": [
        {"seat": 1, "general": "liushan"},
        {"seat": 2, "general": "zuoci"},
        {"seat": 3, "general": "zhurong"},
        {"seat": 4, "general": "menghuo"},
        {"seat": 7, "general": "dongzhuo"},
    ]
}


def test_forest_and_mountain_lines_as_a_native_speaker_writes_them() -> None:
    """Choices that are actions read "select 1 to lose 1 health, or 2 to ..." (not "1 for
    lose"); Spanish counts agree ("falta 1", "faltan 2"); one card is never "1 incarnation
    cards" nor "the other 1 card"; "hasta otros 2 jugadores"; "one of their cards"."""
    en, es, zh = Narrator("en"), Narrator("es"), Narrator("zh-Hans")
    collapse = {"kind": "choose_option", "seat": 7, "seats": [7], "reason": "benghuai",
                "options": ["lose_hp", "lose_max_hp"]}  # fmt: skip
    assert en.prompt(collapse, FOREST_MOUNTAIN).endswith(
        ": select 1 to lose 1 health, or 2 to lose 1 maximum health."
    )
    assert es.prompt(collapse, FOREST_MOUNTAIN).endswith(
        ": elige 1 para perder 1 de vida, o 2 para perder 1 de vida máxima."
    )
    assert zh.prompt(collapse, FOREST_MOUNTAIN).endswith("：选1失去1点体力，或选2减1点体力上限。")
    resurgence = {"kind": "reveal_card", "seat": 4, "seats": [4], "reason": "zaiqi", "count": 1}
    assert "escanéala (falta 1);" in es.prompt(resurgence, FOREST_MOUNTAIN)
    assert "escanéala (faltan 2);" in es.prompt({**resurgence, "count": 2}, FOREST_MOUNTAIN)
    drawn = {"kind": "pile_changed", "seat": 2, "pile": "huashen", "added": True, "to": "",
             "reason": "huashen", "cards": [], "count": 1, "total": 1}  # fmt: skip
    assert en.event(drawn, FOREST_MOUNTAIN) == (
        "Zuo Ci (seat 2) adds 1 card, face down, to their Incarnation cards (1 in all)."
    )
    assert es.event(drawn, FOREST_MOUNTAIN) == (
        "Zuo Ci (asiento 2) añade 1 carta boca abajo a sus cartas de Encarnación (1 en total)."
    )
    rest = {"kind": "confirm", "seat": 2, "seats": [2], "reason": "guzheng", "target": 1,
            "count": 1}  # fmt: skip
    assert "the rest of what Liu Shan (seat 1) discarded in this phase (1 card)?" in en.prompt(
        rest, FOREST_MOUNTAIN
    )
    assert "el resto de lo que Liu Shan (asiento 1) descartó en esta fase (1 carta)?" in (
        es.prompt(rest, FOREST_MOUNTAIN)
    )
    taking = {"kind": "choose_target", "seat": 2, "seats": [2], "reason": "qiaobian",
              "skill": "qiaobian", "count": 2, "options": [1, 3], "chosen": []}  # fmt: skip
    assert "de cada uno de hasta otros 2 jugadores" in es.prompt(taking, FOREST_MOUNTAIN)
    fierce = {"kind": "choose_card_from", "seat": 3, "seats": [3], "target": 4,
              "reason": "lieren"}  # fmt: skip
    assert en.prompt(fierce, FOREST_MOUNTAIN).startswith(
        "Zhu Rong (seat 3): take one of Meng Huo (seat 4)'s cards (Fierce Blade): "
    )
    skip = {"kind": "discard", "seat": 3, "seats": [3], "reason": "qiaobian", "count": 1,
            "options": ["judgment"], "optional": True}  # fmt: skip
    assert "para saltarte tu fase de juicio, o NO." in es.prompt(skip, FOREST_MOUNTAIN)
    assert "to skip your judgment phase, or NO." in en.prompt(skip, FOREST_MOUNTAIN)
    mourned = {"kind": "hand_cards_given", "seat": 3, "target": 1, "count": 1,
               "reason": "xingshang"}  # fmt: skip
    assert en.event(mourned, FOREST_MOUNTAIN) == (
        "Liu Shan (seat 1) takes Zhu Rong (seat 3)'s hand face down (1 card; Condolences)."
    )
    assert zh.event(mourned, FOREST_MOUNTAIN) == (
        "1号位刘禅获得3号位祝融的全部手牌（1张，背面朝上，行殇）。"
    )
    pleasures = {"kind": "discard", "seat": 3, "seats": [3], "reason": "xiangle", "target": 1,
                 "count": 1, "optional": True}  # fmt: skip
    assert en.prompt(pleasures, FOREST_MOUNTAIN).startswith(
        "Zhu Rong (seat 3): Liu Shan (seat 1)'s Enjoy Pleasures: discard a basic card"
    )
    assert es.prompt(pleasures, FOREST_MOUNTAIN).startswith(
        "Zhu Rong (asiento 3): Liu Shan (asiento 1) usa Disfrutar: descarta una carta básica"
    )
