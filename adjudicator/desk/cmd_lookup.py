"""Look-up commands by mail: LIST, SUMMARY, HISTORY, MAP, HELP (docs/judge-commands.md).

Everything shown is public: no address, no password, no private press. Games are read
through the service and ``BaseGame`` (reports, maps, figures), never a game module.
"""

from __future__ import annotations

import difflib

from adjudicator import service
from adjudicator.desk import deadlines, signup
from adjudicator.desk.commands import Answer, CommandError, Context, command, help_text
from adjudicator.desk.players import Roster
from adjudicator.desk.timezones import show_time
from adjudicator.errors import AdjudicatorError
from adjudicator.store import GameFolder

# the argument patterns (the line is not the command otherwise: "List of my orders:")
_GAME_ARG = r"|[A-Za-z0-9][A-Za-z0-9_-]{0,63}"
_GAME_PHASE = r"|[A-Za-z0-9][\w -]{0,80}"  # [game] [phase]


def _deadline(folder: GameFolder, state: dict, zone: str) -> str:
    sched = deadlines.load_schedule(folder)
    if sched.get("phase") != state["phase"] or not sched.get("deadline"):
        return "none"
    return show_time(sched["deadline"], zone) + (" (paused)" if sched.get("paused") else "")


def _stage(folder: GameFolder, game, state: dict) -> str:
    """open for sign-up, running or finished."""
    if game.is_over(state):
        return "finished"
    record = signup.load(folder)
    if record and record.get("status") == "open":
        return "open for sign-up"
    return "running"


def _wanted(folder: GameFolder, game, state: dict) -> str:
    """How many players an open game still wants, or which powers are vacant."""
    record = signup.load(folder)
    if record and record.get("status") == "open":
        seats = len(signup.seats(game, state))
        joined = len(record.get("players") or [])
        return f"{max(0, seats - joined)} of {seats} players wanted"
    vacant = _vacant(folder, game, state)
    return ("vacant: " + ", ".join(map(game.power_name, vacant))) if vacant else ""


def _vacant(folder: GameFolder, game, state: dict) -> list[str]:
    powers = Roster(folder).load()["powers"]
    unplayed = set(game.unplayed_powers(state))
    alive = set(game.surviving_powers(state))
    return [p for p in game.powers(state) if p not in unplayed and p in alive
            and (powers.get(p) or {}).get("status") != "active"]


def _no_game(ctx: Context, name: str) -> CommandError:
    near = difflib.get_close_matches(name.lower(), [n.lower() for n in ctx.judge.game_names()],
                                     n=1, cutoff=0.5)
    return CommandError(f"there is no game {name!r} on this judge"
                        + (f" (did you mean {near[0]}?)" if near else "")
                        + "; LIST shows the games")


@command("LIST", scope="judge", usage="LIST [game]", args=_GAME_ARG,
         summary="The games of this judge (open for sign-up, running, finished) with their "
                 "game, phase, deadline and players wanted; with a game, that game in detail.",
         examples=["LIST", "LIST mygame"])
def list_games(ctx: Context) -> Answer:
    if ctx.folder is None and ctx.args:
        raise _no_game(ctx, ctx.args)
    if ctx.folder is not None:
        return Answer(_game_detail(ctx, ctx.folder))
    rows: dict[str, list[str]] = {"open for sign-up": [], "running": [], "finished": []}
    for name in ctx.judge.game_names():
        try:
            folder = ctx.judge.game(name)
            state = folder.read_state()
            game = service.game_of(folder)
        except (AdjudicatorError, OSError, ValueError):
            continue  # a damaged game is the moderator's (adj fsck), not a player's
        stage = _stage(folder, game, state)
        line = f"  {name}: {game.spec.title}, {game.phase_name(state)} ({state['phase']})"
        if stage != "finished":
            line += f", deadline {_deadline(folder, state, ctx.reader_zone)}"
            wanted = _wanted(folder, game, state)
            line += f"; {wanted}" if wanted else ""
        rows[stage].append(line)
    out = []
    for stage, lines in rows.items():
        out.append(f"{stage.capitalize()}:")
        out += lines or ["  (none)"]
    return Answer("\n".join(out), audit={"games": sum(map(len, rows.values()))})


def _game_detail(ctx: Context, folder: GameFolder) -> str:
    game = service.game_of(folder)
    state = folder.read_state()
    settings = folder.settings()
    name = folder.path.name
    out = [f"Game {name}: {settings.get('title') or name}",
           f"  Game: {game.spec.title}",
           f"  Stage: {_stage(folder, game, state)}",
           f"  Phase: {game.phase_name(state)} ({state['phase']})"]
    if not game.is_over(state):
        out.append(f"  Deadline: {_deadline(folder, state, ctx.reader_zone)}")
    outcome = game.outcome(state)
    if outcome:
        out.append(f"  Result: {outcome.text}")
    wanted = _wanted(folder, game, state)
    if wanted:
        out.append(f"  Players: {wanted}")
    roster = Roster(folder).load()
    out.append(f"  Observers: {len(roster['observers'])}")
    return "\n".join(out)


def _anonymous(folder: GameFolder) -> bool:
    """An anonymous game shows no player (the site's setting, docs/site.md)."""
    return bool((folder.settings().get("site") or {}).get("anonymous"))


@command("SUMMARY", scope="game", usage="SUMMARY [game]", args=_GAME_ARG,
         summary="Who plays what (unless the game is anonymous), the supply centres (or "
                 "production) of each power year by year, and each power's lateness.",
         examples=["SUMMARY mygame"])
def summary(ctx: Context) -> Answer:
    folder = ctx.folder
    assert folder is not None  # scope "game"
    if ctx.args:
        raise _no_game(ctx, ctx.args)
    game = service.game_of(folder)
    state = folder.read_state()
    name = folder.path.name
    out = [(f"Summary of {name}: {game.spec.title}, {game.phase_name(state)} "
            f"({state['phase']})")]
    outcome = game.outcome(state)
    if outcome:
        out.append(f"Result: {outcome.text}")
    roster = Roster(folder).load()
    unplayed = set(game.unplayed_powers(state))
    out += ["", "Powers:"]
    for p in game.powers(state):
        rec = roster["powers"].get(p) or {}
        if p in unplayed:
            who = "not played (civil disorder from the start)"
        elif _anonymous(folder):
            who = "played" if rec.get("status") == "active" else "vacant"
        elif rec.get("status") == "active":
            who = str(rec.get("name") or "played") + f" (since {str(rec.get('since'))[:10]})"
        elif rec:
            who = "vacant (" + str(rec.get("reason") or "abandoned") + ")"
        else:
            who = "vacant"
        out.append(f"  {game.power_name(p)}: {who}")
    out += _figures(folder, game, state)
    late = roster.get("lateness") or {}
    out += ["", "Lateness (late / missed):"]
    for p in game.powers(state):
        if p in unplayed:
            continue
        entry = late.get(p) or {}
        out.append(f"  {game.power_name(p)}: {int(entry.get('late', 0))} / "
                   f"{int(entry.get('nmr', 0))}")
    return Answer("\n".join(out))


def _figures(folder: GameFolder, game, state: dict) -> list[str]:
    """A table per figure the game charts (``BaseGame.site_figures``: centres per year for
    Diplomacy, production per round for A&A), the last state of each period counting."""
    states = [h["state_before"] for h in folder.history() if h.get("state_before")] + [state]
    periods: dict[str, dict] = {}
    for st in states:
        fig = game.site_figures(st)
        if fig and fig.get("period"):
            periods[str(fig["period"])] = fig["figures"]
    if not periods:
        return []
    out: list[str] = []
    keys = list(next(iter(periods.values())))
    powers = [p for p in game.powers(state) if p not in set(game.unplayed_powers(state))]
    for key in keys:
        title = next(iter(periods.values()))[key].get("title", key)
        out += ["", f"{title}:"]
        names = [game.power_name(p) for p in powers]
        width = max([len(n) for n in names] + [6])
        out.append("  " + "".ljust(8) + " ".join(n[:width].rjust(width) for n in names))
        for period, figures in periods.items():
            values = (figures.get(key) or {}).get("values") or {}
            out.append("  " + period[:8].ljust(8)
                       + " ".join(str(values.get(p, "")).rjust(width) for p in powers))
    return out


@command("HISTORY", scope="game", usage="HISTORY [game] [phase]",
         args=_GAME_PHASE,
         summary="The public report of a resolved phase (the latest without a phase), the "
                 "press broadcast during it, and the list of resolved phases. Never private "
                 "press.",
         examples=["HISTORY mygame", "HISTORY mygame F1901M", "HISTORY mygame Fall 1901"])
def history(ctx: Context) -> Answer:
    from adjudicator.publish import files

    folder = ctx.folder
    assert folder is not None
    game = service.game_of(folder)
    phases = list(dict.fromkeys(h["phase"] for h in folder.history()
                                if h.get("kind") in files.REPORTED_KINDS))
    if not phases:
        raise CommandError(f"nothing has been resolved yet in {folder.path.name}")
    phase = ctx.args.strip() or None
    record, _ = files.find_record(folder, game, phase)
    stored = folder.path / "reports" / record["phase"] / "report.txt"
    text = (stored.read_text(encoding="utf-8") if stored.is_file()
            else files.report_text(folder, game, record["phase"], "text"))
    return Answer(f"Resolved phases: {', '.join(phases)}\n\n"
                  f"Report of {record['phase']}:\n\n{text.rstrip()}"
                  + _broadcasts(folder, game, record["phase"]),
                  audit={"phase": record["phase"]})


def _broadcasts(folder, game, phase: str) -> str:
    """The press broadcast during ``phase``, as a spectator of the site reads it: none when
    the game keeps press from observers, a grey sender unnamed (docs/press.md)."""
    from adjudicator.desk import press

    items = [p for p in press.spectator_press(folder) if p["phase"] == phase]
    if not items:
        return ""
    out = [f"\n\nPress broadcast during {phase}:"]
    for item in items:
        who = ("the moderator" if item["sender"] == press.MODERATOR
               else press.sender_name(game, item["sender"]) or "anonymous (grey press)")
        out.append(f"\n--- from {who}, {item['time']}\n{item['text'].rstrip()}")
    return "\n".join(out)


@command("MAP", scope="game", usage="MAP [game] [phase]", args=_GAME_PHASE,
         summary="The map as a PNG picture attached to the reply: the current position, or "
                 "a resolved phase with its orders and their results.",
         examples=["MAP mygame", "MAP mygame S1901M"])
def map_(ctx: Context) -> Answer:
    from adjudicator.publish import files
    from adjudicator.publish.png import svg_to_png

    folder = ctx.folder
    assert folder is not None
    game = service.game_of(folder)
    name = folder.path.name
    if ctx.args.strip():
        record, _ = files.find_record(folder, game, ctx.args.strip())
        phase = record["phase"]
        with folder.lock():  # map_png keeps the PNG beside the phase's map.svg
            path = files.map_png(folder, game, phase)
        data = path.read_bytes() if path is not None else svg_to_png(
            files.map_text(folder, game, phase), scale=game.mail_map_scale)
        what = f"the map of {phase} with its orders"
    else:
        phase = folder.read_state()["phase"]
        data = svg_to_png(files.map_text(folder, game, None), scale=game.mail_map_scale)
        what = f"the current position ({phase})"
    return Answer(f"Attached: {what} ({name}-{phase}.png).",
                  attachments=[(f"{name}-{phase}.png", "image/png", data)],
                  audit={"phase": phase})


@command("HELP", scope="judge", usage="HELP [command]", args=r"|[A-Za-z ]{1,40}",
         summary="This list of commands, with examples; with a command name, that command.",
         examples=["HELP", "HELP SET"])
def help_(ctx: Context) -> Answer:
    return Answer(help_text(ctx.args or None).rstrip())
