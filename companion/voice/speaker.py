"""Speaking the narration aloud without ever holding up the game.

`Speaker.say(sentences)` only appends to a queue and returns; one worker thread
speaks the queue in order, one espeak-ng process per sentence. The game loop never
waits for speech, and speech never waits for the game.

The backlog rule. Speech is slower than play: a turn's start alone is six sentences.
When more than `max_waiting` sentences wait (not counting the one being spoken),
the oldest waiting ones that may be skipped are dropped until `max_waiting` remain
(or none that may be skipped is left). Never skipped: a prompt (it asks a player to
act), a refusal, and the events of `never_skipped` in `data/voices.json` (dying, a
death, a judgment's card and result, the end of the game). Order never changes,
nothing is repeated, and a sentence being spoken is always finished. Dropped
sentences are still on screen and in the terminal; `dropped` counts them.

Recording (`record_dir`, the `--voice-to DIR` of the command line) drops nothing:
every sentence becomes `NNNN.wav`, numbered in the order narrated, and a line of
`index.tsv` there (number, time, seat, text) says which file holds which sentence;
`close` waits until every file is written.
"""

from __future__ import annotations

import json
import subprocess
import threading
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from importlib import resources
from pathlib import Path
from types import TracebackType
from typing import Any, TextIO

from companion.voice.espeak import ESPEAK, TIMEOUT_S, espeak_command, has_audio, voice_for

__all__ = ["INDEX", "MAX_WAITING", "Speaker", "never_skipped"]

MAX_WAITING = 6
INDEX = "index.tsv"
"""The recording's index: `number<TAB>time<TAB>seat<TAB>text`, one line per sentence."""


@cache
def never_skipped() -> frozenset[str]:
    """The sentence kinds speech never skips (`prompt`, `refusal`, `event:<game>.<kind>`)."""
    text = resources.files("companion.voice.data").joinpath("voices.json").read_text("utf-8")
    events = json.loads(text).get("never_skipped", [])
    return frozenset({"prompt", "refusal", *(f"event:{kind}" for kind in events)})


@dataclass(frozen=True, slots=True)
class _Line:
    n: int
    text: str
    keep: bool


class Speaker:
    """Speaks one game's sentences in `lang`, in order, on a worker thread.

    With `record_dir`, each sentence is written to `NNNN.wav` there instead of being
    played, and listed in its `index.tsv` (for a machine whose speaker is elsewhere,
    and for tests); the directory must exist and be writable. `on_failure`
    hears the first sentence that could not be spoken (no sound device, say): speech
    never stops the game, but the host must be told it is silent.

    Raises (when built):
        SpeechError: espeak-ng is missing or has no voice for `lang`.
        ValueError: `max_waiting` below 1, or an unknown language.
    """

    def __init__(
        self,
        lang: str,
        *,
        max_waiting: int = MAX_WAITING,
        record_dir: Path | None = None,
        program: str = ESPEAK,
        start: bool = True,
        on_failure: Callable[[str], None] | None = None,
    ) -> None:
        if max_waiting < 1:
            raise ValueError(f"max_waiting must be at least 1, got {max_waiting}")
        self.voice = voice_for(lang, program)
        self.max_waiting = max_waiting
        self.record_dir = record_dir
        self.program = program
        self.dropped = 0
        self.failures = 0
        self.last_error = ""
        self._on_failure = on_failure
        self.spoken: list[str] = []
        self._count = 0
        self._index: TextIO | None = None  # opened with the first sentence
        self._waiting: deque[_Line] = deque()
        self._busy = False
        self._closed = False
        self._held = not start
        self._process: subprocess.Popen[bytes] | None = None
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="speaker", daemon=True)
        self._thread.start()

    # --- the game's side: never blocks on speech ---

    def say(
        self, sentences: Iterable[str], kinds: Iterable[str] = (), seats: Iterable[Any] = ()
    ) -> None:
        """Queue sentences to be spoken after those already waiting (backlog rule above).
        `kinds` (as `companion.game.narrate.Said.kind`) say which may be skipped (none
        given: any); `seats` the seat each is about, for the recording's index."""
        keep, kinds_, seats_ = never_skipped(), list(kinds), list(seats)
        with self._cond:
            if self._closed:
                return
            for i, text in enumerate(sentences):
                if not text or not text.strip():
                    continue
                self._count += 1
                kind = kinds_[i] if i < len(kinds_) else ""
                seat = seats_[i] if i < len(seats_) else None
                self._waiting.append(_Line(self._count, text, kind in keep))
                self._list(self._count, seat, text)
            if self.record_dir is None:
                self._drop_backlog()
            self._cond.notify_all()

    def _drop_backlog(self) -> None:
        """The backlog rule: the oldest skippable sentences go first; kept ones stay."""
        excess = len(self._waiting) - self.max_waiting
        if excess <= 0:
            return
        kept: deque[_Line] = deque()
        for line in self._waiting:
            if excess > 0 and not line.keep:
                excess -= 1
                self.dropped += 1
            else:
                kept.append(line)
        self._waiting = kept

    def _list(self, n: int, seat: Any, text: str) -> None:
        if self.record_dir is None:
            return
        if self._index is None:
            try:
                self._index = (self.record_dir / INDEX).open("w", encoding="utf-8")
            except OSError:  # its WAV file cannot be written either: that failure is counted
                return
            self._index.write("number\ttime\tseat\ttext\n")
        when = datetime.now(UTC).isoformat(timespec="milliseconds")
        shown = "" if seat is None else str(seat)
        self._index.write(f"{n}\t{when}\t{shown}\t{' '.join(text.split())}\n")
        self._index.flush()

    def observe(self, update: Any) -> None:
        """A `companion.game.Session` observer: speak an update's sentences (with their
        kinds and seats when the update has them)."""
        said = getattr(update, "said", ())
        if len(said) == len(update.sentences):
            self.say(update.sentences, [s.kind for s in said], [s.seat for s in said])
        else:
            self.say(update.sentences)

    @property
    def waiting(self) -> list[str]:
        with self._cond:
            return [line.text for line in self._waiting]

    # --- control ---

    def hold(self) -> None:
        """Stop starting new sentences (the one being spoken finishes)."""
        with self._cond:
            self._held = True

    def release(self) -> None:
        """Start speaking again."""
        with self._cond:
            self._held = False
            self._cond.notify_all()

    def wait_idle(self, timeout: float) -> bool:
        """Wait until nothing is waiting or being spoken; False if `timeout` passed."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._waiting and not self._busy, timeout)

    def close(self, timeout: float = 2.0) -> None:
        """Stop: drop what waits, cut the sentence being spoken, end the worker. A
        recording is finished first (every sentence written), unless held."""
        if self.record_dir is not None:
            with self._cond:
                self._cond.wait_for(lambda: self._held or not (self._waiting or self._busy))
        with self._cond:
            self._closed = True
            self._waiting.clear()
            process = self._process
            self._cond.notify_all()
        if process is not None and process.poll() is None:
            process.terminate()
        self._thread.join(timeout)
        if self._index is not None:
            self._index.close()

    def __enter__(self) -> Speaker:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # --- the worker ---

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._closed or (self._waiting and not self._held))
                if self._closed:
                    return
                line = self._waiting.popleft()
                self._busy = True
            try:
                self._speak(line.text, line.n)
            finally:
                with self._cond:
                    self._busy = False
                    self._process = None
                    self._cond.notify_all()

    def _speak(self, text: str, count: int) -> None:
        wav = self.record_dir / f"{count:04d}.wav" if self.record_dir is not None else None
        command = espeak_command(self.voice, wav, self.program)
        try:
            process = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
            )
        except OSError as exc:  # not installed, not executable
            self._failed(f"cannot run {self.program}: {exc.strerror or exc}")
            return
        with self._cond:
            self._process = process
            closed = self._closed
        if closed:
            process.kill()
        try:
            _, err = process.communicate(self.voice.prepare(text).encode(), timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            self._failed(f"{self.program} took longer than {TIMEOUT_S:g} s")
            return
        # espeak-ng exits 0 even when it cannot write its file, or finds no sound
        # device (it says "error: ..." on stderr): check the file and stderr too
        said = err.decode("utf-8", "replace").strip()
        silent = wav is None and any(line.startswith("error:") for line in said.splitlines())
        if process.returncode != 0 or silent or (wav is not None and not has_audio(wav)):
            self._failed(_why(self.program, said, playing=wav is None))
            return
        self.spoken.append(text)

    def _failed(self, message: str) -> None:
        # speech is a convenience: a failure is counted, never raised into the game
        if self._closed:  # cut short by `close`: not a failure to speak
            return
        self.failures += 1
        self.last_error = message
        if self.failures == 1 and self._on_failure is not None:
            self._on_failure(message)


def _why(program: str, stderr: str, *, playing: bool) -> str:
    r"""What went wrong, naming the program: no sound device when ALSA found none to play
    on (its first complaint, "cannot find card '0'"), else the line of its stderr that
    says so ("error: ..."), else its end.

    >>> _why("espeak-ng", "ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n"
    ...      "error: No such file or directory", playing=True)
    "espeak-ng found no sound device to play on (ALSA: cannot find card '0')"
    >>> _why("espeak-ng", "error: cannot write x.wav", playing=False)
    'espeak-ng: cannot write x.wav'
    """
    lines = stderr.splitlines()
    alsa = [line.split(")", 1)[-1].strip() for line in lines if line.startswith("ALSA lib")]
    if playing and alsa:
        return f"{program} found no sound device to play on (ALSA: {alsa[0]})"
    errors = [line.removeprefix("error:").strip() for line in lines if line.startswith("error:")]
    return f"{program}: {errors[-1] if errors else stderr[-200:] or 'no audio written'}"
