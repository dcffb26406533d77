"""The reader's reference firmware (see hardware/README.md).

``readercore`` is the reader's protocol logic in portable Python: the same files run on
CPython (the tests, the simulator) and on MicroPython on the board, where they are
copied to ``/lib/readercore``. ``device/`` is the ESP32 glue and only runs on a board.
"""
