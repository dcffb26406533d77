"""narration."""
