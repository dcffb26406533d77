"""The table page: plain HTML, CSS and JavaScript served as package data (no build step)."""
