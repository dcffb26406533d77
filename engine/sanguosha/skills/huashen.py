"""左慈 (山 pack): 化身 and 新生, his general cards kept face down (docs/forest-mountain.md §4.4).

His 化身 cards are a private pile (`Game.add_to_pile(..., public=False)`): only their count
is public; the view shows them to his own seat alone. The current one is shown face up
(`HuashenShown`, `Player.marks["huashen"]`) with the skill he names: he has that skill
and that general's kingdom and gender.

Where the cards come from (`huashen_draw`): digital play draws from the unused playable
generals of the game's packs (seeded); at the table, `physical` asks him to scan each
card he draws from the shuffled unused general cards (a private `choose_general`), and
`companion` lets the companion pick from its list and show the names to his seat only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.sanguosha.catalogue import catalogue
from engine.sanguosha.events import HuashenShown
from engine.sanguosha.packs import pack_generals
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.reasons import Reason
from engine.sanguosha.skills import REGISTRY, Flow, Point, Skill, register

if TYPE_CHECKING:
    from engine.sanguosha.cards import Problem
    from engine.sanguosha.context import Damage, PhaseData
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player

PILE = "huashen"
START_CARDS = 2
SKILL_PROMPT = "huashen_skill"
"""The `choose_option` prompt naming the skill of the shown 化身 (its `target` the general)."""


def cards_of(p: Player) -> list[str]:
    """`p`'s 化身 cards (general ids), the shown one included."""
    pile = p.piles.get(PILE)
    return [str(g) for g in pile.items] if pile is not None else []


def unused_generals(game: Game) -> list[str]:
    """The playable generals of the game's packs dealt to no one this game: not a player's
    general, not already a 化身 card, not one of a two-side mode's draft (`TeamMode.dealt`),
    in the catalogue's order."""
    out = {p.general for p in game.players}
    for p in game.players:
        out.update(cards_of(p))
    if game.team_mode is not None:
        out.update(game.team_mode.dealt())
    return [g for g in pack_generals(game.settings.general_packs) if g not in out]


def eligible_skills(general: str) -> tuple[str, ...]:
    """The skills 化身 may give from `general`: its built skills that are neither lord,
    limited nor awakening skills (lord skills are listed apart and never offered)."""
    spec = catalogue().generals[general]
    return tuple(s for s in spec.skills if s in REGISTRY and not REGISTRY[s].once)


def skill_problem(general: str, skill: str) -> Problem:
    """Why 化身 does not give `skill` from `general` (None: it does)."""
    if skill in eligible_skills(general):
        return None
    spec = catalogue().generals[general]
    if skill in spec.lord_skills:
        why = "lord"
    elif skill in spec.skills and skill in REGISTRY:
        why = "limited" if "limited" in REGISTRY[skill].tags else "awakening"
    else:
        why = "not_its_skill"
    data = {
        "skill": skill,
        "general": general,
        "why": why,
        "skills": list(eligible_skills(general)),
    }
    return Reason.HUASHEN_SKILL_NOT_GIVEN, data


class _Draw:
    """A physical draw's scan (a private `choose_general`): a general card not in the game
    and not already his."""

    def __init__(self, owner: Player) -> None:
        self.owner = owner

    def legal(self, game: Game, seat: int) -> list[str]:
        return unused_generals(game)

    def problem(self, game: Game, seat: int, general: str) -> Problem:
        for q in game.players:
            if q.general == general:
                return Reason.GENERAL_TAKEN, {"general": general, "seat": q.seat}
        mine = cards_of(self.owner)
        if general in mine:  # not named: the others must not learn his cards
            return Reason.HUASHEN_ALREADY_YOURS, {"count": len(mine)}
        if game.team_mode is not None and general in game.team_mode.dealt():  # not named
            return Reason.HUASHEN_DEALT, {"left": len(unused_generals(game))}
        return None


class _Show:
    """Which 化身 card he shows: one of his (a private `choose_option`)."""

    def __init__(self, owner: Player) -> None:
        self.owner = owner

    def option_problem(self, game: Game, option: str) -> Problem:
        mine = cards_of(self.owner)
        if option not in mine:
            return Reason.HUASHEN_NOT_YOURS, {"general": option, "count": len(mine)}
        return None


class _Name:
    """Which skill of the shown 化身 he names."""

    def __init__(self, general: str) -> None:
        self.general = general

    def option_problem(self, game: Game, option: str) -> Problem:
        return skill_problem(self.general, option)


def draw_huashen(game: Game, p: Player, count: int, reason: str) -> Flow:
    """`p` gets `count` more 化身 cards, face down (fewer if the unused generals run out)."""
    if game.table and game.settings.huashen_draw == "physical":
        for i in range(count):
            if not unused_generals(game):
                return
            answer = yield Prompt(
                PromptKind.CHOOSE_GENERAL,
                p.seat,
                (p.seat,),
                reason=PILE,
                count=count - i,
                private=True,
                ctx=_Draw(p),
            )
            game.add_to_pile(p, PILE, (answer.general,), False, reason)
        return
    unused = unused_generals(game)
    # one at a time, as the table scans them: both modes tell the same story
    for general in game.rng.sample(unused, min(count, len(unused))):
        game.add_to_pile(p, PILE, (general,), False, reason)


def choose_huashen(game: Game, p: Player) -> Flow:
    """`p` shows one of his 化身 cards and names one of its skills; the old skill goes."""
    mine = cards_of(p)
    if not mine:
        return
    answer = yield Prompt(
        PromptKind.CHOOSE_OPTION,
        p.seat,
        (p.seat,),
        reason=PILE,
        count=len(mine),
        options=tuple(mine),
        private=True,
        ctx=_Show(p),
    )
    general: str = answer.option
    skills = eligible_skills(general)
    skill = skills[0] if skills else ""
    if len(skills) > 1:
        answer = yield Prompt(
            PromptKind.CHOOSE_OPTION,
            p.seat,
            (p.seat,),
            reason=SKILL_PROMPT,
            skill=PILE,
            options=skills,
            ctx=_Name(general),
        )
        skill = answer.option
    old = p.marks.get(PILE)
    if old is not None and old[1] and old[1] != skill:
        game.lose_skill(p, old[1], PILE)
    p.marks[PILE] = (general, skill)
    game.emit(HuashenShown(p.seat, general, skill, len(mine) - 1))
    if skill:
        game.gain_skill(p, skill, PILE)
    spec = catalogue().generals[general]
    if (p.kingdom, p.gender) != (spec.kingdom, spec.gender):
        game.set_kingdom_gender(p, spec.kingdom, spec.gender, PILE)


@register
class Huashen(Skill):
    """化身: once every general is revealed (a later 1v1 general: once he enters), get two
    general cards not in the game, face down; show one and name one of its skills (not
    lord, limited or awakening): you have it, and that general's kingdom and gender. At
    the start and at the end of each of your turns you may show another (or the same) and
    name a skill again."""

    id = "huashen"
    triggers = (Point.ENTERED, Point.PHASE_START, Point.PHASE_END)
    asks_first = False  # compulsory as he enters play; asked at the start and end of his turns

    def can_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> bool:
        # `data` at ENTERED is an `Entered`: only its `player` is read
        if data.player is not owner:
            return False
        if point is Point.ENTERED:
            return True  # at game start, or a 1v1 general entering later
        if not cards_of(owner):
            return False
        if point is Point.PHASE_START:
            return data.phase == "preparation"  # the start of his turn
        return data.phase == "finish"  # its end

    def on_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> Flow:
        if point is Point.ENTERED:
            game.skill_invoked(owner, self.id)
            yield from draw_huashen(game, owner, START_CARDS, self.id)
        else:
            ok = yield from game.ask_confirm(owner, self.id, data)
            if not ok:
                return
            game.skill_invoked(owner, self.id)
        yield from choose_huashen(game, owner)


@register
class Xinsheng(Skill):
    """新生: for each point of damage you take, you may get one more 化身 card (shown at
    your next turn's start or end)."""

    id = "xinsheng"
    triggers = (Point.DAMAGED,)
    asks_first = False  # asked once per point of damage

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> bool:
        return data.target is owner

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> Flow:
        for _ in range(data.amount):
            if not owner.alive or not unused_generals(game):
                return
            ok = yield from game.ask_confirm(owner, self.id, data)
            if not ok:
                return
            game.skill_invoked(owner, self.id)
            yield from draw_huashen(game, owner, 1, self.id)
