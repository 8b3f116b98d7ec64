"""SVG -> PNG, for players whose mail client or forum shows pictures but not SVG.

We use ``resvg-py`` (PyO3 bindings to resvg, the Rust SVG renderer): its wheels are
self-contained (abi3, manylinux/musllinux/macOS/Windows; only libc is linked), so a plain
``pip install`` works on a fresh machine with no system libraries. CairoSVG, the usual
alternative, needs the system's libcairo, which a bare server or CI image may lack.

resvg has no system-wide default for the generic ``sans-serif`` family (it would ask for
"Arial"), so we name a common free family explicitly; the SVG itself also lists concrete
families first. Without any installed font the picture is still drawn, only without text.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

_SANS = ("DejaVu Sans", "Liberation Sans", "Arial", "Helvetica")


@cache
def _fonts() -> list[str]:
    """Families resvg can see on this machine, looked up once (it reads system font dirs)."""
    roots = [Path("/usr/share/fonts"), Path("/usr/local/share/fonts"),
             Path.home() / ".fonts", Path("/Library/Fonts"), Path("C:/Windows/Fonts")]
    names = set()
    for root in roots:
        try:
            names.update(p.stem.lower() for p in root.rglob("*.tt[fc]"))
        except OSError:
            continue
    return [fam for fam in _SANS
            if any(n.replace("-", "").replace("_", "").startswith(fam.lower().replace(" ", ""))
                   for n in names)]


def svg_to_png(svg: str, scale: float = 1.0) -> bytes:
    """Rasterise ``svg`` at ``scale`` times its own pixel size and return PNG bytes."""
    import resvg_py

    if not scale or scale <= 0:
        raise ValueError("scale must be positive")
    m = re.search(r'<svg[^>]*\bwidth="([\d.]+)"', svg)
    kwargs: dict = {}
    if m and scale != 1.0:
        kwargs["width"] = max(1, round(float(m.group(1)) * scale))
    fams = _fonts()
    if fams:
        kwargs["sans_serif_family"] = fams[0]
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, **kwargs))
