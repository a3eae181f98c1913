"""How far apart two colours look, with normal vision and with each kind of
dichromacy: the measure the seat colours are chosen and tested by.

* :func:`lab`: sRGB (0-255) to CIELAB (D65 white, the sRGB standard);
* :func:`ciede2000`: the CIEDE2000 colour difference (CIE 142-2001; the
  implementation notes and test data of Sharma, Wu and Dalal 2005);
* :func:`simulate`: a colour as seen with protanopia, deuteranopia or
  tritanopia (Machado, Oliveira and Fernandes 2009, severity 1.0: their
  matrices, applied to linear sRGB and clipped to the gamut);
* :func:`distance`: the two together.

Pure Python on purpose (a few dozen lines; no numeric library at run time
for six colours): tests/renders/test_palette.py checks it against the
published test data.
"""

from __future__ import annotations

import math

RGB = tuple[int, int, int]
Lab = tuple[float, float, float]
Matrix = tuple[tuple[float, float, float], ...]

# Machado et al. 2009, table of simulation matrices, severity 1.0.
MACHADO: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
VISIONS = ("normal", *MACHADO)

# sRGB (IEC 61966-2-1) to CIE XYZ, and the D65 white point.
_TO_XYZ: Matrix = (
    (0.4124564, 0.3575761, 0.1804375),
    (0.2126729, 0.7151522, 0.0721750),
    (0.0193339, 0.1191920, 0.9503041),
)
_WHITE = (0.95047, 1.0, 1.08883)


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _encoded(v: float) -> int:
    v = min(1.0, max(0.0, v))
    s = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(s * 255)


def _apply(m: Matrix, v: tuple[float, float, float]) -> tuple[float, float, float]:
    return (
        m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
        m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
        m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
    )


def simulate(rgb: RGB, vision: str) -> RGB:
    """``rgb`` as seen with ``vision`` (one of :data:`VISIONS`)."""
    if vision == "normal":
        return rgb
    r, g, b = _apply(MACHADO[vision], (_linear(rgb[0]), _linear(rgb[1]), _linear(rgb[2])))
    return (_encoded(r), _encoded(g), _encoded(b))


def lab(rgb: RGB) -> Lab:
    x, y, z = _apply(_TO_XYZ, (_linear(rgb[0]), _linear(rgb[1]), _linear(rgb[2])))

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x / _WHITE[0]), f(y / _WHITE[1]), f(z / _WHITE[2])
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def ciede2000(one: Lab, two: Lab) -> float:
    """CIEDE2000 difference of two CIELAB colours (kL = kC = kH = 1)."""
    l1, a1, b1 = one
    l2, a2, b2 = two
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc = 1 + 0.045 * cp_mean
    sh = 1 + 0.015 * cp_mean * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt(
        (dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh)
    )


def distance(one: RGB, two: RGB, vision: str = "normal") -> float:
    """CIEDE2000 distance of two sRGB colours as seen with ``vision``."""
    return ciede2000(lab(simulate(one, vision)), lab(simulate(two, vision)))


def closest_pair(colours: tuple[RGB, ...], vision: str = "normal") -> float:
    """The smallest distance between any two of ``colours`` under ``vision``."""
    return min(distance(a, b, vision) for i, a in enumerate(colours) for b in colours[i + 1 :])
