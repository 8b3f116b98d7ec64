"""Draw and concession votes by mail (docs/judge-lifecycle.md).

``SET DRAW France, Italy, Turkey`` (``SET DRAW`` alone: every surviving power), ``SET NO
DRAW``, ``SET CONCEDE Turkey``, ``SET NO CONCEDE``. A vote is the power's until it is
replaced by a new one or withdrawn. The voters are the surviving powers
(``BaseGame.surviving_powers``: a power eliminated no longer votes) that a player holds; a
power whose player resigned votes no more, and a vote counts only while the player who cast
it still holds the power. A player holding several powers (Diplomacy for fewer than seven
players) votes for all of them at once (ruling J-L4).

- A draw takes effect when every voter has voted for the same set of powers: it is declared
  through :func:`adjudicator.service.declare_draw` (a ``draw`` history record with
  ``"by": "vote"``), so history, replay and reports stay consistent.
- A concession takes effect when every voter other than the winner's side has conceded to
  the same power, and no power of the winner's side has conceded to another:
  :func:`adjudicator.service.declare_concession`.

Votes are secret (the default): a reply never says how anyone else voted, only the
player's own vote. With ``settings.json`` ``"desk": {"votes": "public"}`` replies list every
current vote.

``desk/votes.json`` (mode 0600)::

    {"draw": {"France": {"powers": ["France", "Italy"], "email": ..., "time": ...}},
     "concede": {"Italy": {"winner": "France", "email": ..., "time": ...}}}
"""

from __future__ import annotations

import json
from pathlib import Path

from adjudicator import service
from adjudicator.desk.absence_commands import side_powers
from adjudicator.desk.audit import game_audit
from adjudicator.desk.commands import Answer, CommandError, Context, command
from adjudicator.desk.players import Roster
from adjudicator.desk.signup import parse_powers
from adjudicator.errors import GameError
from adjudicator.game import BaseGame
from adjudicator.store import GameFolder, atomic_write, canonical_json, now_iso


class VoteError(CommandError):
    pass


def path(folder: GameFolder) -> Path:
    return folder.path / "desk" / "votes.json"


def load(folder: GameFolder) -> dict:
    p = path(folder)
    data = json.loads(p.read_text(encoding="utf-8")) if p.exists() else {}
    data.setdefault("draw", {})
    data.setdefault("concede", {})
    return data


def _save(folder: GameFolder, data: dict) -> None:
    atomic_write(path(folder), canonical_json(data), mode=0o600)


def fsck_problems(folder: GameFolder) -> list[str]:
    """What ``adj fsck`` finds wrong in ``desk/votes.json``."""
    try:
        data = load(folder)
    except (OSError, ValueError, AttributeError) as exc:
        return [f"desk/votes.json unreadable: {exc}"]
    powers = set(service.game_of(folder).powers(folder.read_state()))
    problems = []
    for kind, key in (("draw", "powers"), ("concede", "winner")):
        for power, vote in (data.get(kind) or {}).items():
            named = vote.get(key) if isinstance(vote, dict) else None
            named = named if isinstance(named, list) else [named]
            if power not in powers or not all(n in powers for n in named):
                problems.append(f"desk/votes.json: {kind} vote of {power!r} names a power "
                                "that is not in the game")
    return problems


def public(folder: GameFolder) -> bool:
    return (folder.settings().get("desk") or {}).get("votes") == "public"


def configure(folder: GameFolder, visibility: str) -> None:
    """``secret`` or ``public`` (the moderator; caller holds the game lock)."""
    if visibility not in ("secret", "public"):
        raise VoteError(f"votes are 'secret' or 'public', not {visibility!r}")
    settings = folder.settings()
    settings["desk"] = {**(settings.get("desk") or {}), "votes": visibility}
    folder.write_settings(settings)


def voters(folder: GameFolder, game: BaseGame, state: dict) -> dict[str, str]:
    """Surviving powers a player holds -> that player's address."""
    roster = Roster(folder)
    out = {}
    for power in game.surviving_powers(state):
        rec = roster.holder(power)
        if rec:
            out[power] = rec["email"]
    return out


def _valid(votes: dict, who: dict[str, str]) -> dict[str, dict]:
    """The votes that count: cast by the player who holds the power now."""
    return {p: v for p, v in votes.items()
            if p in who and v.get("email", "").lower() == who[p].lower()}


def agreed_draw(folder: GameFolder, game: BaseGame, state: dict) -> list[str] | None:
    who = voters(folder, game, state)
    if not who:
        return None
    votes = _valid(load(folder)["draw"], who)
    sets = {tuple(v["powers"]) for v in votes.values()}
    alive = set(game.surviving_powers(state))
    if len(votes) == len(who) and len(sets) == 1:
        powers = list(next(iter(sets)))
        if set(powers) <= alive:
            return powers
    return None


def agreed_concession(folder: GameFolder, game: BaseGame, state: dict) -> str | None:
    who = voters(folder, game, state)
    votes = _valid(load(folder)["concede"], who)
    for winner in sorted({v["winner"] for v in votes.values()}):
        side = next((s for s in game.sides(state) if winner in s), [winner])
        need = [p for p in who if p not in side]
        # the winner's side needs no vote, but one conceding to another blocks it
        if winner in who and need and all(votes.get(p, {}).get("winner") == winner
                                          for p in need) \
                and not any(p in votes for p in side):
            return winner
    return None


def _record(folder: GameFolder, kind: str, powers: list[str], value: object, email: str) -> None:
    data = load(folder)
    key = "powers" if kind == "draw" else "winner"
    for power in powers:
        if value is None:
            data[kind].pop(power, None)
        else:
            data[kind][power] = {key: value, "email": email, "time": now_iso()}
    _save(folder, data)


def status_lines(folder: GameFolder) -> list[str]:
    """The votes for STATUS: every current vote when the game's votes are public, else
    nothing (secret votes are never shown)."""
    if not public(folder) or not path(folder).exists():
        return []
    game = service.game_of(folder)
    state = folder.read_state()
    if game.is_over(state):
        return []
    data = load(folder)
    who = voters(folder, game, state)
    draws, concessions = _valid(data["draw"], who), _valid(data["concede"], who)
    out = [f"Draw votes: {p} for {', '.join(v['powers'])}" for p, v in draws.items()]
    out += [f"Concessions: {p} to {v['winner']}" for p, v in concessions.items()]
    return out


def _summary(folder: GameFolder, game: BaseGame, state: dict, power: str) -> str:
    data = load(folder)
    who = voters(folder, game, state)
    draws, concessions = _valid(data["draw"], who), _valid(data["concede"], who)
    if public(folder):
        lines = ["Votes (this game's votes are public):"]
        for p in who:
            d = draws.get(p)
            c = concessions.get(p)
            lines.append(f"  {p}: " + ", ".join(filter(None, [
                f"draw {'/'.join(d['powers'])}" if d else "no draw",
                f"concedes to {c['winner']}" if c else None])))
        return "\n".join(lines) + "\n"
    mine = draws.get(power)
    conc = concessions.get(power)
    return ("Your votes: " + (f"draw {', '.join(mine['powers'])}" if mine else "no draw")
            + (f"; concede to {conc['winner']}" if conc else "") + ".\n"
            "Votes are secret: the game ends when every surviving power votes the same way.\n")


def _context(ctx: Context) -> tuple[GameFolder, str, BaseGame, dict]:
    if ctx.folder is None or ctx.power is None:
        raise VoteError("give GAME, POWER and PASSWORD lines for this command")
    game = service.game_of(ctx.folder)
    state = ctx.folder.read_state()
    if game.is_over(state):
        raise VoteError(f"{ctx.folder.path.name} is over")
    if ctx.power not in game.surviving_powers(state):
        raise VoteError(f"{ctx.power} has been eliminated and no longer votes")
    return ctx.folder, ctx.power, game, state


def _vote(ctx: Context, kind: str, value: object) -> Answer:
    folder, power, game, state = _context(ctx)
    with folder.lock():
        state = folder.read_state()
        if game.is_over(state):
            raise VoteError(f"{folder.path.name} is over")
        powers = side_powers(game, state, folder, power)
        _record(folder, kind, powers, value, ctx.sender)
        game_audit(folder.path).append(f"vote-{kind}", {"powers": powers})
        text = _summary(folder, game, state, power)
        # any vote may settle it: withdrawing the winner's own concession completes one
        draw = agreed_draw(folder, game, state)
        winner = None if draw else agreed_concession(folder, game, state)
    if draw or winner:
        try:
            if draw:  # the record's results mail tells every player and observer
                service.declare_draw(folder, draw, by="vote")
            else:
                service.declare_concession(folder, winner)
        except GameError:
            if not game.is_over(folder.read_state()):
                raise
            # another process ended it between our lock and the service's (same votes)
            return Answer(text + "The game has already ended.\n", audit={"kind": kind})
    if draw:
        text += f"Every surviving power agreed: the game has ended in a draw ({', '.join(draw)}).\n"
    if winner:
        text += f"Every other surviving power agreed: {winner} wins the game.\n"
    return Answer(text, audit={"kind": kind, "ended": bool(draw or winner)})


@command("SET DRAW", scope="power", usage="SET DRAW [power, power, ...]",
         summary="Vote for a draw between the powers named (none named: every surviving "
                 "power). The game ends in a draw when every surviving power votes for the "
                 "same one. A new vote replaces the old.",
         examples=["SET DRAW", "SET DRAW France, Italy, Turkey"])
def set_draw(ctx: Context) -> Answer:
    _, _, game, state = _context(ctx)
    alive = game.surviving_powers(state)
    named = parse_powers(game, state, ctx.args) if ctx.args.strip() else list(alive)
    out = [p for p in named if p not in alive]
    if out:
        raise VoteError(f"{', '.join(out)} no longer in the game; the surviving powers are "
                        f"{', '.join(alive)}")
    return _vote(ctx, "draw", sorted(named))


@command("SET NO DRAW", scope="power", usage="SET NO DRAW",
         summary="Withdraw your draw vote.", examples=["SET NO DRAW"])
def set_no_draw(ctx: Context) -> Answer:
    return _vote(ctx, "draw", None)


@command("SET CONCEDE", scope="power", usage="SET CONCEDE power",
         summary="Concede the game to a power: it wins when every other surviving power "
                 "concedes to it.",
         examples=["SET CONCEDE Turkey"])
def set_concede(ctx: Context) -> Answer:
    folder, power, game, state = _context(ctx)
    named = parse_powers(game, state, ctx.args) if ctx.args.strip() else []
    if len(named) != 1:
        raise VoteError("name the one power you concede to, e.g. SET CONCEDE Turkey")
    winner = named[0]
    if winner not in game.surviving_powers(state):
        raise VoteError(f"{winner} is no longer in the game")
    if winner in side_powers(game, state, folder, power):
        raise VoteError("you cannot concede to yourself; the others concede to you")
    return _vote(ctx, "concede", winner)


@command("SET NO CONCEDE", scope="power", usage="SET NO CONCEDE",
         summary="Withdraw your concession.", examples=["SET NO CONCEDE"])
def set_no_concede(ctx: Context) -> Answer:
    return _vote(ctx, "concede", None)
