"""``SET ABSENCE`` and ``SET NO ABSENCE`` by mail (docs/judge-lifecycle.md).

The data and the rule are in :mod:`adjudicator.desk.absence` (which ``deadlines`` uses when
a phase begins); here the command records the absence and, when the current deadline falls
inside it, moves the deadline at once and tells everyone.
"""

from __future__ import annotations

from adjudicator import service
from adjudicator.desk import absence, deadlines, timezones
from adjudicator.desk.commands import Answer, CommandError, Context, command
from adjudicator.desk.players import Roster
from adjudicator.game import BaseGame
from adjudicator.store import GameFolder


def side_powers(game: BaseGame, state: dict, folder: GameFolder, power: str) -> list[str]:
    """``power`` and the other powers of its side held by the same player (ruling J-L4)."""
    roster = Roster(folder)
    holder = roster.holder(power)
    side = next((s for s in game.sides(state) if power in s), [power])
    out = [power]
    for other in side:
        rec = roster.holder(other)
        if other != power and rec and holder and rec["email"].lower() == holder["email"].lower():
            out.append(other)
    return out


def _check(ctx: Context) -> tuple[GameFolder, str]:
    if ctx.folder is None or ctx.power is None:
        raise CommandError("give GAME, POWER and PASSWORD lines for this command")
    return ctx.folder, ctx.power


@command("SET ABSENCE", scope="power", usage="SET ABSENCE day [TO day]",
         summary="Declare days you cannot play (whole days in your time zone). A deadline "
                 "that falls in them moves to their end, within the game's maximum days per "
                 "player; everyone is told.",
         examples=["SET ABSENCE 2026-12-24 TO 2026-12-28", "SET ABSENCE 24 Dec TO 28 Dec",
                   "SET ABSENCE 1 May"])
def set_absence(ctx: Context) -> Answer:
    folder, power = _check(ctx)
    game = service.game_of(folder)
    if not ctx.args.strip():
        raise CommandError("give the days, e.g. SET ABSENCE 2026-12-24 TO 2026-12-28")
    mails = []
    with folder.lock():
        state = folder.read_state()
        if game.is_over(state):
            raise CommandError(f"{folder.path.name} is over")
        powers = side_powers(game, state, folder, power)
        entry = absence.declare(folder, power, ctx.sender, ctx.args, ctx.now, ctx.reader_zone)
        if len(powers) > 1:
            data = absence.load(folder)
            for other in powers[1:]:
                data[other] = sorted([*data.get(other, []), dict(entry)],
                                     key=lambda e: e["from"])
            absence.save(folder, data)
        moved = _move_current(folder, game, state, powers)
        listed = absence.describe(absence.load(folder).get(power, []), ctx.reader_zone)
    text = (f"Absence recorded for {', '.join(powers)}: "
            + absence.describe([entry], ctx.reader_zone)[0] + ".\n"
            + "Your absences in this game:\n" + "".join(f"  {x}\n" for x in listed))
    if moved:
        text += (f"The current deadline moved to {timezones.show_time(moved, ctx.reader_zone)}"
                 " (the end of your absence).\n")
        shown = timezones.show_time(moved, timezones.judge_zone(ctx.judge))
        everyone = Roster(folder).recipients()
        mails.append((everyone, f"[{folder.path.name}] Deadline moved",
                      (f"The deadline for {game.phase_name(state)} has moved to {shown}: "
                       f"{', '.join(powers)} declared an absence.\n")))
    return Answer(text, mails=mails, audit={"from": entry["from"], "to": entry["to"],
                                            "days": entry["days"], "moved_to": moved})


def _move_current(folder: GameFolder, game: BaseGame, state: dict,
                  powers: list[str]) -> str | None:
    """Move the current deadline past the absence when it falls inside it (under the lock);
    returns the new deadline, or None."""
    sched = deadlines.current_schedule(folder, game, state)
    if sched.get("paused") or not sched.get("deadline"):
        return None
    waiting = [p for p in game.who_must_act(state) if p in powers]
    if not waiting:
        return None
    old = deadlines.parse_time(sched["deadline"])
    new, who = absence.shift(folder, old, waiting)
    if not who:
        return None
    sched = deadlines.set_deadline(folder, game, at=deadlines.iso(new))
    return sched["deadline"]


@command("SET NO ABSENCE", scope="power", usage="SET NO ABSENCE",
         summary="Withdraw your absences that have not begun.",
         examples=["SET NO ABSENCE"])
def set_no_absence(ctx: Context) -> Answer:
    folder, power = _check(ctx)
    game = service.game_of(folder)
    with folder.lock():
        state = folder.read_state()
        powers = side_powers(game, state, folder, power)
        gone = absence.withdraw(folder, power, ctx.now)
        data = absence.load(folder)
        for other in powers[1:]:
            data[other] = [e for e in data.get(other, []) if e not in gone]
            if not data[other]:
                del data[other]
        absence.save(folder, data)
        left = absence.describe(data.get(power, []), ctx.reader_zone)
    return Answer("Absences withdrawn: "
                  + "; ".join(absence.describe(gone, ctx.reader_zone)) + ".\n"
                  + ("Still recorded: " + "; ".join(left) + ".\n" if left else ""),
                  audit={"withdrawn": len(gone)})
