"""Spoken narration: each sentence said aloud, offline, with espeak-ng.

    speaker = Speaker("zh-Hans")        # raises SpeechError if espeak-ng or the voice is missing
    session.subscribe(speaker.observe)   # never blocks the game: a queue and a worker thread
    ...
    speaker.close()

zh-Hans speaks with espeak-ng's Mandarin voice (`cmn`, or `zh` on older releases),
en and es with theirs, and Vietnamese (Regicide's `vi`) with espeak-ng's `vi`
(`data/voices.json`). Backlog rule: when more than
`max_waiting` sentences wait, the oldest waiting ones are dropped; order never changes.
"""

from companion.voice.espeak import SpeechError, Voice, render_wav, voice_for
from companion.voice.speaker import MAX_WAITING, Speaker

__all__ = ["MAX_WAITING", "SpeechError", "Speaker", "Voice", "render_wav", "voice_for"]
