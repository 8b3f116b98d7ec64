"""The ``adj`` command: thin. Parses arguments, calls :mod:`adjudicator.service`, prints.

Exit codes: 0 ok, 1 rejected input (bad orders, refused operation), 2 usage error. Every
command takes ``--json`` for scripts; what a command prints about a game (status lines,
results) comes from the game itself, so nothing here knows one game from another.
"""

from __future__ import annotations

import sys
from pathlib import Path

from adjudicator import __version__, service
from adjudicator.cli import desk as desk_cli
from adjudicator.cli import kit
from adjudicator.cli.common import (
    QUIET_META,
    Group,
    archive_raw,
    decode,
    emit,
    game_folder,
    json_option,
    judge_option_value,
    read_bytes,
    read_text,
    setup_logging,
)
from adjudicator.errors import AdjudicatorError
from adjudicator.registry import canonical_key, game_kinds, get_game


class GameKind(kit.ParamType):
    """A registry key or one of its aliases (``diplomacy``, ``aa1942``, ``aa42``...)."""

    name = "KIND"

    def convert(self, value, param, ctx):
        try:
            return canonical_key(value)
        except AdjudicatorError as exc:
            self.fail(str(exc), param, ctx)

    def get_metavar(self, param, ctx=None) -> str:
        return "[" + "|".join(game_kinds()) + "]"

    def complete(self, incomplete):
        return [("plain", k) for k in game_kinds() if k.startswith(incomplete)]


KIND = GameKind()


@kit.group("adj", cls=Group)
@kit.version_option(__version__, "-V", "--version", package_name="adjudicator")
@kit.option("--judge", envvar="ADJ_JUDGE", type=kit.Path(file_okay=False),
            help="Judge folder: games may then be named instead of given as paths.")
@kit.option("-v", "--verbose", count=True, help="Log more (-vv: debug) on stderr.")
@kit.option("-q", "--quiet", "quiet_", is_flag=True,
            help="Log only errors; routine commands (adj tick) print nothing when idle.")
@kit.pass_context
def main(ctx: kit.Context, judge: str | None, verbose: int, quiet_: bool) -> None:
    """Referee play-by-email board wargames (Diplomacy, Axis & Allies).

    Shell completion: eval "$(_ADJ_COMPLETE=bash_source adj)" (zsh_source, fish_source).
    """
    setup_logging(verbose, quiet_)
    ctx.meta[QUIET_META] = quiet_


@main.command()
@kit.argument("kind", type=KIND)
@kit.argument("game_dir", type=kit.Path(file_okay=False), required=False)
@kit.option("--list", "list_variants", is_flag=True,
            help="List KIND's variants (name, title, powers, centres to win, provinces) "
                 "and create nothing.")
@kit.option("--variant", help="Play this variant of KIND (adj new diplomacy DIR --variant "
                              "ancmed is adj new diplomacy-ancmed DIR; docs/variants.md).")
@kit.option("--title", help="Game title shown in reports (default: the folder name).")
@kit.option("--from", "position", type=kit.Path(exists=True, dir_okay=False),
            help="Start from a written position instead of the opening "
                 "(docs/positions.md).")
@kit.option("--deadline", multiple=True,
            help="Phase length: 48h, or per phase kind (repeat): movement=48h, retreat=24h.")
@kit.option("--grace", help="Grace period after a deadline (e.g. 12h).")
@kit.option("--early/--no-early", default=None, help="Process as soon as all orders are in.")
@kit.option("--reminder", help="Remind missing powers this long before the deadline.")
@kit.option("--option", "options", multiple=True, metavar="KEY=VALUE",
            help="Game option (repeat), e.g. aa1942: victory=total, nmr=wait.")
@kit.option("--press", "press_mode", metavar="MODE",
            help="Press by mail: white (default), grey, white-grey, grey-white, none, "
                 "broadcast-only (docs/press.md).")
@kit.option("--press-option", "press_options", multiple=True, metavar="KEY=VALUE",
            help="Press rule (repeat): partial, fake, retreat, adjustment, late = yes|no; "
                 "observers = all|broadcast|none.")
@kit.option("--signup", is_flag=True,
            help="Open the game for sign-up: players JOIN by mail and it starts when full "
                 "(docs/judge-lifecycle.md).")
@kit.option("--votes", type=kit.Choice(["secret", "public"]), default=None,
            help="Whether draw and concession votes are secret (default) or public.")
@kit.option("--absence-max", type=kit.IntRange(0, 366), default=None, metavar="DAYS",
            help="Days of absence each player may declare (default 14; 0: none).")
@json_option
def new(kind: str, game_dir: str | None, list_variants: bool, variant: str | None,
        title: str | None, position: str | None,
        deadline: tuple[str, ...], grace: str | None, early: bool | None, reminder: str | None,
        options: tuple[str, ...], press_mode: str | None, press_options: tuple[str, ...],
        signup: bool, votes: str | None, absence_max: int | None, as_json: bool) -> None:
    """Create a new game of KIND in GAME_DIR (or NAME inside the judge folder).

    Without --from the game starts from the opening position. Options are checked before
    anything is created: unknown keys and values are refused with the known ones.
    """
    from adjudicator.desk import deadlines
    from adjudicator.desk.judge import new_game_path

    if list_variants:
        _list_variants(kind, as_json)
        return
    if game_dir is None:
        raise kit.UsageError("missing argument GAME_DIR (or --list to list the variants)")
    if variant:
        kind = _variant_kind(kind, variant)
    path = new_game_path(game_dir, judge_option_value())
    if deadline:
        deadlines.parse_lengths(deadline)  # refuse bad input before creating anything
    opts = {}
    for item in options:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise kit.UsageError(f"--option wants KEY=VALUE, got {item!r}")
        opts[key.strip()] = value.strip()
    press_changes = None
    if press_mode or press_options:  # refused before anything is created
        from adjudicator.desk import press

        press_changes = press.parse_settings([*([press_mode] if press_mode else []),
                                              *press_options])
    text = read_text(position) if position else None
    folder = service.new_game(path, kind, opts, title=title, position=text)
    desk = deadlines.configure_new_game(folder, deadline, grace, early, reminder)
    if press_changes is not None:
        with folder.lock():
            desk = {**desk, "press": press.configure(folder, press_changes)}
    if signup or votes or absence_max is not None:
        from adjudicator.cli.desk import configure_lifecycle

        desk = {**desk, **configure_lifecycle(folder, signup, votes, absence_max)}
    st = service.status(folder)
    emit(as_json, {"game_dir": str(folder.path), **st, "desk": desk},
         f"created {kind} game in {folder.path}: {st['phase_name']}"
         + (" (from the written position)" if position else "")
         + (f"; deadline {desk['deadline']}" if desk.get("deadline") else ""))


def _list_variants(kind: str, as_json: bool) -> None:
    found = get_game(kind).variants()
    if not found:
        raise kit.UsageError(f"{kind} has no variants")
    lines = [f"{v['name']:<10} NOT PLAYABLE: {v['error']}" if v.get("error") else
             f"{v['name']:<10} {v['title']}: {len(v['powers'])} powers "
             f"({', '.join(v['powers'])}), {v['victory_centres']} of {v['supply_centres']} "
             f"centres to win, {v['provinces']} provinces"
             + (f"; extends {v['extends']}" if v.get("extends") else "") for v in found]
    emit(as_json, {"kind": kind, "variants": found}, "\n".join(lines))


def _variant_kind(kind: str, variant: str) -> str:
    """The registry key of ``variant`` of ``kind``'s family (``diplomacy`` + ``ancmed`` ->
    ``diplomacy-ancmed``); refuses a name that is not one, listing the known ones."""
    found = get_game(kind).variants()
    names = [v["name"] for v in found if not v.get("error")]
    broken = {v["name"]: v["error"] for v in found if v.get("error")}
    if variant.strip().lower() in broken:
        raise AdjudicatorError(broken[variant.strip().lower()])
    if variant.strip().lower() not in names:
        raise kit.BadParameter(
            f"{kind} has no variant {variant!r}; variants: {', '.join(names) or 'none'}",
            param_hint="--variant")
    family = get_game(kind).family
    return canonical_key(f"{family}:{variant.strip().lower()}")


@main.command()
@kit.argument("game_dir")
@kit.option("--power", "-p", required=True, help="The power these orders are for.")
@kit.argument("source", required=False)
@kit.option("--forum/--plain", "forum", default=None,
            help="Treat SOURCE as a pasted forum post (strip [quote] blocks and BBCode); "
                 "default: when it contains BBCode.")
@kit.option("--phase", help="The phase these orders are for: the current one (checked), "
            "or a later one to send orders ahead.")
@json_option
def orders(game_dir: str, power: str, source: str | None, forum: bool | None,
           phase: str | None, as_json: bool) -> None:
    """Submit orders for POWER from SOURCE (a file, or - / nothing for stdin)."""
    from adjudicator.desk.forum import prepare_forum_submission

    folder = game_folder(game_dir)
    mode = "auto" if forum is None else ("forum" if forum else "plain")
    raw = read_bytes(source)
    text, notes = decode(raw)
    if notes:
        archive_raw(folder, raw)
    text, src = prepare_forum_submission(folder, text, mode)
    ack = service.submit_orders(folder, power, text, source=src, phase=phase)
    data = ack.to_json()
    data["encoding_notes"] = notes
    emit(as_json, data, ack.describe() + "".join(f"\nWARNING {n}" for n in notes))
    if not ack.ok or not ack.counted:
        sys.exit(1)


@main.command()
@kit.argument("kind", type=KIND)
@kit.argument("source", required=False)
@json_option
def check(kind: str, source: str | None, as_json: bool) -> None:
    """Check the syntax and names of orders without a game."""
    game = get_game(kind)
    parsed = game.parse(read_text(source), None)
    data = {
        "understood": service.understood_orders(game, parsed),
        "errors": [e.to_json() for e in parsed.errors],
    }
    out = [f"line {u['line']:>2}: {u['order']}" for u in data["understood"]]
    for e in parsed.errors:
        out.append(f"ERROR {e.describe()}\n      {e.text}")
    emit(as_json, data, "\n".join(out) or "(no orders)")
    if parsed.errors:
        sys.exit(1)


@main.command()
@kit.argument("game_dir")
@kit.option("--position", "as_position", is_flag=True,
            help="Print the position in the format `adj new --from` reads.")
@json_option
def status(game_dir: str, as_position: bool, as_json: bool) -> None:
    """Show the phase, who has ordered, units and centres (or treasuries)."""
    folder = game_folder(game_dir)
    if as_position:
        text = service.position_text(folder)
        emit(as_json, {"position": text}, text.rstrip("\n"))
        return
    st = service.status(folder)
    lines = [f"{st['title']}: {st['phase_name']} ({st['phase']})"]
    if st.get("outcome"):
        lines.append(f"game over: {st['outcome']}")
    names = st.get("power_names") or {}
    lines.append("ordered: " + (", ".join(names.get(p, p) for p in st["ordered"]) or "nobody"))
    lines.append("missing: " + (", ".join(names.get(p, p) for p in st["missing"]) or "nobody"))
    lines += st["summary"]
    deadline = _judge_deadline(folder, st["phase"])
    if deadline:  # a game of a judge folder with a running clock
        st["deadline"] = deadline["deadline"]
        lines.append(f"deadline: {deadline['shown']}")
    emit(as_json, st, "\n".join(lines))


def _judge_deadline(folder, phase: str) -> dict | None:
    """The deadline of ``phase`` as the moderator reads it (the judge's time zone and UTC,
    desk/timezones.py), for a game kept by a judge; None without one."""
    from adjudicator.desk.judge import judge_of

    judge = judge_of(folder)
    if judge is None:  # a game outside a judge has no clock: load none of the desk
        return None
    from adjudicator.desk import deadlines, timezones

    sched = deadlines.load_schedule(folder)
    if sched.get("phase") != phase or not sched.get("deadline"):
        return None
    shown = timezones.show_time(sched["deadline"], timezones.judge_zone(judge))
    return {"deadline": sched["deadline"],
            "shown": shown + (" (paused)" if sched.get("paused") else "")}


@main.command()
@kit.argument("game_dir")
@kit.option("--force", is_flag=True, help="Adjudicate even if orders are missing (NMR rules).")
@kit.option("--dice-file", type=kit.Path(exists=True, dir_okay=False),
            help="Use dice rolled elsewhere (a forum roller), in file order (docs/dice.md).")
@json_option
def adjudicate(game_dir: str, force: bool, dice_file: str | None, as_json: bool) -> None:
    """Resolve the current phase."""
    folder = game_folder(game_dir)
    entry = service.adjudicate(folder, force=force, dice_file=dice_file)
    st = service.status(folder)
    game = service.game_of(folder)
    text = [f"adjudicated {entry['phase']}"]
    if entry["nmr"]:
        text.append("no orders from: " + ", ".join(entry["nmr"]))
    text += [f"  {line}" for line in game.result_lines(entry)]
    text.append(f"now: {st['phase_name']} ({st['phase']})")
    if st.get("outcome"):
        text.append(f"game over: {st['outcome']}")
    emit(as_json, {"record": {k: v for k, v in entry.items() if k != "state_before"},
                   "status": st}, "\n".join(text))


@main.command()
@kit.argument("game_dir")
@kit.argument("phase", required=False)
@json_option
def history(game_dir: str, phase: str | None, as_json: bool) -> None:
    """List resolved phases, or show one PHASE in full."""
    folder = game_folder(game_dir)
    records = folder.history()
    if phase:
        code = service.game_of(folder).normalise_phase(phase)
        found = [r for r in records if r["phase"] == code]
        if not found:
            raise AdjudicatorError(f"no resolved phase {phase!r}")
        rec = found[-1]
        lines = [f"{rec['phase']} ({rec['kind']}, {rec['time']})"]
        lines += [f"  {line}" for line in service.game_of(folder).result_lines(rec)]
        lines += _press_lines(folder, code)
        emit(as_json, rec, "\n".join(lines))
        return
    summary = [{"seq": r["seq"], "phase": r["phase"], "kind": r["kind"], "time": r["time"]}
               for r in records]
    emit(as_json, {"history": summary},
         "\n".join(f"{r['seq']:>4} {r['phase']:<8} {r['kind']:<13} {r['time']}"
                   for r in summary) or "(nothing resolved yet)")


def _press_lines(folder, phase: str) -> list[str]:
    """The press of ``phase`` for ``adj history GAME PHASE`` (the moderator's view, grey
    senders shown; docs/press.md)."""
    from adjudicator.desk import press

    game = service.game_of(folder)
    out = []
    for r in press.history(folder, phase):
        who = "moderator" if r["sender"] is None else game.power_name(r["sender"])
        to = "all" if r["to"] is None else ", ".join(map(game.power_name, r["to"])) or "-"
        out.append(f"  press {r['id']} {r['time']}: {who}{' (grey)' if r['grey'] else ''}"
                   f" -> {to}")
        out += [f"      {t}" for t in r["text"].splitlines()]
    return ["Press:", *out] if out else []


@main.command()
@kit.argument("game_dir")
@kit.argument("phase", required=False)
@kit.option("--format", "fmt", default="text", show_default=True,
            type=kit.Choice(["text", "bbcode", "markdown", "html"]))
@kit.option("--template", type=kit.Path(exists=True, dir_okay=False),
            help="Your own Jinja template (see docs/report-context.md).")
@kit.option("-o", "--output", type=kit.Path(dir_okay=False), help="Write to FILE.")
@json_option
def report(game_dir: str, phase: str | None, fmt: str, template: str | None,
           output: str | None, as_json: bool) -> None:
    """Render the report of PHASE (default: the latest resolved phase)."""
    from adjudicator.publish import files

    folder = game_folder(game_dir)
    text = files.report_text(folder, service.game_of(folder), phase, fmt, template)
    if output:
        Path(output).write_text(text, encoding="utf-8")
        emit(as_json, {"format": fmt, "written": output}, f"wrote {output}")
    elif as_json:
        emit(True, {"format": fmt, "report": text}, "")
    else:
        kit.echo(text, nl=not text.endswith("\n"))


@main.command("map")
@kit.argument("game_dir")
@kit.argument("phase", required=False)
@kit.option("--orders/--no-orders", default=True, show_default=True,
            help="Draw the phase's orders and their results.")
@kit.option("-o", "--output", required=True, type=kit.Path(dir_okay=False),
            help="FILE.svg or FILE.png")
@kit.option("--scale", default=1.0, show_default=True,
            type=kit.FloatRange(min=0, min_open=True), help="PNG scale factor.")
@json_option
def map_(game_dir: str, phase: str | None, orders: bool, output: str, scale: float,
         as_json: bool) -> None:
    """Draw the map of PHASE (with its orders) or, without PHASE, the current position."""
    from adjudicator.publish import files

    out = Path(output)
    if out.suffix.lower() not in (".svg", ".png"):
        raise kit.UsageError("the output file must end in .svg or .png")
    folder = game_folder(game_dir)
    svg = files.map_text(folder, service.game_of(folder), phase, show_orders=orders)
    if out.suffix.lower() == ".png":
        from adjudicator.publish.png import svg_to_png

        out.write_bytes(svg_to_png(svg, scale=scale))
    else:
        out.write_text(svg, encoding="utf-8")
    emit(as_json, {"written": str(out), "format": out.suffix.lower()[1:]}, f"wrote {out}")


@main.command()
@kit.argument("game_dir")
@kit.argument("phase")
@json_option
def rollback(game_dir: str, phase: str, as_json: bool) -> None:
    """Undo back to the start of PHASE (undone records are archived, not deleted)."""
    folder = game_folder(game_dir)
    res = service.rollback(folder, service.game_of(folder).normalise_phase(phase))
    emit(as_json, res, f"rolled back to {res['phase']}; undone records in "
                       f"{res['archived_to']}")


@main.command()
@kit.argument("game_dir")
@kit.argument("powers", nargs=-1, required=True)
@json_option
def draw(game_dir: str, powers: tuple[str, ...], as_json: bool) -> None:
    """Declare a draw between POWERS (the moderator ends the game)."""
    entry = service.declare_draw(game_folder(game_dir), list(powers))
    emit(as_json, {"draw": entry["powers"]}, "draw declared: " + ", ".join(entry["powers"]))


@main.command()
@kit.argument("kind", type=KIND)
@kit.argument("game_dir", type=kit.Path(file_okay=False))
@json_option
def demo(kind: str, game_dir: str, as_json: bool) -> None:
    """Create a game in GAME_DIR and play the bundled example orders through it."""
    lines: list[str] = []
    say = lines.append if as_json else kit.echo
    folder = service.play_examples(game_dir, kind, log=say)
    st = service.status(folder)
    now = f"now: {st['phase_name']} ({st['phase']})"
    if as_json:
        emit(True, {"game_dir": str(folder.path), "examples": service.has_examples(kind),
                    "phases_played": len(folder.history()), "log": lines, "status": st}, "")
    else:
        kit.echo("\n".join([now, *st["summary"]]))


@main.command()
@kit.argument("game_dir")
@json_option
def fsck(game_dir: str, as_json: bool) -> None:
    """Verify a game (or every game of a judge): state schema, replay, audit hash chain."""
    from adjudicator.desk.fsck import check_target, problems_of

    result = check_target(game_dir, game_folder)
    problems = [f"{name}: {p}" for name, checks in result.items() for p in problems_of(checks)]
    emit(as_json, {"ok": not problems, "problems": problems, "checks": result},
         "\n".join(problems) if problems else
         "ok: state schema valid; history replays to game.json byte for byte; "
         "audit chain intact")
    if problems:
        sys.exit(1)


# --- dice: verify, reveal, rotate (docs/dice.md) ---------------------------------------------
@main.group("dice", cls=Group)
def dice_group() -> None:
    """Verifiable dice: check rolls with a revealed seed, rotate the seed."""


@dice_group.command("verify")
@kit.argument("game_dir")
@kit.option("--seed", "seeds", multiple=True, required=True,
            help="A revealed seed in hex (repeat for every revealed seed).")
@json_option
def dice_verify(game_dir: str, seeds: tuple[str, ...], as_json: bool) -> None:
    """Recompute every derived die in the history with the revealed seed(s)."""
    from adjudicator.dice import parse_seed_hex

    res = service.verify_dice(game_folder(game_dir), [parse_seed_hex(s) for s in seeds])
    emit(as_json, res, (f"ok: {res['rolls']} rolls in {res['blocks']} resolutions match the "
                        "seed" if res["ok"] else "\n".join(res["problems"])))
    if not res["ok"]:
        sys.exit(1)


@dice_group.command("rotate")
@kit.argument("game_dir")
@json_option
def dice_rotate(game_dir: str, as_json: bool) -> None:
    """Retire the seed in use (a new one covers the next round); moderator only."""
    res = service.rotate_dice_seed(game_folder(game_dir))
    emit(as_json, res, f"new seed from round {res['first_round']}; commitment "
                       f"{res['commitment']}")


@main.command()
@kit.argument("game_dir")
@kit.option("--round", "round_", type=int, help="Only the seed that covered ROUND.")
@json_option
def reveal(game_dir: str, round_: int | None, as_json: bool) -> None:
    """Publish retired dice seeds (the seed in use only once the game is over)."""
    seeds = service.reveal_seeds(game_folder(game_dir), round_)
    lines = [f"rounds {s['first_round']}-{s['last_round'] if s['last_round'] else 'end'}: "
             f"seed {s['seed']} (commitment {s['commitment']})" for s in seeds]
    emit(as_json, {"seeds": seeds}, "\n".join(lines) or "no seed can be revealed yet "
         "(rotate with `adj dice rotate`, or wait for the end of the game)")


# --- moderator's desk commands (adjudicator/cli/desk.py) ------------------------------------
for _command in desk_cli.COMMANDS:
    main.add_command(_command)

# --- battle odds (adjudicator/cli/odds.py) --------------------------------------------------
from adjudicator.cli.odds import odds as _odds  # imports the A&A modules only when run

main.add_command(_odds)
