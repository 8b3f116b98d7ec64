"""PRESS, BROADCAST and DIARY by mail: block commands of the registry (desk/commands.py).

The block runs from its header line to ``ENDPRESS`` (or ``ENDBROADCAST``, ``ENDDIARY``, or
njudge's ``SIGNOFF``); the framework authenticates the power (scope ``power``), refuses a
block without its end line, writes the audit entry and sends the relayed mail this module
returns (scrubbed of the message's passwords). What press means is in ``desk/press.py``;
the syntax and the settings in docs/press.md.
"""

from __future__ import annotations

from adjudicator.desk import press
from adjudicator.desk.commands import Answer, CommandError, Context, command
from adjudicator.registry import game_for_state

# What may follow PRESS / BROADCAST on its line for it to be a press header: nothing, or one
# of njudge's options ("Press on to Moscow!" is conversation, not press).
_OPTIONS = (r"(?:(?:TO|ALL|BUT|GREY|GRAY|WHITE|ANONYMOUS|ANONYMOUSLY|UNANONYMOUS"
            r"|UNANONYMOUSLY|FAKE|NOFAKE|BROADCAST|PARTIAL)(?:[\s,].*)?|[+-]\S.*)?")
_UNTIL = r"END[ \t]*(?:PRESS|BROADCAST|DIARY)[.!]?|SIGN[ \t]*OFF[.!]?"


def _secrets_of(ctx: Context) -> set[str]:
    """The passwords the message carries (its credential lines and "my password is ..."):
    never relayed, never stored in the press."""
    from adjudicator.desk import intake  # (the intake imports the registry, never this)
    from adjudicator.desk.mailparse import BELOW, TEXT

    d = intake.read_directives(ctx.mail, None, reading=ctx.mail.text.numbers(TEXT, BELOW))
    return d.secrets


def _text(ctx: Context) -> str:
    from adjudicator.desk import intake

    rows = ctx.body.split("\n")
    while rows and not rows[-1].strip():
        rows.pop()
    while rows and not rows[0].strip():
        rows.pop(0)
    return intake.scrubber(_secrets_of(ctx))("\n".join(r.rstrip() for r in rows))


def _press(ctx: Context, keyword: str) -> Answer:
    if ctx.folder is None or ctx.power is None:  # (the scope guarantees both)
        raise CommandError("press needs a game and your power's password")
    state = ctx.folder.read_state()
    game = game_for_state(state)
    spec = press.parse_header(game, state, keyword, ctx.args)
    rec = press.relay(ctx.judge, ctx.folder, sender=ctx.power, spec=spec, text=_text(ctx),
                      source=f"mail:{ctx.mail.message_id}#{ctx.line}", now=ctx.now,
                      deliver=False, zone=ctx.reader_zone)
    to = ("everyone" if rec["to"] is None
          else ", ".join(game.power_name(p) for p in rec["to"]) or "nobody")
    if rec["moderator"]:
        to += " and the moderator" if rec["to"] else ""
        to = "the moderator" if to == "nobody" else to
    lines = [f"Press {rec['id']} sent to {to}"
             + (" (and the observers)" if rec["observers"] else "")
             + f": {rec['recipients']} address(es)."]
    lines.append("It is grey: your name is not shown." if rec["grey"]
                 else f"It is white: signed {game.power_name(ctx.power)}.")
    if rec["fake"]:
        shown = ("a broadcast" if rec["fake_to"] is None
                 else "going to " + ", ".join(game.power_name(p) for p in rec["fake_to"]))
        lines.append(f"It is fake: its recipients see it as {shown}.")
    if not rec["recipients"]:
        lines.append("(Nobody holds those powers yet: it is kept in the game's press.)")
    to_addr, subject, body = rec["mail"]
    return Answer("\n".join(lines), mails=[(to_addr, subject, body)] if to_addr else [],
                  audit={"press": rec["id"], "grey": rec["grey"], "fake": rec["fake"]})


_PRESS_SUMMARY = ("Send a message through the judge to the powers named (names, "
                  "abbreviations or njudge's initials: TO E G or TO EG; TO ALL BUT R; "
                  "TO M for the moderator), up to a line ENDPRESS. Options where the game "
                  "allows them: GREY (your name is not shown) or WHITE, FAKE BROADCAST or "
                  "FAKE TO <powers> (the recipients see another list). Your confirmation "
                  "lists the recipients. May share a message with orders.")


@command("PRESS", scope="power", args=_OPTIONS, until=_UNTIL,
         usage="PRESS TO <powers> [GREY|WHITE] [FAKE ...]  (the message)  ENDPRESS",
         summary=_PRESS_SUMMARY,
         examples=["PRESS TO England, Germany  (then the message, then ENDPRESS)",
                   "PRESS TO E G GREY", "PRESS TO ALL BUT R", "PRESS TO R FAKE BROADCAST",
                   "PRESS TO MODERATOR"])
def press_command(ctx: Context) -> Answer:
    return _press(ctx, "PRESS")


@command("BROADCAST", scope="power", args=_OPTIONS, until=_UNTIL,
         usage="BROADCAST [GREY|WHITE]  (the message)  ENDPRESS",
         summary="Send a message through the judge to every power (and the observers, as "
                 "the game says), up to a line ENDPRESS (or ENDBROADCAST).",
         examples=["BROADCAST  (then the message, then ENDPRESS)", "BROADCAST GREY"])
def broadcast_command(ctx: Context) -> Answer:
    return _press(ctx, "BROADCAST")


@command("DIARY", scope="power", args=r"(?:RECORD)?", until=_UNTIL,
         usage="DIARY  (your note)  ENDPRESS",
         summary="Keep a private note in the judge, up to a line ENDPRESS (or ENDDIARY). "
                 "Nobody reads it while the game runs; every diary is revealed when the "
                 "game ends.",
         examples=["DIARY  (then the note, then ENDPRESS)", "DIARY RECORD"])
def diary_command(ctx: Context) -> Answer:
    if ctx.folder is None or ctx.power is None:
        raise CommandError("a diary needs a game and your power's password")
    rec = press.record_diary(ctx.judge, ctx.folder, power=ctx.power, text=_text(ctx),
                             source=f"mail:{ctx.mail.message_id}#{ctx.line}", now=ctx.now,
                             zone=ctx.reader_zone)
    return Answer(f"Diary entry {rec['id']} kept for {ctx.power} ({rec['phase']}). It stays "
                  "private until the game ends.", audit={"diary": rec["id"]})
