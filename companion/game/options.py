"""Arguments shared by the game commands (`play`, `demo`, `resume`, `replay`, ...)."""

from __future__ import annotations

import argparse
import json
import locale
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.narration.messages import all_languages, languages

__all__ = [
    "Presentation",
    "add_trust",
    "add_db",
    "add_house_settings",
    "add_lang",
    "add_presentation",
    "add_rules",
    "add_view",
    "default_lang",
    "house_settings",
    "presentation",
    "rule_settings",
]


def default_lang() -> str:
    """The narration language from the environment's locale (zh -> zh-Hans, es -> es),
    English otherwise."""
    name = os.environ.get("LC_ALL") or os.environ.get("LANG") or (locale.getlocale()[0] or "")
    name = name.lower()
    if name.startswith("zh"):
        return "zh-Hans"
    if name.startswith("es"):
        return "es"
    return "en"


def add_lang(
    parser: argparse.ArgumentParser, default: str | None = None, game: str | None = None
) -> None:
    """`--lang`: the languages `game` is narrated in (None: any game's)."""
    choices = all_languages() if game is None else languages(game)
    only = [lang for lang in choices if lang not in languages("sanguosha")]
    parser.add_argument(
        "--lang",
        choices=choices,
        default=default,
        help="narration language (default: from the locale, else English"
        + "".join(f"; {lang}: Regicide only" for lang in only)
        + ")",
    )


def add_db(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        type=Path,
        help="the game log, a SQLite file (default: $COMPANION_DB, else "
        "~/.local/share/table-companion/games.sqlite)",
    )


def add_view(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--view",
        choices=("auto", "plain", "live"),
        default="auto",
        help="plain: the narration as plain lines; live: the table fixed at the top of the "
        "terminal with the narration scrolling beneath (default auto: live on a terminal, "
        "plain lines in a pipe or a file)",
    )


GAME_MODES = ("identity", "1v1", "2v2", "3v3", "4v4", "hegemony")
"""Three Kingdoms Kill's modes (`engine.sanguosha.modes.spec.mode_names()`, written out
so that `--help` imports no engine); hegemony (国战) is accepted only to be refused with
its reason, so `--help` does not offer it (`PLAYABLE_MODES`)."""

PLAYABLE_MODES = tuple(mode for mode in GAME_MODES if mode != "hegemony")


def add_house_settings(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("house settings (Three Kingdoms Kill)")
    group.add_argument(
        "--mode",
        choices=GAME_MODES,
        metavar="{" + ",".join(PLAYABLE_MODES) + "}",
        help="identity (default), 1v1 (2 players), 2v2 (4), 3v3 (6), 4v4 (8, provisional "
        "rules); a mode's disputed points with --rule NAME=VALUE (e.g. --rule 1v1.rule=2013); "
        "hegemony (国战) is not available: it needs its own general cards and deck",
    )
    group.add_argument(
        "--nullification-timeout",
        type=float,
        metavar="SECONDS",
        help="how long a Nullification window stays open (default 5)",
    )
    group.add_argument(
        "--four-player-roles",
        choices=("1111", "1021"),
        help="identities with 4 players: lord/loyalist/rebel/spy 1111 (default) or 1021",
    )
    group.add_argument("--two-spies", action="store_true", help="two spies with 6, 8 or 10 players")
    group.add_argument("--ex-cards", action="store_true", help="add the 4 EX cards to the deck")
    group.add_argument(
        "--cards",
        type=_card_sets,
        metavar="SETS",
        help="the card sets, comma-separated: standard (default, 104 cards) or "
        "standard,maneuvering (the 52 Maneuvering cards too: 156, 160 with --ex-cards)",
    )
    group.add_argument(
        "--generals",
        type=_general_packs,
        metavar="PACKS",
        help="the packs of generals, comma-separated: standard (default, the 25), and any of "
        "wind (风), fire (火), forest (林), mountain (山), e.g. standard,wind,fire; the lord may "
        "choose 张角 with wind, 袁绍 with fire",
    )
    group.add_argument(
        "--no-generals", action="store_true", help="play without generals (no skills)"
    )
    group.add_argument(
        "--lord-bonus",
        choices=("5_or_more", "not_with_4"),
        help="when the lord gets +1 max health: with 5 or more players (default), or in "
        "every game but a 4-player one (the rulebook's literal reading)",
    )


def house_settings(args: argparse.Namespace) -> dict[str, object]:
    """The engine settings the flags ask for (only those given)."""
    out: dict[str, object] = {}
    if getattr(args, "mode", None) is not None:
        out["game_mode"] = args.mode
    if args.nullification_timeout is not None:
        out["nullification_timeout_s"] = args.nullification_timeout
    if args.four_player_roles is not None:
        out["four_player_roles"] = args.four_player_roles
    if getattr(args, "lord_bonus", None) is not None:
        out["lord_bonus"] = args.lord_bonus
    for flag in ("two_spies", "ex_cards", "no_generals"):
        if getattr(args, flag):
            out[flag] = True
    if getattr(args, "cards", None) and "maneuvering" in args.cards:
        out["maneuvering"] = True
    packs = getattr(args, "generals", None)
    if packs and packs != ("standard",):
        out["general_packs"] = list(packs)
    return out


def _general_packs(text: str) -> tuple[str, ...]:
    """`--generals standard,wind,fire`: the packs of generals a game plays with.

    >>> _general_packs("standard, wind")
    ('standard', 'wind')
    >>> _general_packs("wind")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: the standard generals are always in the game: standard or standard,wind,... (known packs: standard, wind, fire, forest, mountain)
    """
    from engine.sanguosha.catalogue import catalogue

    known = list(catalogue().packs)
    packs = tuple(s.strip() for s in text.split(",") if s.strip())
    unknown = [s for s in packs if s not in known]
    listed = f"known packs: {', '.join(known)}"
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown pack of generals {unknown[0]!r} ({listed})")
    if "standard" not in packs:
        raise argparse.ArgumentTypeError(
            f"the standard generals are always in the game: standard or standard,wind,... ({listed})"
        )
    return packs


def _card_sets(text: str) -> tuple[str, ...]:
    """`--cards standard,maneuvering`: the card sets of a Three Kingdoms Kill deck.

    >>> _card_sets("standard,maneuvering")
    ('standard', 'maneuvering')
    >>> _card_sets("maneuvering")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: the standard set is always in the deck: standard or standard,maneuvering
    """
    from engine.sanguosha.catalogue import CARD_SETS

    sets = tuple(s.strip() for s in text.split(",") if s.strip())
    unknown = [s for s in sets if s not in CARD_SETS]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown card set {unknown[0]!r}; known: {', '.join(CARD_SETS)}"
        )
    if "standard" not in sets:
        raise argparse.ArgumentTypeError(
            "the standard set is always in the deck: standard or standard,maneuvering"
        )
    return sets


def add_rules(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("house settings (either game)")
    group.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a house setting, repeatable: Regicide's (--rule solo_yield=true), a disputed "
        "point of the Maneuvering cards (--rule wine_expiry=phase_end) or of a Three "
        "Kingdoms Kill mode (--rule 1v1.rule=2013); the value is read as JSON when it can "
        "be (true, 2, [11, 12, 13]), else as text",
    )


def _rule_value(text: str) -> Any:
    """A `--rule` value: JSON when it parses (true, 2, [11, 12, 13], "x"), else the text.

    >>> _rule_value("true"), _rule_value("2"), _rule_value("[11, 12, 13]"), _rule_value("on_defeat")
    (True, 2, [11, 12, 13], 'on_defeat')
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _known_rules(game: str = "regicide") -> str:
    """Every setting `--rule` may set, with its default, for the error message."""
    return ", ".join(
        f"{name}={json.dumps(value)}" for name, value in sorted(_rule_defaults(game).items())
    )


MANEUVERING_RULES = (
    "wine_expiry",
    "rescue_wine_counts_toward_limit",
    "chain_amount",
    "fan_on_converted_kill",
    "nullification_copies",
    "awakened_skill_same_timing",
    "huoji_without_maneuvering",
    "shensu_counts_toward_kill_limit",
    "buqu_rescue_stop",
    "hongyan_on_replacement",
    "tianxiang_amount",
    "jiuchi_duanliang_without_maneuvering",
    "haoshi_recipient",
    "dimeng_both_empty",
    "guzheng_take_rest",
    "zhiji_order",
    "zhiba_take",
    "jixi_distance_counts_used_field",
    "huashen_draw",
    "guhuo_kill_match",
    "guhuo_failed_kill_counts",
)
"""Three Kingdoms Kill settings `--rule` sets: the disputed points of the Maneuvering
expansion and of the 神话再临 mechanisms (the other house settings have their own flags)."""


def _rule_defaults(game: str) -> dict[str, Any]:
    if game == "sanguosha":
        from engine.sanguosha import Settings as SanguoshaSettings

        defaults = SanguoshaSettings().to_json()
        return {name: defaults[name] for name in MANEUVERING_RULES}
    from engine.regicide import Settings

    return Settings().to_json()


def rule_settings(game: str, rules: list[str]) -> dict[str, Any]:
    """The house settings `--rule NAME=VALUE` asks for, checked for `game` before any
    game exists (JSON-ready, as the log records them).

    >>> rule_settings("regicide", ["solo_yield=true", "diamonds=fill_in_turn"])
    {'solo_yield': True, 'diamonds': 'fill_in_turn'}
    >>> rule_settings("regicide", ["solo_jester_flips=one"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: Regicide setting solo_jester_flips takes a int, got 'one'; known settings ...

    Raises:
        ValueError: `--rule` for a game without such settings (Three Kingdoms Kill
            takes the Maneuvering points, `MANEUVERING_RULES`, and a mode's
            `MODE.NAME`; its other house settings have their own flags), a malformed
            NAME=VALUE, an unknown name, a value of the wrong type or outside its
            choices; the message lists the known settings.
    """
    if not rules:
        return {}
    mode_out: dict[str, Any] = {}
    if game == "sanguosha":  # MODE.NAME=VALUE: a two-side mode's disputed point
        chosen = [r for r in rules if "." in r.partition("=")[0]]
        rules = [r for r in rules if r not in chosen]
        mode_out = {"mode_settings": _mode_rules(chosen)} if chosen else {}
        if not rules:
            return mode_out
    if game not in ("regicide", "sanguosha"):
        raise ValueError(f"--rule is for Regicide and Three Kingdoms Kill, not {game}")
    if game == "sanguosha":
        from companion.table.sanguosha import settings_from
    else:
        # the same (dict) -> Settings check, for the other game's Settings class
        from companion.table.regicide import settings_from  # type: ignore[assignment]

    known = _rule_defaults(game)
    title = "Regicide" if game == "regicide" else "Three Kingdoms Kill (Maneuvering)"
    out: dict[str, Any] = {}
    for rule in rules:
        name, sep, value = rule.partition("=")
        name = name.strip()
        if not sep or not name:
            problem = f"--rule takes NAME=VALUE, got {rule!r}"
        elif name not in known:
            problem = f"{name!r} is not a {title} setting"
        else:
            out[name] = _rule_value(value.strip())
            continue
        raise ValueError(f"{problem}; known settings (with their defaults): {_known_rules(game)}")
    try:
        settings_from(out)  # types and choices, as the adapter will check them
    except ValueError as exc:
        from companion.narration import Narrator
        from engine.core.errors import ActionError

        said = Narrator("en", game).refusal(exc.to_json()) if isinstance(exc, ActionError) else exc
        said = str(said).removesuffix(".")  # a narrated sentence, then the list
        raise ValueError(
            f"{said}; known settings (with their defaults): {_known_rules(game)}"
        ) from None
    return {**out, **mode_out}


def _mode_rules(rules: list[str]) -> dict[str, Any]:
    """Three Kingdoms Kill: `--rule MODE.NAME=VALUE` sets a disputed point of a two-side
    mode (`engine/sanguosha/data/modes.json`); the engine checks names and values.

    >>> _mode_rules(["1v1.rule=2013", "2v2.offer=4"])
    {'1v1.rule': '2013', '2v2.offer': 4}
    """
    from engine.sanguosha.modes.spec import mode_settings

    out: dict[str, Any] = {}
    for rule in rules:
        name, sep, value = rule.partition("=")
        name = name.strip()
        if not sep:
            raise ValueError(f"--rule takes MODE.NAME=VALUE for a mode, got {rule!r}")
        spec = mode_settings(name.split(".", 1)[0]).get(name, {})
        # a choice stays text ("2013" is a name); a number setting is read as JSON
        out[name] = _rule_value(value.strip()) if "min" in spec else value.strip()
    return out


@dataclass(frozen=True)
class Presentation:
    """How a game is shown besides the terminal: the web table view and the voice."""

    web: tuple[str, int] | None = None  # (host, port) of the table view, None = no page
    lan: bool = False  # let phones on the local network join (the address carries a token)
    voice: bool = False  # speak each sentence (espeak-ng)
    voice_to: Path | None = None  # write each spoken sentence to a WAV file here instead


def add_presentation(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("table view and voice")
    group.add_argument(
        "--web",
        nargs="?",
        const="",
        default=None,
        metavar="HOST:PORT",
        help="serve the live table view (default 127.0.0.1:8765)",
    )
    group.add_argument(
        "--lan",
        action="store_true",
        help="with --web: let phones on the local network join (the address carries a token)",
    )
    group.add_argument("--voice", action="store_true", help="speak the narration aloud (espeak-ng)")
    group.add_argument(
        "--voice-to",
        type=Path,
        metavar="DIR",
        help="speak the narration into WAV files in DIR (0001.wav, ...) instead of the "
        "sound device (implies --voice)",
    )


def presentation(args: argparse.Namespace) -> Presentation:
    """The presentation the flags ask for.

    Raises:
        ValueError: `--web` names no usable address, or `--voice-to` a folder that
            cannot be written (the message starts with the flag).
    """
    web = None
    if args.web is not None or args.lan:
        from companion.web import parse_web_address

        try:
            web = parse_web_address(args.web or None, lan=args.lan)
        except ValueError as exc:
            raise ValueError(f"--web: {exc}") from None
    voice_to = getattr(args, "voice_to", None)
    if voice_to is not None:
        writable_folder(voice_to)
    return Presentation(web=web, lan=args.lan, voice=args.voice or voice_to is not None,
                        voice_to=voice_to)  # fmt: skip


def add_trust(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("paired readers")
    group.add_argument(
        "--allow-new",
        action="store_true",
        help="also use readers that are not paired yet (each pairs while its OK is held 3 s) "
        "and add them to the allowlist",
    )
    group.add_argument(
        "--allowlist",
        type=Path,
        help="the paired readers' file (default: $COMPANION_READERS or "
        "~/.local/share/table-companion/readers.json)",
    )


def writable_folder(path: Path) -> None:
    """Make `path` (and its parents) if missing and check a file can be written in it,
    before the game starts: `--voice-to` is refused up front, not silent mid-game.

    Raises:
        ValueError: naming the path and why it cannot be written.
    """
    import tempfile

    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as exc:
        why = exc.strerror or str(exc)
        raise ValueError(
            f"--voice-to: cannot write to the folder {str(path)!r} ({why}); "
            "give a folder you can write to"
        ) from None
