"""The game at the table, end to end: hub -> log -> table -> engine -> narration and feedback.

`Session` is the core: it commits each input to the game log, applies it to the
table, narrates the outcome and publishes `(outcome, sentences, view)` to its
observers (the terminal view, a table view, text-to-speech). `runner` wires a
session to the readers (simulated, BLE or serial) and to a table script.
"""
