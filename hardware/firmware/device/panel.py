"""Buttons, the WS2812 LED, the buzzer and the battery ADC: pins only, no decisions.

Buttons are sampled and every raw level change goes to the core, which debounces.
The LED shows whatever readercore.render computes for the core's LED state; the
buzzer plays readercore.render's tones once per new sound.
"""

import asyncio

import neopixel
from machine import ADC, PWM, Pin
from readercore import power, render


class Buttons:
    """Active-low buttons with the internal pull-ups."""

    def __init__(self, pins: tuple) -> None:
        self._pins = [(number, Pin(gpio, Pin.IN, Pin.PULL_UP)) for number, gpio in pins]
        self._down = [False] * (len(self._pins) + 1)

    def changes(self) -> list:
        """``(button, is_down)`` for every button whose level changed since last time."""
        out = []
        for number, pin in self._pins:
            down = pin.value() == 0
            if down != self._down[number]:
                self._down[number] = down
                out.append((number, down))
        return out


class Led:
    """One WS2812 pixel."""

    def __init__(self, gpio: int, brightness: int) -> None:
        self._pixel = neopixel.NeoPixel(Pin(gpio, Pin.OUT), 1)
        self._brightness = brightness
        self._shown = (-1, -1, -1)

    def show(self, led: tuple, now_ms: int) -> None:
        """Show the core's LED state as of ``now_ms`` (writes only on a change)."""
        rgb = render.led_rgb(led, now_ms, self._brightness)
        if rgb != self._shown:
            self._pixel[0] = rgb
            self._pixel.write()
            self._shown = rgb


class Buzzer:
    """A passive piezo on a PWM pin."""

    def __init__(self, gpio: int) -> None:
        self._pwm = PWM(Pin(gpio), freq=2000, duty_u16=0)
        self._played = (0, 0)

    def is_new(self, buzzer: tuple) -> bool:
        """True once for each sound the core asked for after the last one played."""
        if buzzer == self._played:
            return False
        self._played = buzzer
        return True

    async def play(self, sound: int) -> None:
        """Play a FEEDBACK sound (its own task, so the buttons keep being read)."""
        for freq, ms in render.buzzer_tones(sound):
            if freq:
                self._pwm.freq(freq)
                self._pwm.duty_u16(32768)
            else:
                self._pwm.duty_u16(0)
            await asyncio.sleep_ms(ms)
        self._pwm.duty_u16(0)


class Battery:
    """The cell voltage through a divider on an ADC1 pin."""

    def __init__(self, gpio: int, divider: int) -> None:
        self._adc = ADC(Pin(gpio))
        self._adc.atten(ADC.ATTN_11DB)  # full range ~0..3.1 V
        self._divider = divider

    def read(self) -> tuple:
        """``(percent, millivolts)``, averaging 16 samples."""
        total = 0
        for _ in range(16):
            total += self._adc.read_uv()
        mv = power.cell_millivolts(total // 16, self._divider)
        return power.percent_from_millivolts(mv), mv
