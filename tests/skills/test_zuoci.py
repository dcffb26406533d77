"""左慈's 化身 and 新生 (docs/forest-mountain.md §4.2): both `huashen_draw` settings, the
refusals, the privacy of his face-down 化身 cards, and self-play with him."""

import json
import random

import pytest

from companion.narration import Narrator
from engine.sanguosha import ChooseGeneral, ChooseOption, Confirm, Game, Reason, Respond, Settings
from engine.sanguosha.packs import general_problem
from engine.sanguosha.prompts import PromptKind
from engine.sanguosha.skills.huashen import skill_problem, unused_generals
from tests.sanguosha.scenario import self_play

from .helpers import game_with, prompt_is, refused, set_hand, set_hp, skill_ids, table_game
from .test_mountain_pack import _kill

PACKS = ("standard", "forest", "mountain")
LANGS = ("zh-Hans", "en", "es")


def _table(draw: str = "physical") -> Game:
    """A table game: 左慈 is the lord in seat 1, then 马超 and 赵云."""
    settings = Settings(general_packs=PACKS, huashen_draw=draw)
    return table_game("zuoci", "machao", "zhaoyun", settings=settings)


def _said(game: Game, events: list) -> list[str]:
    """Every event and the pending prompt, narrated in the three languages."""
    out = []
    for lang in LANGS:
        narrator = Narrator(lang)
        out += [narrator.event(e.to_json()) for e in events]
        prompt = game.view()["pending"]
        if prompt is not None:
            out.append(narrator.prompt(prompt))
    return out


def _names(general: str) -> list[str]:
    return [general] + [Narrator(lang).names.general(general) for lang in LANGS]


def test_zuoci_is_playable_with_his_two_skills():
    assert general_problem("zuoci", PACKS) is None


def test_physical_draw_scans_two_private_cards_then_shows_one_and_names_a_skill():
    game = _table()
    prompt = prompt_is(game, PromptKind.CHOOSE_GENERAL, 1, "huashen")
    assert prompt.private and prompt.count == 2
    for lang in LANGS:
        sentence = Narrator(lang).prompt(game.view()["pending"])
        assert "1" in sentence and "{" not in sentence and "[" not in sentence[:1], sentence
    refused(game, 1, ChooseGeneral("machao"), Reason.GENERAL_TAKEN)  # in the game
    outside = refused(game, 1, ChooseGeneral("xiaoqiao"), Reason.GENERAL_PACK_NOT_CHOSEN)
    assert outside.data == {"general": "xiaoqiao", "pack": "wind", "packs": list(PACKS)}
    events = game.submit(1, ChooseGeneral("jiaxu"))
    refused(game, 1, ChooseGeneral("jiaxu"), Reason.HUASHEN_ALREADY_YOURS)
    events += game.submit(1, ChooseGeneral("liushan"))
    prompt = prompt_is(game, PromptKind.CHOOSE_OPTION, 1, "huashen")
    assert prompt.private and set(prompt.options) == {"jiaxu", "liushan"}
    refused(game, 1, ChooseOption("caocao"), Reason.HUASHEN_NOT_YOURS)
    events += game.submit(1, ChooseOption("jiaxu"))
    prompt = prompt_is(game, PromptKind.CHOOSE_OPTION, 1, "huashen_skill")
    assert set(prompt.options) == {"wansha", "weimu"}  # 乱武 is a limited skill
    events += game.submit(1, ChooseOption("weimu"))
    zuoci = game.player(1)
    assert "weimu" in skill_ids(game, 1) and (zuoci.kingdom, zuoci.gender) == ("qun", "male")
    assert game.view()["seats"][0]["huashen"] == {"general": "jiaxu", "skill": "weimu"}
    # the start of his turn: he may show the other card, and 帷幕 goes
    prompt_is(game, PromptKind.CONFIRM, 1, "huashen")
    events += game.submit(1, Confirm(True))
    events += game.submit(1, ChooseOption("liushan"))
    refused(game, 1, ChooseOption("ruoyu"), Reason.HUASHEN_SKILL_NOT_GIVEN)  # lord skill
    events += game.submit(1, ChooseOption("fangquan"))
    skills = skill_ids(game, 1)
    assert "fangquan" in skills and "weimu" not in skills and zuoci.kingdom == "shu"
    shown = [e for e in events if e.kind == "huashen_shown"]
    assert [(e.general, e.skill, e.hidden) for e in shown] == [
        ("jiaxu", "weimu", 1),
        ("liushan", "fangquan", 1),
    ]


@pytest.mark.parametrize(
    ("general", "skill", "why"),
    [
        ("jiaxu", "luanwu", "limited"),
        ("jiangwei", "zhiji", "awakening"),
        ("liushan", "ruoyu", "lord"),
        ("liushan", "rende", "not_its_skill"),
    ],
)
def test_a_skill_huashen_does_not_give_is_refused_and_narrated(general, skill, why):
    reason, data = skill_problem(general, skill)
    assert reason is Reason.HUASHEN_SKILL_NOT_GIVEN and data["why"] == why
    assert skill not in data["skills"] and data["skills"]
    for lang in LANGS:
        narrator = Narrator(lang)
        sentence = narrator.refusal({"reason": reason.value, **data})
        assert narrator.names.skill(skill) in sentence and "{" not in sentence, sentence


def test_the_limited_skill_is_refused_at_the_table_with_the_state_unchanged():
    game = _table()
    game.submit(1, ChooseGeneral("jiaxu"))
    game.submit(1, ChooseGeneral("liushan"))
    game.submit(1, ChooseOption("jiaxu"))
    error = refused(game, 1, ChooseOption("luanwu"), Reason.HUASHEN_SKILL_NOT_GIVEN)
    assert error.data["why"] == "limited" and error.data["skills"] == ["wansha", "weimu"]


def test_the_skill_to_name_is_asked_as_numbered_choices_for_the_dial():
    """At the table he names the shown card's skill with the dial (`select N`): the prompt
    numbers the skills, as every choice prompt does (it said "select Unmitigated Murder and
    Curtain", as if both were to be picked)."""
    game = _table()
    game.submit(1, ChooseGeneral("jiaxu"))
    game.submit(1, ChooseGeneral("liushan"))
    game.submit(1, ChooseOption("jiaxu"))
    said = [Narrator(lang).prompt(game.view()["pending"]) for lang in LANGS]
    assert said == [
        "1号位：化身——声明亮出的化身牌的一项技能：选1为完杀或选2为帷幕。",
        "Seat 1: Incarnation: name a skill of the Incarnation card shown: select 1 for Unmitigated "
        "Murder or 2 for Curtain.",
        "Asiento 1: Encarnación: nombra una habilidad de la carta de Encarnación mostrada: elige 1 para "
        "Asesinato implacable o 2 para Cortina.",
    ]


def test_one_card_to_draw_and_one_still_face_down_read_as_spanish():
    """Spanish counts of one: "(1 por robar)" and "(con 1 más boca abajo)" (it said
    "(quedan 1)" and "(1 siguen boca abajo)")."""
    game = _table()
    es = Narrator("es")
    game.submit(1, ChooseGeneral("jiaxu"))
    assert es.prompt(game.view()["pending"]).endswith(
        "escanéala en tu propia pantalla, sin que la vean los demás (1 por robar)."
    )
    game.submit(1, ChooseGeneral("liushan"))
    game.submit(1, ChooseOption("jiaxu"))
    events = game.submit(1, ChooseOption("weimu"))
    [shown] = [e for e in events if e.kind == "huashen_shown"]
    assert es.event(shown.to_json(), game.view()) == (
        "Zuo Ci (asiento 1) muestra a Jia Xu como carta de Encarnación (con 1 más boca abajo) y nombra "
        "Cortina."
    )


def test_hidden_cards_are_never_named_to_the_others():
    game = _table()
    events = game.submit(1, ChooseGeneral("jiaxu"))
    events += game.submit(1, ChooseGeneral("liushan"))
    events += game.submit(1, ChooseOption("jiaxu"))
    events += game.submit(1, ChooseOption("wansha"))
    hidden = _names("liushan")
    public = json.dumps(game.view(), ensure_ascii=False)
    others = json.dumps([game.view(2), game.view(3)], ensure_ascii=False)
    said = " ".join(_said(game, events))
    logged = json.dumps([e.to_json() for e in events], ensure_ascii=False)
    for text in (public, others, said, logged):
        assert not any(name in text for name in hidden), text
    assert game.view()["seats"][0]["piles"]["huashen"] == {"count": 2, "public": False}
    assert set(game.view(1)["seats"][0]["piles"]["huashen"]["items"]) == {"jiaxu", "liushan"}
    assert "jiaxu" in public  # the shown one is public


def test_the_choice_prompt_hides_its_options_from_the_others():
    game = _table()
    game.submit(1, ChooseGeneral("jiaxu"))
    game.submit(1, ChooseGeneral("liushan"))
    assert "options" not in game.view()["pending"] and "options" not in game.view(2)["pending"]
    assert set(game.view(1)["pending"]["options"]) == {"jiaxu", "liushan"}


def test_companion_draw_picks_from_its_list_and_shows_them_to_him_alone():
    game = _table("companion")
    prompt = prompt_is(game, PromptKind.CHOOSE_OPTION, 1, "huashen")  # no scan asked
    mine = game.view(1)["seats"][0]["piles"]["huashen"]["items"]
    assert len(mine) == 2 and set(mine) == set(prompt.options)
    assert not set(mine) & {"zuoci", "machao", "zhaoyun"}
    assert "items" not in game.view(2)["seats"][0]["piles"]["huashen"]
    assert not set(mine) & set(unused_generals(game))


def test_xinsheng_one_more_card_per_point_of_damage():
    game = game_with("zhaoyun", "zuoci", settings=Settings(general_packs=PACKS))
    set_hand(game, 1, "kill@S7")
    _kill(game, 1, 2)
    prompt_is(game, PromptKind.CONFIRM, 2, "xinsheng")
    events = game.submit(2, Confirm(True))
    pile = game.player(2).piles["huashen"]
    assert len(pile.items) == 1 and game.player(2).hp == 2
    drawn = str(pile.items[0])
    said = " ".join(_said(game, events))
    assert not any(name in said for name in _names(drawn))
    assert any(e.kind == "pile_changed" and e.count == 1 and not e.cards for e in events)


def test_xinsheng_declined_gives_nothing():
    game = game_with("zhaoyun", "zuoci", settings=Settings(general_packs=PACKS))
    set_hand(game, 1, "kill@S7")
    _kill(game, 1, 2)
    game.submit(2, Confirm(False))
    assert "huashen" not in game.player(2).piles


def _with_zuoci(seed: int) -> Game | None:
    """A digital game of `seed` where someone is offered 左慈 and takes him (None: not
    offered); the others take their first offer."""
    settings = Settings(general_packs=PACKS, auto_decline=False)
    game = Game.new(players=4, mode="digital", seed=seed, settings=settings)
    prompt = game.pending()
    while prompt is not None and prompt.kind is PromptKind.CHOOSE_GENERAL:
        pick = "zuoci" if "zuoci" in prompt.options else prompt.options[0]
        game.submit(prompt.seat, ChooseGeneral(pick))
        prompt = game.pending()
    return game if any(p.general == "zuoci" for p in game.players) else None


SEEDS = [s for s in range(40) if _with_zuoci(s) is not None][:4]


@pytest.mark.parametrize("seed", SEEDS)
def test_self_play_with_zuoci(seed):
    """Random legal play to the end in digital mode, 左慈 in the game, with the checks
    of every step (`self_play`); his 化身 choices were made along the way."""
    game = _with_zuoci(seed)
    assert game is not None
    zuoci = next(p for p in game.players if p.general == "zuoci")
    shown = []
    self_play(
        game,
        random.Random(seed),
        100_000,
        lambda n, events: shown.extend(
            e for e in events if e.kind == "huashen_shown" and e.seat == zuoci.seat
        ),
    )
    assert game.status == "over" and shown


def test_self_play_seeds_found():
    assert len(SEEDS) == 4


def test_at_the_table_the_draws_are_private_scans_and_the_shown_card_is_scanned():
    """Through the table layer: 左慈 scans two general cards privately (nothing public
    names them, and UNDO cannot take such a scan back), then scans the one he lays face
    up and selects its skill; the public state copies the shown card only."""
    from companion.web.public import public_state

    from .gesture_table import Readers

    t = Readers("zuoci", "machao", "zhaoyun", settings={"general_packs": list(PACKS)})
    prompt_is(t.game, PromptKind.CHOOSE_GENERAL, 1, "huashen")
    t.ok("scan", 1, "jiaxu")
    t.ok("scan", 1, "liushan")
    refusal = t.do("select", 1, 7)  # no 7th card: the refusal lists none of his
    assert not refusal.accepted and "liushan" not in json.dumps(refusal.to_json()["refusal"])
    t.ok("scan", 1, "jiaxu")  # laid face up
    prompt_is(t.game, PromptKind.CHOOSE_OPTION, 1, "huashen_skill")
    t.ok("select", 1, 2)  # wansha, weimu
    assert t.game.player(1).marks["huashen"] == ("jiaxu", "weimu")
    public = public_state(t.game.view())
    assert public["seats"][0]["huashen"] == {"general": "jiaxu", "skill": "weimu"}
    assert "liushan" not in json.dumps(public)


def test_his_incarnation_leaves_the_game_with_him():
    """A dead 左慈 keeps no 化身 cards and shows none: the cards leave the game with him
    (never to the discard pile, they are general cards), and the view drops his shown one."""
    game = game_with("zhaoyun", "zuoci", None, settings=Settings(general_packs=PACKS))
    zuoci = game.player(2)
    game.add_to_pile(zuoci, "huashen", ("zhenji", "guojia"), False, "huashen")
    zuoci.marks["huashen"] = ("zhenji", "luoshen")
    set_hp(game, 2, 1)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2)
    discards = len(game.discard_pile)
    _kill(game, 1, 2)
    while (p := game.pending()) is not None and zuoci.alive:
        game.submit(p.seats[0], Confirm(False) if p.kind is PromptKind.CONFIRM else Respond(None))
    assert not zuoci.alive
    seat = game.view()["seats"][1]
    assert "huashen" not in seat and seat["piles"].get("huashen", {"count": 0})["count"] == 0
    assert len(game.discard_pile) == discards + 1  # the Kill alone
