"""Setup: identities, generals, health and starting hands (docs/sanguosha.md 1c).

Digital mode deals identities from the seeded RNG and offers generals of the game's
packs (`Settings.general_packs`; the lord: Cao Cao, Liu Bei, Sun Quan, with 风 张角,
with 火 袁绍, and 2 random; then each other player 3 of the remaining ones, or 2 each
with 10 players). Table mode follows docs/product.md's table flow: the
lord scans the lord identity card, the lord scans a general, then everyone else
scans theirs in any order; the other identities stay unknown until revealed.
Then max HP is set (the lord +1 only with more than 4 players) and everyone draws 4.
"""

from __future__ import annotations

from engine.sanguosha._mechanisms import MechanismsLayer
from engine.sanguosha.catalogue import IDENTITIES, catalogue, role_counts
from engine.sanguosha.events import (
    GameStarted,
    GeneralChosen,
    HealthSet,
    IdentityRevealed,
)
from engine.sanguosha.modes import draft
from engine.sanguosha.packs import pack_generals, pack_lords
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.skills import Flow
from engine.sanguosha.state import HIDDEN, Player

STARTING_HAND = 4


class SetupLayer(MechanismsLayer):
    def setup(self) -> Flow:
        if self.team_mode is not None:
            yield from draft.setup(self.game, self.team_mode)
            return
        s = self.settings
        self.emit(GameStarted(self.n, self.mode, self.seed))
        self.role_counts = role_counts(self.n, s.four_player_roles, s.two_spies)
        if self.table:
            self.deck = [HIDDEN] * len(self.cards)
            yield from self._table_lord()
        else:
            self.deck = list(self.cards)
            self.rng.shuffle(self.deck)
            self._deal_identities()
        lord = self.lord
        assert lord is not None
        if not s.no_generals:
            if self.table:
                yield from self._table_generals(lord)
            else:
                yield from self._offer_generals(lord)
        for p in self.players:
            self._set_health(p)
        for p in self.living_from(lord):
            self.draw(p, STARTING_HAND, "start")  # counted, not seen, in table mode

    def _deal_identities(self) -> None:
        pool = [ident for ident in IDENTITIES for _ in range(self.role_counts[ident])]
        self.rng.shuffle(pool)
        for p, ident in zip(self.players, pool, strict=True):
            p.identity = ident
            if ident == "lord":
                self._make_lord(p)

    def _make_lord(self, p: Player) -> None:
        p.identity = "lord"
        p.revealed = True
        self.lord = p
        self.emit(IdentityRevealed(p.seat, "lord"))

    def _table_lord(self) -> Flow:
        seats = tuple(p.seat for p in self.players)
        yield Prompt(PromptKind.REVEAL_IDENTITY, None, seats, need="lord", reason="setup")
        assert self._seat is not None  # checks accept this answer only from a seat
        self._make_lord(self.player(self._seat))

    def _offer_generals(self, lord: Player) -> Flow:
        packs = self.settings.general_packs
        generals = pack_generals(packs)
        lords = list(pack_lords(packs))
        others = [g for g in generals if g not in lords]
        offer = lords + self.rng.sample(others, min(self.settings.lord_offer_random, len(others)))
        choice = yield Prompt(
            PromptKind.CHOOSE_GENERAL, lord.seat, (lord.seat,), options=tuple(offer)
        )
        self._take_general(lord, choice.general)
        pool = [g for g in generals if g != lord.general]
        self.rng.shuffle(pool)
        rest = self.other_living(lord)
        each = min(self.settings.general_offers, len(pool) // max(len(rest), 1))
        offers = {p.seat: pool[i * each : (i + 1) * each] for i, p in enumerate(rest)}
        for p in rest:
            choice = yield Prompt(
                PromptKind.CHOOSE_GENERAL, p.seat, (p.seat,), options=tuple(offers[p.seat])
            )
            self._take_general(p, choice.general)

    def _table_generals(self, lord: Player) -> Flow:
        choice = yield Prompt(PromptKind.CHOOSE_GENERAL, lord.seat, (lord.seat,))
        self._take_general(lord, choice.general)
        waiting = [p.seat for p in self.other_living(lord)]
        while waiting:
            only = waiting[0] if len(waiting) == 1 else None
            choice = yield Prompt(PromptKind.CHOOSE_GENERAL, only, tuple(waiting))
            seat = self._seat
            assert seat is not None  # checks accept this answer only from a seat
            waiting.remove(seat)
            self._take_general(self.player(seat), choice.general)

    def _take_general(self, p: Player, general: str) -> None:
        spec = catalogue().generals[general]
        p.general = general
        p.gender = spec.gender
        p.kingdom = spec.kingdom
        for skill in self.general_skills(p):
            self.attach(p, skill)
        self.emit(GeneralChosen(p.seat, general))

    def _set_health(self, p: Player) -> None:
        """A general's max HP (4 without generals), the lord 1 more (`lord_bonus`)."""
        base = 4 if p.general is None else catalogue().generals[p.general].max_hp
        bonus = 1 if p is self.lord and self._lord_bonus() else 0
        p.max_hp = p.hp = base + bonus
        self.emit(HealthSet(p.seat, p.hp, p.max_hp))

    def _lord_bonus(self) -> bool:
        """Whether the lord gets the extra max HP at this table (`Settings.lord_bonus`)."""
        if self.settings.lord_bonus == "not_with_4":
            return self.n != 4
        return self.n >= 5
