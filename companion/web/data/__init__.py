"""The table view's words in each language (`ui.json`)."""
