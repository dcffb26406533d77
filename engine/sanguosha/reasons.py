"""Why the engine refuses an action: one member per distinct explanation.

Narration turns each member into a sentence, so the set is explicit and the data
keys that come with each reason are stable (listed after each member). Every
refusal is raised as `engine.core.errors.IllegalAction(reason, **data)` (a rule
forbids it now), `InvalidAction` (the input names nothing that exists) or
`AmbiguousAction`; a refused action changes nothing.
"""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    """A refusal reason. The value is the stable wire name."""

    # --- input that names nothing (InvalidAction) ---
    UNKNOWN_CARD = "unknown_card"  # text
    UNKNOWN_GENERAL = "unknown_general"  # general
    UNKNOWN_IDENTITY = "unknown_identity"  # identity
    UNKNOWN_SKILL = "unknown_skill"  # skill
    UNKNOWN_SEAT = "unknown_seat"  # seat, players
    UNKNOWN_ACTION = "unknown_action"  # action
    BAD_SETTINGS = "bad_settings"  # setting, value (players: low, high, the range)
    PACKS_NEED_STANDARD = "packs_need_standard"  # packs (as given)

    # --- who may act, and what is expected (IllegalAction) ---
    GAME_OVER = "game_over"  #
    WRONG_SEAT = (
        "wrong_seat"  # seat, expected (list of seats); the table adds prompt, purpose (its reason)
    )
    NOT_YOUR_TURN = "not_your_turn"  # seat, turn
    WRONG_ACTION = "wrong_action"  # action, prompt, expected (list of action names)
    NOT_PLAYABLE_NOW = "not_playable_now"  # card, phase
    MODE_ONLY = "mode_only"  # action, mode (the mode it needs)

    # --- cards ---
    CARD_NOT_IN_GAME = "card_not_in_game"  # card (an EX card without the EX setting)
    CARD_NOT_IN_HAND = "card_not_in_hand"  # card, seat
    CARD_NOT_OWNED = "card_not_owned"  # card, seat (not in hand or equipment)
    NOT_FROM_JUDGMENT = "not_from_judgment"  # card, seat, why (the prompt: dismantle_v11)
    CARD_ELSEWHERE = "card_elsewhere"  # card, zone, seat (every copy is visibly elsewhere)
    WRONG_CARD = "wrong_card"  # card, need
    CANNOT_RESPOND = "cannot_respond"  # seat, card, need, against, skill (Tieqi: no Dodge)
    CANNOT_NULLIFY = "cannot_nullify"  # card, against, skill, need, why (skill | basic | window)
    WRONG_COUNT = "wrong_count"  # expected, got; why, seat, hp (the discard phase)
    DUPLICATE_CARD = "duplicate_card"  # card (拼点: why=points, seat, target, skill)
    NOT_OFFERED = "not_offered"  # choice, options
    CARD_NOT_THERE = "card_not_there"  # card, seat, zone (hand; area: equipment and judgment)

    # --- targets ---
    NEEDS_TARGET = "needs_target"  # card, min_targets
    TOO_MANY_TARGETS = "too_many_targets"  # card, max_targets, got
    INVALID_TARGET = "invalid_target"  # card, target; lord (黄天: the card goes to the lord)
    AUTO_TARGETS = "auto_targets"  # card, target (Barbarian Invasion: its targets are fixed)
    CANNOT_TARGET_SELF = "cannot_target_self"  # card
    MUST_TARGET_SELF = "must_target_self"  # card, target (the other player named)
    DUPLICATE_TARGET = "duplicate_target"  # target
    TARGET_DEAD = "target_dead"  # target
    TARGET_PROHIBITED = "target_prohibited"  # card, target, skill
    CARD_USER = "card_user"  # skill, card, target (Liuli: not back to the Kill's user)
    OUT_OF_RANGE = "out_of_range"  # card, source, target, distance, attack_range
    TOO_FAR = "too_far"  # card, source, target, distance, max_distance
    NO_WEAPON = "no_weapon"  # target
    NO_CARDS = "no_cards"  # target, card (Dismantle, Snatch)
    NO_HAND_UNSEEN = "no_hand_unseen"  # seat (OK discards hand cards unseen: there are none)
    ALREADY_IN_AREA = "already_in_area"  # card, target (a delayed trick of the same name)

    # --- limits and state ---
    KILL_LIMIT = "kill_limit"  # used, limit
    WINE_LIMIT = "wine_limit"  # seat, limit (one Wine per turn)
    WINE_SELF_ONLY = "wine_self_only"  # card, target (Wine saves only the dying drinker)
    NO_HAND_CARDS = "no_hand_cards"  # card, target (Fire Attack: nothing to show)
    NOT_A_WEAPON = "not_a_weapon"  # card, skill (强袭 discards a weapon card)
    HP_NOT_HIGHER = "hp_not_higher"  # skill, target, hp, own (驱虎: a target with more HP)
    WRONG_SUIT = "wrong_suit"  # card, suit (the suit it must have: spade, heart, club, diamond)
    WRONG_KIND_OF_CARD = "wrong_kind_of_card"  # card, skill, need (black | equipment)
    CARD_MUST_SHOW = "card_must_show"  # skill, need (the discard must be scanned to show it)
    SUIT_MUST_SHOW = "suit_must_show"  # card, suit (a discard of that suit: unseen is refused)
    RECAST_NOT_NOW = "recast_not_now"  # card, prompt (only in your own play phase)
    NOT_RECASTABLE = "not_recastable"  # card
    NOT_WOUNDED = "not_wounded"  # seat, hp, max_hp, card (a Peach: used only on oneself)
    CANNOT_PASS = "cannot_pass"  # prompt
    SKILL_NOT_AVAILABLE = "skill_not_available"  # skill, seat, how (awakening, compulsory, triggered, lent, own_play_phase)
    SKILL_NOT_OWNED = "skill_not_owned"  # seat, skill (the player has no such skill)
    LORD_SKILLS_OFF = "lord_skills_off"  # seat, skill, mode (no lord skills in two-side modes)
    NOT_THE_LORD = "not_the_lord"  # seat, skill (a lord skill on a general who is not the lord)
    SKILL_WRONG_NEED = "skill_wrong_need"  # skill, need, gives (the cards the skill makes)
    ONCE_PER_PHASE = "once_per_phase"  # skill, seat (already used this play phase)
    WRONG_KINGDOM = "wrong_kingdom"  # skill, seat, kingdom, needed (黄天: other Qun only)
    SKILL_SPENT = "skill_spent"  # skill, seat (a limited skill used, an awakening fired)
    SLOT_OCCUPIED = "slot_occupied"  # card, seat, held (moving equipment to a full slot)
    TOO_FEW_CARDS = "too_few_cards"  # skill, seat, needed, have, zone (hand | cards)
    NOT_CONVERTIBLE = "not_convertible"  # skill, cards, as_card (the skill's own card rule)
    NOT_MALE = "not_male"  # skill, target (Jieyin, Lijian: men only)
    NO_KILL_TARGET = "no_kill_target"  # card, target (Borrowed Sword: nobody in their range)
    IDENTITY_TAKEN = "identity_taken"  # identity, count (more revealed than the role table holds)
    GENERAL_TAKEN = "general_taken"  # general, seat

    # --- two-side modes (docs/modes.md) ---
    MODE_PLAYERS = "mode_players"  # mode, players, expected (the mode's seat count)
    MODE_UNSUPPORTED = "mode_unsupported"  # mode, why (国战: the cards it needs)
    SETTING_UNSUPPORTED = "setting_unsupported"  # setting, value, why
    NOT_IN_POOL = "not_in_pool"  # general, options (the draft's face-up generals left)
    ALREADY_IN_POOL = "already_in_pool"  # general (scanned twice into the pool)
    RESERVE_USED = "reserve_used"  # general, seat (that general already fell)
    NOT_IN_RESERVES = "not_in_reserves"  # general, options (the seat's reserves)
    NOT_ENOUGH_TARGETS = "not_enough_targets"  # skill, needed, available (Lijian in 1v1; the
    # other skills: who they need, by skill: a wounded man, a wounded player, a Shu player)
    GENERAL_NOT_OFFERED = "general_not_offered"  # general, options (one's own to choose from)
    GENERAL_PACK_NOT_CHOSEN = "general_pack_not_chosen"  # general, pack, packs (the game's)
    HUASHEN_ALREADY_YOURS = "huashen_already_yours"  # count (化身: drawn again; not named)
    HUASHEN_DEALT = "huashen_dealt"  # left (化身: a card of the mode's draft; not named)
    HUASHEN_NOT_YOURS = "huashen_not_yours"  # general, count (化身: not one of his cards)
    HUASHEN_SKILL_NOT_GIVEN = "huashen_skill_not_given"  # skill, general, why, skills
    NO_IDENTITIES = "no_identities"  # mode (a team mode uses no identity card)
    NOT_AN_ENEMY = "not_an_enemy"  # skill, target, options (the enemies it may name: 刚烈 3v3)
    HP_TOO_LOW = "hp_too_low"  # skill, seat, hp (救主: only above 1 HP)
    NOT_DECLARABLE = "not_declarable"  # card, skill, why (delayed | equipment | not_in_game)
    RECAST_DECLARED = "recast_declared"  # card, skill (a declared card is used, never recast)
    CARD_FACE_DOWN = "card_face_down"  # skill, seat (table: the declared card is not scanned)
    NOT_ASKED_TO_QUESTION = "not_asked_to_question"  # seat, source, hp, why (hp | own)

    # --- host corrections (table mode; `corrections.py`) ---
    HOST_ONLY = "host_only"  # action (a correction comes from the host: seat None)
    GAME_NOT_STARTED = "game_not_started"  # action (setup still running)
    HEALTH_OUT_OF_RANGE = "health_out_of_range"  # seat, hp, max_hp (a living player: 1..max_hp)
    HAND_COUNT_OUT_OF_RANGE = "hand_count_out_of_range"  # seat, count, limit
    PLAYER_DYING = "player_dying"  # seat (the Peach requests decide)
    DECISION_PENDING = "decision_pending"  # seat, prompt (it takes that seat's cards)
    SEAT_ASKED = "seat_asked"  # seat, prompt (a death: the pending decision asks that seat)
    TARGETS_PENDING = "targets_pending"  # seat (choosing the targets of a play)
    CARD_IN_USE = "card_in_use"  # card (being resolved, or named by the pending decision)
    ALREADY_THERE = "already_there"  # card, seat, zone
    WRONG_ZONE = "wrong_zone"  # card, zone (equipment, delayed tricks: only in their own zone)
    UNKNOWN_ZONE = "unknown_zone"  # zone
    CARD_PLACE_UNKNOWN = "card_place_unknown"  # card (unseen, and no unseen card to stand for it)


REASONS: frozenset[str] = frozenset(r.value for r in Reason)
"""Every reason's wire name, for narration's coverage tests."""
