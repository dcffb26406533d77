"""Table gestures of the Shu and Wu skills, through the real table layer (`companion.table`).

Every input is what a player does at the table (docs/product.md "Table flow conventions"):
scan a card, a general card or a skill token (`skill:<pinyin>`), press OK / NO, or
select a seat. Hands and deck are unseen, so what a skill needs is scanned or chosen.
"""

from engine.sanguosha.state import HIDDEN

from .gesture_table import Readers


def test_rende_gesture_token_cards_receiver_ok():
    """Rende: the token, the cards given, the receiver's general, OK; the cards stay unannounced."""
    t = Readers("liubei", "guanyu", "lvbu", "diaochan")
    t.game.player(1).hp = 3
    t.ok("scan", 1, "skill:rende")
    t.ok("scan", 1, "kill@S7")
    t.ok("scan", 1, "dodge@D2")
    t.ok("scan", 1, "lvbu")
    outcome = t.ok("ok", 1)
    given = t.events(outcome, "hand_cards_given")[0]
    assert (given.seat, given.target, given.count) == (1, 3, 2)
    assert t.events(outcome, "hp_recovered")[0].hp_after == 4
    assert "kill@S7" not in repr(outcome.events)


def test_jijiang_gesture_token_target_then_the_subject_scans_a_kill():
    """Jijiang in the play phase: the token and the target's general, OK; a Shu subject scans a Kill."""
    t = Readers("liubei", "lvbu", "guanyu", "diaochan")
    t.ok("scan", 1, "skill:jijiang")
    t.ok("scan", 1, "lvbu")
    t.ok("ok", 1)
    assert (t.game.pending().seat, t.game.pending().reason) == (3, "jijiang")
    outcome = t.ok("scan", 3, "kill@S7")
    used = t.events(outcome, "card_used")[0]
    assert (used.seat, used.cards, used.targets, used.skill) == (1, ("kill@S7",), (2,), "jijiang")


def test_wusheng_on_the_equipped_sky_halberd_is_no_last_hand_card():
    """At the table, 关羽's 武圣 Kill made of his equipped Sky Halberd (♦Q) while he holds one hand
    card gets no extra targets: the card is not from his hand (docs/sanguosha.md, Sky
    Halberd: the Kill must be the last hand card); the Kill takes one target, as digitally."""
    t = Readers("guanyu", "sunquan", "lvbu", "diaochan", "huatuo")
    t.ok("scan", 1, "sky_halberd@DQ")
    guanyu = t.game.player(1)
    t.game.deck[:0], guanyu.hand[1:] = guanyu.hand[1:], []  # one hand card left, unseen
    t.game.changed_outside()
    t.ok("scan", 1, "guanyu")
    t.ok("scan", 1, "sky_halberd@DQ")
    t.ok("scan", 1, "sunquan")
    t.ok("scan", 1, "huatuo")
    refusal = t.do("ok", 1).refusal
    assert refusal is not None  # before the fix: accepted, with the halberd's 2 extra targets
    assert refusal == {"reason": "too_many_targets", "card": "kill", "max_targets": 1, "got": 2}


def test_wusheng_and_zhiheng_start_from_the_own_general_card():
    """A general card starts its one active or conversion skill: Wusheng (card, target, OK),
    Zhiheng (cards, OK)."""
    t = Readers("guanyu", "sunquan", "lvbu", "diaochan")
    t.ok("scan", 1, "guanyu")
    t.ok("scan", 1, "peach@H3")
    t.ok("scan", 1, "sunquan")
    outcome = t.ok("ok", 1)
    assert t.events(outcome, "card_used")[0].skill == "wusheng"
    t.ok("no", 2)
    t.end_turn(1)
    t.ok("scan", 2, "sunquan")
    t.ok("scan", 2, "kill@C2")
    t.ok("scan", 2, "dodge@D2")
    outcome = t.ok("ok", 2)
    assert t.events(outcome, "cards_drawn")[0].count == 2


def test_guanxing_gesture_ok_scans_then_no():
    """Guanxing: OK, scan each card kept on top (top first), NO sends the rest to the bottom."""
    t = Readers("liubei", "zhugeliang", "lvbu", "diaochan")
    t.end_turn(1)
    assert t.game.pending().reason == "guanxing"
    t.ok("ok", 2)
    t.ok("scan", 2, "peach@H3")
    outcome = t.ok("no", 2)
    arranged = t.events(outcome, "deck_arranged")[0]
    assert (arranged.top, arranged.bottom) == (1, 3)
    assert "peach@H3" not in repr(outcome.events)


def test_liuli_gesture_new_target_then_ok_discards_unseen():
    """Liuli: when targeted by a Kill Da Qiao scans the new target's general, then OK discards a
    hand card unseen."""
    t = Readers("liubei", "daqiao", "diaochan", "lvbu")
    t.ok("scan", 1, "kill@S7")
    t.ok("scan", 1, "daqiao")
    assert t.game.pending().reason == "liuli"
    assert t.do("scan", 2, "liubei").refusal is not None  # never the Kill's user
    t.ok("scan", 2, "diaochan")
    outcome = t.ok("ok", 2)
    assert t.events(outcome, "cards_discarded")[0].unseen == 1
    assert t.game.pending().seat == 3 and t.game.pending().need == "dodge"


def test_tieqi_and_kurou_gestures():
    """Tieqi: OK, then the flipped judgment card; Kurou: Huang Gai's general card, then OK."""
    t = Readers("machao", "huanggai", "lvbu", "diaochan")
    t.ok("scan", 1, "kill@S7")
    t.ok("scan", 1, "huanggai")
    t.ok("ok", 1)
    outcome = t.ok("scan", 1, "peach@H3")  # red: no Dodge allowed
    assert t.events(outcome, "damage_dealt")[0].target == 2
    t.end_turn(1)
    t.ok("scan", 2, "huanggai")
    outcome = t.ok("ok", 2)
    assert t.events(outcome, "hp_lost")[0].hp_after == 2
    assert t.events(outcome, "cards_drawn")[0].count == 2


def test_fanjian_gesture_asks_the_target_to_name_a_suit():
    """Fanjian: Zhou Yu's general card and the target's general, OK; the target is asked for a suit."""
    t = Readers("zhouyu", "lvbu", "diaochan", "liubei")
    t.ok("no", 1)  # Yingzi declined
    t.ok("scan", 1, "zhouyu")
    t.ok("scan", 1, "lvbu")
    t.ok("ok", 1)
    prompt = t.game.pending()
    assert (prompt.kind, prompt.seat, prompt.options) == (
        "choose_option",
        2,
        ("spade", "heart", "club", "diamond"),
    )
    assert all(c is HIDDEN for c in t.game.player(1).hand)
