"""End to end: a whole game of each of the 风, 火, 林 and 山 packs, two of 山 (docs/wind-fire.md
§1.1, §3), by `companion play --generals standard,PACK --script` through the simulated
readers, the real BLE stack, the hub, the log, the table layer, the engine and the narration,
in each of the three languages (issues 25, 26). `PACKS` is keyed by the game's name, with its
pack in each entry.

`pack_wind.script` (8 players): 天香 with a ♠ card (红颜), 据守, 烈弓, 神速 both ways, 雷击
with 鬼道 replacing its judgment, 不屈 at 0 health, 黄天 (华佗 gives 张角 a Dodge), 狂骨; the
rebels kill the lord 张角.
`pack_fire.script` (8 players): 乱击, 节命, 八阵, 连环 answered by 看破, 驱虎, 强袭, 天义 with
its extra targets, 涅槃, 猛进, 双雄; the rebels kill the lord 袁绍.
`pack_forest.script` (8 players, issue 26): 乱武 (烈刃 won after its Kill, 放逐), 再起, a
Barbarian Invasion passing 祝融 (巨象, who takes it) and 贾诩 (帷幕), 英魂, 好施, 崩坏; the
rebels kill the lord 曹丕.
`pack_mountain.script` (5 players, the playable 山 generals): 放权 (固政 on his discards, an
extra turn for 张郃), 巧变 skipping the draw phase, 悲歌, 挑衅, 直谏, 享乐; the rebels kill the
lord 刘禅.
`pack_mountain_awakenings.script` (5 players, issue 26): 左慈's 化身 (two general cards scanned
privately at the game's start, one shown and a skill named, 集智 used; another shown at his
turn's end, 闭月 used) and 新生 for each damage (the two cards never shown are never named), 激昂
on a red Kill and a Duel and as a red Kill's target, 屯田 judging outside 邓艾's turn (a ♥ is
no field), 凿险 at 3 fields and 急袭 a field as a Snatch, 制霸 lent to 甘宁, 魂姿 at 1 health
(英魂 in that same preparation phase, 英姿); the rebels kill the lord 孙策 in the second round.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import pytest

from companion.cli import main
from companion.narration.messages import glossary
from tests.scripted_play import SCRIPTS

CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
UNFILLED = re.compile(r"[{}]|\b(None|True|False)\b|\[\w+\.\w+\]|@[SHCD]")
"""A placeholder left unfilled or filled with a raw value, a missing message ("[sanguosha.x]")
or a raw card id."""


class Pack(NamedTuple):
    script: str
    pack: str
    """The pack played beside the standard one (`--generals standard,PACK`)."""
    players: int
    winners: list[int]
    skills: list[str]
    """The skills the script uses that the narration names."""
    hidden: tuple[str, ...] = ()
    """Generals scanned privately (化身 cards never shown) that the narration never names."""


PACKS = {
    "wind": Pack(
        "pack_wind.script",
        "wind",
        8,
        [2, 5, 7, 8],  # 小乔, 黄忠, 华佗, 魏延
        "tianxiang hongyan jushou liegong shensu leiji guidao buqu huangtian kuanggu".split(),
    ),
    "fire": Pack(
        "pack_fire.script",
        "fire",
        8,
        [5, 6, 7, 8],  # 典韦, 太史慈, 庞德, 颜良文丑
        "luanji jieming bazhen lianhuan kanpo quhu qiangxi tianyi niepan mengjin "
        "shuangxiong".split(),
    ),
    "forest": Pack(
        "pack_forest.script",
        "forest",
        8,
        [2, 5, 7, 8],  # 贾诩, 孙坚, 董卓, 徐晃
        "luanwu lieren fangzhu zaiqi juxiang weimu yinghun haoshi benghuai".split(),
    ),
    "mountain": Pack(
        "pack_mountain.script",
        "mountain",
        5,
        [3, 5],  # 姜维, 张昭张纮
        "fangquan guzheng qiaobian beige tiaoxin zhijian xiangle".split(),
    ),
    "mountain_awakenings": Pack(
        "pack_mountain_awakenings.script",
        "mountain",
        5,
        [3, 5],  # 张飞, 邓艾
        "huashen jizhi xinsheng biyue jiang tuntian zaoxian jixi zhiba hunzi yinghun "
        "yingzi".split(),
        ("lvbu", "huatuo"),  # 左慈's 化身 cards never shown
    ),
}
LANGS = ("zh-Hans", "en", "es")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(PACKS))
def test_a_whole_pack_game_at_the_table(
    play, capsys: pytest.CaptureFixture[str], game: str, lang: str
) -> None:
    """Every line of the script accepted (the game's export says so, line by line), the
    game over with the rebels' win and the lord the only one fallen; the narration
    names each skill used by its catalogue name in that language (the glossary's), never
    names a privately scanned general that stays hidden, fills every placeholder, and
    (en, es) has no Chinese character."""
    spec = PACKS[game]
    run = play(spec.script, "--generals", f"standard,{spec.pack}", players=spec.players, lang=lang)
    assert run.status == 0, run.err
    state = run.state
    assert state["general_packs"] == ["standard", spec.pack]
    assert (state["status"], state["winner_side"]) == ("over", "rebel")
    assert state["winners"] == spec.winners
    assert [s["seat"] for s in state["seats"] if not s["alive"]] == [1]  # only the lord fell
    names = glossary(lang)["skill"]
    text = run.out
    unnamed = [skill for skill in spec.skills if names[skill] not in text]
    assert not unnamed, unnamed
    generals = glossary(lang)["general"]
    assert not [g for g in spec.hidden if generals[g] in text or g in text]
    assert not [line for line in run.lines if UNFILLED.search(line)]
    if lang != "zh-Hans":
        assert not [line for line in run.lines if CJK.search(line)]
    played = [
        line.split("#")[0].strip()
        for line in (SCRIPTS / spec.script).read_text("utf-8").splitlines()
        if line.split("#")[0].strip()
    ]
    assert main(["export", "1", "--db", str(run.db), "--format", "text"]) == 0
    exported = [line for line in capsys.readouterr().out.splitlines() if line[:1] in "@w"]
    assert [line.split("#")[0].strip() for line in exported] == played
    statuses = [line.rsplit(": ", 1)[1] for line in exported]
    private = {f"accepted, private to seat {seat}" for seat in range(1, spec.players + 1)}
    assert [s for s in statuses if s != "accepted" and not (spec.hidden and s in private)] == []
