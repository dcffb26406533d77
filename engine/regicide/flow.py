"""The turn's transitions and the resolution of a play (docs/regicide.md §1.3-§1.11).

Theory of operation. `TurnFlow` holds the rules that move a game from one decision to
the next; `Game` (game.py) validates actions and calls in here only after every check
passed, so nothing in this module refuses anything. Each transition either sets the
next `Prompt` or ends the game:

    start_turn --(solo, a flip can help: _may_flip)--> jester_flip(1) --> begin_play
    begin_play --> play | lost(cannot_play)
    play: Play --> attack: powers (Step 2), damage (Step 3)
                   --> defeat --> reveal --> start_turn (same seat, no Step 4)
                   --> step4
          Play(Jester) --> jester --> choose_next --> start_turn (chosen seat)
          Yield --> step4
    step4 --(solo, damage owed, _may_flip)--> jester_flip(4) --> pay_or_lose
    pay_or_lose --> pay_damage (Discard... until paid) --> end of turn | lost(cannot_pay)
    end of turn --> start_turn (the next seat clockwise)

In table mode `defeat` asks for the next enemy with a `reveal_enemy` prompt instead of
turning up the castle's top card.
"""

from __future__ import annotations

from engine.regicide.cards import RANK_INT, SUIT_INDEX, Card
from engine.regicide.events import (
    CardsPlayed,
    DamageDealt,
    DamageToPay,
    EnemyDefeated,
    EnemyRevealed,
    Event,
    GameLost,
    GameWon,
    JesterPlayed,
    PowerBlocked,
    ShieldRaised,
    TurnStarted,
)
from engine.regicide.powers import draw, heal
from engine.regicide.prompts import PAY_PROMPTS, PLAY_PROMPTS, Prompt, PromptKind, pay_prompt
from engine.regicide.rules import RULES
from engine.regicide.state import GameState
from engine.regicide.table import expected_tier

_LETTER = ("S", "H", "C", "D")
#: Each card's suit as a bit (S 1, H 2, C 4, D 8; the Jester none): a play's powers.
_SUIT_BIT = tuple(0 if i < 0 else 1 << i for i in SUIT_INDEX)
_SPADE, _HEART, _CLUB, _DIAMOND = 0, 1, 2, 3
_STATS = {11: RULES.enemies["J"], 12: RULES.enemies["Q"], 13: RULES.enemies["K"]}
_CHOOSE = PromptKind.CHOOSE_NEXT
_FLIP, _REVEAL = PromptKind.JESTER_FLIP, PromptKind.REVEAL_ENEMY


class TurnFlow(GameState):
    """The transitions of a turn; `Game` adds the checked entry points."""

    __slots__ = ()

    def _attack(self, s: int, cards: tuple[Card, ...], shape: str, ev: list[Event]) -> None:
        """Steps 2 and 3 of a play that is not a Jester (§1.5, §1.6)."""
        value = self.value
        settings = self.settings
        x = 0
        mask = 0
        for c in cards:
            x += value[c]
            mask |= _SUIT_BIT[c]
        ev.append(CardsPlayed(s, cards, x, shape))
        self.in_play.extend(cards)
        enemy = self.enemy
        assert enemy is not None
        if not self.cancelled:
            immune = SUIT_INDEX[enemy]
            if mask >> immune & 1:
                mask &= ~(1 << immune)
                ev.append(PowerBlocked(s, _LETTER[immune], enemy))
                if immune == _SPADE:
                    if settings.retroactive_spades == "play_total":
                        self.blocked_spades += x
                    else:
                        self.blocked_spades += sum(
                            value[c] for c in cards if SUIT_INDEX[c] == _SPADE
                        )
                elif immune == _HEART:
                    self.blocked_hearts += x
                elif immune == _DIAMOND:
                    self.blocked_diamonds += x
        if mask & 2:  # Hearts resolves before Diamonds (RB COMBOS, ANIMAL COMPANIONS)
            ev.append(heal(self, s, x))
        if mask & 8:
            ev.append(draw(self, s, x))
        if mask & 1:
            self.shield += x
            ev.append(ShieldRaised(s, x, self.shield, max(0, self.attack - self.shield), False))
        damage = x
        if mask & 4:
            if settings.clubs_double == "play":
                damage = 2 * x
            else:
                damage = x + sum(value[c] for c in cards if SUIT_INDEX[c] == _CLUB)
        total = self.damage = self.damage + damage
        health = self.health
        left = health - total if health > total else 0
        ev.append(DamageDealt(s, enemy, x, bool(mask & 4), damage, total, left))
        if total > health or (total == health and settings.defeat_when_damage == "at_least"):
            self._defeat(s, ev)
            return
        if settings.played_cards_discarded == "immediately":
            self._discard_in_play()
        self._step4(s, ev)

    def _jester(self, s: int, cards: tuple[Card, ...], ev: list[Event]) -> None:
        """A Jester: cancel immunity, credit blocked Spades, skip Steps 3-4 (§1.8)."""
        enemy = self.enemy
        assert enemy is not None
        self.in_play.extend(cards)
        suit = SUIT_INDEX[enemy]
        ev.append(JesterPlayed(s, enemy, None if self.cancelled else _LETTER[suit]))
        if not self.cancelled:
            self.cancelled = True
            if suit == _SPADE and self.blocked_spades:
                self.shield += self.blocked_spades
                shield = self.shield
                ev.append(
                    ShieldRaised(
                        s,
                        self.blocked_spades,
                        shield,
                        max(0, self.attack - shield),
                        True,
                    )
                )
            if self.settings.retroactive_red_powers:
                if suit == _HEART and self.blocked_hearts:
                    ev.append(heal(self, s, self.blocked_hearts, True))
                elif suit == _DIAMOND and self.blocked_diamonds:
                    ev.append(draw(self, s, self.blocked_diamonds, True))
            self.blocked_spades = self.blocked_hearts = self.blocked_diamonds = 0
        if self.settings.played_cards_discarded == "immediately":
            self._discard_in_play()
        choices = tuple(
            t for t in range(1, self.n + 1) if t != s or self.settings.jester_may_choose_self
        )
        self.prompt = Prompt(s, _CHOOSE, 1, choices=choices)

    def _discard_in_play(self) -> None:
        if self.table:
            self.discard_n += len(self.in_play)
        else:
            self.discard.extend(self.in_play)
        self.in_play.clear()

    def _defeat(self, s: int, ev: list[Event]) -> None:
        """The enemy falls (§1.6): exact kill to the tavern top, the played cards discarded."""
        enemy = self.enemy
        assert enemy is not None
        exact = self.damage == self.health
        if self.table:
            if exact:
                self.tavern_n += 1
            else:
                self.discard_n += 1
        elif exact:
            self.tavern.append(enemy)
        else:
            self.discard.append(enemy)
        played = len(self.in_play)
        self._discard_in_play()
        self.enemy = None
        self.damage = self.shield = 0
        ev.append(
            EnemyDefeated(
                s,
                enemy,
                exact,
                "tavern_top" if exact else "discard",
                played,
                len(self.castle),
                self.table,
            )
        )
        if not self.castle:
            self._win(s, ev)
        elif self.table:
            self.prompt = Prompt(s, _REVEAL, 1, expected_rank=expected_tier(self))
        else:
            self._reveal(self.castle.pop(), ev)
            self._start_turn(s, ev)

    def _reveal(self, card: Card, ev: list[Event]) -> None:
        stats = _STATS[RANK_INT[card]]
        self.enemy = card
        self.attack, self.health = stats.attack, stats.health
        self.damage = self.shield = 0
        self.cancelled = False
        self.blocked_spades = self.blocked_hearts = self.blocked_diamonds = 0
        ev.append(
            EnemyRevealed(
                card,
                stats.attack,
                stats.health,
                _LETTER[SUIT_INDEX[card]],
                len(self.castle),
            )
        )

    def _may_flip(self, s: int) -> bool:
        """Whether a solo flip is worth offering `s` now (§1.12, §1.14-20): a Jester left,
        a tavern to refill from (else it only throws the hand away) and, under the
        house setting that forbids it, not an empty hand."""
        if not self.flips_left or not self.tavern_count():
            return False
        return self.settings.allow_flip_empty_hand or self.hand_count(s) > 0

    def _start_turn(self, s: int, ev: list[Event]) -> None:
        self.seat = s
        ev.append(TurnStarted(s))
        if self.flips_left and self._may_flip(s):
            self.prompt = Prompt(s, _FLIP, 1, flips_left=self.flips_left)
        else:
            self._begin_play(s, ev)

    def _can_yield(self, s: int) -> bool:
        """§1.9: not when every other seat yielded on its last turn; solo per §1.14-1."""
        if self.solo:
            return self.settings.solo_yield
        if self.settings.yield_rule == "consecutive":
            return self.yields_in_row < self.n - 1
        y = self.yielded  # y[0] is always False: seats are 1..n
        return sum(y) - y[s] < self.n - 1

    def _begin_play(self, s: int, ev: list[Event]) -> None:
        can_yield = self._can_yield(s)
        # Solo under the solo_yield variant, an empty hand with no flip left could only
        # yield forever (nothing else draws): that is the "cannot play" loss of §1.11.
        empty = not self.counts[s] if self.table else not self.hands[s]
        if empty and (not can_yield or (self.solo and not self._may_flip(s))):
            self._lose(s, "cannot_play", 0, 0, ev)
            return
        self.prompt = PLAY_PROMPTS[2 * s + can_yield]  # the shared play_prompt(s, can_yield)

    def _step4(self, s: int, ev: list[Event]) -> None:
        amount = self.attack - self.shield
        if amount < 0:
            amount = 0
        ev.append(DamageToPay(s, amount, self.attack, self.shield))
        # a flip before paying only when something is owed (and it can help)
        if self.flips_left and amount and self._may_flip(s):
            self.prompt = Prompt(s, _FLIP, 4, amount=amount, flips_left=self.flips_left)
        else:
            self._pay_or_lose(s, amount, ev)

    def _pay_or_lose(self, s: int, amount: int, ev: list[Event]) -> None:
        if amount == 0:
            self._start_turn(s % self.n + 1, ev)  # the turn ends: the next seat clockwise
            return
        if self.table:  # only an empty hand is known to be short
            if self.counts[s] == 0:
                self._lose(s, "cannot_pay", amount, 0, ev)
                return
        else:
            hand_value = sum(map(self.value.__getitem__, self.hands[s]))
            if hand_value < amount:
                self._lose(s, "cannot_pay", amount, hand_value, ev)
                return
        self.prompt = PAY_PROMPTS.get((s, amount, 0)) or pay_prompt(s, amount)  # shared

    def _win(self, s: int, ev: list[Event]) -> None:
        tier = RULES.solo_tiers[self.flips_used] if self.solo else None
        self.status = "over"
        self.prompt = None
        self.result = {"outcome": "won", "tier": tier, "jesters_used": self.flips_used}
        ev.append(GameWon(s, tier, self.flips_used))

    def _lose(
        self, s: int, reason: str, amount: int, hand_value: int | None, ev: list[Event]
    ) -> None:
        self.status = "over"
        self.prompt = None
        self.result = {"outcome": "lost", "reason": reason, "seat": s}
        ev.append(GameLost(s, reason, amount, hand_value))
