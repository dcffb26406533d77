"""Distance, attack range, limits and target legality (docs/sanguosha.md 1d, 1e).

All of these read the state and never change it, so the checks in `_checks.py` can
call them before anything happens. Skills change them through modifiers
(skills/__init__.py); `excluding` is the "rangefix": a horse or weapon used as part
of the card being used no longer counts for that use.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.sanguosha._gamestate import GameState
from engine.sanguosha.cards import RULES, Problem
from engine.sanguosha.catalogue import Card, catalogue
from engine.sanguosha.reasons import Reason
from engine.sanguosha.state import MINUS_HORSE, PLUS_HORSE, WEAPON, Player

_RANGES = {cid: spec.range for cid, spec in catalogue().cards.items() if spec.range}
UNLIMITED = 1000


class RulesLayer(GameState):
    def distance(self, source: Player, target: Player, excluding: tuple[Card, ...] = ()) -> int:
        """Seats counted the shorter way over living players, +1 horse, -1 horse, >= 1.

        Cached per pair until a seat, a horse or a skill changes (`_distances`); a -1
        horse used as part of the card (`excluding`) is added back to the cached value.
        """
        if source is target:
            return 0
        key = source.seat << 4 | target.seat  # seats are 1..10
        d = self._distances.get(key)
        if d is None:
            d = self._distances[key] = self._distance(source, target)
        if excluding:
            minus = source.equip[MINUS_HORSE]
            if minus is not None and minus in excluding:
                d += 1
            for owner, skill in self._mods.get("distance", ()):
                d += skill.distance_without(self.game, owner, source, excluding)
        return d if d > 1 else 1

    def _distance(self, source: Player, target: Player) -> int:
        """`distance` before the floor of 1, with every horse counted."""
        pos = self._pos
        n = len(self.alive_order)
        d = (pos[target.seat] - pos[source.seat]) % n
        if n - d < d:
            d = n - d
        if target.equip[PLUS_HORSE] is not None:
            d += 1
        if source.equip[MINUS_HORSE] is not None:
            d -= 1
        mods = self._mods.get("distance")
        if mods:
            for owner, skill in mods:
                d += skill.distance(self.game, owner, source, target)
        return d

    def attack_range(self, p: Player, excluding: tuple[Card, ...] = ()) -> int:
        """1 without a weapon, else the weapon's range (it replaces the 1, 1d)."""
        weapon = p.equip[WEAPON]
        r = _RANGES[weapon.name] if weapon is not None and weapon not in excluding else 1
        mods = self._mods.get("attack_range")
        if mods:
            for owner, skill in mods:
                r += skill.attack_range(self.game, owner, p)
        return r

    def in_attack_range(
        self, source: Player, target: Player, excluding: tuple[Card, ...] = ()
    ) -> bool:
        return self.distance(source, target, excluding) <= self.attack_range(source, excluding)

    def kill_limit(self, p: Player, cards: tuple[Card, ...] = ()) -> int:
        """Kills `p` may use in a play phase: 1, unless something lifts it (1d)."""
        limit = 1
        mods = self._mods.get("kill_limit")
        if mods:
            for owner, skill in mods:
                limit += skill.kill_limit(self.game, owner, p, cards)
        return limit

    def extra_targets(self, p: Player, name: str, cards: tuple[Card, ...]) -> int:
        extra = 0
        mods = self._mods.get("extra_targets")
        if mods:
            for owner, skill in mods:
                extra += skill.extra_targets(self.game, owner, p, name, cards)
        return extra

    def trick_distance(self, p: Player, name: str, base: int) -> int:
        limit = base
        mods = self._mods.get("trick_distance")
        if mods:
            for owner, skill in mods:
                value = skill.trick_distance(self.game, owner, p, name)
                if value is not None:
                    limit = max(limit, value)
        return limit

    def prohibiting_skill(
        self, user: Player, target: Player, name: str, cards: tuple[Card, ...] = ()
    ) -> str | None:
        mods = self._mods.get("prohibit")
        if mods:
            for owner, skill in mods:
                if skill.prohibits(self.game, owner, user, target, name, cards):
                    return skill.id
        return None

    def prohibited_error(
        self, user: Player, target: Player, name: str, cards: tuple[Card, ...] = ()
    ) -> Problem:
        if "prohibit" not in self._mods:
            return None
        skill = self.prohibiting_skill(user, target, name, cards)
        if skill is None:
            return None
        return Reason.TARGET_PROHIBITED, {"card": name, "target": target.seat, "skill": skill}

    def check_not_prohibited(self, user: Player, target: Player, name: str) -> None:
        problem = self.prohibited_error(user, target, name)
        if problem is not None:
            raise IllegalAction(problem[0], **problem[1])

    def kill_target_error(
        self,
        user: Player,
        target: Player,
        excluding: tuple[Card, ...] = (),
        ignore_distance: bool = False,
    ) -> Problem:
        """Why `user` may not use a Kill on `target` (dead, self, prohibited, out of range)."""
        if not target.alive:
            return Reason.TARGET_DEAD, {"target": target.seat}
        if target is user:
            return Reason.CANNOT_TARGET_SELF, {"card": "kill"}
        if "prohibit" in self._mods:
            problem = self.prohibited_error(user, target, "kill")
            if problem is not None:
                return problem
        if ignore_distance:
            return None
        mods = self._mods.get("kill_distance")
        if mods and any(skill.kill_distance(self.game, owner, user) for owner, skill in mods):
            return None
        d = self.distance(user, target, excluding)
        r = self.attack_range(user, excluding)
        if d > r:
            return Reason.OUT_OF_RANGE, {
                "card": "kill",
                "source": user.seat,
                "target": target.seat,
                "distance": d,
                "attack_range": r,
            }
        return None

    def check_kill_target(
        self, user: Player, target: Player, excluding: tuple[Card, ...] = ()
    ) -> None:
        problem = self.kill_target_error(user, target, excluding)
        if problem is not None:
            raise IllegalAction(problem[0], **problem[1])

    def can_kill(self, user: Player, target: Player, excluding: tuple[Card, ...] = ()) -> bool:
        return self.kill_target_error(user, target, excluding) is None

    # ---------------------------------------------------------------- using a card
    def check_use(
        self, user: Player, name: str, cards: tuple[Card, ...], targets: tuple[int, ...]
    ) -> list[Player] | None:
        """Check a whole use from the play prompt; return its targets (None = stage them).

        Raises `IllegalAction` for a card that may not be used now or a bad target.
        """
        rule = RULES.get(name)
        if rule is None or not rule.playable:
            raise IllegalAction(Reason.NOT_PLAYABLE_NOW, card=name, phase=self.phase)
        auto = rule.auto_targets(self.game, user)
        if auto is not None and targets and [self.player(s) for s in targets] != auto:
            # the rule that fixes the targets comes first: a Peach offered to another
            # player outside dying is refused for that, not for its user's full health
            other = next((s for s in targets if self.player(s) not in auto), targets[0])
            if auto == [user]:
                raise IllegalAction(Reason.MUST_TARGET_SELF, card=name, target=other)
            raise IllegalAction(Reason.AUTO_TARGETS, card=name, target=other)
        rule.check_usable(self.game, user, cards)
        if auto is not None:
            return auto
        if not targets:
            if not self.any_target(user, name, cards):
                reason, data = self.no_target_error(user, name, cards)
                raise IllegalAction(reason, **data)
            return None
        lo, hi = rule.bounds(self.game, user, cards)
        if len(targets) > hi:
            raise IllegalAction(
                Reason.TOO_MANY_TARGETS, card=name, max_targets=hi, got=len(targets)
            )
        chosen: list[Player] = []
        for seat in targets:
            target = self.player(seat)
            rule.check_target(self.game, user, target, chosen, cards)
            chosen.append(target)
        if len(chosen) < lo:
            raise IllegalAction(Reason.NEEDS_TARGET, card=name, min_targets=lo)
        return chosen

    def target_options(
        self, user: Player, name: str, cards: tuple[Card, ...], chosen: list[Player]
    ) -> list[Player]:
        """Seats that could be added to `chosen` for this use."""
        error = RULES[name].target_error
        return [p for p in self.alive_order if error(self.game, user, p, chosen, cards) is None]

    def no_target_error(
        self, user: Player, name: str, cards: tuple[Card, ...]
    ) -> tuple[Reason, dict[str, Any]]:
        """Why a card has no target at all: when every other living player is refused for
        one same rule (1v1: the only opponent out of range), that rule, for the nearest of
        them; otherwise "needs a target"."""
        error = RULES[name].target_error
        errors = [error(self.game, user, p, [], cards) for p in self.alive_order if p is not user]
        found = [e for e in errors if e is not None]
        if found and len(found) == len(errors) and len({e[0] for e in found}) == 1:
            return min(found, key=lambda e: e[1].get("distance", 0))
        return Reason.NEEDS_TARGET, {"card": name, "min_targets": 1}

    def any_target(self, user: Player, name: str, cards: tuple[Card, ...]) -> bool:
        error = RULES[name].target_error
        for p in self.alive_order:
            if error(self.game, user, p, [], cards) is None:
                return True
        return False

    def can_use_now(self, user: Player, name: str, cards: tuple[Card, ...]) -> bool:
        """Whether this card (or conversion) has at least one legal use from the play prompt."""
        rule = RULES.get(name)
        if rule is None or not rule.playable:
            return False
        if rule.usable_error(self.game, user, cards) is not None:
            return False
        if rule.auto_targets(self.game, user) is not None:
            return True
        return self.any_target(user, name, cards)
