"""End to end: the generals' skills at the table, played from table scripts by `companion
play --script` over the simulated readers, the real BLE stack, the hub, the log, the
table layer, the engine and narration.

`skills_wu_shu_wei.script` (Zhou Yu, Zhuge Liang, Guan Yu, Sun Quan, Sima Yi): Yingzi
declined, Fanjian from the general card (suit by the dial, the card taken unseen then
scanned), Guanxing accepted (order by scans), Wusheng, Zhiheng from its token, Guicai
replacing an Indulgence judgment. `skills_wei_shu.script` (Liu Bei, Guo Jia, Zhang
Liao, Lü Bu): Rende from its token, Yiji accepted (receivers by general card and dial),
Tuxi (players chosen by general card and dial).
"""

from __future__ import annotations

import pytest

WU_SHU_WEI = "skills_wu_shu_wei.script"
WEI_SHU = "skills_wei_shu.script"


def test_fanjian_guanxing_wusheng_zhiheng_guicai_at_the_table(play) -> None:
    """Five players' skills through the readers: the state and the key sentences."""
    run = play(WU_SHU_WEI, players=5)
    assert run.status == 0, run.err
    lines = run.lines
    for line in [
        # Yingzi offered and declined: the usual 2 cards
        "Zhou Yu (seat 1): use Handsome to draw 1 more card this draw phase? OK or NO.",
        "Zhou Yu (seat 1) draws 2 cards (draw phase).",
        # Fanjian from the own general card; the suit on the dial; a card is not a suit
        "Zhou Yu (seat 1) starts Sow Dissension.",
        "Zhou Yu (seat 1) invokes Sow Dissension on Zhuge Liang (seat 2).",
        "Zhuge Liang (seat 2): name a suit (Sow Dissension): select 1 for spades ♠, 2 for "
        "hearts ♥, 3 for clubs ♣ or 4 for diamonds ♦.",
        "Zhuge Liang (seat 2): name the suit with the dial, without showing a card: select 1 "
        "for spades ♠, 2 for hearts ♥, 3 for clubs ♣ or 4 for diamonds ♦.",
        "Zhuge Liang (seat 2): there is no choice 7: select 1 for spades ♠, 2 for hearts ♥, 3 "
        "for clubs ♣ or 4 for diamonds ♦.",
        "Zhuge Liang (seat 2) names hearts ♥.",
        "Zhuge Liang (seat 2): take one of Zhou Yu (seat 1)'s hand cards without looking, show "
        "it and scan it (Sow Dissension).",
        "Zhuge Liang (seat 2) takes Kill ♠8 from Zhou Yu (seat 1)'s hand (Sow Dissension).",
        "Zhou Yu (seat 1) deals 1 damage to Zhuge Liang (seat 2): 2 health left.",
        # Guanxing offered and accepted; OK refused; the order by scans, the rest unnamed
        "Zhuge Liang (seat 2) invokes Stargaze.",
        "Zhuge Liang (seat 2): scan the next card to put back on top of the deck, or NO to put "
        "the rest at the bottom.",
        "Zhuge Liang (seat 2) puts 2 cards back on top of the deck and 3 cards at the bottom "
        "(Stargaze).",
        # Wusheng from the own general card: a Peach as a Kill
        "Guan Yu (seat 3) uses Peach ♥4 as Kill (Warrior Saint) on Sun Quan (seat 4).",
        "Sun Quan (seat 4): use a Dodge against Peach ♥4 as Kill from Guan Yu (seat 3), or NO.",
        "Guan Yu (seat 3) deals 1 damage to Sun Quan (seat 4) (Kill): 3 health left.",
        # Zhiheng from its token
        "Sun Quan (seat 4) starts Balance of Power.",
        "Sun Quan (seat 4) discards Kill ♣2 and Dodge ♦4 (Balance of Power).",
        "Sun Quan (seat 4) draws 2 cards (Balance of Power).",
        # Guicai replaces the Indulgence judgment with a heart: Sima Yi plays after all
        "Judgment for Sima Yi (seat 5) (Indulgence): Kill ♠9.",
        "Sima Yi (seat 5): Demonic Talent: scan one of your hand cards for your own judgment, "
        "or NO.",
        "Sima Yi (seat 5) changes their own judgment card to Peach ♥7 (Demonic Talent).",
        "Sima Yi (seat 5) escapes Indulgence with a heart (Peach ♥7).",
        "Sima Yi (seat 5): play phase.",
    ]:
        assert line in lines, line
    assert not any("Peach ♥3" in line or "Dodge ♦3" in line for line in lines)  # Guanxing's
    state = run.state
    assert [(s["general"], s["hp"], s["hand_count"]) for s in state["seats"]] == [
        ("zhouyu", 4, 4),
        ("zhugeliang", 2, 2),
        ("guanyu", 4, 4),
        ("sunquan", 3, 3),
        ("simayi", 3, 5),
    ]
    assert state["seats"][4]["judgment"] == []
    assert state["turn"] == {"seat": 5, "phase": "discard", "round": 1}
    assert state["pending"] == {
        "kind": "discard",
        "seat": 5,
        "seats": [5],
        "reason": "discard_phase",
        "count": 2,
    }
    # discards 1 (Zhou Yu), 5, 1 + the Peach as a Kill, 2 (Zhiheng), 2; Indulgence, 2 judgments
    assert state["discard_count"] == 15


def test_rende_yiji_tuxi_at_the_table_name_no_hidden_card(play) -> None:
    """Four players' skills through the readers: cards given or taken face down move between
    the hand counts and are never named."""
    run = play(WEI_SHU, players=4)
    assert run.status == 0, run.err
    lines = run.lines
    for line in [
        # Rende from its token: counted, not named
        "Liu Bei (seat 1) starts Benevolence.",
        "Liu Bei (seat 1) adds a card to give face down (2 so far).",
        "Liu Bei (seat 1) gives 2 cards face down to Lü Bu (seat 4) (Benevolence).",
        # Yiji offered and accepted; receivers by general card and dial
        "Guo Jia (seat 2): use Bequeathed Strategy to take the top 2 cards of the deck and give "
        "each to anyone (yourself included)? OK or NO.",
        "Guo Jia (seat 2) draws 2 cards (Bequeathed Strategy).",
        "Guo Jia (seat 2): Bequeathed Strategy: who gets one of the cards you drew? Scan their "
        "general card or select their seat (your own to keep it).",
        "Guo Jia (seat 2) gives 1 card face down to Zhang Liao (seat 3) (Bequeathed Strategy).",
        # Tuxi: players chosen by general card and dial
        "Zhang Liao (seat 3): Sudden Strike: instead of drawing, take a hand card from up to 2 "
        "other players: scan their general cards or select their seats, OK when done; NO draws "
        "as usual.",
        "Zhang Liao (seat 3) invokes Sudden Strike on Liu Bei (seat 1) and Lü Bu (seat 4).",
        "Zhang Liao (seat 3) takes a card from Liu Bei (seat 1)'s hand (Sudden Strike).",
        "Zhang Liao (seat 3) takes a card from Lü Bu (seat 4)'s hand (Sudden Strike).",
    ]:
        assert line in lines, line
    assert not any("Kill ♠7" in line or "Dodge ♦2" in line for line in lines)  # Rende's
    assert not any("Zhang Liao (seat 3) draws" in line for line in lines)  # Tuxi instead
    state = run.state
    assert [(s["general"], s["hp"], s["hand_count"]) for s in state["seats"]] == [
        ("liubei", 4, 2),  # 4 + 2 drawn - 2 given - the Kill - 1 taken by Tuxi
        ("guojia", 2, 2),  # 1 damage; 4 + 2 (Yiji) - 1 given + 2 drawn - 5 discarded
        ("zhangliao", 4, 7),  # 4 + 1 from Yiji + 2 taken by Tuxi
        ("lvbu", 4, 5),  # 4 + 2 from Rende - 1 taken by Tuxi
    ]
    assert state["pending"]["kind"] == "discard" and state["pending"]["seat"] == 3


@pytest.mark.parametrize(
    "lang, line",
    [
        (
            "es",
            "Zhuge Liang (asiento 2): nombra un palo (Sembrar la discordia): elige 1 para picas "
            "♠, 2 para corazones ♥, 3 para tréboles ♣ o 4 para diamantes ♦.",
        ),
        (
            "zh-Hans",
            "2号位诸葛亮：请选择一种花色（反间）：选1为黑桃♠、选2为红桃♥、选3为梅花♣或选4为方块♦。",
        ),
    ],
)
def test_the_suit_prompt_in_spanish_and_chinese(play, lang: str, line: str) -> None:
    """The same game narrated in Spanish and Chinese numbers the suits for the dial, and ends
    in the same state."""
    run = play(WU_SHU_WEI, players=5, lang=lang)
    assert run.status == 0, run.err
    assert line in run.lines
    assert [s["hp"] for s in run.state["seats"]] == [4, 2, 4, 3, 3]
