"""Battery percentage from the cell voltage of a single-cell Li-ion/LiPo battery.

A rough open-circuit discharge curve (voltage falls steeply below ~3.6 V); good enough
to tell a player "charge me soon". Readings under load are lower: the glue averages
several samples while the radio is idle.

>>> percent_from_millivolts(3700), percent_from_millivolts(4250), percent_from_millivolts(3000)
(26, 100, 0)
"""

# (millivolts, percent), falling; values between points are interpolated.
CURVE = (
    (4200, 100),
    (4100, 90),
    (4000, 78),
    (3900, 64),
    (3800, 48),
    (3750, 38),
    (3700, 26),
    (3650, 16),
    (3600, 9),
    (3500, 3),
    (3300, 0),
)


def percent_from_millivolts(millivolts: int) -> int:
    """The battery percentage (0..100) for a cell voltage in millivolts."""
    if millivolts >= CURVE[0][0]:
        return 100
    for i in range(1, len(CURVE)):
        mv_low, pct_low = CURVE[i]
        if millivolts >= mv_low:
            mv_high, pct_high = CURVE[i - 1]
            return pct_low + (pct_high - pct_low) * (millivolts - mv_low) // (mv_high - mv_low)
    return 0


def cell_millivolts(adc_microvolts: int, divider: int = 2) -> int:
    """The cell voltage from the ADC pin's voltage behind a resistor divider of ``divider``:1."""
    return adc_microvolts * divider // 1000
