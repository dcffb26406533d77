"""Boot entry point of the reader (MicroPython runs /main.py after boot.py)."""

import app

app.run()
