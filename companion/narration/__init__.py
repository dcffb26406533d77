"""Narration: engine events, prompts and refusals as sentences in zh-Hans, en and es."""

from companion.narration.messages import MessageError, messages
from companion.narration.names import LANGUAGES, GameNames, SanguoshaNames
from companion.narration.narrator import Narrator, names_for

__all__ = [
    "LANGUAGES",
    "GameNames",
    "MessageError",
    "Narrator",
    "SanguoshaNames",
    "messages",
    "names_for",
]
