"""`companion enrol`: map NFC tags that carry only a UID to their cards, once.

    companion enrol --set sanguosha [--registry FILE] [--reader sim|ble[:ADDR]|serial:PORT|pcsc[:NAME]]
                    [--custom FILE]

The companion asks for each card in turn; scan its tag. NO skips a card, UNDO goes
back one step. The registry is saved after every card, so an interrupted enrolment
continues, on the next run, at the first card without a tag.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

from companion.commands import COMMANDS

SETS = (
    "sanguosha",
    "generals",
    "identities",
    "skills",
    "poker",
    "maneuvering",
    "wind",
    "fire",
    "forest",
    "3v3",
    "mountain",
    "custom",
    "all",
)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "enrol",
        help=COMMANDS["enrol"],
        description=(
            "Ask for each card of a set in turn and record the UID of the tag scanned for it "
            "in a registry file (JSON, saved after every card). NO skips a card, UNDO goes "
            "back; rerun the command to continue an interrupted enrolment."
        ),
    )
    parser.add_argument(
        "--set",
        dest="card_set",
        choices=SETS,
        default="sanguosha",
        help="card set (default: sanguosha)",
    )
    parser.add_argument(
        "--registry",
        type=Path,
        help="registry file (default: $COMPANION_TAG_REGISTRY or ~/.local/share/table-companion/tags.json)",
    )
    parser.add_argument(
        "--reader",
        default="ble",
        help="sim, ble, ble:ADDRESS, hci:TRANSPORT, serial:PORT, or pcsc[:NAME] for a PC/SC "
        "NFC reader (NO and UNDO: scan the command labels) (default ble)",
    )
    parser.add_argument(
        "--custom", type=Path, help="custom-cards file (blank cards), see docs/card-codes.md"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from companion import codes
    from companion.enrolment import Enrolment, Registry, RegistryError, default_registry_path

    path = args.registry or default_registry_path()
    try:
        book = codes.use_custom(args.custom) if args.custom else codes.codebook()
        if args.card_set == "custom" and not book.custom:
            raise ValueError("--set custom needs --custom FILE (or $COMPANION_CUSTOM_CARDS)")
        registry = Registry.load(path, book)
    except (RegistryError, ValueError) as exc:
        print(f"companion enrol: {exc}", file=sys.stderr)
        return 2
    from companion.commands.labels import PACKS

    names = PACKS.get(args.card_set, (args.card_set,))  # a pack: its generals and tokens
    enrolment = Enrolment([ref for name in names for ref in book.all_codes(name)], registry)
    if enrolment.expected() is None:
        print(f"every card of {args.card_set} is enrolled already ({path})")
        return 0
    try:
        asyncio.run(_session(enrolment, args.reader, path, book))
    except ValueError as exc:  # a bad --reader spec, refused before anything started
        print(f"companion enrol: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        done, total = enrolment.progress()
        print(
            f"\ninterrupted: {done} of {total} cards enrolled in {path}; run the same command to continue"
        )
        return 130
    except OSError as exc:
        print(f"companion enrol: {exc}", file=sys.stderr)
        return 1
    done, total = enrolment.progress()
    skipped = enrolment.skipped()
    print(
        f"{done} of {total} cards enrolled in {path}"
        + (f"; {len(skipped)} skipped (rerun to enrol them)" if skipped else "")
    )
    return 0


async def _session(enrolment, spec: str, path: Path, book) -> None:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn

    from companion.enrolment import Step, describe, prompt
    from companion.enrolment.live import enrol_with_hub
    from companion.readers import HubEvent, HubOptions, ReaderConnected, ReaderHub
    from companion.readers.spec import open_trusted

    console = Console()
    connected = asyncio.Event()
    Progress: Any = _typing_progress()
    # only paired readers (the simulated one pairs itself); it needs the running loop
    source, trust = open_trusted(spec)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    async with ReaderHub(source, HubOptions(trust=trust)) as hub:
        with Progress(*columns, console=console) as progress:
            done, total = enrolment.progress()
            bar = progress.add_task(prompt(book, enrolment), total=total, completed=done)

            async def on_step(step: Step) -> None:
                progress.console.print(describe(book, step))
                done = enrolment.progress()[0]
                progress.update(bar, description=prompt(book, enrolment), completed=done)

            def on_notice(event: HubEvent) -> None:
                progress.console.print(event.describe())
                if isinstance(event, ReaderConnected):
                    connected.set()

            def save() -> None:
                path.parent.mkdir(parents=True, exist_ok=True)
                enrolment.registry.save(path)

            work = asyncio.create_task(enrol_with_hub(enrolment, hub, save, on_step, on_notice))
            tasks = {work}
            table = getattr(source, "table", None)
            if table is not None:
                tasks.add(asyncio.create_task(_sim_console(table, connected, progress)))
            finished, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            if work not in finished:
                await _drain(table, work)
            for task in tasks:
                task.cancel()
            for task in tasks:
                try:
                    await task
                except asyncio.CancelledError:
                    pass


def _typing_progress() -> type:
    """rich's progress display with the line being typed at the simulated reader's
    console as its last row (`line`, None: no row)."""
    from rich.progress import Progress
    from rich.text import Text

    from companion.game.live import PROMPT

    class TypingProgress(Progress):
        line: str | None = None

        def get_renderables(self) -> Any:
            yield from super().get_renderables()
            if self.line is not None:
                yield Text(PROMPT + self.line)

    return TypingProgress


class _Echo:
    """The view `TerminalLine` draws the typed line on: the progress display's last row.
    The terminal does not echo what is typed, so typing never writes over the
    progress line ("... 0/11A1B2C3")."""

    def __init__(self, progress: Any) -> None:
        self.progress = progress

    def typing(self, line: str) -> None:
        self.progress.line = line
        self.progress.refresh()

    def typed(self, line: str) -> None:
        from companion.game.live import PROMPT

        self.progress.line = ""
        self.progress.console.print(PROMPT + line, style="dim", markup=False)


async def _sim_console(table, connected: asyncio.Event, progress) -> None:
    """Type what the simulated reader reads (`scan uid:04A1B2C3`, `press no`, `quit`):
    on a terminal through the live view's line editor (`TerminalLine`)."""
    from companion.game.live import TerminalLine
    from hardware.sim.console import run_console, stdin_lines

    await connected.wait()  # events from before the first connection would be lost
    console = progress.console
    console.print("simulated reader: type scan uid:04A1B2C3, press no, press undo, or quit")
    editor, restore = None, None
    if sys.stdin is not None and sys.stdin.isatty() and console.is_terminal:
        editor = TerminalLine(sys.stdin.fileno(), _Echo(progress))  # type: ignore[arg-type]
        restore = editor.enter()
        _Echo(progress).typing("")
    try:
        await run_console(table, stdin_lines(editor), console.print)
    finally:
        if restore is not None:
            restore()


async def _drain(table, work: asyncio.Task) -> None:
    """After the console's last line, let the enrolment take what the reader sent."""
    for _ in range(100):  # at most 5 s
        if work.done() or all(reader.logic.pending == 0 for reader in table.readers):
            return
        await asyncio.sleep(0.05)
