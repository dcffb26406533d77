"""What the LED and buzzer do for a FEEDBACK state (the reader's LED language).

The core keeps ``(color, pattern, until)`` and ``(sound, at)``; these helpers turn them
into an RGB value at a given time and a list of buzzer tones, so the device glue only
writes pixels and PWM. Green/beep = accepted, red/double beep = refused, blue pulse =
your decision, yellow = flip and scan a judgment card (docs/product.md, "The reader").

>>> led_rgb((2, 0, None), 0, 255)
(255, 0, 0)
>>> buzzer_tones(2)
((2700, 90), (0, 90), (2700, 90))
"""

# RGB at full brightness, by FEEDBACK color number (SPEC.md section 3).
COLORS = (
    (0, 0, 0),  # off
    (0, 255, 0),  # green
    (255, 0, 0),  # red
    (0, 0, 255),  # blue
    (255, 160, 0),  # yellow
    (255, 255, 255),  # white
)

BLINK_PERIOD = 500
PULSE_PERIOD = 1600
DOUBLE_PERIOD = 1200
DOUBLE_ON = 120


def pattern_level(pattern: int, now_ms: int) -> int:
    """Brightness 0..255 of a pattern at ``now_ms`` (solid, blink, pulse, double blink)."""
    if pattern == 1:
        return 255 if now_ms % BLINK_PERIOD < BLINK_PERIOD // 2 else 0
    if pattern == 2:
        phase = now_ms % PULSE_PERIOD
        half = PULSE_PERIOD // 2
        rising = phase if phase < half else PULSE_PERIOD - phase
        return 24 + (231 * rising) // half  # never fully dark, so it reads as "on"
    if pattern == 3:
        phase = now_ms % DOUBLE_PERIOD
        on = phase < DOUBLE_ON or 2 * DOUBLE_ON <= phase < 3 * DOUBLE_ON
        return 255 if on else 0
    return 255


def led_rgb(led: tuple, now_ms: int, brightness: int = 64) -> tuple:
    """The RGB to show for ``led`` = ``(color, pattern, until)`` at ``now_ms``.

    ``brightness`` (0..255) caps the output: a WS2812 at full white draws ~60 mA.
    """
    color, pattern = led[0], led[1]
    r, g, b = COLORS[color] if 0 <= color < len(COLORS) else COLORS[0]
    scale = pattern_level(pattern, now_ms) * brightness
    return (r * scale // 65025, g * scale // 65025, b * scale // 65025)


# (frequency in Hz, duration in ms); frequency 0 is a silence.
_TONES = (
    (),
    ((2700, 90),),
    ((2700, 90), (0, 90), (2700, 90)),
    ((2000, 600),),
)


def buzzer_tones(sound: int) -> tuple:
    """The tones of a FEEDBACK buzzer sound: none, beep, double beep, long."""
    return _TONES[sound] if 0 <= sound < len(_TONES) else ()
