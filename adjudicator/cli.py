"""Command line: thin. Parses arguments, calls :mod:`adjudicator.service`, prints.

Exit codes: 0 ok, 1 rejected input (bad orders, refused operation), 2 usage error.
Every command takes ``--json`` for scripts.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from adjudicator import service
from adjudicator.desk import cli as desk_cli
from adjudicator.desk.cli import emit as _emit
from adjudicator.desk.cli import json_option
from adjudicator.errors import AdjudicatorError
from adjudicator.registry import game_kinds, get_game
from adjudicator.store import GameFolder


def _folder(path: str) -> GameFolder:
    # moderator's desk: a game folder path, or a game NAME inside the judge folder
    return desk_cli.game_folder(path)


def _describe_result(result: dict) -> str:
    """'solo victory of France' / 'draw between England, France' (any game's result)."""
    if result.get("type") == "draw":
        return "draw between " + ", ".join(result.get("powers", []))
    if result.get("winner"):
        return f"{result.get('type', 'victory')} victory of {result['winner']}"
    return ", ".join(f"{k} {v}" for k, v in sorted(result.items()))


def _read_text(source: str | None) -> str:
    if source in (None, "-"):
        return sys.stdin.read()
    return Path(source).read_text(encoding="utf-8", errors="replace")


class _Group(click.Group):
    """Turns library errors, and files that cannot be read or written, into exit code 1
    with a one-line message (a JSON object with ``--json``) instead of a traceback."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (AdjudicatorError, OSError) as exc:
            message = str(exc)
            if isinstance(exc, OSError) and exc.strerror:
                where = f"{exc.filename}: " if exc.filename else ""
                message = f"{where}{exc.strerror}"
            if ctx.meta.get(desk_cli.JSON_META):
                click.echo(json.dumps({"error": message}, ensure_ascii=False))
            else:
                click.echo(f"error: {message}", err=True)
            ctx.exit(1)


@click.group(cls=_Group)
@click.version_option(package_name="adjudicator")
@click.option("--judge", envvar="ADJ_JUDGE", type=click.Path(file_okay=False),
              help="Judge folder: games may then be named instead of given as paths.")
def main(judge: str | None) -> None:
    """Referee play-by-email board wargames (Diplomacy, Axis & Allies)."""


@main.command()
@click.argument("kind", type=click.Choice(game_kinds()))
@click.argument("game_dir", type=click.Path(file_okay=False))
@click.option("--title", help="Game title shown in reports (default: the folder name).")
@click.option("--deadline", multiple=True,
              help="Phase length: 48h, or per phase kind (repeat): movement=48h, retreat=24h.")
@click.option("--grace", help="Grace period after a deadline (e.g. 12h).")
@click.option("--early/--no-early", default=None, help="Process as soon as all orders are in.")
@click.option("--reminder", help="Remind missing powers this long before the deadline.")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="Game option (repeat), e.g. aa1942: victory=total, nmr=wait.")
@json_option
def new(kind: str, game_dir: str, title: str | None, deadline: tuple[str, ...],
        grace: str | None, early: bool | None, reminder: str | None, options: tuple[str, ...],
        as_json: bool) -> None:
    """Create a new game of KIND in GAME_DIR (or NAME inside the judge folder)."""
    from adjudicator.desk import deadlines as desk_deadlines
    from adjudicator.desk.judge import new_game_path

    path = new_game_path(game_dir, desk_cli.judge_option_value())
    if deadline:
        desk_deadlines.parse_lengths(deadline)  # refuse bad input before creating anything
    opts = {}
    for item in options:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise click.UsageError(f"--option wants KEY=VALUE, got {item!r}")
        opts[key.strip()] = value.strip()
    folder = service.new_game(path, kind, opts, title=title)
    desk = desk_cli.configure_new_game(folder, deadline, grace, early, reminder)
    st = service.status(folder)
    _emit(as_json, {"game_dir": str(folder.path), **st, "desk": desk},
          f"created {kind} game in {folder.path}: {st['phase_name']}"
          + (f"; deadline {desk['deadline']}" if desk.get("deadline") else ""))


@main.command()
@click.argument("game_dir")
@click.option("--power", "-p", required=True, help="The power these orders are for.")
@click.argument("source", required=False)
@click.option("--forum/--plain", "forum", default=None,
              help="Treat SOURCE as a pasted forum post (strip [quote] blocks and BBCode); "
                   "default: when it contains BBCode.")
@click.option("--phase", help="The phase these orders are for: the current one (checked), "
              "or a later one to send orders ahead.")
@json_option
def orders(game_dir: str, power: str, source: str | None, forum: bool | None,
           phase: str | None, as_json: bool) -> None:
    """Submit orders for POWER from SOURCE (a file, or - / nothing for stdin)."""
    from adjudicator.desk.forum import prepare_forum_submission

    folder = _folder(game_dir)
    mode = "auto" if forum is None else ("forum" if forum else "plain")
    text, src = prepare_forum_submission(folder, _read_text(source), mode)
    ack = service.submit_orders(folder, power, text, source=src, phase=phase)
    _emit(as_json, ack.to_json(), ack.describe())
    if not ack.ok:
        sys.exit(1)


@main.command()
@click.argument("kind", type=click.Choice(game_kinds()))
@click.argument("source", required=False)
@json_option
def check(kind: str, source: str | None, as_json: bool) -> None:
    """Check the syntax and names of orders without a game."""
    game = get_game(kind)
    parsed = game.parse(_read_text(source), None)
    data = {
        "understood": service.understood_orders(game, parsed),
        "errors": [e.to_json() for e in parsed.errors],
    }
    out = [f"line {u['line']:>2}: {u['order']}" for u in data["understood"]]
    for e in parsed.errors:
        out.append(f"ERROR {e.describe()}\n      {e.text}")
    _emit(as_json, data, "\n".join(out) or "(no orders)")
    if parsed.errors:
        sys.exit(1)


@main.command()
@click.argument("game_dir")
@json_option
def status(game_dir: str, as_json: bool) -> None:
    """Show the phase, who has ordered, units and centre counts."""
    st = service.status(_folder(game_dir))
    lines = [f"{st['title']}: {st['phase_name']} ({st['phase']})"]
    if st.get("result"):
        lines.append(f"game over: {_describe_result(st['result'])}")
    lines.append("ordered: " + (", ".join(st["ordered"]) or "nobody"))
    lines.append("missing: " + (", ".join(st["missing"]) or "nobody"))
    if "treasury" in st:  # Axis & Allies
        for power, units in st.get("units", {}).items():
            lines.append(f"  {power:<8} {st['treasury'][power]:>3} IPC, production "
                         f"{st['production'][power]:>2}  {', '.join(units)}")
        lines.append("victory cities: " + "; ".join(
            f"{side} {len(c)}" for side, c in st["victory_cities"].items())
            + f" (victory: {st['victory_condition']})")
        if st.get("captured_capitals"):
            lines.append("captured capitals: " + ", ".join(
                f"{p} (held by {h})" for p, h in st["captured_capitals"].items()))
    else:
        for power, units in st.get("units", {}).items():
            n = st.get("centres", {}).get(power, 0)
            lines.append(f"  {power:<8} {n:>2} centres  {', '.join(units)}")
    _emit(as_json, st, "\n".join(lines))


@main.command()
@click.argument("game_dir")
@click.option("--force", is_flag=True, help="Adjudicate even if orders are missing (NMR rules).")
@click.option("--dice-file", type=click.Path(exists=True, dir_okay=False),
              help="Use dice rolled elsewhere (a forum roller), in file order (docs/dice.md).")
@json_option
def adjudicate(game_dir: str, force: bool, dice_file: str | None, as_json: bool) -> None:
    """Resolve the current phase."""
    folder = _folder(game_dir)
    entry = service.adjudicate(folder, force=force, dice_file=dice_file)
    st = service.status(folder)
    text = [f"adjudicated {entry['phase']}"]
    if entry["nmr"]:
        text.append("no orders from: " + ", ".join(entry["nmr"]))
    for r in entry["results"]:
        mark = "" if r.get("success", True) else f"  [{r.get('outcome')}: {r.get('reason', '')}]"
        text.append(f"  {r.get('power', ''):<8} {r.get('order', '')}{mark}")
    battles = (entry.get("events") or {}).get("battles") if isinstance(entry.get("events"),
                                                                        dict) else None
    for b in battles or []:
        res = b.get("result") or {}
        land = res.get("land") if b.get("kind") == "amphibious" else res
        if land:
            text.append(f"  battle {b.get('region')}: {land.get('winner')} wins "
                        f"({land.get('end_reason')}, {land.get('rounds')} rounds)")
    text.append(f"now: {st['phase_name']} ({st['phase']})")
    if st.get("result"):
        text.append(f"game over: {_describe_result(st['result'])}")
    _emit(as_json, {"record": {k: v for k, v in entry.items() if k != "state_before"},
                    "status": st}, "\n".join(text))


@main.command()
@click.argument("game_dir")
@click.argument("phase", required=False)
@json_option
def history(game_dir: str, phase: str | None, as_json: bool) -> None:
    """List resolved phases, or show one PHASE in full."""
    records = _folder(game_dir).history()
    if phase:
        found = [r for r in records if r["phase"] == phase]
        if not found:
            raise AdjudicatorError(f"no resolved phase {phase!r}")
        rec = found[-1]
        lines = [f"{rec['phase']} ({rec['kind']}, {rec['time']})"]
        for r in rec.get("results", []):
            why = f" ({r['reason']})" if r.get("reason") else ""
            lines.append(f"  {r['power']:<8} {r['order']:<28} {r['outcome']}{why}")
        _emit(as_json, rec, "\n".join(lines))
        return
    summary = [{"seq": r["seq"], "phase": r["phase"], "kind": r["kind"], "time": r["time"]}
               for r in records]
    _emit(as_json, {"history": summary},
          "\n".join(f"{r['seq']:>4} {r['phase']:<8} {r['kind']:<13} {r['time']}"
                    for r in summary) or "(nothing resolved yet)")


@main.command()
@click.argument("game_dir")
@click.argument("phase", required=False)
@click.option("--format", "fmt", default="text", show_default=True,
              type=click.Choice(["text", "bbcode", "markdown", "html"]))
@click.option("--template", type=click.Path(exists=True, dir_okay=False),
              help="Your own Jinja template (see docs/report-context.md).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to FILE.")
def report(game_dir: str, phase: str | None, fmt: str, template: str | None,
           output: str | None) -> None:
    """Render the report of PHASE (default: the latest resolved phase)."""
    folder = _folder(game_dir)
    text = service.game_of(folder).render_report(folder, phase, fmt, template)
    if output:
        Path(output).write_text(text, encoding="utf-8")
    else:
        click.echo(text, nl=not text.endswith("\n"))


@main.command("map")
@click.argument("game_dir")
@click.argument("phase", required=False)
@click.option("--orders/--no-orders", default=True, show_default=True,
              help="Draw the phase's orders and their results.")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              help="FILE.svg or FILE.png")
@click.option("--scale", default=1.0, show_default=True,
              type=click.FloatRange(min=0, min_open=True), help="PNG scale factor.")
def map_(game_dir: str, phase: str | None, orders: bool, output: str, scale: float) -> None:
    """Draw the map of PHASE (with its orders) or, without PHASE, the current position."""
    folder = _folder(game_dir)
    svg = service.game_of(folder).render_map(folder, phase, show_orders=orders)
    out = Path(output)
    if out.suffix.lower() == ".png":
        from adjudicator.render.png import svg_to_png

        out.write_bytes(svg_to_png(svg, scale=scale))
    elif out.suffix.lower() == ".svg":
        out.write_text(svg, encoding="utf-8")
    else:
        raise click.UsageError("the output file must end in .svg or .png")
    click.echo(f"wrote {out}")


@main.command()
@click.argument("game_dir")
@click.argument("phase")
@json_option
def rollback(game_dir: str, phase: str, as_json: bool) -> None:
    """Undo back to the start of PHASE (undone records are archived, not deleted)."""
    res = service.rollback(_folder(game_dir), phase)
    _emit(as_json, res, f"rolled back to {phase}; undone records in {res['archived_to']}")


@main.command()
@click.argument("game_dir")
@click.argument("powers", nargs=-1, required=True)
@json_option
def draw(game_dir: str, powers: tuple[str, ...], as_json: bool) -> None:
    """Declare a draw between POWERS (the moderator ends the game)."""
    entry = service.declare_draw(_folder(game_dir), list(powers))
    _emit(as_json, {"draw": entry["powers"]}, "draw declared: " + ", ".join(entry["powers"]))


@main.command()
@click.argument("kind", type=click.Choice(game_kinds()))
@click.argument("game_dir", type=click.Path(file_okay=False))
def demo(kind: str, game_dir: str) -> None:
    """Create a game in GAME_DIR and play the bundled example orders through it."""
    folder = service.play_examples(game_dir, kind, log=click.echo)
    st = service.status(folder)
    if "treasury" in st:  # Axis & Allies
        click.echo(f"now: {st['phase_name']} ({st['phase']}); treasury: "
                   + ", ".join(f"{p} {n}" for p, n in st["treasury"].items()))
    else:
        click.echo(f"now: {st['phase_name']} ({st['phase']}); centres: "
                   + ", ".join(f"{p} {n}" for p, n in st.get("centres", {}).items()))


@main.command()
@click.argument("game_dir")
@json_option
def fsck(game_dir: str, as_json: bool) -> None:
    """Verify a game (or every game of a judge): state schema, replay, audit hash chain."""
    from adjudicator.desk.fsck import problems_of

    result = desk_cli.fsck_target(game_dir)
    problems = [f"{name}: {p}" for name, checks in result.items() for p in problems_of(checks)]
    _emit(as_json, {"ok": not problems, "problems": problems, "checks": result},
          "\n".join(problems) if problems else
          "ok: state schema valid; history replays to game.json byte for byte; "
          "audit chain intact")
    if problems:
        sys.exit(1)


# --- dice: verify, reveal, rotate (docs/dice.md) ---------------------------------------------
@main.group("dice")
def dice_group() -> None:
    """Verifiable dice: check rolls with a revealed seed, rotate the seed."""


@dice_group.command("verify")
@click.argument("game_dir")
@click.option("--seed", "seeds", multiple=True, required=True,
              help="A revealed seed in hex (repeat for every revealed seed).")
@json_option
def dice_verify(game_dir: str, seeds: tuple[str, ...], as_json: bool) -> None:
    """Recompute every derived die in the history with the revealed seed(s)."""
    from adjudicator.dice import parse_seed_hex

    res = service.verify_dice(_folder(game_dir), [parse_seed_hex(s) for s in seeds])
    _emit(as_json, res, (f"ok: {res['rolls']} rolls in {res['blocks']} resolutions match the "
                         "seed" if res["ok"] else "\n".join(res["problems"])))
    if not res["ok"]:
        sys.exit(1)


@dice_group.command("rotate")
@click.argument("game_dir")
@json_option
def dice_rotate(game_dir: str, as_json: bool) -> None:
    """Retire the seed in use (a new one covers the next round); moderator only."""
    res = service.rotate_dice_seed(_folder(game_dir))
    _emit(as_json, res, f"new seed from round {res['first_round']}; commitment "
                        f"{res['commitment']}")


@main.command()
@click.argument("game_dir")
@click.option("--round", "round_", type=int, help="Only the seed that covered ROUND.")
@json_option
def reveal(game_dir: str, round_: int | None, as_json: bool) -> None:
    """Publish retired dice seeds (the seed in use only once the game is over)."""
    seeds = service.reveal_seeds(_folder(game_dir), round_)
    lines = [f"rounds {s['first_round']}-{s['last_round'] if s['last_round'] else 'end'}: "
             f"seed {s['seed']} (commitment {s['commitment']})" for s in seeds]
    _emit(as_json, {"seeds": seeds}, "\n".join(lines) or "no seed can be revealed yet "
          "(rotate with `adj dice rotate`, or wait for the end of the game)")


# --- moderator's desk commands (adjudicator/desk/cli.py) ------------------------------------
for _command in desk_cli.COMMANDS:
    main.add_command(_command)


if __name__ == "__main__":
    main()
