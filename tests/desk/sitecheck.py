"""Checks for the static site's tests: well-formed HTML, links that resolve, a headless
browser's screenshots and a small PNG reader to find what the pages show."""

from __future__ import annotations

import shutil
import struct
import subprocess
import tempfile
import zlib
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class _Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, tuple[int, int]]] = []
        self.problems: list[str] = []
        self.links: list[tuple[str, str]] = []  # (attribute, value)
        self.ids: list[str] = []
        self.doctype = False
        self.imgs: list[dict] = []

    def handle_decl(self, decl: str) -> None:
        self.doctype = self.doctype or decl.lower() == "doctype html"

    def _attrs(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        d = dict(attrs)
        if d.get("id"):
            self.ids.append(str(d["id"]))
        for key in ("href", "src"):
            if d.get(key) is not None:
                self.links.append((key, str(d[key])))
        if tag == "img":
            self.imgs.append(d)

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self._attrs(tag, attrs)
        if tag not in VOID:
            self.stack.append((tag, self.getpos()))

    def handle_startendtag(self, tag: str, attrs: list) -> None:
        self._attrs(tag, attrs)  # <circle/> in inline SVG

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            self.problems.append(f"end tag of void element </{tag}> at {self.getpos()}")
            return
        if not self.stack:
            self.problems.append(f"</{tag}> closes nothing at {self.getpos()}")
            return
        open_tag, pos = self.stack.pop()
        if open_tag != tag:
            self.problems.append(f"</{tag}> at {self.getpos()} closes <{open_tag}> of {pos}")


def check_html(path: Path) -> _Checker:
    """Parse one page; ``problems`` lists unbalanced or mismatched tags, a missing doctype
    and duplicate ids."""
    c = _Checker()
    c.feed(path.read_text(encoding="utf-8"))
    c.close()
    if not c.doctype:
        c.problems.append("no <!DOCTYPE html>")
    for tag, pos in c.stack:
        c.problems.append(f"<{tag}> of {pos} is never closed")
    dupes = {i for i in c.ids if c.ids.count(i) > 1}
    if dupes:
        c.problems.append(f"duplicate ids {sorted(dupes)}")
    return c


def broken_links(root: Path) -> list[str]:
    """Every href/src of every page under ``root`` that does not resolve to a file of the
    site (or to an id on the page it names), and any link that leaves the site."""
    pages = sorted(root.rglob("*.html"))
    checked = {p: check_html(p) for p in pages}
    out = []
    for page, c in checked.items():
        for attr, value in c.links:
            parts = urlsplit(value)
            if parts.scheme or parts.netloc:
                out.append(f"{page.relative_to(root)}: {attr}={value!r} leaves the site")
                continue
            target = page if not parts.path else (page.parent / unquote(parts.path)).resolve()
            if not target.is_file() or root.resolve() not in target.parents:
                out.append(f"{page.relative_to(root)}: {attr}={value!r} is missing")
                continue
            if parts.fragment and target.suffix == ".html":
                ids = checked[target].ids if target in checked else check_html(target).ids
                if parts.fragment not in ids:
                    out.append(f"{page.relative_to(root)}: {value!r} names no id there")
    return out


# --- the browser ---------------------------------------------------------------------------
def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def screenshot(page: Path, png: Path, width: int, height: int) -> Path:
    """A headless Chromium screenshot of ``page`` at ``width`` x ``height`` CSS pixels."""
    return screenshot_uri(page.as_uri(), png, width, height)


def screenshot_uri(uri: str, png: Path, width: int, height: int) -> Path:
    """The same for a ``file:`` address, which may name a fragment to scroll to."""
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [chromium(), "--headless", "--no-sandbox", "--disable-gpu",
             "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--no-first-run", "--hide-scrollbars",
             "--force-device-scale-factor=1", f"--user-data-dir={profile}",
             f"--screenshot={png}", f"--window-size={width},{height}", uri],
            check=True, capture_output=True, timeout=120,
        )
    return png


# --- PNG ---------------------------------------------------------------------------------
def read_png(path: Path) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of RGB bytes) of an 8-bit, non-interlaced RGB or RGBA PNG
    (what Chromium writes)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    width = height = channels = 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and interlace == 0 and colour in (2, 6), (depth, colour)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    prev = bytearray(stride)
    i = 0
    for _ in range(height):
        ftype, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = prev[x]
            c = prev[x - channels] if x >= channels else 0
            if ftype == 1:
                line[x] = (line[x] + a) & 255
            elif ftype == 2:
                line[x] = (line[x] + b) & 255
            elif ftype == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        if channels == 4:
            rgb = bytearray()
            for x in range(width):
                rgb += line[4 * x:4 * x + 3]
            rows.append(bytes(rgb))
        else:
            rows.append(bytes(line))
    return width, height, rows


def _aligned(row: bytes, needle: bytes, last: bool) -> int:
    """Index of the first (last) pixel of ``row`` equal to ``needle``, -1 if none."""
    i = row.rfind(needle) if last else row.find(needle)
    while i != -1 and i % 3:
        i = row.rfind(needle, 0, i + 2) if last else row.find(needle, i + 1)
    return i


def colour_box(rows: list[bytes], colours: set[str]) -> tuple[int, int, int, int] | None:
    """Bounding box (left, top, right, bottom) of the pixels of any of ``colours``
    (``#rrggbb``), None when there is none."""
    needles = [bytes.fromhex(c.lstrip("#")) for c in colours]
    box = None
    for y, row in enumerate(rows):
        for n in needles:
            first = _aligned(row, n, False)
            if first == -1:
                continue
            x0, x1 = first // 3, _aligned(row, n, True) // 3
            box = [x0, y, x1, y] if box is None else [
                min(box[0], x0), min(box[1], y), max(box[2], x1), max(box[3], y)]
    return tuple(box) if box else None


def distinct_colours(rows: list[bytes], box: tuple[int, int, int, int]) -> int:
    """How many different colours the region ``box`` holds (a blank region holds one)."""
    left, top, right, bottom = box
    seen = set()
    for y in range(top, bottom + 1, 2):
        row = rows[y]
        for x in range(left, right + 1, 2):
            seen.add(row[3 * x:3 * x + 3])
    return len(seen)
