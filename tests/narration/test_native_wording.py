"""Wording a native reader expects (zh-Hans as the rulebooks write it, Spanish grammar)."""

from __future__ import annotations

from companion.narration import Narrator

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
