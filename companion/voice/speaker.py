"""Speaking the narration aloud without ever holding up the game.

`Speaker.say(sentences)` only appends to a queue and returns; one worker thread
speaks the queue in order, one espeak-ng process per sentence. The game loop never
waits for speech, and speech never waits for the game.

The backlog rule. Speech is slower than play: a turn's start alone is six sentences.
When more than `max_waiting` sentences wait (not counting the one being spoken),
the oldest waiting ones are dropped until `max_waiting` remain. Order never
changes, nothing is repeated, and a sentence being spoken is always finished. The
newest sentences are kept because they say what is happening now and, last of all,
who must act next (the prompt), which is what a table needs to hear. Dropped
sentences are still on screen and in the terminal; `dropped` counts them.
"""

from __future__ import annotations

import subprocess
import threading
from collections import deque
from collections.abc import Callable, Iterable
from pathlib import Path
from types import TracebackType
from typing import Any

from companion.voice.espeak import ESPEAK, TIMEOUT_S, espeak_command, has_audio, voice_for

__all__ = ["MAX_WAITING", "Speaker"]

MAX_WAITING = 6


class Speaker:
    """Speaks one game's sentences in `lang`, in order, on a worker thread.

    With `record_dir`, each sentence is written to `NNNN.wav` there instead of being
    played (for tests, and for a machine whose speaker is elsewhere). `on_failure`
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
        self._waiting: deque[str] = deque()
        self._busy = False
        self._closed = False
        self._held = not start
        self._process: subprocess.Popen[bytes] | None = None
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="speaker", daemon=True)
        self._thread.start()

    # --- the game's side: never blocks on speech ---

    def say(self, sentences: Iterable[str]) -> None:
        """Queue sentences to be spoken after those already waiting (backlog rule above)."""
        with self._cond:
            if self._closed:
                return
            self._waiting.extend(s for s in sentences if s and s.strip())
            while len(self._waiting) > self.max_waiting:
                self._waiting.popleft()
                self.dropped += 1
            self._cond.notify_all()

    def observe(self, update: Any) -> None:
        """A `companion.game.Session` observer: speak an update's sentences."""
        self.say(update.sentences)

    @property
    def waiting(self) -> list[str]:
        with self._cond:
            return list(self._waiting)

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
        """Stop: drop what waits, cut the sentence being spoken, end the worker."""
        with self._cond:
            self._closed = True
            self._waiting.clear()
            process = self._process
            self._cond.notify_all()
        if process is not None and process.poll() is None:
            process.terminate()
        self._thread.join(timeout)

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
        count = 0
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._closed or (self._waiting and not self._held))
                if self._closed:
                    return
                text = self._waiting.popleft()
                self._busy = True
            count += 1
            try:
                self._speak(text, count)
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
        except OSError as exc:
            self._failed(str(exc))
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
            self._failed(_last_error(said) or "no audio written")
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


def _last_error(stderr: str) -> str:
    """The line of espeak-ng's stderr that says what went wrong ("error: ..."), else
    its end."""
    errors = [line for line in stderr.splitlines() if line.startswith("error:")]
    return errors[-1] if errors else stderr[-200:]
