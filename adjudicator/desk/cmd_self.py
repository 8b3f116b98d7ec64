"""Self-service commands of a player by mail: SET PASSWORD, SET ADDRESS, RESIGN, SET TIMEZONE
(docs/judge-commands.md). Each needs the password of the power (scope "power"): the
intake verified it before the handler runs; ``ctx.power`` is that power.
"""

from __future__ import annotations

import re

from adjudicator import service
from adjudicator.desk import deadlines, timezones
from adjudicator.desk.commands import Answer, CommandError, Context, command
from adjudicator.desk.players import Roster, check_email

#: a password a player chooses: long enough to resist guessing within the cooling-off,
#: printable, no spaces (it is written on a PASSWORD line)
_PASSWORD = re.compile(r"[!-~]{8,64}")


def _holder(ctx: Context) -> dict:
    assert ctx.folder is not None and ctx.power is not None  # scope "power"
    rec = Roster(ctx.folder).holder(ctx.power)
    if rec is None:
        raise CommandError(f"{ctx.power} has no active player")
    return rec


def _moderator(ctx: Context) -> str:
    return str((ctx.judge.config.get("moderator") or {}).get("email") or "")


@command("SET PASSWORD", scope="power", usage="SET PASSWORD <new password>",
         secret_args=True,
         summary="Choose a new password for your power (8 to 64 characters, no spaces). The "
                 "password on your PASSWORD line must be the current one; the new one is "
                 "never repeated in any mail.",
         examples=[("GAME mygame / POWER France / PASSWORD <current> / "
                    "SET PASSWORD <new password>")])
def set_password(ctx: Context) -> Answer:
    new = ctx.args.strip()
    if not _PASSWORD.fullmatch(new):
        raise CommandError("a password must be 8 to 64 printable characters without spaces; "
                           "nothing was changed, your current password still works")
    _holder(ctx)
    folder, power = ctx.folder, ctx.power
    assert folder is not None and power is not None
    with folder.lock():
        Roster(folder).change_password(power, new)
    who = service.game_of(folder).power_name(power)
    return Answer(f"The password of {who} in {folder.path.name} is changed: use the new one "
                  "from your next message. (It is not repeated here.)",
                  audit={"power": power})


@command("SET ADDRESS", scope="power", usage="SET ADDRESS <new e-mail address>",
         summary="Move your power to a new e-mail address: results and reminders go there "
                 "from now on. Both the old and the new address are told.",
         examples=["SET ADDRESS me@example.org"])
def set_address(ctx: Context) -> Answer:
    new = check_email(ctx.args.strip().strip("<>"))
    rec = _holder(ctx)
    folder, power = ctx.folder, ctx.power
    assert folder is not None and power is not None
    if rec["email"].lower() == new.lower():
        return Answer(f"{new} is already the address of {power}; nothing was changed.")
    with folder.lock():
        old = Roster(folder).change_address(power, new)
    who = service.game_of(folder).power_name(power)
    name = folder.path.name
    body = (f"The address of {who} in game {name} was changed from {old} to {new} by a "
            "message that gave the power's password.\n\nIf you did not ask for this, tell "
            f"the moderator ({_moderator(ctx) or 'the judge'}) at once.\n")
    return Answer(f"The address of {who} in {name} is now {new} (the old and the new "
                  "address are told).",
                  mails=[([old, new], f"[{name} {power}] Address changed", body)],
                  audit={"previous": old, "email": new})


@command("RESIGN", scope="power", usage="RESIGN", args=r"",
         summary="Give up your power: it is vacant (in civil disorder) until the moderator "
                 "finds a replacement; your password stops working at once. The moderator "
                 "is told.",
         examples=["RESIGN"])
def resign(ctx: Context) -> Answer:
    rec = _holder(ctx)
    folder, power = ctx.folder, ctx.power
    assert folder is not None and power is not None
    with folder.lock():
        Roster(folder).resign(power, reason="resigned by mail")
    who = service.game_of(folder).power_name(power)
    name = folder.path.name
    mails = []
    if _moderator(ctx):
        body = (f"The player of {who} in game {name} ({rec['email']}) resigned by mail.\n"
                f"{who} is vacant (civil disorder) until you find a replacement "
                f"(adj player takeover {name} {power} ADDRESS).\n")
        mails.append(([_moderator(ctx)], f"[{name} moderator] {who} resigned", body))
    return Answer(f"You resigned {who} in {name}. It is vacant until the moderator finds a "
                  "replacement; your password no longer works. Thank you for playing.",
                  mails=mails, audit={"power": power})


@command("SET TIMEZONE", scope="power", usage="SET TIMEZONE <zone>",
         args=r"[A-Za-z0-9/_+ -]{1,64}",
         summary="Show every deadline the judge sends you in your time zone (and in UTC). "
                 "The zone is kept for your address, in every game of this judge.",
         examples=["SET TIMEZONE Europe/Prague", "SET TIMEZONE America/New_York",
                   "SET TIMEZONE UTC"])
def set_timezone(ctx: Context) -> Answer:
    rec = _holder(ctx)
    zone = timezones.check_zone(ctx.args)
    zone = timezones.set_zone(ctx.judge, rec["email"], zone)
    folder = ctx.folder
    assert folder is not None
    state = folder.read_state()
    sched = deadlines.load_schedule(folder)
    example = ""
    if sched.get("phase") == state["phase"] and sched.get("deadline"):
        example = (f"\nThe deadline of {folder.path.name} now reads: "
                   f"{timezones.show_time(sched['deadline'], zone)}.")
    return Answer(f"Your time zone is now {zone} (for {rec['email']}, in every game of this "
                  f"judge).{example}", audit={"zone": zone})
