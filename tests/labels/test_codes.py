"""Card codes: format, check character, round trips, aliases and the sets' contents."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion import codes
from companion.codes import (
    ALPHABET,
    CheckCharacterError,
    InvalidCodeError,
    UnknownCodeError,
    UnknownTokenError,
    all_codes,
    decode_code,
    encode_token,
    is_valid,
    resolve_token,
)
from engine.sanguosha.catalogue import catalogue, format_card
from engine.sanguosha.skills import REGISTRY
from firmware_protocol import MAX_TEXT

SETS = ("sanguosha", "generals", "identities", "skills", "poker")


def test_every_code_fits_the_card_payload() -> None:
    """Every code of every set is ASCII and at most MAX_TEXT bytes in UTF-8."""
    for ref in all_codes("all"):
        data = ref.code.encode("utf-8")
        assert 1 <= len(data) <= MAX_TEXT and data.isascii(), ref


def test_codes_are_unique_across_sets() -> None:
    """No two physical cards of any set share a code."""
    refs = all_codes("all")
    packs = 8 + 2 + 8 + 8 + 2 + 8 + 4  # the 风, 火, 林 generals and tokens, the 3v3 tokens
    packs += 8 + 4  # the 山 generals and their skill tokens (急袭's too)
    assert len({ref.code for ref in refs}) == len(refs) == 108 + 25 + 11 + 15 + 54 + 52 + packs


def test_every_code_decodes_to_its_card() -> None:
    """decode_code gives back exactly the card all_codes listed, for every card."""
    for ref in all_codes("all"):
        assert decode_code(ref.code) == ref


def test_every_card_text_and_copy_resolves_to_itself() -> None:
    """A card's text with its copy number (`kill@S8#2`) resolves to that very card."""
    for ref in all_codes("all"):
        assert resolve_token(f"{ref.text}#{ref.copy}") == ref
        if ref.copy == 1:
            assert encode_token(ref.text) == ref.code


def test_check_character_catches_every_single_change() -> None:
    """Changing any one character of a code to any other symbol makes it invalid."""
    for ref in random.Random(9).sample(all_codes("all"), 40):
        for i in range(len(ref.code)):
            for ch in ALPHABET:
                changed = ref.code[:i] + ch + ref.code[i + 1 :]
                assert is_valid(changed) == (changed == ref.code), changed


def test_check_character_catches_adjacent_swaps() -> None:
    """Swapping two different neighbouring characters of any code makes it invalid."""
    for ref in all_codes("all"):
        code = ref.code
        for i in range(len(code) - 1):
            if code[i] != code[i + 1]:
                swapped = code[:i] + code[i + 1] + code[i] + code[i + 2 :]
                assert not is_valid(swapped), swapped
                with pytest.raises(CheckCharacterError):
                    decode_code(swapped)


@pytest.mark.parametrize(
    ("token", "text", "copy"),
    [
        ("kill@S7", "kill@S7", 1),
        ("杀♠7", "kill@S7", 1),
        ("sha@S7", "kill@S7", 1),
        ("Kill ♠ 7", "kill@S7", 1),
        ("kill@S8#2", "kill@S8", 2),
        ("lightning@HQ", "lightning@HQ", 1),
        ("乐不思蜀♥6", "indulgence@H6", 1),
        ("le bu si shu@h6", "indulgence@H6", 1),
        ("雷杀♠5", "thunder_kill@S5", 1),
        ("酒♦9", "wine@D9", 1),
        ("caocao", "caocao", 1),
        ("曹操", "caocao", 1),
        ("cao cao", "caocao", 1),
        ("Lü Bu", "lvbu", 1),
        ("lord", "lord", 1),
        ("反贼#5", "rebel", 5),
        ("skill:rende", "skill:rende", 1),
        ("skill:仁德", "skill:rende", 1),
        ("C8", "C8", 1),
        ("♣8", "C8", 1),
        ("h10", "H10", 1),
        ("jester", "jester", 1),
        ("joker#2", "jester", 2),
    ],
)
def test_token_aliases(token: str, text: str, copy: int) -> None:
    """Ids, Chinese, pinyin, English, suit symbols and #N all name the expected card."""
    ref = resolve_token(token)
    assert (ref.text, ref.copy) == (text, copy)


def test_a_code_is_also_a_token() -> None:
    """A code typed as a token names its own card."""
    ref = all_codes("skills")[3]
    assert resolve_token(ref.code) == ref


@pytest.mark.parametrize(
    ("token", "fragment"),
    [
        ("kill@HA", "not in any game-card set"),
        ("nothing", "expected a game card"),
        ("rebel#6", "5 copies"),
        ("skill:jianxiong", "has no token"),
        ("skill:nothing", "not a skill"),
        ("", "empty"),
    ],
)
def test_unknown_tokens_are_refused_clearly(token: str, fragment: str) -> None:
    """An unknown token raises UnknownTokenError whose message says what is wrong."""
    with pytest.raises(UnknownTokenError, match=fragment):
        encode_token(token)


@pytest.mark.parametrize(
    ("code", "error"),
    [
        ("S0D", InvalidCodeError),
        ("s0dx", InvalidCodeError),
        ("S0DI", InvalidCodeError),
        ("S0DY", CheckCharacterError),
        ("SYY" + codes.check_character("SYY"), UnknownCodeError),
        ("X01" + codes.check_character("X01"), UnknownCodeError),
        ("A01" + codes.check_character("A01"), UnknownCodeError),
    ],
)
def test_bad_codes_are_refused(code: str, error: type[Exception]) -> None:
    """Malformed, misread and unassigned codes raise the matching ValueError subclass."""
    with pytest.raises(error):
        decode_code(code)
    assert issubclass(error, ValueError)


def test_sanguosha_set_is_the_catalogue_deck() -> None:
    """The game-card set holds exactly the catalogue's 104 cards and 4 EX cards."""
    cat = catalogue()
    expected = Counter(format_card(c) for c in cat.deck + cat.ex_deck)
    assert Counter(ref.text for ref in all_codes("sanguosha")) == expected


def test_generals_set_is_the_catalogue_generals() -> None:
    """The generals set holds each of the catalogue's standard generals once."""
    standard = [g.id for g in catalogue().generals.values() if g.pack == "standard"]
    assert [ref.id for ref in all_codes("generals")] == standard


def test_skill_tokens_are_the_skills_a_player_starts() -> None:
    """There is one token per standard skill tagged active, conversion or response, and no
    other."""
    tags = codes.codebook().table.token_tags
    cat = catalogue()
    standard = {s for g in cat.generals.values() if g.pack == "standard" for s in g.skills}
    standard |= {s for g in cat.generals.values() if g.pack == "standard" for s in g.lord_skills}
    expected = {s.id for s in cat.skills.values() if s.tags & tags and s.id in standard}
    refs = all_codes("skills")
    assert tags == {"active", "conversion", "response"}
    assert sorted(ref.id for ref in refs) == sorted(expected) and len(refs) == len(expected)


def test_identity_cards_deal_every_role_table() -> None:
    """The box has enough of each identity for every role table of 2 to 10 players."""
    have = Counter(ref.id for ref in all_codes("identities"))
    for group in catalogue().roles.values():
        for table in group.values():
            assert all(have[role] >= n for role, n in table.items()), table


def test_poker_set_is_a_full_deck() -> None:
    """The poker set has 52 distinct suit+rank cards and two jesters."""
    texts = Counter(ref.text for ref in all_codes("poker"))
    assert texts.pop("jester") == 2
    assert len(texts) == 52 and set(texts.values()) == {1}


def test_maneuvering_set_is_the_expansion_deck() -> None:
    """`maneuvering` holds the 52 cards of the expansion (docs/maneuvering.md 1), letter M."""
    refs = all_codes("maneuvering")
    expected = Counter(format_card(c) for c in catalogue().maneuvering_deck)
    assert Counter(ref.text for ref in refs) == expected and len(refs) == 52
    assert {ref.code[0] for ref in refs} == {"M"}


def test_repeated_standard_cards_are_further_copies() -> None:
    """A Maneuvering card repeating a standard one is its next copy: `dodge@D6/2`,
    `dodge@DJ/3`, `peach@H6/2`; the label says 2/2, 3/3 (the engine treats them alike)."""
    book = codes.codebook()
    d6, dj, h6 = (resolve_token(t) for t in ("dodge@D6/2", "dodge@DJ/3", "peach@H6/2"))
    assert {d6.set, dj.set, h6.set} == {"maneuvering"}
    assert (d6.copy, book.copy_count(d6), dj.copy, book.copy_count(dj)) == (2, 2, 3, 3)
    assert resolve_token("dodge@D6").set == "sanguosha"
    assert resolve_token("雷杀♠5").text == "thunder_kill@S5"


@pytest.mark.parametrize("pack", ["wind", "fire", "forest", "mountain"])
def test_a_pack_set_holds_its_generals_and_skill_tokens(pack):
    """`--set wind` / `--set fire`: the pack's 8 general cards (its catalogue generals, in
    order) and one token per skill of its generals tagged active, conversion or response;
    every code distinct from every other set's."""
    from companion.commands.labels import _expand

    cat = catalogue()
    generals = [g.id for g in cat.generals.values() if g.pack == pack]
    assert [ref.id for ref in all_codes(pack)] == generals and len(generals) == 8
    tags = codes.codebook().table.token_tags
    skills = {s for g in generals for s in cat.generals[g].skills + cat.generals[g].lord_skills}
    printed = {s for g in cat.generals.values() for s in g.skills + g.lord_skills}
    # and the skills their awakenings gain that no general prints (急袭, after 凿险)
    skills |= {x for s in skills for x in getattr(REGISTRY.get(s), "GAINS", ())} - printed
    expected = sorted(s for s in skills if cat.skills[s].tags & tags)
    assert sorted(ref.id for ref in all_codes(pack + "_skills")) == expected
    assert _expand([pack]) == [pack, pack + "_skills"]
    others = {ref.code for ref in all_codes("all")} - {
        ref.code for ref in all_codes(pack) + all_codes(pack + "_skills")
    }
    assert not others & {ref.code for ref in all_codes(pack)}
