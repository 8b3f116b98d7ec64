"""Colour arithmetic for checking map palettes: WCAG contrast, colour-vision-deficiency
simulation and CIEDE2000 colour difference. Pure functions on ``#rrggbb`` strings; used by
the tests that keep the maps readable for everyone (``docs/map.md``), never while drawing.

* ``contrast(a, b)``: the WCAG 2.x contrast ratio from relative luminance (1 to 21).
* ``simulate(colour, kind)``: how ``colour`` looks with protanopia, deuteranopia or
  tritanopia (Machado, Oliveira and Fernandes 2009, severity 1.0, applied in linear RGB).
* ``delta_e(a, b)``: the CIEDE2000 difference (about 2.3 is just noticeable; 10 and more
  reads as a different colour at a glance).
* ``over(fg, bg, alpha)``: ``fg`` painted over ``bg`` with opacity ``alpha`` (what a
  translucent tint looks like).
"""

from __future__ import annotations

import math

RGB = tuple[float, float, float]

#: Machado et al. 2009, severity 1.0 (linear RGB).
CVD: dict[str, tuple[RGB, RGB, RGB]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISION = ("normal", *CVD)


def parse(colour: str) -> RGB:
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    return tuple(int(c[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def to_hex(rgb: RGB) -> str:
    return "#" + "".join(f"{round(min(max(v, 0.0), 1.0) * 255):02x}" for v in rgb)


def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _gamma(v: float) -> float:
    v = min(max(v, 0.0), 1.0)
    return v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def luminance(colour: str) -> float:
    """WCAG relative luminance."""
    r, g, b = (_linear(v) for v in parse(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def simulate(colour: str, kind: str) -> str:
    """``colour`` as seen with ``kind`` (``normal`` or a key of :data:`CVD`)."""
    if kind == "normal":
        return to_hex(parse(colour))
    lin = [_linear(v) for v in parse(colour)]
    out = tuple(_gamma(sum(m * v for m, v in zip(row, lin, strict=True))) for row in CVD[kind])
    return to_hex(out)  # type: ignore[arg-type]


def over(fg: str, bg: str, alpha: float) -> str:
    """``fg`` at opacity ``alpha`` over ``bg`` (sRGB blending, as SVG renderers do)."""
    f, b = parse(fg), parse(bg)
    return to_hex(tuple(alpha * x + (1 - alpha) * y for x, y in zip(f, b, strict=True)))  # type: ignore[arg-type]


def _lab(colour: str) -> RGB:
    r, g, b = (_linear(v) for v in parse(colour))
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: str, b: str) -> float:
    """CIEDE2000 colour difference of two colours."""
    return delta_e_lab(_lab(a), _lab(b))


def delta_e_lab(lab1: RGB, lab2: RGB) -> float:
    """CIEDE2000 difference of two CIELAB colours (Sharma, Wu and Dalal 2005)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cm = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(cm ** 7 / (cm ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lm, cmp_ = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hm = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hm = (h1p + h2p + 360) / 2
    else:
        hm = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hm - 30)) + 0.24 * math.cos(math.radians(2 * hm))
         + 0.32 * math.cos(math.radians(3 * hm + 6)) - 0.20 * math.cos(math.radians(4 * hm - 63)))
    dtheta = 30 * math.exp(-(((hm - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cmp_ ** 7 / (cmp_ ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (lm - 50) ** 2 / math.sqrt(20 + (lm - 50) ** 2)
    sc = 1 + 0.045 * cmp_
    sh = 1 + 0.015 * cmp_ * t
    rt = -math.sin(math.radians(2 * dtheta)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2
                     + rt * (dc / sc) * (dhh / sh))
