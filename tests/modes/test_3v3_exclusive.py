"""3v3 versions of four standard generals (`3v3.exclusive_generals=on`, docs/modes.md §4.2):
刚烈 on any enemy, 忠义's 义 card, 救主, 战神 waking into 马术 and 神戟. Real digital games,
drafted to a fixed line-up and driven by ordinary `submit`."""

from __future__ import annotations

from engine.sanguosha import (
    ChooseGeneral,
    ChooseTarget,
    Confirm,
    Discard,
    EndPlay,
    Game,
    Pass,
    PlayCard,
    Respond,
    Settings,
    UseSkill,
    parse_card,
)
from engine.sanguosha.reasons import Reason
from tests.sanguosha.scenario import deck_top, pending, refused, set_hand, set_hp, team_mode

from .helpers import K, first_legal, new, of, wield

ON = {"3v3.exclusive_generals": "on"}
COOL = ("zhaoyun", "zhangfei", "xiahoudun")  # S1 vanguard, S2 marshal, S3 vanguard
WARM = ("lvbu", "guanyu", "huatuo")  # S4 vanguard, S5 marshal, S6 vanguard
SEED = 13  # its draft pool holds all six


def lineup(rules: dict | None = None) -> Game:
    """A 3v3 game whose marshals draft and assign COOL to S1-S3 and WARM to S4-S6."""
    game = new("3v3", seed=SEED, mode_settings=ON if rules is None else rules)
    want = {2: list(COOL), 5: list(WARM)}
    wanted = set(COOL + WARM)
    pool = team_mode(game).pool
    while pending(game).reason == "draft":
        seat = pending(game).seat
        assert seat is not None
        mine = [g for g in want[seat] if g in pool]
        general = mine[0] if mine else next(g for g in pool if g not in wanted)
        game.submit(seat, ChooseGeneral(general))
    while pending(game).reason == "assign":
        prompt = pending(game)
        assert prompt.target is not None
        game.submit(prompt.seat, ChooseGeneral((COOL + WARM)[prompt.target - 1]))
    assert [p.general for p in game.players] == list(COOL + WARM)
    return game


def skills(game, seat: int) -> list[str]:
    mode_skills = {"ex_nihilo_outnumbered", "aoe_direction"}
    return [s.id for s in game.player(seat).skills if s.id not in mode_skills]


def to_play(game, seat: int, limit: int = 400) -> list:
    """Go on (units: marshals choose `seat`'s unit when they can; plays end at once;
    requests declined) until `seat`'s play prompt; returns the events."""
    events: list = []
    for _ in range(limit):
        prompt = pending(game)
        if prompt.kind is K.PLAY and prompt.seat == seat:
            return events
        if prompt.kind is K.CHOOSE_TARGET and prompt.reason == "action_unit":
            choice = seat if seat in prompt.options else prompt.options[0]
            events += game.submit(prompt.seat, ChooseTarget(choice))
        elif prompt.kind is K.PLAY:
            events += game.submit(prompt.seat, EndPlay())
        elif prompt.kind is K.RESPOND:
            events += game.submit(prompt.seat, Respond(None))
        else:
            events += first_legal(game)
    raise AssertionError(f"no play prompt for seat {seat}")


def decline_until(game, kind, seat: int) -> list:
    """Decline every request until `kind` is pending for `seat`."""
    events: list = []
    while not (pending(game).kind is kind and pending(game).seat == seat):
        prompt = pending(game)
        answer = Respond(None) if prompt.kind is K.RESPOND else Pass()
        events += game.submit(prompt.seat, answer)
    return events


# ---------------------------------------------------------------- the setting
def test_setting_on_is_no_longer_refused_and_gives_the_3v3_skills():
    Settings(game_mode="3v3", mode_settings=ON).validate()
    game = lineup()
    assert skills(game, 3) == ["ganglie_3v3"]
    assert skills(game, 5) == ["wusheng", "zhongyi"]
    assert skills(game, 1) == ["longdan", "jiuzhu"]
    assert skills(game, 4) == ["wushuang", "zhanshen"]
    assert skills(game, 2) == ["paoxiao"]  # the others keep their printed skills


def test_setting_off_keeps_the_standard_skills():
    game = lineup(rules={})
    assert game.team_mode.spec.settings["3v3.exclusive_generals"] == "off"
    assert skills(game, 3) == ["ganglie"]
    assert skills(game, 5) == ["wusheng"]
    assert skills(game, 1) == ["longdan"]
    assert skills(game, 4) == ["wushuang"]


# ---------------------------------------------------------------- 刚烈 (3v3)
def ganglie_asked():
    """Lü Bu (S4) Kills Xiahou Dun (S3), who takes the damage: 刚烈 asks him for an enemy."""
    game = lineup()
    to_play(game, 4)
    set_hand(game, 4, "kill@S7")
    game.submit(4, PlayCard(parse_card("kill@S7"), (3,)))
    decline_until(game, K.CHOOSE_TARGET, 3)
    return game


def test_ganglie_3v3_names_any_enemy_not_only_the_source():
    game = ganglie_asked()
    prompt = pending(game)
    assert (prompt.reason, prompt.options, prompt.optional) == ("ganglie_3v3", (4, 5, 6), True)
    hp6 = game.player(6).hp
    deck_top(game, "kill@C9")  # not a heart
    events = game.submit(3, ChooseTarget(6))  # Hua Tuo, who dealt no damage
    assert of(events, "skill_invoked")[-1].targets == (6,)
    (judged,) = of(events, "judgment_settled")
    assert judged.success
    prompt = pending(game)
    assert (prompt.kind, prompt.seat, prompt.reason, prompt.source) == (
        K.DISCARD,
        6,
        "ganglie_3v3",
        3,
    )
    events = game.submit(6, Pass())  # he takes the damage instead
    (hit,) = [e for e in of(events, "damage_dealt") if e.target == 6]
    assert (hit.source, hit.amount) == (3, 1) and game.player(6).hp == hp6 - 1


def test_ganglie_3v3_naming_a_teammate_is_refused_with_the_enemies_it_may_name():
    game = ganglie_asked()
    data = refused(game, 3, ChooseTarget(1), Reason.NOT_AN_ENEMY)
    assert data == {"skill": "ganglie_3v3", "target": 1, "options": [4, 5, 6]}
    events = game.submit(3, Confirm(False))  # NO declines: no judgment
    assert not of(events, "judgment_revealed")


# ---------------------------------------------------------------- 忠义
def test_zhongyi_yi_adds_one_to_friendly_kills_until_the_round_resets():
    game = lineup()
    events = to_play(game, 5)  # Guan Yu, the warm marshal
    wield(game, 5, "chitu@H5")  # -1 horse: the cool S1 and S3 at distance 1
    set_hand(game, 5, "peach@H3", "kill@S7", "kill@S8")
    events = game.submit(5, UseSkill("zhongyi", (parse_card("peach@H3"),)))
    (pile,) = of(events, "pile_changed")
    assert (pile.seat, pile.pile, pile.cards, pile.added) == (5, "zhongyi", ("peach@H3",), True)
    assert game.player(5).spent == ["zhongyi"]
    refused(game, 5, UseSkill("zhongyi", (parse_card("kill@S8"),)), Reason.SKILL_SPENT)
    hp3 = game.player(3).hp
    game.submit(5, PlayCard(parse_card("kill@S7"), (3,)))
    events = decline_until(game, K.PLAY, 5)
    (hit,) = of(events, "damage_dealt")
    assert (hit.source, hit.target, hit.amount) == (5, 3, 2)  # 1 + 1 for 义
    assert game.player(3).hp == hp3 - 2
    events = to_play(game, 2)
    while not of(events, "round_started"):
        game.submit(2, EndPlay())
        events += to_play(game, 2)
    (reset,) = [e for e in of(events, "pile_changed") if e.pile == "zhongyi"]
    assert (reset.added, reset.to, reset.reason) == (False, "discard", "round_reset")
    assert "zhongyi" not in game.player(5).piles
    assert parse_card("peach@H3") in game.discard_pile


def test_zhongyi_takes_a_red_hand_card_only():
    game = lineup()
    to_play(game, 5)
    set_hand(game, 5, "kill@S7")
    data = refused(
        game, 5, UseSkill("zhongyi", (parse_card("kill@S7"),)), Reason.WRONG_KIND_OF_CARD
    )
    assert data == {"card": "kill@S7", "skill": "zhongyi", "need": "red"}


# ---------------------------------------------------------------- 救主
def jiuzhu_asked(zhaoyun_hp: int):
    """Lü Bu (S4) Kills Xiahou Dun (S3) at 1 HP: the Peach request reaches Zhao Yun (S1)."""
    game = lineup()
    to_play(game, 4)
    set_hp(game, 3, 1)
    set_hp(game, 1, zhaoyun_hp)
    set_hand(game, 4, "kill@S7")
    set_hand(game, 1, "dodge@H2")
    game.submit(4, PlayCard(parse_card("kill@S7"), (3,)))
    decline_until(game, K.RESPOND, 1)
    while pending(game).reason != "dying":
        game.submit(pending(game).seat, Respond(None))
        decline_until(game, K.RESPOND, 1)
    return game


def test_jiuzhu_discards_a_card_and_loses_1_hp_to_save_a_friend():
    game = jiuzhu_asked(4)
    prompt = pending(game)
    assert (prompt.target, prompt.options) == (3, ("jiuzhu",))
    game.submit(1, UseSkill("jiuzhu"))
    prompt = pending(game)
    assert (prompt.kind, prompt.reason, prompt.target) == (K.DISCARD, "jiuzhu", 3)
    events = game.submit(1, Discard((parse_card("dodge@H2"),)))
    assert of(events, "hp_lost")[0].seat == 1 and game.player(1).hp == 3
    (rec,) = of(events, "hp_recovered")
    assert (rec.seat, rec.amount) == (3, 1)
    assert of(events, "player_rescued")[0].seat == 3 and game.player(3).alive


def test_jiuzhu_is_not_offered_and_refused_at_1_hp():
    game = jiuzhu_asked(1)
    assert pending(game).options == ()
    data = refused(game, 1, UseSkill("jiuzhu"), Reason.HP_TOO_LOW)
    assert data == {"skill": "jiuzhu", "seat": 1, "hp": 1}


# ---------------------------------------------------------------- 战神
def friend_killed(lvbu_hp: int):
    """Zhao Yun (S1) kills Hua Tuo (S6), Lü Bu's teammate; Lü Bu (S4) has `lvbu_hp` HP."""
    game = lineup()
    to_play(game, 1)
    set_hp(game, 6, 1)
    set_hp(game, 4, lvbu_hp)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 6)
    game.submit(1, PlayCard(parse_card("kill@S7"), (6,)))
    decline_until(game, K.PLAY, 1)
    assert not game.player(6).alive
    return game


def test_zhanshen_wakes_wounded_after_a_friend_died_and_gains_mashu_and_shenji():
    game = friend_killed(3)
    events = to_play(game, 4)
    (woke,) = of(events, "skill_awakened")
    assert (woke.seat, woke.skill, woke.gained) == (4, "zhanshen", ("mashu", "shenji"))
    (max_hp,) = of(events, "max_hp_changed")
    assert (max_hp.before, max_hp.max_hp, max_hp.hp) == (4, 3, 3)
    assert skills(game, 4) == ["wushuang", "zhanshen", "mashu", "shenji"]
    assert game.player(4).spent == ["zhanshen"]
    # 神戟: no weapon, a Kill takes 2 extra targets (马术 puts S1 and S2 at distance 1)
    set_hand(game, 4, "kill@S7")
    events = game.submit(4, PlayCard(parse_card("kill@S7"), (3, 2, 1)))
    (used,) = of(events, "card_used")
    assert used.targets == (3, 2, 1)


def test_zhanshen_does_not_wake_unwounded():
    game = friend_killed(4)
    events = to_play(game, 4)
    assert not of(events, "skill_awakened") and game.player(4).max_hp == 4
    assert skills(game, 4) == ["wushuang", "zhanshen"]


def test_zhanshen_does_not_wake_while_no_friend_died():
    game = lineup()
    set_hp(game, 4, 3)
    events = to_play(game, 4)
    assert (4, "preparation") in [(e.seat, e.phase) for e in of(events, "phase_started")]
    assert not of(events, "skill_awakened") and game.player(4).max_hp == 4
    assert "zhanshen" not in game.player(4).spent
