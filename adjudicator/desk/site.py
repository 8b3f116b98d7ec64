"""The static web site of a judge folder or one game: ``adj site SOURCE -o DIR``.

Everything a spectator reads is a plain file: an index of games, a page per game with the
current position and its charts, a page per resolved phase (map, report, orders as
understood) and, once a game is over, an end-of-game page. Any web server, or a browser
opening the files, shows it; there is no server code and nothing is fetched from elsewhere.
Layout, options and hosting: docs/site.md; decisions: docs/rulings.md, "The site".

The site lives in the desk because it reads the desk's files (roster, deadlines, lateness);
every game fact comes through the service and :class:`~adjudicator.game.BaseGame`: the
history records, the games' own report contexts and SVG maps, ``site_figures`` for the
charts. Nothing generated is parsed back.

Incremental: ``DIR/manifest.json`` keeps, per game and phase, a digest of everything a
phase page is made from (the record, the state after it, the title, its neighbours, the
site templates); a rebuild renders the phases whose digest changed and only rewrites the
game pages and the index when their bytes changed. Every file is written atomically, so a
web server never serves half a page, under a lock on the output folder, so two builds
(a cron tick and a moderator) never interleave.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from markupsafe import Markup

from adjudicator.desk import press
from adjudicator.desk.deadlines import deadline_for
from adjudicator.desk.judge import Judge, is_judge
from adjudicator.desk.players import Roster
from adjudicator.errors import AdjudicatorError
from adjudicator.game import BaseGame
from adjudicator.publish import files, reports
from adjudicator.publish.chart import line_chart
from adjudicator.record import field, record
from adjudicator.registry import game_for_state
from adjudicator.resources import templates_path
from adjudicator.store import (
    GameFolder,
    StoreError,
    atomic_write,
    canonical_json,
    file_lock,
    validate_game_name,
)

#: Raised whenever the pages' make-up changes, so every page is rendered again.
SITE_VERSION = 1
MANIFEST = "manifest.json"
#: Files copied from templates/site/ into the output folder as they are.
STATIC = ("site.css", "site.js")
STATUSES = ("open", "running", "finished", "drawn")


class SiteError(AdjudicatorError):
    pass


@record
class SiteReport:
    """What one build did: the games, and the phase pages rendered and left as they were."""

    out: Path
    games: list[str] = field(default_factory=list)
    rendered: list[str] = field(default_factory=list)  # "game/PHASE"
    unchanged: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # "game: what went wrong"
    written: int = 0

    def to_json(self) -> dict:
        return {"out": str(self.out), "games": self.games, "rendered": self.rendered,
                "unchanged": len(self.unchanged), "removed": self.removed,
                "errors": self.errors, "files_written": self.written}


# --- sources -----------------------------------------------------------------------------
def source_games(source: str | os.PathLike) -> tuple[str, list[GameFolder]]:
    """The site's name and its games: every game of a judge folder, or one game folder."""
    path = Path(source)
    if is_judge(path):
        judge = Judge(path)
        return str(judge.config.get("name") or path.name), [
            judge.game(n) for n in judge.game_names()]
    folder = GameFolder(path)
    if folder.exists():
        validate_game_name(folder.path.resolve().name)
        return "Games", [folder]
    raise SiteError(f"{path} is neither a judge folder (judge.json) nor a game folder "
                    "(game.json); give one of them, e.g. adj site JUDGE_DIR -o public/")


@record
class _Snapshot:
    """A game's files read once under its lock, so a build sees one consistent game."""

    name: str
    folder: GameFolder
    settings: dict
    state: dict
    initial: dict
    history: list[dict]
    roster: dict
    deadline: str | None
    press: list[dict]
    diaries: dict[str, list[dict]]


def _snapshot(folder: GameFolder) -> _Snapshot:
    name = validate_game_name(folder.path.resolve().name)
    with folder.lock():
        state = folder.read_state()
        settings = folder.settings()
        history = folder.history()
        roster = Roster(folder).public()
        deadline = deadline_for(folder, str(state.get("phase", "")))
        initial = folder.initial_state()
        public, diaries = _press(folder, state)
    return _Snapshot(name, folder, settings, state, initial, history, roster, deadline,
                     public, diaries)


def _press(folder: GameFolder, state: dict) -> tuple[list[dict], dict[str, list[dict]]]:
    """Broadcast press (``press.public_press``: never private press, grey press without its
    sender) and, once the game is over, the diaries (``press.diaries``). A game whose press
    settings keep press from observers (``observers: none``) shows none: a spectator reads
    what an observer may."""
    return press.spectator_press(folder), press.diaries(folder, state)


# --- what a game is ----------------------------------------------------------------------
def game_status(game: BaseGame, snap: _Snapshot) -> str:
    """open (nothing resolved and a power that must act has no player), running,
    finished (a solo or a side's victory) or drawn (the state's result is a draw)."""
    outcome = game.outcome(snap.state)
    if outcome is not None:
        return "drawn" if outcome.kind == "draw" else "finished"
    if game.is_over(snap.state):
        return "finished"
    played = {p for p, rec in snap.roster["powers"].items() if rec.get("status") == "active"}
    resolved = any(h.get("kind") in files.REPORTED_KINDS for h in snap.history)
    if not resolved and any(p not in played for p in game.who_must_act(snap.state)):
        return "open"
    return "running"


#: The keys of a game's ``settings.json`` ``site`` object (docs/site.md) and their types.
SITE_SETTINGS = {"anonymous": bool}


def settings_problems(settings: dict) -> list[str]:
    """What ``adj fsck`` finds wrong in a game's ``site`` settings: a misspelt key would
    otherwise publish what the moderator meant to hide."""
    site = settings.get("site")
    if site is None:
        return []
    if not isinstance(site, dict):
        return ['settings.json: "site" must be an object such as {"anonymous": true}']
    problems = []
    for key, value in site.items():
        if key not in SITE_SETTINGS:
            problems.append(f'settings.json: unknown site setting {key!r} (known: '
                            + ", ".join(SITE_SETTINGS) + ")")
        elif not isinstance(value, SITE_SETTINGS[key]):
            problems.append(f"settings.json: site setting {key!r} must be true or false, "
                            f"not {value!r}")
    return problems


def _anonymous(settings: dict) -> bool:
    return bool((settings.get("site") or {}).get("anonymous"))


def _players(game: BaseGame, snap: _Snapshot) -> list[dict]:
    """Each power with who plays it. Addresses are never published: a player shows by the
    ``name`` in their roster record when there is one; an anonymous game shows none."""
    unplayed = set(game.unplayed_powers(snap.state))
    out = []
    for p in game.powers(snap.state):
        rec = snap.roster["powers"].get(p) or {}
        if p in unplayed:
            holder = "civil disorder"
        elif not rec:
            holder = "no player"
        elif rec.get("status") != "active":
            holder = "abandoned"
        elif _anonymous(snap.settings):
            holder = "played"
        else:
            holder = str(rec.get("name") or "played")
        late = snap.roster["lateness"].get(p) or {}
        out.append({"power": game.power_name(p), "key": p, "holder": holder,
                    "late": int(late.get("late", 0)), "nmr": int(late.get("nmr", 0))})
    return out


@record
class _Phase:
    code: str
    name: str
    group: str
    record: dict
    after: dict


def _phases(game: BaseGame, snap: _Snapshot) -> list[_Phase]:
    """The resolved phases in order, each with the state that followed it; a phase with
    several records (a draw declared in it) is the last one, as ``adj report`` has it."""
    history = snap.history
    by_code: dict[str, _Phase] = {}
    for i, h in enumerate(history):
        if h.get("kind") not in files.REPORTED_KINDS:
            continue
        after = history[i + 1]["state_before"] if i + 1 < len(history) else snap.state
        code = validate_game_name(str(h["phase"]))
        figs = game.site_figures(h["state_before"]) or {}
        by_code.pop(code, None)
        by_code[code] = _Phase(code, game.phase_name(h["state_before"]),
                               str(figs.get("group") or ""), h, after)
    return list(by_code.values())


def _charts(game: BaseGame, snap: _Snapshot, name: str) -> list[dict]:
    """One SVG chart per figure the game reports, one point per period (the last state of
    each period wins), from the initial state through every record to the current state."""
    states = [h["state_before"] for h in snap.history] + [snap.state]
    points: dict[str, dict] = {}
    colours: dict[str, str] = {}
    for st in states:
        figs = game.site_figures(st)
        if not figs or figs.get("period") is None:
            continue
        points.pop(str(figs["period"]), None)
        points[str(figs["period"])] = figs
        colours = dict(figs.get("colours") or {})
    if len(points) < 1:
        return []
    labels = list(points)
    keys = list(next(iter(points.values()))["figures"])
    powers = game.powers(snap.state)
    names = {p: game.power_name(p) for p in powers}
    charts = []
    for key in keys:
        first = next(iter(points.values()))["figures"][key]
        series = {p: [pt["figures"][key]["values"].get(p) for pt in points.values()]
                  for p in powers}
        title = str(first.get("title") or key)
        svg = line_chart(title, labels, series, colours, names, str(first.get("unit") or ""),
                         chart_id=f"chart-{key}")
        rows = [{"power": names[p], "values": series[p]} for p in powers]
        charts.append({"key": key, "title": title, "unit": first.get("unit") or "",
                       # our own drawing, its text escaped by chart.py
                       "svg": Markup(svg), "labels": labels, "rows": rows})
    return charts


# --- rendering ---------------------------------------------------------------------------
def _env():
    return reports.environment("html")


def _render(template: str, **context: Any) -> str:
    return _env().get_template(f"site/{template}").render(**context)


def _templates_digest(family: str) -> str:
    """Digest of the templates a phase page depends on: a changed template re-renders."""
    h = hashlib.sha256(str(SITE_VERSION).encode())
    root = templates_path()
    for path in sorted((root / "site").glob("*")) + sorted((root / family).glob("report.*")):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def _digest(value: Any) -> str:
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()


class _Writer:
    """Atomic writes into the output folder that skip files whose bytes are unchanged."""

    def __init__(self, out: Path, report: SiteReport) -> None:
        self.out, self.report = out, report

    def write(self, rel: str, data: str | bytes) -> None:
        path = self.out / rel
        raw = data.encode("utf-8") if isinstance(data, str) else data
        try:
            if path.read_bytes() == raw:
                return
        except OSError:
            pass
        atomic_write(path, raw, public=True)
        self.report.written += 1


def _load_manifest(out: Path) -> dict:
    try:
        data = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"site_version": SITE_VERSION, "games": {}}
    if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
        return {"site_version": SITE_VERSION, "games": {}}
    # an entry that is not what this module wrote is dropped: its pages are rendered again
    data["games"] = {name: {code: d for code, d in phases.items() if isinstance(d, str)}
                     for name, phases in data["games"].items() if isinstance(phases, dict)}
    return data


def _press_of(snap: _Snapshot, phase: str) -> list[dict]:
    return [p for p in snap.press if p.get("phase") == phase]


def _shown_press(game: BaseGame, items: list[dict]) -> list[dict]:
    return [{"phase": m.get("phase"), "time": m.get("time"), "text": str(m.get("text", "")),
             "sender": press.sender_name(game, m.get("sender"))} for m in items]


def _phase_page(game: BaseGame, snap: _Snapshot, ph: _Phase, prev: _Phase | None,
                nxt: _Phase | None, site_name: str, title: str, w: _Writer) -> None:
    meta = files.report_meta(snap.folder, game, ph.after)
    context = game.report_context(ph.record, ph.after, meta)
    svg = game.record_map_svg(ph.record, ph.after, title=title)
    base = f"games/{snap.name}/{ph.code}"
    if svg is not None:
        w.write(f"{base}/map.svg", svg)
    w.write(f"{base}/report.html", files.render_context(game, context, "html", None, svg))
    text = files.render_context(game, context, "text")
    orders = [{"power": game.power_name(p), "lines": list(lines)}
              for p, lines in (ph.record.get("orders") or {}).items()]
    nmr = [game.power_name(p) for p in ph.record.get("nmr") or []]
    w.write(f"{base}/index.html", _render(
        "phase.html.j2", root="../../../", site_name=site_name, title=title,
        game_name=snap.name, phase=ph, prev=prev, next=nxt, has_map=svg is not None,
        report_text=text, orders=orders, nmr=nmr, kind=ph.record.get("kind"),
        draw_powers=[game.power_name(p) for p in ph.record.get("powers") or []],
        record_by=ph.record.get("by"), winner=game.power_name(str(ph.record.get("winner") or "")),
        results=game.result_lines(ph.record),
        press=_shown_press(game, _press_of(snap, ph.code))))


def _phase_digest(game: BaseGame, snap: _Snapshot, ph: _Phase, prev: _Phase | None,
                  nxt: _Phase | None, title: str, tdigest: str) -> str:
    deadline = None if game.is_over(ph.after) else (
        snap.deadline if ph.after is snap.state else None)
    return _digest({"record": ph.record.get("state_after_sha256"), "seq": ph.record.get("seq"),
                    "phase": ph.code, "after": _digest(ph.after), "title": title,
                    "prev": prev.code if prev else None, "next": nxt.code if nxt else None,
                    "deadline": deadline, "press": _press_of(snap, ph.code),
                    "templates": tdigest})


def _game(snap: _Snapshot, site_name: str, manifest: dict, w: _Writer,
          report: SiteReport) -> dict:
    state = snap.state
    game = game_for_state(state)
    title = str(snap.settings.get("title") or snap.name)
    phases = _phases(game, snap)
    tdigest = _templates_digest(game.family)
    done = manifest["games"].setdefault(snap.name, {})
    live = {ph.code for ph in phases}
    for code in sorted(set(done) - live):  # rolled back: the page goes too
        _remove(w.out / "games" / snap.name, code)
        done.pop(code, None)
        report.removed.append(f"{snap.name}/{code}")
    for i, ph in enumerate(phases):
        prev = phases[i - 1] if i else None
        nxt = phases[i + 1] if i + 1 < len(phases) else None
        digest = _phase_digest(game, snap, ph, prev, nxt, title, tdigest)
        page = w.out / "games" / snap.name / ph.code / "index.html"
        if done.get(ph.code) == digest and page.is_file():
            report.unchanged.append(f"{snap.name}/{ph.code}")
            continue
        _phase_page(game, snap, ph, prev, nxt, site_name, title, w)
        done[ph.code] = digest
        report.rendered.append(f"{snap.name}/{ph.code}")

    status = game_status(game, snap)
    outcome = game.outcome(state)
    current = game.map_svg(state, None, title=title, show_orders=False)
    if current is not None:
        w.write(f"games/{snap.name}/current.svg", current)
    charts = _charts(game, snap, snap.name)
    groups: dict[str, list[_Phase]] = {}
    for ph in phases:
        groups.setdefault(ph.group, []).append(ph)
    players = _players(game, snap)
    over = game.is_over(state)
    info = {"name": snap.name, "title": title, "game": game.spec.title, "status": status,
            "phase": game.phase_name(state), "phase_code": state.get("phase"),
            "deadline": None if over else snap.deadline,
            "players": [] if _anonymous(snap.settings) else players,
            "anonymous": _anonymous(snap.settings),
            "outcome": outcome.text if outcome else None, "over": over,
            "latest": phases[-1] if phases else None, "phases": len(phases)}
    common = {"root": "../../", "site_name": site_name, "info": info,
              "has_map": current is not None, "charts": charts, "groups": groups,
              "players": players, "summary": game.status_lines(state)}
    w.write(f"games/{snap.name}/index.html", _render(
        "game.html.j2", press=_shown_press(game, snap.press), **common))
    if over:
        w.write(f"games/{snap.name}/end.html", _render(
            "end.html.j2", diaries=[{"power": game.power_name(p), "entries": e}
                                    for p, e in sorted(snap.diaries.items())], **common))
    elif (w.out / "games" / snap.name / "end.html").exists():  # rolled back past the end
        (w.out / "games" / snap.name / "end.html").unlink()
    return info


def _safe_name(name: str) -> bool:
    try:
        validate_game_name(name)
    except StoreError:
        return False
    return True


def _remove(game_dir: Path, code: str) -> None:
    """Delete the page folder of a phase that is no longer in the history (only a folder
    named by a valid phase code: the manifest is read back from the web folder)."""
    target = game_dir / code
    if _safe_name(code) and target.is_dir() and not target.is_symlink():
        shutil.rmtree(target)


def build_site(source: str | os.PathLike, out: str | os.PathLike,
               log: Callable[[str], None] | None = None) -> SiteReport:
    """Build or bring up to date the site of ``source`` (a judge or a game folder) in
    ``out``; returns what was rendered."""
    site_name, folders = source_games(source)
    out_path = Path(out)
    if out_path.exists() and not out_path.is_dir():
        raise SiteError(f"{out_path} is a file; the site needs a folder")
    src = Path(source).resolve()
    if out_path.resolve() == src or src in out_path.resolve().parents:
        raise SiteError(f"the site folder {out_path} is inside {source}: write it elsewhere "
                        "(a judge or game folder holds only its own files)")
    out_path.mkdir(parents=True, exist_ok=True)
    report = SiteReport(out_path)
    w = _Writer(out_path, report)
    with file_lock(out_path / ".site.lock"):
        manifest = _load_manifest(out_path)
        if manifest.get("site_version") != SITE_VERSION:
            manifest = {"site_version": SITE_VERSION, "games": {}}
        for name in STATIC:
            w.write(name, (templates_path() / "site" / name).read_bytes())
        infos = []
        for folder in folders:
            try:
                snap = _snapshot(folder)
                if log:
                    log(f"{snap.name}: {len(snap.history)} records")
                infos.append(_game(snap, site_name, manifest, w, report))
            except AdjudicatorError as exc:
                # One game that cannot be rendered keeps its earlier pages and stops no
                # other game; the command reports it and fails.
                report.errors.append(f"{folder.path.name}: {exc}")
            report.games.append(folder.path.name)
        for gone in sorted(set(manifest["games"]) - set(report.games)):
            manifest["games"].pop(gone)
            if not _safe_name(gone):
                continue  # not a name this module wrote: nothing of it is deleted
            target = out_path / "games" / gone
            if target.is_dir() and not target.is_symlink():
                shutil.rmtree(target)
            report.removed.append(gone)
        by_status = {s: [i for i in infos if i["status"] == s] for s in STATUSES}
        w.write("index.html", _render("index.html.j2", root="", site_name=site_name,
                                      games=infos, by_status=by_status, statuses=STATUSES))
        atomic_write(out_path / MANIFEST, canonical_json(manifest), public=True)
    return report
