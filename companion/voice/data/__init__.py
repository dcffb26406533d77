"""espeak-ng voice choices per narration language (`voices.json`)."""
