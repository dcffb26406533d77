"""End to end: a whole game of each of the 风, 火, 林 and 山 packs (docs/wind-fire.md §1.1, §3) by
`companion play --generals standard,PACK --script` through the simulated readers, the real
BLE stack, the hub, the log, the table layer, the engine and the narration, in each of the
three languages (issue 25).

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
    players: int
    winners: list[int]
    skills: list[str]
    """The skills the script uses that the narration names."""


PACKS = {
    "wind": Pack(
        "pack_wind.script",
        8,
        [2, 5, 7, 8],  # 小乔, 黄忠, 华佗, 魏延
        "tianxiang hongyan jushou liegong shensu leiji guidao buqu huangtian kuanggu".split(),
    ),
    "fire": Pack(
        "pack_fire.script",
        8,
        [5, 6, 7, 8],  # 典韦, 太史慈, 庞德, 颜良文丑
        "luanji jieming bazhen lianhuan kanpo quhu qiangxi tianyi niepan mengjin "
        "shuangxiong".split(),
    ),
    "forest": Pack(
        "pack_forest.script",
        8,
        [2, 5, 7, 8],  # 贾诩, 孙坚, 董卓, 徐晃
        "luanwu lieren fangzhu zaiqi juxiang weimu yinghun haoshi benghuai".split(),
    ),
    "mountain": Pack(
        "pack_mountain.script",
        5,
        [3, 5],  # 姜维, 张昭张纮
        "fangquan guzheng qiaobian beige tiaoxin zhijian xiangle".split(),
    ),
}
LANGS = ("zh-Hans", "en", "es")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("pack", sorted(PACKS))
def test_a_whole_pack_game_at_the_table(
    play, capsys: pytest.CaptureFixture[str], pack: str, lang: str
) -> None:
    """Every line of the script accepted (the game's export says so, line by line), the
    game over with the rebels' win and the lord the only one fallen; the narration
    names each skill used by its catalogue name in that language (the glossary's), fills
    every placeholder, and (en, es) has no Chinese character."""
    spec = PACKS[pack]
    run = play(spec.script, "--generals", f"standard,{pack}", players=spec.players, lang=lang)
    assert run.status == 0, run.err
    state = run.state
    assert state["general_packs"] == ["standard", pack]
    assert (state["status"], state["winner_side"]) == ("over", "rebel")
    assert state["winners"] == spec.winners
    assert [s["seat"] for s in state["seats"] if not s["alive"]] == [1]  # only the lord fell
    names = glossary(lang)["skill"]
    text = run.out
    unnamed = [skill for skill in spec.skills if names[skill] not in text]
    assert not unnamed, unnamed
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
    assert all(line.endswith(": accepted") for line in exported), exported
