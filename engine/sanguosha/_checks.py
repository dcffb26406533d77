"""Checking an action against the pending prompt, before anything changes.

`check(prompt, seat, action)` either returns (the action is legal) or raises
`IllegalAction` / `InvalidAction` with a `Reason` and the data to explain it. It
only reads the state, which is what makes "a refused action changes nothing" hold
without snapshots. One checker per prompt kind.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, NoReturn

from engine.core.errors import IllegalAction, InvalidAction
from engine.sanguosha._setup import SetupLayer
from engine.sanguosha.actions import (
    Action,
    ChooseGeneral,
    ChooseOption,
    ChooseTarget,
    Confirm,
    Discard,
    EndPlay,
    Pass,
    PickCard,
    PlayCard,
    ProvideJudgment,
    Recast,
    Respond,
    RevealCard,
    RevealIdentity,
    Timeout,
    UseSkill,
)
from engine.sanguosha.cards import RULES, Problem
from engine.sanguosha.catalogue import IDENTITIES, Card, catalogue
from engine.sanguosha.context import (
    Comparison,
    PlayerChoice,
    Request,
    Use,
    alternatives,
    answers,
    from_hand,
)
from engine.sanguosha.packs import general_problem
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.reasons import Reason
from engine.sanguosha.skills import REGISTRY, Skill

if TYPE_CHECKING:
    from engine.sanguosha.state import Player

K = PromptKind
EXPECTED: dict[PromptKind, tuple[str, ...]] = {
    K.CHOOSE_GENERAL: ("choose_general",),
    K.PLAY: ("play_card", "use_skill", "end_play", "recast"),
    K.CHOOSE_TARGET: ("choose_target", "confirm", "pass"),
    K.RESPOND: ("respond", "use_skill", "pass"),
    K.NULLIFY: ("respond", "use_skill", "pass", "timeout"),
    K.DISCARD: ("discard", "confirm", "pass"),
    K.JUDGMENT_CARD: ("provide_judgment",),
    K.REVEAL_IDENTITY: ("reveal_identity",),
    K.REVEAL_CARD: ("reveal_card",),
    K.CHOOSE_CARD_FROM: ("pick_card", "pass"),
    K.HARVEST_PICK: ("pick_card",),
    K.CONFIRM: ("confirm",),
    K.CHOOSE_OPTION: ("choose_option",),
}


class ChecksLayer(SetupLayer):
    def check(self, prompt: Prompt, seat: int | None, action: Action) -> list[Player] | None:
        """Raise unless `seat` may submit `action` now; never changes anything.

        Returns the targets a play resolved to (None: no play, or targets still to be
        staged), so that `submit` can hand them to the flow instead of resolving them
        again; `legal_actions()` membership calls this too and ignores the result.
        """
        if self.denied is not None and isinstance(action, Respond) and seat is not None:
            problem = self.denied_problem(prompt, seat, action.card)
            if problem is not None:
                raise IllegalAction(problem[0], **problem[1])
        if isinstance(action, Recast) and prompt.kind is not K.PLAY:
            raise IllegalAction(
                Reason.RECAST_NOT_NOW, card=str(action.card), prompt=prompt.kind.value
            )
        if action.kind not in EXPECTED[prompt.kind]:
            raise IllegalAction(
                Reason.WRONG_ACTION,
                action=action.kind,
                prompt=prompt.kind.value,
                expected=list(EXPECTED[prompt.kind]),
            )
        if isinstance(action, Timeout):
            if seat is not None or prompt.timeout_s is None:  # only the table's clock, seat None
                expected = [k for k in EXPECTED[prompt.kind] if k != "timeout"]
                raise IllegalAction(
                    Reason.WRONG_ACTION,
                    action="timeout",
                    prompt=prompt.kind.value,
                    expected=expected,
                )
            return None
        self.check_asked(prompt, seat)
        assert seat is not None  # check_asked refuses None
        return _CHECKERS[prompt.kind](self.game, prompt, self.player(seat), action)

    def check_asked(self, prompt: Prompt, seat: int | None) -> None:
        """Raise unless `seat` is a seat of this game that `prompt` asks."""
        if not isinstance(seat, int) or not 1 <= seat <= self.n:
            raise InvalidAction(Reason.UNKNOWN_SEAT, seat=seat, players=self.n)
        if seat not in prompt.seats:
            not_asked = getattr(prompt.ctx, "not_asked", None)  # the prompt's own rule (蛊惑)
            problem = not_asked(self.game, seat) if not_asked is not None else None
            if problem is not None:
                raise IllegalAction(problem[0], **problem[1])
            if prompt.kind is K.PLAY:
                raise IllegalAction(Reason.NOT_YOUR_TURN, seat=seat, turn=prompt.seat)
            raise IllegalAction(Reason.WRONG_SEAT, seat=seat, expected=list(prompt.seats))

    def denied_problem(self, prompt: Prompt, seat: int, card: object) -> Problem:
        """Why `seat` may not answer with `card` the request that was just skipped for
        them (`denied`: Tieqi's red judgment, no Dodge against that Kill), unless the
        pending prompt asks them for it now; None otherwise. The table asks this too."""
        denied = self.denied
        if denied is None or denied[0] != seat or not isinstance(card, Card):
            return None
        _, need, against, skill = denied
        if not answers(card, need) or (seat in prompt.seats and answers(card, prompt.need or "")):
            return None
        data = {"seat": seat, "card": str(card), "need": need, "against": against}
        return Reason.CANNOT_RESPOND, {**data, "skill": skill}

    # ---------------------------------------------------------------- shared checks
    def check_seats(self, seats: tuple[int, ...]) -> None:
        for s in seats:
            if not isinstance(s, int) or not 1 <= s <= self.n:
                raise InvalidAction(Reason.UNKNOWN_SEAT, seat=s, players=self.n)

    def check_in_game(self, card: object) -> Card:
        if not isinstance(card, Card):
            raise InvalidAction(Reason.UNKNOWN_CARD, text=repr(card))
        if card not in self.copies:
            raise IllegalAction(Reason.CARD_NOT_IN_GAME, card=str(card))
        return card

    def check_in_hand(self, p: Player, cards: tuple[Card, ...]) -> None:
        """The cards are in `p`'s hand (table mode: not visibly somewhere else)."""
        for card in cards:
            self.check_in_game(card)
        if self.table:
            for card, k in Counter(cards).items():
                self.check_not_elsewhere(card, k, owner=p)
            return
        if len(cards) == 1:
            if cards[0] not in p.hand:
                raise IllegalAction(Reason.CARD_NOT_IN_HAND, card=str(cards[0]), seat=p.seat)
            return
        for card, k in Counter(cards).items():
            if p.hand.count(card) < k:
                raise IllegalAction(Reason.CARD_NOT_IN_HAND, card=str(card), seat=p.seat)

    def check_owned(
        self,
        p: Player,
        cards: tuple[Card, ...],
        exclude: Card | tuple[Card, ...] | None = None,
    ) -> None:
        """The cards are in `p`'s hand or equipment (not `exclude`: a card or several)."""
        excluded = exclude if isinstance(exclude, tuple) else (exclude,)
        equipped = [c for c in p.equip if c is not None and c not in excluded]
        in_hand = tuple(c for c in cards if c not in equipped)
        if len(set(cards) & set(equipped)) != len(cards) - len(in_hand):
            raise IllegalAction(Reason.DUPLICATE_CARD, card=str(cards[0]))
        for card in in_hand:
            if card in excluded:
                raise IllegalAction(Reason.CARD_NOT_OWNED, card=str(card), seat=p.seat)
        try:
            self.check_in_hand(p, in_hand)
        except IllegalAction as exc:
            if exc.reason is Reason.CARD_NOT_IN_HAND:
                raise IllegalAction(Reason.CARD_NOT_OWNED, **exc.data) from None
            raise

    def pile_problem(self, p: Player, skill: Skill, cards: tuple[Card, ...]) -> Problem:
        """Why the cards of a conversion from a pile (急袭's fields) cannot be used: too few
        there (`too_few_cards`, with how many), or a card that is not one of them."""
        pile = p.pile(skill.source_pile)
        zone = skill.source_pile
        if len(pile) < skill.count:
            data = {"skill": skill.id, "seat": p.seat, "needed": skill.count}
            return Reason.TOO_FEW_CARDS, data | {"have": len(pile), "zone": zone}
        for card in cards:
            if card not in pile:
                return Reason.CARD_NOT_THERE, {"card": str(card), "seat": p.seat, "zone": zone}
        return None

    def visible_copies(self, card: Card, owner: Player | None) -> tuple[int, str, int | None]:
        """How many copies of `card` are known to sit in a public zone (or another hand).

        `owner` None means the card comes off the top of the deck (judgment, reveal).
        """
        seen, zone, where = 0, "", None
        for q in self.players:
            for c in q.equip:
                if c is card:
                    seen, zone, where = seen + 1, "equipment", q.seat
            for c, _ in q.judgment:
                if c is card:
                    seen, zone, where = seen + 1, "judgment", q.seat
            if q is not owner:
                k = q.hand.count(card)
                if k:
                    seen, zone, where = seen + k, "hand", q.seat
            if q.piles:  # cards kept on a general (不屈, 屯田's fields)
                for kept in q.piles.values():
                    k = kept.items.count(card)
                    if k:
                        seen, zone, where = seen + k, "general", q.seat
        piles = [(self.processing, "table")]
        if self.deck or owner is not None:
            # with the deck empty, the discard pile is about to become the deck
            piles.append((self.discard_pile, "discard"))
        for pile, name in piles:
            k = pile.count(card)
            if k:
                seen, zone, where = seen + k, name, None
        return seen, zone, where

    def check_not_elsewhere(self, card: Card, k: int = 1, owner: Player | None = None) -> None:
        """Table mode: refuse a scan of a card whose every copy is visibly elsewhere."""
        seen, zone, where = self.visible_copies(card, owner)
        if owner is not None and card in owner.hand:
            return
        if seen + k > self.copies[card]:
            raise IllegalAction(Reason.CARD_ELSEWHERE, card=str(card), zone=zone, seat=where)

    def check_skill(self, p: Player, skill_id: str, lent: bool = False) -> Skill:
        """`p`'s skill `skill_id` (with `lent`: or one lent to him, `Skill.lent`), else
        the refusal saying why he has none."""
        for skill in p.skills:
            if skill.id == skill_id:
                return skill
        if lent:
            holder = self.lender(p, skill_id)
            if holder is not None:
                return self.check_skill(holder, skill_id)
        if skill_id not in catalogue().skills and skill_id not in REGISTRY:
            raise InvalidAction(Reason.UNKNOWN_SKILL, skill=skill_id)
        reason, data = self.skill_missing(p, skill_id)
        raise IllegalAction(reason, **data)

    def skill_missing(self, p: Player, skill_id: str) -> tuple[Reason, dict[str, object]]:
        """Why `p` lacks a skill: a lord skill printed on the general's card is off in a
        two-side mode (docs/modes.md §1) or belongs to the lord only; else not his."""
        data: dict[str, object] = {"skill": skill_id, "seat": p.seat}
        owner = p
        cls = REGISTRY.get(skill_id)
        if cls is not None and cls.lent:  # another's skill (黄天): when, or whose it is
            if self.lender(p, skill_id) is not None:  # lent, but not in his own play phase
                return Reason.SKILL_NOT_AVAILABLE, data | {"how": "own_play_phase"}
            others = (q for q in self.alive_order if q is not p and _prints(q, skill_id))
            owner = next(others, p)
            data["seat"] = owner.seat
        general = catalogue().generals.get(owner.general or "")
        if general is not None and skill_id in general.lord_skills:
            if self.game.team_mode is not None:
                return Reason.LORD_SKILLS_OFF, data | {"mode": self.settings.game_mode}
            return Reason.NOT_THE_LORD, data
        return Reason.SKILL_NOT_OWNED, data

    def conversion_problem(self, p: Player, skill_id: str, cards: tuple[Card, ...]) -> Problem:
        """Why the cards scanned so far for a conversion skill cannot be it (a ♥ card for
        Guose, a black one for Jijiu), asked at each scan once they are as many as one
        conversion takes: the skill's rule (`not_convertible`); any card for a skill whose
        card is declared face down at the table (蛊惑: `card_face_down`). None if they may
        be, if more are still to come, or if the skill is not a conversion."""
        skill = self.skill_of(p, skill_id)
        if skill is not None and skill.declares and self.table and cards:  # 蛊惑: face down
            return Reason.CARD_FACE_DOWN, {"skill": skill.id, "seat": p.seat}
        if skill is None or skill.active or not skill.converts:
            return None
        if skill.source_pile:  # 急袭: a card of his pile, scanned
            problem = self.pile_problem(p, skill, cards)
            if problem is not None:
                return problem
        if len(cards) < skill.count:
            return None
        fits = len(cards) == skill.count
        if fits and any(skill.view_as(self.game, p, cards, n) for n in skill.converts):
            return None
        return self.not_convertible(p, skill, cards, skill.converts[0])

    def not_convertible(
        self, p: Player, skill: Skill, cards: tuple[Card, ...], as_card: str | None
    ) -> tuple[Reason, dict[str, Any]]:
        """The skill's own card rule, or the setting that turns it off in this game."""
        data: dict[str, Any] = {"skill": skill.id, "cards": [str(c) for c in cards]}
        data["as_card"] = as_card
        off = skill.conversion_off(self.game, p)
        if off is not None:
            data["why"] = off
        return Reason.NOT_CONVERTIBLE, data

    def check_conversion(self, p: Player, skill: Skill, cards: tuple[Card, ...], need: str) -> None:
        ok = cards and any(
            n in skill.converts and skill.view_as(self.game, p, cards, n)
            for n in alternatives(need)
        )
        if not ok:
            as_card = next((n for n in alternatives(need) if n in skill.converts), None)
            if as_card is None:  # it makes another card, or none at all
                self.check_makes(p, skill, need)
            reason, data = self.not_convertible(p, skill, cards, as_card)
            raise IllegalAction(reason, **data)
        self.check_owned(p, cards)

    def check_makes(self, p: Player, skill: Skill, need: str) -> NoReturn:
        """Refuse a skill that cannot answer a `need` request at all: it gives another
        card (Eight Diagrams a Dodge, asked for a Kill) or is not used by hand."""
        gives = [n for n in (*skill.provides, *skill.converts) if n not in alternatives(need)]
        if gives:
            raise IllegalAction(Reason.SKILL_WRONG_NEED, skill=skill.id, need=need, gives=gives)
        self.refuse_by_hand(p, skill)

    def activation_problem(self, p: Player, skill: Skill) -> Problem:
        """Why `p` cannot start the active skill now, in his play phase, whatever cards and
        targets he names (spent, once per phase, 黄天 by the lord or a non-Qun player): known
        as soon as he shows the skill's token, so the table refuses it there. None: he may."""
        if skill.once and skill.id in p.spent:
            return Reason.SKILL_SPENT, {"skill": skill.id, "seat": p.seat}
        if skill.can_activate(self.game, p):
            return None
        why = skill.unavailable(self.game, p)  # a skill's own reason, if it has one
        return why or (Reason.SKILL_NOT_AVAILABLE, {"skill": skill.id, "seat": p.seat})

    def refuse_by_hand(self, p: Player, skill: Skill) -> NoReturn:
        """A skill that is not started by hand here: compulsory (an awakening), offered when it triggers,
        or an active skill (天义, 制衡) out of its owner's play phase."""
        if "awakening" in skill.tags:  # compulsory too, but says its own condition
            how = "awakening"
        elif "compulsory" in skill.tags:
            how = "compulsory"
        else:
            how = "own_play_phase" if skill.active else "triggered"
        raise IllegalAction(Reason.SKILL_NOT_AVAILABLE, skill=skill.id, seat=p.seat, how=how)

    # ---------------------------------------------------------------- per prompt kind
    def _check_play(self, prompt: Prompt, p: Player, action: Action) -> list[Player] | None:
        """A play: its resolved targets (None: staged later), see `check`."""
        if isinstance(action, EndPlay):
            return None
        if isinstance(action, PlayCard):
            card = action.card
            self.check_in_hand(p, (card,))
            self.check_seats(action.targets)
            return self.check_use(p, card.true_name, (card,), action.targets)
        if isinstance(action, Recast):
            card = self.check_in_game(action.card)
            rule = RULES.get(card.true_name)
            if rule is None or not rule.recastable:
                raise IllegalAction(Reason.NOT_RECASTABLE, card=str(card))
            self.check_in_hand(p, (card,))
            return None
        assert isinstance(action, UseSkill)
        skill = self.check_skill(p, action.skill, lent=True)
        if skill.active:
            problem = self.activation_problem(p, skill)
            if problem is not None:
                raise IllegalAction(problem[0], **problem[1])
            self.check_seats(action.targets)
            skill.check_activate(self.game, p, action)
            return None
        names = [n for n in skill.converts if n in RULES and RULES[n].playable]
        problem = self.pile_problem(p, skill, action.cards) if skill.source_pile else None
        if problem is not None:
            raise IllegalAction(problem[0], **problem[1])
        for name in names:
            if action.cards and skill.view_as(self.game, p, action.cards, name):
                if not skill.source_pile:
                    self.check_owned(p, action.cards)
                self.check_seats(action.targets)
                return self.check_use(p, name, action.cards, action.targets)
        if not skill.converts:  # a triggered or compulsory skill is not started by hand
            self.refuse_by_hand(p, skill)
        if not names:  # it makes only answers (Qingguo's Dodge): not in the play phase
            raise IllegalAction(Reason.NOT_PLAYABLE_NOW, card=skill.converts[0], phase=self.phase)
        reason, data = self.not_convertible(p, skill, action.cards, names[0])
        raise IllegalAction(reason, **data)

    def _check_choose_target(self, prompt: Prompt, p: Player, action: Action) -> None:
        if isinstance(prompt.ctx, PlayerChoice):
            self._check_player_choice(prompt.ctx, p, action)
            return
        name, cards, chosen, lo, hi = prompt.ctx
        if isinstance(action, ChooseTarget):
            self.check_seats((action.seat,))
            RULES[name].check_target(self.game, p, self.player(action.seat), chosen, cards)
        elif isinstance(action, Confirm) and action.ok and len(chosen) < lo:
            if not chosen and not cards and RULES[name].recastable:
                # a card declared face down (蛊惑) is used as declared, never recast
                raise IllegalAction(Reason.RECAST_DECLARED, card=name, skill=prompt.skill)
            if not (chosen or self.staged_recastable(name, cards)):
                raise IllegalAction(Reason.NEEDS_TARGET, card=name, min_targets=lo)

    def staged_recastable(self, name: str, cards: tuple[Card, ...]) -> bool:
        """OK with no target recasts a staged card that may be recast (Iron Chain, 3.3)."""
        return len(cards) == 1 and cards[0].true_name == name and RULES[name].recastable

    def _check_player_choice(self, choice: PlayerChoice, p: Player, action: Action) -> None:
        """A skill's choice of players (`choose_players`): a player left out is refused
        as dead, as the chooser, with the skill's own rule (`PlayerChoice.why`), or as
        not valid."""
        if isinstance(action, ChooseTarget):
            self.check_seats((action.seat,))
            target = self.player(action.seat)
            if target in choice.chosen:
                raise IllegalAction(Reason.DUPLICATE_TARGET, target=action.seat)
            if target not in choice.options:
                if not target.alive:
                    raise IllegalAction(Reason.TARGET_DEAD, target=action.seat)
                if target is p:
                    raise IllegalAction(Reason.CANNOT_TARGET_SELF, card=choice.reason)
                problem = choice.why(target) if choice.why is not None else None
                if problem is not None:
                    raise IllegalAction(problem[0], **problem[1])
                raise IllegalAction(Reason.INVALID_TARGET, card=choice.reason, target=action.seat)
        elif isinstance(action, Confirm) and action.ok:
            if len(choice.chosen) < choice.lo:
                raise IllegalAction(Reason.NEEDS_TARGET, card=choice.reason, min_targets=choice.lo)
        elif not choice.optional:
            raise IllegalAction(Reason.CANNOT_PASS, prompt=PromptKind.CHOOSE_TARGET.value)

    def _check_respond(self, prompt: Prompt, p: Player, action: Action) -> None:
        need = prompt.need or ""
        if isinstance(action, Respond) and action.card is not None:
            card = self.check_in_game(action.card)
            if not answers(card, need):
                if card.true_name == "wine" and prompt.reason == "dying":
                    raise IllegalAction(Reason.WINE_SELF_ONLY, card=str(card), target=prompt.target)
                against = prompt.ctx.against if isinstance(prompt.ctx, Request) else None
                if card.true_name == "nullification" and against is not None:
                    raise IllegalAction(Reason.CANNOT_NULLIFY, **_nullify_data(card, against, need))
                raise IllegalAction(Reason.WRONG_CARD, card=str(card), need=need)
            self.check_in_hand(p, (card,))
        elif isinstance(action, UseSkill):
            skill = self.check_skill(p, action.skill)
            if skill.declares:  # a card declared face down (蛊惑): the skill's own checks
                skill.check_declare(self.game, p, need, action.cards)
            elif action.cards:
                self.check_conversion(p, skill, action.cards, need)
            elif skill.id not in prompt.options:
                if not any(n in (*skill.provides, *skill.converts) for n in alternatives(need)):
                    self.check_makes(p, skill, need)  # another card (Eight Diagrams for a Kill)
                if skill.once and skill.id in p.spent:  # 涅槃 again: name the once-per-game rule
                    raise IllegalAction(Reason.SKILL_SPENT, skill=skill.id, seat=p.seat)
                why = skill.unavailable(self.game, p)  # its own rule (救主 at 1 HP)
                if why is not None:
                    raise IllegalAction(why[0], **why[1])
                raise IllegalAction(Reason.SKILL_NOT_AVAILABLE, skill=skill.id, seat=p.seat)

    def _check_discard(self, prompt: Prompt, p: Player, action: Action) -> None:
        ctx = prompt.ctx or {}
        if isinstance(action, Discard):
            cards = action.cards
            wrong = not cards or len(cards) > prompt.count
            if wrong or (ctx.get("exact") and len(cards) != prompt.count):
                data: dict[str, object] = {"expected": prompt.count, "got": len(cards)}
                if prompt.reason == "discard_phase":  # the rule: down to your health
                    data |= {"why": "discard_phase", "seat": p.seat, "hp": p.hp}
                raise IllegalAction(Reason.WRONG_COUNT, **data)
            for card in cards:
                self.check_in_game(card)
                suit = ctx.get("suit")
                if suit is not None and self.seen_as(p, card).suit is not suit:
                    raise IllegalAction(Reason.WRONG_SUIT, card=str(card), suit=suit.name.lower())
                need = _kind_needed(ctx)
                if need is not None and not _is_kind(card, need):
                    raise IllegalAction(
                        Reason.WRONG_KIND_OF_CARD, card=str(card), skill=prompt.reason, need=need
                    )
            if ctx.get("equip"):
                self.check_owned(p, cards, exclude=ctx.get("exclude"))
            else:
                self.check_in_hand(p, cards)
        elif isinstance(action, Confirm) and action.ok:
            if not self.table:
                raise IllegalAction(Reason.MODE_ONLY, action="confirm", mode="table")
            if ctx.get("suit") is not None:  # an unseen card cannot show its suit
                suit = ctx["suit"].name.lower()
                raise IllegalAction(Reason.SUIT_MUST_SHOW, card=prompt.reason, suit=suit)
            need = _kind_needed(ctx)
            if need is not None:  # nor its colour or type (鬼道's black card, 神速's equipment)
                raise IllegalAction(Reason.CARD_MUST_SHOW, skill=prompt.reason, need=need)
            if not p.hand:
                raise IllegalAction(Reason.NO_HAND_UNSEEN, seat=p.seat)
        elif not prompt.optional:
            raise IllegalAction(Reason.CANNOT_PASS, prompt=prompt.kind.value)

    def _check_judgment_card(self, prompt: Prompt, p: Player, action: Action) -> None:
        assert isinstance(action, ProvideJudgment)
        self.check_not_elsewhere(self.check_in_game(action.card))

    def _check_reveal_identity(self, prompt: Prompt, p: Player, action: Action) -> None:
        assert isinstance(action, RevealIdentity)
        ident = action.identity
        if ident not in IDENTITIES:
            raise InvalidAction(Reason.UNKNOWN_IDENTITY, identity=ident)
        if prompt.need == "lord":
            if ident != "lord":
                raise IllegalAction(Reason.NOT_OFFERED, choice=ident, options=["lord"])
            return
        if self.unrevealed_counts()[ident] <= 0:
            raise IllegalAction(
                Reason.IDENTITY_TAKEN, identity=ident, count=self.role_counts[ident]
            )

    def _check_reveal_card(self, prompt: Prompt, p: Player, action: Action) -> None:
        assert isinstance(action, RevealCard)
        if action.card is None:
            if not prompt.optional:
                raise IllegalAction(Reason.CANNOT_PASS, prompt=prompt.kind.value)
            return
        card = self.check_in_game(action.card)
        owner = self.player(prompt.target) if prompt.target is not None else None
        ctx = prompt.ctx
        if isinstance(ctx, Comparison) and ctx.cards and card is ctx.cards[0]:
            # the initiator's card, face down on the table: scanned again?
            if self.visible_copies(card, owner)[0] + 1 > self.copies[card] or (
                not self.table and card not in owner.hand  # type: ignore[union-attr]
            ):  # the rule: one hand card from each side, so whose card it is, and who lays now
                data = {"why": "points", "seat": ctx.initiator.seat, "target": ctx.target.seat}
                raise IllegalAction(Reason.DUPLICATE_CARD, card=str(card), skill=ctx.reason, **data)
        if from_hand(ctx) and owner is not None:  # a hand card shown (Fire Attack, 拼点)
            self.check_in_hand(owner, (card,))
            return
        self.check_not_elsewhere(card, owner=owner)

    def _check_choose_card_from(self, prompt: Prompt, p: Player, action: Action) -> None:
        if isinstance(action, Pass):
            if not prompt.optional:
                raise IllegalAction(Reason.CANNOT_PASS, prompt=prompt.kind.value)
            return
        assert isinstance(action, PickCard)
        target, cards, has_hand = prompt.ctx
        offered = cards is not None and action.card in cards
        if not offered and any(c == action.card for c, _ in target.judgment):
            # the judgment area is not offered (1v1 Dismantlement): that rule, not "not there"
            why = prompt.reason
            raise IllegalAction(
                Reason.NOT_FROM_JUDGMENT, card=str(action.card), seat=target.seat, why=why
            )
        if action.card is None:
            if not has_hand:
                raise IllegalAction(Reason.CARD_NOT_THERE, card=None, seat=target.seat, zone="hand")
        elif cards is None:  # table mode: cards the engine cannot see (Guanxing's deck top,
            # or another player's hand shown to the chooser: 1v1 Dismantlement)
            owner = target if target is not p else None
            self.check_not_elsewhere(self.check_in_game(action.card), owner=owner)
        elif action.card not in cards:
            raise IllegalAction(
                Reason.CARD_NOT_THERE, card=str(action.card), seat=target.seat, zone="area"
            )

    def _check_harvest_pick(self, prompt: Prompt, p: Player, action: Action) -> None:
        assert isinstance(action, PickCard)
        if action.card is None or action.card not in prompt.ctx:
            raise IllegalAction(
                Reason.NOT_OFFERED, choice=str(action.card), options=list(prompt.options)
            )

    def _check_confirm(self, prompt: Prompt, p: Player, action: Action) -> None:
        return None

    def _check_choose_option(self, prompt: Prompt, p: Player, action: Action) -> None:
        assert isinstance(action, ChooseOption)
        option_problem = getattr(prompt.ctx, "option_problem", None)  # 蛊惑: legal as declared
        problem = option_problem(self.game, action.option) if option_problem is not None else None
        if problem is not None:
            raise IllegalAction(problem[0], **problem[1])
        if action.option not in prompt.options:
            raise IllegalAction(
                Reason.NOT_OFFERED, choice=action.option, options=list(prompt.options)
            )

    def _check_choose_general(self, prompt: Prompt, p: Player, action: Action) -> None:
        assert isinstance(action, ChooseGeneral)
        general = action.general
        if general not in catalogue().generals:
            raise InvalidAction(Reason.UNKNOWN_GENERAL, general=general)
        problem = general_problem(general, self.settings.general_packs)
        if problem is not None:
            raise IllegalAction(problem[0], **problem[1])
        if prompt.ctx is not None:  # a mode's draft pick or next general (modes/)
            problem = prompt.ctx.problem(self.game, p.seat, general)
            if problem is not None:
                raise IllegalAction(problem[0], **problem[1])
            return
        if prompt.options and general not in prompt.options:
            raise IllegalAction(
                Reason.GENERAL_NOT_OFFERED, general=general, options=list(prompt.options)
            )
        for q in self.players:
            if q.general == general:
                raise IllegalAction(Reason.GENERAL_TAKEN, general=general, seat=q.seat)


def _nullify_data(card: Card, against: Use, need: str) -> dict[str, object]:
    """Why a Nullification does not answer a request made by `against` (docs/sanguosha.md 1d):
    that use cannot be Nullified (Lijian's Duel), a basic card is no trick, or the
    trick's Nullification window came before its effect asked for cards."""
    if not against.nullifiable:
        why = "skill"
    elif catalogue().cards[against.name].type == "basic":
        why = "basic"
    else:
        why = "window"
    data = {"card": str(card), "against": against.name, "skill": against.skill}
    return {**data, "need": need, "why": why}


_CHECKERS = {
    K.CHOOSE_GENERAL: ChecksLayer._check_choose_general,
    K.PLAY: ChecksLayer._check_play,
    K.CHOOSE_TARGET: ChecksLayer._check_choose_target,
    K.RESPOND: ChecksLayer._check_respond,
    K.NULLIFY: ChecksLayer._check_respond,
    K.DISCARD: ChecksLayer._check_discard,
    K.JUDGMENT_CARD: ChecksLayer._check_judgment_card,
    K.REVEAL_IDENTITY: ChecksLayer._check_reveal_identity,
    K.REVEAL_CARD: ChecksLayer._check_reveal_card,
    K.CHOOSE_CARD_FROM: ChecksLayer._check_choose_card_from,
    K.HARVEST_PICK: ChecksLayer._check_harvest_pick,
    K.CONFIRM: ChecksLayer._check_confirm,
    K.CHOOSE_OPTION: ChecksLayer._check_choose_option,
}


def _kind_needed(ctx: dict[str, object]) -> str | None:
    """A discard prompt's required kind of card: a colour ("black") or a type
    ("equipment"), from its ctx (`color`, `card_type`); None: any card."""
    color = ctx.get("color")
    if color is not None:
        return str(getattr(color, "value", color))
    kind = ctx.get("card_type")
    return str(kind) if kind is not None else None


def _is_kind(card: Card, need: str) -> bool:
    return card.color.value == need or card.type == need


def _prints(p: Player, skill_id: str) -> bool:
    """`p`'s general card prints the skill (a lord skill too, lord or not)."""
    general = catalogue().generals.get(p.general or "")
    return general is not None and skill_id in general.skills + general.lord_skills
