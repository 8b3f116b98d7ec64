"""Reports and maps of a game folder: find the record, ask the game, write the files.

A game builds a report *context* from plain data (a history record, the state after it and
a little ``meta``) and draws a map as SVG text; everything that touches the folder is here,
once for every game: which record a phase code means, what came after it, the title and the
next deadline, the four report files, ``map.svg`` and the PNG the results mail attaches.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from markupsafe import Markup

from adjudicator import events
from adjudicator.errors import ReportError
from adjudicator.game import BaseGame
from adjudicator.publish import reports
from adjudicator.store import GameFolder, atomic_write

#: History record kinds that get a report: the others (standing orders) change no phase.
REPORTED_KINDS = ("adjudication", "draw", "concession")


def find_record(folder: GameFolder, game: BaseGame, phase: str | None = None
                ) -> tuple[dict, dict]:
    """The history record for ``phase`` (default: the latest) and the state after it.

    A phase has one live record (a rollback archives the later ones), but a draw may be
    declared in the phase that follows an adjudication: the last record for the phase is
    the one that says how it ended. Standing-order records change no phase and have no
    report.
    """
    history = [h for h in folder.history() if h.get("kind") in REPORTED_KINDS]
    if not history:
        raise ReportError("nothing has been resolved yet, so there is no report")
    if phase is None:
        return history[-1], state_after(folder, history[-1])
    code = game.normalise_phase(phase)
    matches = [h for h in history if h["phase"] == code]
    if not matches:
        known = ", ".join(dict.fromkeys(h["phase"] for h in history))
        raise ReportError(f"no resolved phase {phase!r} in history (resolved: {known})")
    return matches[-1], state_after(folder, matches[-1])


def state_after(folder: GameFolder, record: dict) -> dict:
    """The state that followed ``record``: the next record's state before, or the current
    state for the latest record."""
    history = folder.history()
    for i, h in enumerate(history):
        if h.get("seq") == record.get("seq"):
            return history[i + 1]["state_before"] if i + 1 < len(history) \
                else folder.read_state()
    raise ReportError(f"record {record.get('seq')} ({record.get('phase')}) is not in the "
                      "history")


def report_meta(folder: GameFolder, game: BaseGame, after: dict) -> dict[str, Any]:
    """What a report needs that the game cannot know: the title, the deadline of the phase
    that follows (asked of whoever keeps deadlines: the moderator's desk), the commitment
    to the dice seed."""
    settings = folder.settings()
    deadline = None if game.is_over(after) else events.ask(
        events.DeadlineQuery(folder, str(after.get("phase", ""))))
    return {"title": str(settings.get("title") or folder.path.name),
            "deadline": deadline,
            "dice_commitment": (settings.get("dice") or {}).get("commitment") or ""}


def _context(folder: GameFolder, game: BaseGame, record: dict, after: dict) -> dict:
    return game.report_context(record, after, report_meta(folder, game, after))


def render_context(game: BaseGame, context: dict, fmt: str,
                   template: str | Path | None = None, svg: str | None = None) -> str:
    """Render one format; the HTML page embeds the map (SVG the game drew, escaped by its
    own renderer), the plain formats never do."""
    fmt = reports.normalise_format(fmt)
    ctx = dict(context)
    ctx["map_svg"] = Markup(svg) if (svg and fmt == "html") else None
    return reports.render(game.family, fmt, ctx, template)


def _record_map(folder: GameFolder, game: BaseGame, record: dict, *, title: str = "",
                show_orders: bool = True, after: dict | None = None) -> str | None:
    after = state_after(folder, record) if after is None else after
    return game.record_map_svg(record, after, title=title, show_orders=show_orders)


def report_text(folder: GameFolder, game: BaseGame, phase: str | None = None,
                fmt: str = "text", template: str | Path | None = None) -> str:
    """The report of ``phase`` (default: the latest resolved one) in ``fmt`` (text, bbcode,
    markdown, html), with the user's ``template`` instead of the built-in one if given."""
    fmt = reports.normalise_format(fmt)
    record, after = find_record(folder, game, phase)
    svg = _record_map(folder, game, record, after=after) if fmt == "html" else None
    return render_context(game, _context(folder, game, record, after), fmt, template, svg)


def map_text(folder: GameFolder, game: BaseGame, phase: str | None = None,
             show_orders: bool = True) -> str:
    """The map as SVG: the current position (``phase`` None) or a resolved phase with its
    orders and their results."""
    title = str(folder.settings().get("title") or folder.path.name)
    if phase is None:
        svg = game.map_svg(folder.read_state(), None, title=title, show_orders=False)
    else:
        record, after = find_record(folder, game, phase)
        svg = _record_map(folder, game, record, title=title, show_orders=show_orders,
                          after=after)
    if svg is None:
        raise ReportError(f"there is no map drawing for {game.spec.title} yet; use "
                          "`adj report` (text, bbcode, markdown or html) meanwhile")
    return svg


def write_reports(folder: GameFolder, game: BaseGame, record: dict) -> list[Path]:
    """Write ``reports/<phase>/report.{txt,bbcode,md,html}`` for ``record`` and, when the
    game draws a map, ``map.svg``.

    The PNG is not drawn here: it costs more than everything else of an adjudication and
    often nobody looks at it. :func:`map_png` draws it when something needs it (the results
    mail) and keeps it beside the SVG, so it is drawn at most once per phase. Every file is
    written atomically, so a web server publishing the folder never serves half a report.
    Returns the paths written.
    """
    if record.get("kind") not in REPORTED_KINDS:
        return []
    after = state_after(folder, record)
    context = _context(folder, game, record, after)
    svg = _record_map(folder, game, record, after=after)
    out_dir = folder.path / "reports" / record["phase"]
    written: list[Path] = []
    for fmt, ext in reports.FORMATS.items():
        path = out_dir / f"report.{ext}"
        atomic_write(path, render_context(game, context, fmt, None, svg))
        written.append(path)
    if svg is not None:
        atomic_write(out_dir / "map.svg", svg)
        written.append(out_dir / "map.svg")
    return written


def map_png(folder: GameFolder, game: BaseGame, phase: str) -> Path | None:
    """``reports/<phase>/map.png`` at the mail scale, drawn from ``map.svg`` the first time
    it is asked for and reused after; None when the phase has no map. Call it under the
    game lock (the results mail does)."""
    out_dir = folder.path / "reports" / phase
    png, svg = out_dir / "map.png", out_dir / "map.svg"
    if png.exists() and svg.exists() and png.stat().st_mtime_ns >= svg.stat().st_mtime_ns:
        return png
    if not svg.exists():
        return None
    from adjudicator.publish.png import svg_to_png

    atomic_write(png, svg_to_png(svg.read_text(encoding="utf-8"), scale=game.mail_map_scale))
    return png
