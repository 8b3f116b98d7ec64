"""Sign-up: games that players fill by mail (docs/judge-lifecycle.md).

The moderator opens a game for sign-up (``adj new ... --signup`` or ``adj open GAME``): the
game exists but does not run (its clock is paused, nobody holds a power). Players send
``JOIN game`` (optionally with a preference list), ``SET PREFERENCE ...``, ``LEAVE game``;
anyone may ``OBSERVE game``. When there is one player per seat (a power, or a side of the
fewer-player Diplomacy game, ``BaseGame.sides``) the game starts at once: seats are assigned
by preference (:func:`assign`), each player gets a welcome mail with their power(s) and a
fresh password (the roster keeps only its hash), the first deadline is set from the game's
deadline settings and everyone is told.

``desk/signup.json`` (mode 0600, addresses are private)::

    {"status": "open" | "started", "opened": TIME, "seed": HEX, "seed_sha256": HEX,
     "players": [{"n": 1, "email": ..., "joined": TIME, "preferences": ["France", ...]}],
     "started": TIME, "assignment": {"1": ["France"], ...}}

Assignment (ruling J-L2, :func:`assign`): first choices first, then second choices...,
players who want the same seat ordered by SHA-256("seed:n") (n: the join number); the
players left take the seats left by the same draw. The seed is drawn when the game is opened; its SHA-256
is given to every player who joins and the seed itself in the start mail, so anyone can
check the draw was fixed before the first JOIN.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from pathlib import Path

from adjudicator import service
from adjudicator.desk import deadlines, outbox, timezones
from adjudicator.desk.audit import game_audit
from adjudicator.desk.commands import Answer, CommandError, Context, command
from adjudicator.desk.judge import Judge, judge_of
from adjudicator.desk.players import PlayerError, Roster, check_email, player_name
from adjudicator.game import BaseGame
from adjudicator.store import GameFolder, atomic_write, canonical_json, now_iso


class SignupError(CommandError):
    pass


def signup_path(folder: GameFolder) -> Path:
    return folder.path / "desk" / "signup.json"


def load(folder: GameFolder) -> dict | None:
    """The game's sign-up record, or None for a game never opened for sign-up."""
    path = signup_path(folder)
    if not path.exists():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def _save(folder: GameFolder, data: dict) -> None:
    atomic_write(signup_path(folder), canonical_json(data), mode=0o600)


def is_open(folder: GameFolder) -> bool:
    data = load(folder)
    return bool(data) and data.get("status") == "open"


def seats(game: BaseGame, state: dict) -> list[list[str]]:
    """The seats to fill: one per player (a power, or a side of powers)."""
    return game.sides(state)


def fsck_problems(folder: GameFolder) -> list[str]:
    """What ``adj fsck`` finds wrong in ``desk/signup.json`` (nothing when it is absent)."""
    try:
        data = load(folder)
    except (OSError, ValueError) as exc:
        return [f"desk/signup.json unreadable: {exc}"]
    if data is None:
        return []
    problems = []
    if not isinstance(data, dict) or data.get("status") not in ("open", "started"):
        return ["desk/signup.json: status must be 'open' or 'started'"]
    if hashlib.sha256(str(data.get("seed", "")).encode()).hexdigest() != data.get(
            "seed_sha256"):
        problems.append("desk/signup.json: the seed does not match its SHA-256 (the "
                        "assignment draw was changed after the game was opened)")
    players = data.get("players")
    if not isinstance(players, list) or not all(
            isinstance(p, dict) and {"n", "email", "preferences"} <= set(p) for p in players):
        problems.append("desk/signup.json: players must be a list of {n, email, "
                        "preferences}")
    elif data["status"] == "open" and not deadlines.load_schedule(folder).get("paused"):
        problems.append("desk/signup.json: the game is open for sign-up but its clock runs")
    elif data["status"] == "started":
        # (players may have been replaced since: the roster must know the power, that's all)
        held = Roster(folder).load()["powers"]
        for n, powers in (data.get("assignment") or {}).items():
            problems += [f"desk/signup.json: {power} was assigned to player {n}, but the "
                         "roster has no player for it" for power in powers if power not in held]
    return problems


def status_lines(folder: GameFolder) -> list[str]:
    """For STATUS: how far the sign-up of a game open for it has come."""
    data = load(folder)
    if not data or data.get("status") != "open":
        return []
    total = len(seats(service.game_of(folder), folder.read_state()))
    line = (f"Open for sign-up: {len(data['players'])} of {total} places taken "
            f"(JOIN {folder.path.name} to play)")
    return [line]


# --- the moderator -------------------------------------------------------------------------
def open_game(folder: GameFolder) -> dict:
    """Open a game for sign-up (the moderator): it must not have started (no history, no
    player). Its clock stops until the game is full. Returns the sign-up record."""
    game = service.game_of(folder)
    with folder.lock():
        state = folder.read_state()
        current = load(folder)
        if current is not None:
            raise SignupError(f"{folder.path.name} was already opened for sign-up "
                              f"({current['status']})")
        if game.is_over(state) or folder.history_files():
            raise SignupError(f"{folder.path.name} has already been played; only a new game "
                              "can be opened for sign-up")
        held = [p for p, r in Roster(folder).load()["powers"].items()
                if r.get("status") == "active"]
        if held:
            raise SignupError(f"{folder.path.name} already has players ({', '.join(held)}); "
                              "open a game nobody plays yet")
        sched = deadlines.current_schedule(folder, game, state)
        if not sched.get("paused"):
            deadlines.pause(folder, game)
        seed = secrets.token_hex(16)
        data = {"status": "open", "opened": now_iso(), "seed": seed,
                "seed_sha256": hashlib.sha256(seed.encode()).hexdigest(), "players": []}
        _save(folder, data)
        game_audit(folder.path).append("signup-open", {
            "seats": len(seats(game, state)), "seed_sha256": data["seed_sha256"]})
    return data


# --- preferences ----------------------------------------------------------------------------
def parse_powers(game: BaseGame, state: dict, text: str) -> list[str]:
    """Powers named in ``text`` ("France, Italy", "F I", "france italy"), in order, once
    each; an unknown or unplayed one is refused with the likely name."""
    parts = [p.strip() for p in re.split(r"[,;]", text)] if re.search(r"[,;]", text) \
        else text.split()
    out: list[str] = []
    unplayed = set(game.unplayed_powers(state))
    for part in parts:
        if not part:
            continue
        power = game.canonical_power(part, strict=True)
        if power is None and len(part) == 1:
            hits = [p for p in game.powers(state) if p[:1].upper() == part.upper()]
            power = hits[0] if len(hits) == 1 else None
        if power is None:
            import difflib

            near = difflib.get_close_matches(part.lower(), [p.lower() for p in game.powers(
                state)], n=1, cutoff=0.6)
            known = ", ".join(game.powers(state))
            raise SignupError(f"unknown power {part!r}"
                              + (f" (did you mean {near[0].title()}?)" if near else "")
                              + f"; the powers are {known}")
        if power in unplayed:
            raise SignupError(f"{power} is not played in this game (civil disorder from the "
                              "start)")
        if power not in out:
            out.append(power)
    return out


def _digest(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


def assign(seat_list: list[list[str]], players: list[dict], seed: str) -> dict[int, int]:
    """Seat index for each player's join number (ruling J-L2). Pure and deterministic: the
    same seed, players and preferences give the same assignment.

    First choices are honoured first, then second choices, and so on: at each level the
    players not yet seated take, in the order of the draw (SHA-256 of "seed:n"), the seat
    of the power at that place of their list if it is still free. Players whose list runs
    out (or who gave none) then take the seats left, in the order of the draw, each the
    free seat with the lowest SHA-256 of "seed:n:seat"."""
    seat_of = {power: i for i, seat in enumerate(seat_list) for power in seat}
    waiting = sorted(players, key=lambda p: _digest(seed, p["n"]))
    free = set(range(len(seat_list)))
    out: dict[int, int] = {}
    longest = max((len(p.get("preferences") or []) for p in players), default=0)
    for level in range(longest):
        for player in list(waiting):
            prefs = player.get("preferences") or []
            seat = seat_of.get(prefs[level]) if level < len(prefs) else None
            if seat is not None and seat in free:
                out[player["n"]] = seat
                free.discard(seat)
                waiting.remove(player)
    for player in waiting:
        seat = min(free, key=lambda i, n=player["n"]: _digest(seed, n, i))
        out[player["n"]] = seat
        free.discard(seat)
    return out


# --- welcome mails ----------------------------------------------------------------------------
def welcome_text(game: BaseGame, folder: GameFolder, powers_tokens: dict[str, str],
                 deadline: str | None, zone: str = "UTC") -> str:
    name = folder.path.name
    lines = [f"Welcome to {name}!", ""]
    for power, token in powers_tokens.items():
        lines.append(f"You play {game.power_name(power)}. Its password: {token}")
    lines += ["", ("Keep the password to yourself: it is shown only in this mail, and the "
                   "judge keeps only a hash of it."),
              "Send your orders to the judge like this:", "", f"  GAME {name}"]
    first = next(iter(powers_tokens))
    lines += [f"  POWER {first}", "  PASSWORD <your password>", "  <one order per line>", ""]
    if len(powers_tokens) > 1:
        lines.append("Each power has its own password: give one POWER and PASSWORD section "
                     "per power.")
    lines.append(f"Deadline: {timezones.show_time(deadline, zone)}." if deadline
                 else "No deadline is set yet.")
    lines.append("Send HELP for the judge's commands (press, draw votes, absences...).")
    return "\n".join(lines) + "\n"


def send_welcome(judge: Judge, folder: GameFolder, email: str, powers_tokens: dict[str, str],
                 deadline: str | None = None) -> None:
    """Mail ``email`` their power(s) and password(s). The password is in this mail only:
    never in a subject, a log or the audit log."""
    game = service.game_of(folder)
    powers = ", ".join(map(game.power_name, powers_tokens))
    outbox.send(judge, [email], f"[{folder.path.name}] Welcome: you play {powers}",
                welcome_text(game, folder, powers_tokens, deadline,
                             timezones.zone_for(judge, email)),
                kind=f"welcome-{folder.path.name}")


def welcome_added_player(folder: GameFolder, power: str, email: str, token: str) -> bool:
    """The moderator added (or replaced, or gave away) a player: mail them their password
    when the game lives in a judge. Returns whether a mail was queued."""
    judge = judge_of(folder)
    if judge is None:
        return False
    deadline = deadlines.load_schedule(folder).get("deadline")
    send_welcome(judge, folder, email, {power: token}, deadline)
    return True


# --- joining --------------------------------------------------------------------------------
def _find(data: dict, email: str) -> dict | None:
    return next((p for p in data["players"] if p["email"].lower() == email.lower()), None)


def _open_record(folder: GameFolder) -> dict:
    data = load(folder)
    name = folder.path.name
    if data is None:
        raise SignupError(f"{name} is not open for sign-up (the moderator adds its players)")
    if data["status"] != "open":
        raise SignupError(f"{name} has already started; it takes no more players "
                          "(OBSERVE it, or ask the moderator about a replacement)")
    return data


def join(judge: Judge, folder: GameFolder, email: str, prefs_text: str = "",
         name: str | None = None) -> tuple[str, bool]:
    """``email`` joins ``folder``'s sign-up; returns (reply text, started). ``name`` (the
    From name of the JOIN mail) is how the player will be named in public."""
    email = check_email(email)
    game = service.game_of(folder)
    with folder.lock():
        state = folder.read_state()
        data = _open_record(folder)
        if len(data["players"]) >= len(seats(game, state)):
            # full but not started: a start was interrupted (J-L3); finish it first
            _start(judge, folder, game, state, data)
            raise SignupError(f"{folder.path.name} has already started; it takes no more "
                              "players")
        if _find(data, email):
            raise SignupError(f"{email} has already joined {folder.path.name}; send SET "
                              "PREFERENCE to change your preferences, LEAVE to leave")
        prefs = parse_powers(game, state, prefs_text) if prefs_text.strip() else []
        n = max((p["n"] for p in data["players"]), default=0) + 1
        entry = {"n": n, "email": email, "joined": now_iso(), "preferences": prefs}
        if player_name(name):
            entry["name"] = player_name(name)
        data["players"].append(entry)
        _save(folder, data)
        game_audit(folder.path).append("signup-join", {"n": n, "email": email,
                                                       "preferences": prefs})
        total = len(seats(game, state))
        text = (f"You have joined {folder.path.name} as player {n} "
                f"({len(data['players'])} of {total} places taken).\n"
                + (f"Your preferences: {', '.join(prefs)}.\n" if prefs else
                   "No preferences given: send SET PREFERENCE France, Italy, ... before "
                   "the game starts if you have any.\n")
                + f"Powers are assigned by preference with a draw fixed in advance "
                  f"(SHA-256 of its seed: {data['seed_sha256']}).\n")
        full = len(data["players"]) >= total
        if full:
            _start(judge, folder, game, state, data)
            text += "The game is full and has started: your power and password follow.\n"
    return text, full


def set_preference(folder: GameFolder, email: str, prefs_text: str) -> list[str]:
    game = service.game_of(folder)
    with folder.lock():
        state = folder.read_state()
        data = _open_record(folder)
        player = _find(data, email)
        if player is None:
            raise SignupError(f"{email} has not joined {folder.path.name}: send JOIN "
                              f"{folder.path.name} first")
        prefs = parse_powers(game, state, prefs_text)
        player["preferences"] = prefs
        _save(folder, data)
        game_audit(folder.path).append("signup-preference", {"n": player["n"],
                                                             "preferences": prefs})
    return prefs


def leave(folder: GameFolder, email: str) -> str:
    """Leave the sign-up list, or stop observing."""
    with folder.lock():
        data = load(folder)
        if data and data["status"] == "open" and (player := _find(data, email)):
            data["players"].remove(player)
            _save(folder, data)
            game_audit(folder.path).append("signup-leave", {"n": player["n"], "email": email})
            return f"You have left the sign-up of {folder.path.name}."
        roster = Roster(folder)
        if any(o["email"].lower() == email.lower() for o in roster.load()["observers"]):
            roster.remove_observer(email)
            return f"You no longer observe {folder.path.name}."
    holds = [p for p, r in Roster(folder).load()["powers"].items()
             if r.get("status") == "active" and r["email"].lower() == email.lower()]
    if holds:
        raise SignupError(f"the game has started and you play {', '.join(holds)}: send "
                          "RESIGN with your power's credentials to leave it")
    raise SignupError(f"{email} has not joined nor observes {folder.path.name}")


def observe(folder: GameFolder, email: str) -> None:
    email = check_email(email)
    game = service.game_of(folder)
    with folder.lock():
        if load(folder) is None:
            raise SignupError(f"{folder.path.name} was not opened for sign-up; the moderator "
                              "adds its observers")
        if game.is_over(folder.read_state()):
            raise SignupError(f"{folder.path.name} is over")
        try:
            Roster(folder).add_observer(email)
        except PlayerError as exc:
            raise SignupError(str(exc)) from None


def finish_interrupted_start(folder: GameFolder, game: BaseGame, state: dict) -> bool:
    """Start a game whose sign-up is full but did not start (the process stopped between
    the last JOIN and the start, J-L3): ``adj tick`` calls it, so such a game never waits
    for a JOIN that cannot come. Under the game lock; True when it started the game."""
    data = load(folder)
    judge = judge_of(folder)
    if (judge is None or not data or data.get("status") != "open"
            or len(data["players"]) < len(seats(game, state))):
        return False
    _start(judge, folder, game, state, data)
    return True


def _start(judge: Judge, folder: GameFolder, game: BaseGame, state: dict, data: dict) -> None:
    """Assign the seats, register the players, start the clock, send the mails. Under the
    game lock."""
    seat_list = seats(game, state)
    chosen = assign(seat_list, data["players"], data["seed"])
    roster = Roster(folder)
    welcome: list[tuple[str, dict[str, str]]] = []
    for player in sorted(data["players"], key=lambda p: p["n"]):
        # "replace": a start interrupted after some powers were registered gives them a
        # fresh password now (the first one was never mailed)
        tokens = {power: roster.set_player(power, player["email"],
                                           "replace" if roster.holder(power) else "add",
                                           name=player.get("name"))
                  for power in seat_list[chosen[player["n"]]]}
        welcome.append((player["email"], tokens))
    data.update(status="started", started=now_iso(),
                assignment={str(n): seat_list[s] for n, s in sorted(chosen.items())})
    _save(folder, data)
    sched = deadlines.start_clock(folder, game)
    game_audit(folder.path).append("signup-start", {
        "assignment": data["assignment"], "seed": data["seed"],
        "deadline": sched.get("deadline")})
    deadline = sched.get("deadline")
    for email, tokens in welcome:
        send_welcome(judge, folder, email, tokens, deadline)
    everyone = Roster(folder).recipients()
    lines = [f"{folder.path.name} is full and has started: {game.phase_name(state)}.",
             (f"First deadline: {timezones.show_time(deadline, timezones.judge_zone(judge))}."
              if deadline else "No deadline is set."), "",
             "Powers were assigned by the players' preferences (docs: judge-lifecycle).",
             f"The draw's seed, fixed before anyone joined: {data['seed']}",
             f"(its SHA-256, given to every player who joined: {data['seed_sha256']}).", "",
             "Players: your power and password come in a separate mail."]
    outbox.send(judge, everyone, f"[{folder.path.name}] The game has started",
                "\n".join(lines) + "\n", kind=f"start-{folder.path.name}")


# --- mail commands ---------------------------------------------------------------------------
def _game_args(ctx: Context) -> str:
    """The command's argument without the game's name in front of it."""
    args = ctx.args.strip()
    if ctx.folder is not None:
        first, _, rest = args.partition(" ")
        if first.strip(",").lower() == ctx.folder.path.name.lower():
            return rest.strip()
    return args


def _folder(ctx: Context) -> GameFolder:
    if ctx.folder is None:
        raise SignupError("name the game, e.g. JOIN mygame")
    return ctx.folder


@command("JOIN", scope="game", usage="JOIN game [power, power, ...]",
         summary="Join a game open for sign-up, with your preferred powers in order "
                 "(optional). The game starts when every place is taken; your power and "
                 "password then come by mail.",
         examples=["JOIN autumn", "JOIN autumn France, Italy, England"])
def join_command(ctx: Context) -> Answer:
    folder = _folder(ctx)
    text, started = join(ctx.judge, folder, ctx.sender, _game_args(ctx),
                         name=ctx.mail.display_name)
    return Answer(text, audit={"started": started})


@command("SET PREFERENCE", scope="game", usage="SET PREFERENCE [game] power, power, ...",
         summary="Change your preferred powers (in order) in a game you joined, before it "
                 "starts (the game: named first, or by a GAME line or the subject).",
         examples=["SET PREFERENCE autumn France, Italy, Turkey", "SET PREFERENCE autumn F I T"])
def preference_command(ctx: Context) -> Answer:
    folder = _folder(ctx)
    prefs = set_preference(folder, ctx.sender, _game_args(ctx))
    return Answer(f"Your preferences in {folder.path.name}: "
                  + (", ".join(prefs) if prefs else "none") + ".")


@command("LEAVE", scope="game", usage="LEAVE game",
         summary="Leave a game you joined before it starts, or stop observing a game.",
         examples=["LEAVE autumn"])
def leave_command(ctx: Context) -> Answer:
    folder = _folder(ctx)
    return Answer(leave(folder, ctx.sender))


@command("OBSERVE", scope="game", usage="OBSERVE game",
         summary="Receive a game's results (games opened for sign-up); LEAVE game stops it.",
         examples=["OBSERVE autumn"])
def observe_command(ctx: Context) -> Answer:
    folder = _folder(ctx)
    observe(folder, ctx.sender)
    return Answer(f"You now observe {folder.path.name}: its results will be mailed to you.")
