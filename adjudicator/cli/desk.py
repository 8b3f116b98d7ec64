"""The moderator's desk commands: judge folders, players, mail, deadlines, ``adj tick``.

Each command imports the desk modules it uses when it runs, so ``adj status`` never loads
the mail stack.

Registered on the main ``adj`` group by :mod:`adjudicator.cli.main`. Every GAME argument is
a game folder path or a game NAME inside the judge given by ``adj --judge DIR``,
``$ADJ_JUDGE`` or the current folder.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from adjudicator.cli import kit
from adjudicator.cli.common import (
    Command,
    Group,
    current_judge,
    emit,
    game_folder,
    json_option,
    quiet,
)
from adjudicator.desk.judge import Judge, JudgeError, is_judge
from adjudicator.store import GameFolder


# --- judge ------------------------------------------------------------------------------------
@kit.group(cls=Group, name="judge")
def judge_group() -> None:
    """Create and inspect a judge folder (many games, one config)."""


@judge_group.command("init")
@kit.argument("judge_dir", type=kit.Path(file_okay=False))
@kit.option("--moderator-email", help="The moderator's address (judge.json).")
@kit.option("--judge-address", help="The judge's own From address.")
@kit.option("--name", help="The judge's name in mail headers.")
@json_option
def judge_init(judge_dir: str, moderator_email: str | None, judge_address: str | None,
               name: str | None, as_json: bool) -> None:
    """Create a judge folder in JUDGE_DIR and print the moderator password (shown once)."""
    judge, token = Judge.init(judge_dir, moderator_email, judge_address, name)
    emit(as_json, {"judge": str(judge.path), "moderator_password": token},
          f"created judge in {judge.path}\n"
          f"moderator password (shown once, not stored): {token}\n"
          f"edit {judge.path / 'judge.json'} for the addresses, SMTP/IMAP and defaults")


@judge_group.command("games")
@kit.argument("judge_dir", required=False)
@json_option
def judge_games(judge_dir: str | None, as_json: bool) -> None:
    """List the games of the judge with their phase, deadline and who is missing."""
    from adjudicator import service
    from adjudicator.desk import deadlines

    j = current_judge(judge_dir)
    rows = []
    for name in j.game_names():
        folder = j.game(name)
        st = service.status(folder)
        sched = deadlines.load_schedule(folder)
        rows.append({"game": name, "phase": st["phase"], "missing": st["missing"],
                     "deadline": sched.get("deadline") if sched.get("phase") == st["phase"]
                     else None, "paused": bool(sched.get("paused")), "result": st.get("result")})
    emit(as_json, {"games": rows}, "\n".join(
        f"{r['game']:<20} {r['phase']:<8} deadline {r['deadline'] or '-':<22}"
        f"{' PAUSED' if r['paused'] else ''} missing: {', '.join(r['missing']) or 'nobody'}"
        for r in rows) or "(no games)")


@judge_group.command("reset-moderator-password")
@kit.argument("judge_dir", required=False)
@json_option
def judge_reset(judge_dir: str | None, as_json: bool) -> None:
    """Issue a new moderator password (the old one stops working)."""
    token = current_judge(judge_dir).reset_moderator_token()
    emit(as_json, {"moderator_password": token},
         f"new moderator password (shown once): {token}")


# --- players and observers -----------------------------------------------------------------
@kit.group(cls=Group, name="player")
def player_group() -> None:
    """Register, replace, resign and take over players (moderator commands)."""


def _power_of(folder: GameFolder, name: str) -> str:
    from adjudicator import service

    return service.power_of(service.game_of(folder), folder.read_state(), name)


def _set_player(game: str, power: str, email: str, action: str, as_json: bool,
                name: str | None = None) -> None:
    from adjudicator import service
    from adjudicator.desk.players import PlayerError, Roster

    folder = game_folder(game)
    power = _power_of(folder, power)
    if power in service.game_of(folder).unplayed_powers(folder.read_state()):
        raise PlayerError(f"{power} is not played in this game (civil disorder from "
                          "the start); no player can take it")
    from adjudicator.desk.signup import welcome_added_player

    with folder.lock():
        token = Roster(folder).set_player(power, email, action, name=name)
        mailed = welcome_added_player(folder, power, email, token)
    emit(as_json, {"game": folder.path.name, "power": power, "email": email,
                    "password": token, "welcome_mail": mailed},
          f"{power} in {folder.path.name}: {email}\n"
          f"password (shown once, not stored; give it to the player): {token}"
          + ("\na welcome mail with the password is queued for the player" if mailed else ""))


@player_group.command("add")
@kit.argument("game")
@kit.argument("power")
@kit.option("--email", required=True)
@kit.option("--name", help="How the player is named in public (SUMMARY, the site).")
@json_option
def player_add(game: str, power: str, email: str, name: str | None,
               as_json: bool) -> None:
    """Register EMAIL as the player of POWER and print their password."""
    _set_player(game, power, email, "add", as_json, name)


@player_group.command("replace")
@kit.argument("game")
@kit.argument("power")
@kit.option("--email", required=True)
@kit.option("--name", help="How the player is named in public (SUMMARY, the site).")
@json_option
def player_replace(game: str, power: str, email: str, name: str | None,
                   as_json: bool) -> None:
    """Give POWER to a new player (the old password stops working)."""
    _set_player(game, power, email, "replace", as_json, name)


@player_group.command("takeover")
@kit.argument("game")
@kit.argument("power")
@kit.option("--email", required=True)
@kit.option("--name", help="How the player is named in public (SUMMARY, the site).")
@json_option
def player_takeover(game: str, power: str, email: str, name: str | None,
                    as_json: bool) -> None:
    """Give an abandoned POWER to a new player."""
    _set_player(game, power, email, "takeover", as_json, name)


@player_group.command("resign")
@kit.argument("game")
@kit.argument("power")
@kit.option("--reason", default="resigned", show_default=True)
@json_option
def player_resign(game: str, power: str, reason: str, as_json: bool) -> None:
    """Mark POWER abandoned (its player resigned or vanished); its password stops working."""
    from adjudicator.desk.players import Roster

    folder = game_folder(game)
    power = _power_of(folder, power)
    with folder.lock():
        Roster(folder).resign(power, reason)
    emit(as_json, {"power": power, "status": "abandoned"},
          f"{power} is abandoned; give it to someone with: adj player takeover")


@player_group.command("list")
@kit.argument("game")
@json_option
def player_list(game: str, as_json: bool) -> None:
    """Show who plays which power, the observers and lateness (never passwords)."""
    from adjudicator.desk.players import Roster

    data = Roster(game_folder(game)).public()
    lines = [f"{p:<10} {r['status']:<10} {r['email']}" for p, r in data["powers"].items()]
    lines += [f"observer   {o['email']}" for o in data["observers"]]
    for p, e in data["lateness"].items():
        lines.append(f"{p:<10} late {e['late']}, NMR {e['nmr']}")
    emit(as_json, data, "\n".join(lines) or "(nobody registered)")


@kit.group(cls=Group, name="observer")
def observer_group() -> None:
    """Observers receive the results but cannot order."""


@observer_group.command("add")
@kit.argument("game")
@kit.option("--email", required=True)
@json_option
def observer_add(game: str, email: str, as_json: bool) -> None:
    """Send GAME's results to EMAIL as well."""
    from adjudicator.desk.players import Roster

    folder = game_folder(game)
    with folder.lock():
        Roster(folder).add_observer(email)
    emit(as_json, {"game": folder.path.name, "observer": email, "observing": True},
         f"{email} now observes {folder.path.name}")


@observer_group.command("remove")
@kit.argument("game")
@kit.option("--email", required=True)
@json_option
def observer_remove(game: str, email: str, as_json: bool) -> None:
    """Stop sending GAME's results to EMAIL."""
    from adjudicator.desk.players import Roster

    folder = game_folder(game)
    with folder.lock():
        Roster(folder).remove_observer(email)
    emit(as_json, {"game": folder.path.name, "observer": email, "observing": False},
         f"{email} no longer observes {folder.path.name}")


# --- mail -------------------------------------------------------------------------------------
@kit.group(cls=Group, name="mail")
def mail_group() -> None:
    """Read orders from mail and send replies."""


@mail_group.command("ingest")
@kit.option("--eml", "eml", type=kit.Path(exists=True, dir_okay=False), multiple=True,
            help="One message file (repeatable).")
@kit.option("--mbox", type=kit.Path(exists=True, dir_okay=False), help="An mbox file.")
@kit.option("--maildir", type=kit.Path(exists=True, file_okay=False), help="A Maildir.")
@kit.argument("stdin", required=False, type=kit.Choice(["-"]))
@json_option
def mail_ingest(eml: tuple[str, ...], mbox: str | None, maildir: str | None,
                stdin: str | None, as_json: bool) -> None:
    """Ingest messages (one message on stdin with -), answer each in the outbox."""
    from adjudicator.desk import intake

    j = current_judge()
    sources: list[tuple[str, object]] = []
    for f in eml:
        sources.append((f"eml:{Path(f).name}", [Path(f).read_bytes()]))
    if mbox:
        sources.append((f"mbox:{Path(mbox).name}", intake.iter_mbox(mbox)))
    if maildir:
        sources.append((f"maildir:{Path(maildir).name}", intake.iter_maildir(maildir)))
    if stdin or not sources:
        sources.append(("stdin", [sys.stdin.buffer.read()]))
    outcomes = []
    for source, msgs in sources:
        outcomes += intake.ingest_many(j, msgs, source)
    emit(as_json, {"messages": [o.to_json() for o in outcomes]}, "\n".join(
        f"{o.status:<22} {o.game or '-':<16} {','.join(o.powers) or '-':<10} {o.message_id}"
        + (f"  ({o.detail})" if o.detail else "") for o in outcomes) or "(no messages)")


@mail_group.command("send")
@json_option
def mail_send(as_json: bool) -> None:
    """Deliver the pending outbox by SMTP (judge.json smtp.host)."""
    from adjudicator.desk import outbox

    sent = outbox.flush(current_judge())
    emit(as_json, {"sent": [p.name for p in sent]},
         f"sent {len(sent)} message(s)")


@mail_group.command("poll")
@json_option
def mail_poll(as_json: bool) -> None:
    """Fetch unseen mail by IMAP (judge.json imap.*) and ingest it."""
    from adjudicator.desk import intake, outbox

    j = current_judge()
    reader = intake.Intake(j)
    outcomes = outbox.poll_imap(j, handle=lambda raw: reader.ingest(raw, "imap"))
    emit(as_json, {"messages": [o.to_json() for o in outcomes]},
          f"ingested {len(outcomes)} message(s)")


# --- deadlines, tick, pause ------------------------------------------------------------------
@kit.command(cls=Command, name="deadline")
@kit.argument("game")
@kit.option("--at", "at", help="New deadline (ISO 8601, UTC unless an offset is given).")
@kit.option("--in", "within", help="New deadline from now (48h, 2d, 1d12h...).")
@kit.option("--extend", help="Move the current deadline by DURATION.")
@kit.option("--length", multiple=True,
            help="Phase lengths for later phases: 48h or KIND=DUR (movement=48h, retreat=24h).")
@kit.option("--grace", help="Grace period after the deadline before NMR processing.")
@kit.option("--early/--no-early", default=None, help="Process as soon as all orders are in.")
@kit.option("--reminder", help="Remind missing powers this long before the deadline.")
@json_option
def deadline_cmd(game: str, at: str | None, within: str | None, extend: str | None,
                 length: tuple[str, ...], grace: str | None, early: bool | None,
                 reminder: str | None, as_json: bool) -> None:
    """Show or change GAME's deadline and deadline settings (moderator)."""
    from adjudicator import service
    from adjudicator.desk import deadlines
    from adjudicator.desk.audit import game_audit

    folder = game_folder(game)
    g = service.game_of(folder)
    with folder.lock():
        if length or grace is not None or early is not None or reminder is not None:
            desk = deadlines.configure(folder, lengths=deadlines.parse_lengths(length),
                                       grace=grace, early=early, reminder=reminder)
            game_audit(folder.path).append("deadline-settings", desk)
        if at or within or extend:
            sched = deadlines.set_deadline(folder, g, at=at, within=within, extend=extend)
        else:
            sched = deadlines.current_schedule(folder, g, folder.read_state())
        desk = deadlines.desk_settings(folder)
    emit(as_json, {"schedule": sched, "settings": desk},
          f"{folder.path.name} {sched.get('phase')}: deadline {sched.get('deadline') or 'none'}"
          + (" (paused)" if sched.get("paused") else "")
          + "\nlengths " + (", ".join(f"{k} {v}" for k, v in desk.get("deadlines", {}).items())
                             or "none")
          + f", grace {desk.get('grace', '0h')}, "
            f"early {desk.get('early', True)}, reminder {desk.get('reminder', '12h')}")


@kit.command(cls=Command, name="tick")
@kit.argument("target", required=False)
@kit.option("--quiet", "-q", "be_quiet", is_flag=True,
            help="Print nothing when nothing happened (cron mails every output).")
@kit.option("--site", "site_dir", type=kit.Path(file_okay=False),
            help="Then bring the static site in DIR up to date (adj site; only new "
                 "phases are rendered).")
@json_option
def tick_cmd(target: str | None, be_quiet: bool, site_dir: str | None, as_json: bool) -> None:
    """Process every game that is due; send reminders (cron-friendly, idempotent)."""
    from adjudicator.desk import tick

    if target and not is_judge(target):
        folder = game_folder(target)
        reports = [tick.tick_game(folder)]
        source = folder.path
    else:
        judge = current_judge(target)
        reports = tick.tick_judge(judge)
        source = judge.path
    built = None
    if site_dir:
        from adjudicator.desk.site import build_site

        built = build_site(source, site_dir)
    done = [r for r in reports if r.actions and r.actions != ["paused"]]
    if (be_quiet or quiet()) and not done and not (built and (built.rendered or built.errors)):
        return
    data: dict = {"games": [r.to_json() for r in reports]}
    text = ("\n".join(f"{r.game}: {'; '.join(r.actions)}" for r in reports if r.actions)
            or "nothing to do")
    if built is not None:
        data["site"] = built.to_json()
        text += f"\nsite {site_dir}: {_site_line(built)}"
    emit(as_json, data, text)
    if built is not None and built.errors:
        sys.exit(1)


def _site_line(built) -> str:
    return (f"{len(built.rendered)} phase pages rendered, {len(built.unchanged)} unchanged"
            + (f", {len(built.removed)} removed" if built.removed else "")
            + "".join(f"\nerror: {e}" for e in built.errors))


@kit.command(cls=Command, name="site")
@kit.argument("source", type=kit.Path(exists=True, file_okay=False))
@kit.option("-o", "--output", "output", required=True, type=kit.Path(file_okay=False),
            help="The folder to write the site to (created if missing).")
@json_option
def site_cmd(source: str, output: str, as_json: bool) -> None:
    """Write the static web site of SOURCE (a judge folder or one game folder) to DIR:
    an index of games, every phase with its map, report, orders and broadcast press,
    charts and end-of-game pages. Incremental: a rebuild renders only what changed
    (docs/site.md)."""
    from adjudicator.desk.site import build_site

    built = build_site(source, output)
    emit(as_json, built.to_json(),
         f"site of {len(built.games)} game(s) in {output}: {_site_line(built)}")
    if built.errors:
        sys.exit(1)


@kit.command(cls=Command, name="pause")
@kit.argument("game")
@json_option
def pause_cmd(game: str, as_json: bool) -> None:
    """Stop GAME's clock: tick neither processes nor reminds until resumed."""
    from adjudicator import service
    from adjudicator.desk import deadlines

    folder = game_folder(game)
    with folder.lock():
        sched = deadlines.pause(folder, service.game_of(folder))
    emit(as_json, {"game": folder.path.name, "schedule": sched}, f"{folder.path.name} paused")


@kit.command(cls=Command, name="resume")
@kit.argument("game")
@json_option
def resume_cmd(game: str, as_json: bool) -> None:
    """Restart GAME's clock with the time that was left (at least an hour)."""
    from adjudicator import service
    from adjudicator.desk import deadlines

    folder = game_folder(game)
    with folder.lock():
        sched = deadlines.resume(folder, service.game_of(folder))
    emit(as_json, {"game": folder.path.name, "schedule": sched},
         f"{folder.path.name} resumed; deadline {sched.get('deadline') or 'none'}")


@kit.command(cls=Command, name="audit")
@kit.argument("game")
@kit.option("--verify", is_flag=True, help="Only check the hash chain.")
@kit.option("--seal", is_flag=True,
            help="Append a line signed with the audit key (ADJ_AUDIT_KEY_FILE), vouching "
                 "for every line before it.")
@json_option
def audit_cmd(game: str, verify: bool, seal: bool, as_json: bool) -> None:
    """Show GAME's audit log."""
    from adjudicator.desk.audit import game_audit

    log = game_audit(game_folder(game).path)
    if seal:
        rec = log.seal()
        emit(as_json, {"sealed": rec["seq"]}, f"sealed: audit line {rec['seq']} is signed")
        return
    problems = log.verify()
    if verify:
        emit(as_json, {"ok": not problems, "problems": problems},
              "\n".join(problems) or "ok: audit chain intact")
    else:
        recs = log.records()
        emit(as_json, {"records": recs, "problems": problems}, "\n".join(
            f"{r['seq']:>5} {r['time']} {r['event']:<22} "
            + json.dumps(r["data"], ensure_ascii=False)[:120] for r in recs))
    if problems:
        sys.exit(1)


# --- press (docs/press.md) ---------------------------------------------------------------------
@kit.command(cls=Command, name="press")
@kit.argument("game")
@kit.argument("source", required=False)
@kit.option("--from", "sender", metavar="POWER",
            help="Send as this power (under the game's press settings); without it the "
                 "press comes from the moderator (always allowed, always white).")
@kit.option("--to", "to", metavar="POWERS",
            help="Recipients: England,Germany (names, abbreviations or initials), all "
                 "(a broadcast), moderator.")
@kit.option("--grey/--white", "grey", default=None,
            help="Grey press: the sender is not named (where the game allows it); white "
                 "press: the sender is named.")
@kit.option("--fake", "fake", metavar="POWERS",
            help="Fake press: the recipients see it as going to POWERS (or all).")
@kit.option("--list", "list_", is_flag=True,
            help="List the game's press instead (the moderator's record: grey senders "
                 "shown).")
@kit.option("--phase", help="With --list: only this phase's press.")
@json_option
def press_cmd(game: str, source: str | None, sender: str | None, to: str | None,
              grey: bool | None, fake: str | None, list_: bool, phase: str | None,
              as_json: bool) -> None:
    """Send press in GAME from a file (SOURCE, or standard input), or list it (--list).

    adj press GAME --from France --to England,Germany FILE; --to all is a broadcast. The
    game's press settings apply as they do by mail (adj press-settings)."""
    from adjudicator import service
    from adjudicator.cli.common import read_text
    from adjudicator.desk import press
    from adjudicator.desk.judge import judge_of

    folder = game_folder(game)
    state = folder.read_state()
    g = service.game_of(folder)
    if list_:
        recs = press.history(folder, phase)
        lines = []
        for r in recs:
            who = ("moderator" if r["sender"] is None else g.power_name(r["sender"]))
            to_text = ("all" if r["to"] is None
                       else ", ".join(g.power_name(p) for p in r["to"]) or "-")
            lines.append(f"#{r['id']} {r['phase']} {r['time']} {who}"
                         + (" (grey)" if r["grey"] else "") + f" -> {to_text}"
                         + (" +moderator" if r.get("moderator") else "")
                         + (" (fake)" if r.get("fake") else ""))
            lines += [f"    {t}" for t in r["text"].splitlines()]
        emit(as_json, {"press": recs}, "\n".join(lines) or "no press")
        return
    if not to:
        raise kit.UsageError("give the recipients: --to England,Germany or --to all")
    power = service.power_of(g, state, sender) if sender else None
    words = ["TO", *to.replace(",", " ").split()]
    if grey is True:
        words.append("GREY")
    elif grey is False:
        words.append("WHITE")
    if fake:
        words += ["FAKE", *(["BROADCAST"] if fake.strip().lower() == "all"
                           else ["TO", *fake.replace(",", " ").split()])]
    spec = press.parse_header(g, state, "PRESS", " ".join(words))
    text = read_text(source)
    rec = press.relay(judge_of(folder), folder, sender=power, spec=spec, text=text,
                      source="cli", rate_limit=False)
    rec.pop("mail", None)
    to_text = ("everyone" if rec["to"] is None
               else ", ".join(g.power_name(p) for p in rec["to"]) or "nobody")
    emit(as_json, rec, f"press {rec['id']} sent to {to_text}"
         + (" and the moderator" if rec["moderator"] else "")
         + f" ({rec['recipients']} address(es))" + (", grey" if rec["grey"] else ""))


@kit.command(cls=Command, name="press-settings")
@kit.argument("game")
@kit.argument("settings", nargs=-1)
@json_option
def press_settings_cmd(game: str, settings: tuple[str, ...], as_json: bool) -> None:
    """Show or change GAME's press settings (moderator): a mode (white, grey, white-grey,
    grey-white, none, broadcast-only) and KEY=VALUE (partial, fake, retreat, adjustment,
    late: yes|no; observers=all|broadcast|none), e.g. adj press-settings autumn grey
    retreat=no."""
    from adjudicator.desk import press

    folder = game_folder(game)
    if settings:
        changes = press.parse_settings(list(settings))
        with folder.lock():
            current = press.configure(folder, changes)
    else:
        current = press.settings_of(folder)
    emit(as_json, {"game": folder.path.name, "press": current},
         f"{folder.path.name}: {press.describe(current)}")


# --- sign-up, votes, absences (docs/judge-lifecycle.md) ------------------------------------
def configure_lifecycle(folder: GameFolder, signup: bool, votes: str | None,
                        absence_max: int | None) -> dict:
    """The judge settings of ``adj new`` and ``adj open``: votes, absences, sign-up."""
    from adjudicator.desk import absence
    from adjudicator.desk import signup as signup_mod
    from adjudicator.desk import votes as votes_mod

    out: dict = {}
    with folder.lock():
        if votes:
            votes_mod.configure(folder, votes)
            out["votes"] = votes
        if absence_max is not None:
            out["absences"] = absence.configure(folder, allowed=absence_max > 0,
                                                max_days=absence_max)
    if signup:
        data = signup_mod.open_game(folder)
        out.update(deadline=None, signup={"status": data["status"],
                                          "seed_sha256": data["seed_sha256"]})
    return out


@kit.command(cls=Command, name="open")
@kit.argument("game")
@kit.option("--votes", type=kit.Choice(["secret", "public"]), default=None,
            help="Whether draw and concession votes are secret (default) or public.")
@kit.option("--absence-max", type=kit.IntRange(0, 366), default=None, metavar="DAYS",
            help="Days of absence each player may declare (default 14; 0: none).")
@json_option
def open_cmd(game: str, votes: str | None, absence_max: int | None, as_json: bool) -> None:
    """Open GAME for sign-up: players JOIN it by mail; it starts when every power has a
    player (its clock stops until then). GAME must not have started."""
    folder = game_folder(game)
    out = configure_lifecycle(folder, True, votes, absence_max)
    emit(as_json, {"game": folder.path.name, **out},
         f"{folder.path.name} is open for sign-up (JOIN {folder.path.name} by mail); "
         f"the assignment draw's SHA-256: {out['signup']['seed_sha256']}")


@kit.command(cls=Command, name="signups")
@kit.argument("game")
@json_option
def signups_cmd(game: str, as_json: bool) -> None:
    """Show who has joined GAME's sign-up, with their preferences (the moderator)."""
    from adjudicator.desk import signup as signup_mod

    folder = game_folder(game)
    data = signup_mod.load(folder)
    if data is None:
        raise JudgeError(f"{folder.path.name} was not opened for sign-up")
    shown = {k: v for k, v in data.items() if k != "seed" or data["status"] != "open"}
    lines = [f"{folder.path.name}: sign-up {data['status']}"]
    lines += [f"  {p['n']:>2} {p['email']}  {', '.join(p['preferences']) or '-'}"
              for p in data["players"]]
    emit(as_json, shown, "\n".join(lines))


@kit.command(cls=Command, name="votes")
@kit.argument("game")
@kit.option("--public/--secret", "visibility", default=None,
            help="Make the votes public (replies list them) or secret (the default).")
@json_option
def votes_cmd(game: str, visibility: bool | None, as_json: bool) -> None:
    """Show GAME's draw and concession votes (the moderator sees them all); change whether
    players see them."""
    from adjudicator import service
    from adjudicator.desk import votes as votes_mod

    folder = game_folder(game)
    if visibility is not None:
        with folder.lock():
            votes_mod.configure(folder, "public" if visibility else "secret")
    game_obj = service.game_of(folder)
    state = folder.read_state()
    data = votes_mod.load(folder)
    who = votes_mod.voters(folder, game_obj, state)
    lines = [f"votes are {'public' if votes_mod.public(folder) else 'secret'}"]
    for power in who:
        d = data["draw"].get(power)
        c = data["concede"].get(power)
        lines.append(f"  {power}: " + (f"draw {', '.join(d['powers'])}" if d else "no draw")
                     + (f"; concedes to {c['winner']}" if c else ""))
    emit(as_json, {"public": votes_mod.public(folder), "voters": list(who), **data},
         "\n".join(lines))


@kit.command(cls=Command, name="absences")
@kit.argument("game")
@kit.option("--max-days", type=kit.IntRange(0, 366), default=None,
            help="Days of absence each player may declare in this game.")
@kit.option("--allow/--forbid", "allowed", default=None,
            help="Whether absences move deadlines at all.")
@json_option
def absences_cmd(game: str, max_days: int | None, allowed: bool | None, as_json: bool) -> None:
    """Show GAME's declared absences and its absence settings; change the settings."""
    from adjudicator.desk import absence

    folder = game_folder(game)
    if max_days is not None or allowed is not None:
        with folder.lock():
            absence.configure(folder, allowed=allowed, max_days=max_days)
    rules = absence.settings(folder)
    data = absence.load(folder)
    lines = [(f"absences {'allowed' if rules['allowed'] else 'not allowed'}, at most "
              f"{rules['max_days']} day(s) per player")]
    for power, entries in sorted(data.items()):
        lines += [f"  {power}: {x}" for x in absence.describe(entries)]
    emit(as_json, {"settings": rules, "absences": data}, "\n".join(lines))


COMMANDS = [judge_group, player_group, observer_group, mail_group, deadline_cmd, tick_cmd,
            site_cmd, pause_cmd, resume_cmd, audit_cmd, press_cmd, press_settings_cmd,
            open_cmd, signups_cmd, votes_cmd, absences_cmd]
