"""Press and diaries: players negotiating through the judge (docs/press.md).

Press blocks in a mail use njudge's syntax (its ``data/press``)::

    PRESS TO England, Germany          (or PRESS TO E G, PRESS TO EG, PRESS TO ALL BUT R)
    ... the message ...
    ENDPRESS                           (or ENDBROADCAST; SIGNOFF ends it too)

    BROADCAST                          (= PRESS TO ALL)
    PRESS TO England GREY              (the sender is not named, where the game allows it)
    PRESS TO R FAKE BROADCAST          (Russia gets it, headed as a broadcast: fake press)
    DIARY ... ENDPRESS                 (a private note, revealed when the game ends)

The blocks are commands of the mail desk's registry (``desk/cmd_press.py``, block commands
of ``desk/commands.py``): their lines are never read as orders, the power's password
authenticates them, a block without its end line is refused (nothing is sent).

This module holds what does not depend on mail: the header's meaning (:func:`parse_header`),
the game's settings (``settings.json`` ``desk.press``, :data:`DEFAULTS`), sending
(:func:`relay`) and keeping: every press is ``desk/press/NNNNNN.json`` and every diary entry
``desk/diary/NNNNNN.json`` in the game folder (private files written atomically under the
game's lock). Readers outside the desk (the static site) use :func:`public_press` and
:func:`diaries` only.

Grey press never names its sender in what recipients get (headers, subject, Message-ID,
body) nor in the ``press`` audit entry; the press file (the moderator's private record)
does.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from datetime import datetime, timedelta

from adjudicator.desk import deadlines, outbox, timezones
from adjudicator.desk.audit import game_audit
from adjudicator.desk.judge import Judge
from adjudicator.desk.players import Roster
from adjudicator.errors import AdjudicatorError
from adjudicator.game import BaseGame
from adjudicator.logs import get_logger
from adjudicator.record import record
from adjudicator.registry import game_for_state
from adjudicator.store import GameFolder, atomic_write, canonical_json

log = get_logger(__name__)

MODES = ("white", "grey", "white-grey", "grey-white", "none")
#: The settings of a game that says nothing (njudge's default: "White, Partial Allowed,
#: No Fake"); observers read broadcasts only.
DEFAULTS: dict = {"mode": "white", "partial": True, "fake": False, "retreat": True,
                  "adjustment": True, "late": True, "observers": "broadcast"}
OBSERVER_CHOICES = ("all", "broadcast", "none")
_BOOL_KEYS = ("partial", "fake", "retreat", "adjustment", "late")
_YES = {"yes", "y", "on", "true", "1", "allowed", "allow"}
_NO = {"no", "n", "off", "false", "0", "refused", "deny"}
MODERATOR = "moderator"  # the sender of press the moderator sends as such
#: Judge limits (judge.json "limits") and their defaults.
LIMIT_DEFAULTS = {"press_per_hour": 20, "press_bytes": 20000}


class PressError(AdjudicatorError):
    """A press refused (the message says why, with the setting when one refuses it)."""


# --- settings ---------------------------------------------------------------------------
def settings_of(folder: GameFolder) -> dict:
    """The game's press settings, defaults filled in (a value edited by hand into something
    invalid counts as the default; ``adj fsck`` reports it)."""
    given = (folder.settings().get("desk") or {}).get("press")
    out = dict(DEFAULTS)
    for key, value in (given.items() if isinstance(given, dict) else ()):
        if _valid_setting(key, value):
            out[key] = value
    return out


def _valid_setting(key: str, value: object) -> bool:
    return ((key == "mode" and value in MODES)
            or (key == "observers" and value in OBSERVER_CHOICES)
            or (key in _BOOL_KEYS and isinstance(value, bool)))


def parse_settings(words: str | Iterable[str]) -> dict:
    """Changes from words such as ``grey``, ``broadcast-only``, ``retreat=no``,
    ``observers=all`` (commas or spaces between them). Refuses anything unknown, naming
    what is expected."""
    if isinstance(words, str):
        words = [words]
    tokens = [t for w in words for t in re.split(r"[\s,;]+", w.strip()) if t]
    out: dict = {}
    for tok in tokens:
        low = tok.lower().replace("_", "-").replace("/", "-").replace("gray", "grey")
        if low in ("no-press", "nopress"):
            low = "none"
        if low in MODES:
            out["mode"] = low
            continue
        if low in ("broadcast-only", "no-partial"):
            out["partial"] = False
            continue
        key, sep, value = low.partition("=")
        if not sep:
            raise PressError(f"unknown press setting {tok!r}: expected a mode ("
                             + ", ".join(MODES) + ", broadcast-only) or KEY=VALUE with KEY "
                             "one of " + ", ".join((*_BOOL_KEYS, "observers")))
        if key == "observers":
            if value not in OBSERVER_CHOICES:
                raise PressError(f"observers={value!r}: expected one of "
                                 + ", ".join(OBSERVER_CHOICES))
            out["observers"] = value
        elif key in _BOOL_KEYS:
            if value in _YES:
                out[key] = True
            elif value in _NO:
                out[key] = False
            else:
                raise PressError(f"{key}={value!r}: expected yes or no")
        elif key == "mode" and value in MODES:
            out["mode"] = value
        else:
            from adjudicator.suggest import suggest

            hint = suggest(key, [*_BOOL_KEYS, "observers", "mode"], n=1)
            raise PressError(f"unknown press setting {key!r}"
                             + (f" (did you mean {hint[0]}?)" if hint else "")
                             + "; known: " + ", ".join((*_BOOL_KEYS, "observers", "mode")))
    return out


def configure(folder: GameFolder, changes: dict) -> dict:
    """Apply ``changes`` (from :func:`parse_settings`) to the game's press settings; the
    caller holds the game lock. Returns the settings; the change is audited."""
    settings = folder.settings()
    desk = dict(settings.get("desk") or {})
    press = {**settings_of(folder), **changes}
    desk["press"] = press
    settings["desk"] = desk
    folder.write_settings(settings)
    game_audit(folder.path).append("press-settings", {"changes": changes, "press": press})
    return press


def describe(s: dict) -> str:
    """The settings in words, as replies and ``adj status`` show them."""
    mode = {"white": "white press (the sender is named)",
            "grey": "grey press (the sender is never named)",
            "white-grey": "white or grey press, the sender chooses (white unless GREY)",
            "grey-white": "grey or white press, the sender chooses (grey unless WHITE)",
            "none": "no press (except to and from the moderator)"}[s["mode"]]
    if s["mode"] == "none":
        return mode
    parts = [mode, "partial press allowed" if s["partial"] else "broadcast only",
             "fake press allowed" if s["fake"] else "no fake press"]
    off = [k for k in ("retreat", "adjustment") if not s[k]]
    if off:
        parts.append("none during " + " and ".join(f"{k}s" for k in off))
    if not s["late"]:
        parts.append("none after the deadline")
    parts.append({"all": "observers read all press", "broadcast": "observers read broadcasts",
                  "none": "observers read no press"}[s["observers"]])
    return "; ".join(parts)


# --- the header: recipients, grey, fake -------------------------------------------------
@record
class Spec:
    """What a header asks for. ``to`` None means everyone (a broadcast)."""

    to: list[str] | None = None
    moderator: bool = False  # "M" / MODERATOR among the recipients
    observers: bool = False  # "O" / OBSERVERS among the recipients
    grey: bool | None = None  # None: the game's default
    fake: bool = False
    fake_to: list[str] | None = None  # faked recipients; None with fake: a broadcast

    @property
    def broadcast(self) -> bool:
        return self.to is None


def _initial_map(game: BaseGame, state: dict) -> dict[str, str]:
    """Initial -> power, for initials that name one power only (njudge's letters)."""
    seen: dict[str, list[str]] = {}
    for p in game.powers(state):
        seen.setdefault(game.power_name(p)[:1].upper(), []).append(p)
    return {k: v[0] for k, v in seen.items() if len(v) == 1}


def _names(game: BaseGame, state: dict, words: list[str], what: str) -> tuple[list[str],
                                                                                bool, bool]:
    """Powers (and the moderator, observers) named by ``words``: power names in any
    spelling the game knows (``England``, ``Eng``, ``english``; "Soviet Union" over two
    words), njudge's initials (``E G`` or ``EG``), ``M``/``MODERATOR``, ``O``/``OBSERVERS``.
    A near miss is refused with a suggestion, never guessed (press to the wrong power
    cannot be taken back)."""
    from adjudicator import service

    powers: list[str] = []
    mod = obs = False
    initials = _initial_map(game, state)
    tokens = [w for w in words if w and w.upper() not in ("AND", "&", "+")]
    i = 0
    while i < len(tokens):
        found = None
        for j in range(min(len(tokens), i + 3), i, -1):  # multi-word names, longest first
            joined = " ".join(tokens[i:j])
            p = game.canonical_power(joined, strict=True)
            if p is not None and p in game.powers(state):
                found, i = p, j
                break
        if found is not None:
            powers.append(found)
            continue
        word = tokens[i]
        up = word.upper().strip(".")
        i += 1
        if up in ("M", "MODERATOR", "MASTER", "GM"):
            mod = True
            continue
        if up in ("O", "OBSERVER", "OBSERVERS"):
            obs = True
            continue
        if up.isalpha() and all(c in initials or c in "MO" for c in up):
            for c in up:
                if c == "M":
                    mod = True
                elif c == "O":
                    obs = True
                else:
                    powers.append(initials[c])
            continue
        guess = service.find_power(game, state, word)
        hint = f" (did you mean {game.power_name(guess)}?)" if guess else ""
        raise PressError(f"unknown {what} {word!r}{hint}; the powers are "
                         + ", ".join(game.power_name(p) for p in game.powers(state)))
    return list(dict.fromkeys(powers)), mod, obs


def parse_header(game: BaseGame, state: dict, keyword: str, options: str) -> Spec:
    """The :class:`Spec` of a header (njudge's options): ``TO list``, ``TO ALL``, ``TO ALL
    BUT list``, ``+list``, ``-list``, ``WHITE``/``GREY`` (and njudge's synonyms), ``FAKE``,
    ``FAKE BROADCAST``, ``FAKE [PARTIAL] TO [ALL BUT] list``. ``BROADCAST`` with no options
    is ``PRESS TO ALL``; ``PRESS`` with no options is refused (njudge: no accidental
    broadcast)."""
    spec = Spec()
    tokens = [t for t in re.split(r"[\s,;]+", options.strip()) if t]
    words = [t.upper() for t in tokens]
    real: list[str] = []
    fake_part: list[str] | None = None
    for tok, up in zip(tokens, words):
        if up in ("GREY", "GRAY", "ANONYMOUS", "ANONYMOUSLY"):
            spec.grey = True
        elif up in ("WHITE", "UNANONYMOUS", "UNANONYMOUSLY"):
            spec.grey = False
        elif up == "FAKE":
            spec.fake = True
            fake_part = []
        elif up == "NOFAKE":
            spec.fake, fake_part = False, None
        elif fake_part is not None:
            fake_part.append(tok)
        else:
            real.append(tok)
    if spec.fake and not real and len(fake_part or []) > 1 and fake_part[0].upper() == \
            "BROADCAST":  # njudge: "PRESS FAKE BROADCAST TO FRG" goes to FRG, as a broadcast
        real, fake_part = fake_part[1:], ["BROADCAST"]
    if not real and spec.fake:  # njudge: "PRESS FAKE TO FRG" is a broadcast faked as partial
        real = ["TO", "ALL"]
    spec.to, spec.moderator, spec.observers = _recipients(game, state, real, keyword,
                                                          "recipient")
    if spec.fake:
        fake = [t for t in fake_part or [] if t.upper() not in ("PARTIAL",)]
        if not fake or [t.upper() for t in fake] in (["BROADCAST"], ["TO", "ALL"], ["ALL"]):
            spec.fake_to = None
        else:
            spec.fake_to, fmod, fobs = _recipients(game, state, fake, "PRESS", "fake recipient")
            if fmod or fobs:
                raise PressError("press cannot be faked as going to the moderator or the "
                                 "observers")
    return spec


def _recipients(game: BaseGame, state: dict, tokens: list[str], keyword: str,
                what: str) -> tuple[list[str] | None, bool, bool]:
    ups = [t.upper() for t in tokens]
    if ups and ups[0] == "BROADCAST":
        tokens, ups = tokens[1:], ups[1:]
        if not tokens:
            return None, False, False
    if ups and ups[0] == "PARTIAL":
        tokens, ups = tokens[1:], ups[1:]
    if not tokens:
        if keyword == "BROADCAST":
            return None, False, False
        raise PressError("PRESS needs its recipients: PRESS TO England, Germany (or TO E G), "
                         "or BROADCAST for everyone")
    sign = None
    if tokens[0][:1] in "+-" and ups[0] not in ("+", "-"):
        sign = tokens[0][0]
        tokens = [tokens[0][1:], *tokens[1:]]
        ups = [t.upper() for t in tokens]
    elif ups[0] == "TO":
        tokens, ups = tokens[1:], ups[1:]
        if ups[:1] == ["ALL"]:
            if ups[1:2] == ["BUT"]:
                sign, tokens = "-", tokens[2:]
                if not tokens:
                    raise PressError("TO ALL BUT needs the powers left out")
            elif len(tokens) == 1:
                return None, False, False
            else:
                raise PressError(f"after TO ALL expected BUT or the end of the line, not "
                                 f"{tokens[1]!r}")
        if not tokens:
            raise PressError("TO needs the recipients: PRESS TO England, Germany")
    powers, mod, obs = _names(game, state, tokens, what)
    if sign == "-":
        playing = [p for p in game.powers(state) if p not in game.unplayed_powers(state)]
        return [p for p in playing if p not in powers], False, False
    return powers, mod, obs


# --- sending ----------------------------------------------------------------------------
def _press_dir(folder: GameFolder, kind: str = "press"):
    return folder.path / "desk" / ("press" if kind == "press" else "diary")


def records(folder: GameFolder, kind: str = "press") -> list[dict]:
    """Every stored press (or diary entry) of the game, oldest first (the moderator's view:
    grey senders included)."""
    d = _press_dir(folder, kind)
    if not d.is_dir():
        return []
    out = []
    for p in sorted(d.glob("[0-9]*.json")):
        out.append(json.loads(p.read_text(encoding="utf-8")))
    return out


def _store(folder: GameFolder, kind: str, record: dict) -> dict:
    """Write ``record`` as the next ``NNNNNN.json`` (caller holds the game lock)."""
    d = _press_dir(folder, kind)
    numbers = [int(p.stem) for p in d.glob("[0-9]*.json")] if d.is_dir() else []
    record = {"id": max(numbers, default=0) + 1, **record}
    atomic_write(d / f"{record['id']:06d}.json", canonical_json(record), mode=0o600)
    return record


def _phase_refusal(game: BaseGame, state: dict, folder: GameFolder, s: dict,
                   now: datetime, zone: str = "UTC") -> str | None:
    kind = game.phase_kind(state)
    if kind in ("retreat", "adjustment") and not s.get(kind, True):
        return (f"this game allows no press during {kind}s (press setting {kind}=no); "
                f"it is {game.phase_name(state)}")
    if not s["late"]:
        sched = deadlines.load_schedule(folder)
        if (sched.get("phase") == state["phase"] and sched.get("deadline")
                and not sched.get("paused")
                and now > deadlines.parse_time(sched["deadline"])):
            return (f"this game allows no press after the deadline (press setting late=no); "
                    f"the deadline was {timezones.show_time(sched['deadline'], zone)}")
    return None


def check(game: BaseGame, state: dict, folder: GameFolder, s: dict, spec: Spec,
          sender: str | None, now: datetime, zone: str = "UTC") -> bool:
    """Refuse what the game's settings do not allow (raising :class:`PressError` naming the
    setting); returns whether the press goes out grey. Press to the moderator alone, and
    press from the moderator, are always allowed (njudge), white."""
    to_moderator_only = spec.moderator and not spec.to and not spec.broadcast
    if sender is None or to_moderator_only:
        if spec.grey:
            raise PressError("press to or from the moderator is always white")
        if spec.fake:
            raise PressError("press to or from the moderator cannot be faked")
        return False
    if spec.observers and s["observers"] == "none":
        raise PressError("observers read no press in this game (press setting "
                         "observers=none)")
    mode = s["mode"]
    if mode == "none":
        raise PressError("this game has no press (press setting: none); press to the "
                         "moderator alone is allowed: PRESS TO MODERATOR")
    if not spec.broadcast and not s["partial"]:
        raise PressError("this game allows broadcast press only (press setting: "
                         "broadcast-only): use BROADCAST")
    if spec.grey is True and mode == "white":
        raise PressError("this game allows white press only (press setting: white): the "
                         "sender is always named; leave out GREY")
    if spec.grey is False and mode == "grey":
        raise PressError("this game allows grey press only (press setting: grey): the "
                         "sender is never named; leave out WHITE")
    if spec.fake and not s["fake"]:
        raise PressError("this game allows no fake press (press setting fake=no); leave "
                         "out FAKE")
    why = _phase_refusal(game, state, folder, s, now, zone)
    if why:
        raise PressError(why)
    if not spec.broadcast and spec.to is not None and spec.to == [sender] and not spec.moderator:
        raise PressError(f"press to {game.power_name(sender)} alone goes to yourself")
    if spec.grey is None:
        return mode in ("grey", "grey-white")
    return spec.grey


def _names_text(game: BaseGame, powers: list[str] | None) -> str:
    return "everyone" if powers is None else ", ".join(game.power_name(p) for p in powers)


def _limits(judge: Judge | None) -> dict:
    lim = dict(LIMIT_DEFAULTS)
    if judge is not None:
        lim.update({k: v for k, v in judge.limits().items() if k in LIMIT_DEFAULTS})
    return lim


def _rate_refusal(folder: GameFolder, kind: str, sender: str, lim: dict,
                  now: datetime, zone: str = "UTC") -> str | None:
    limit = int(lim["press_per_hour"])
    since = now - timedelta(hours=1)
    recent = [r for r in records(folder, kind) if r.get("sender") == sender
              and deadlines.parse_time(r["time"]) > since]
    if len(recent) >= limit:
        first = min(deadlines.parse_time(r["time"]) for r in recent)
        return (f"at most {limit} {'press messages' if kind == 'press' else 'diary entries'} "
                f"an hour may be sent per power (judge limit press_per_hour); try again "
                f"after {timezones.show_time(first + timedelta(hours=1), zone)}")
    return None


def relay(judge: Judge | None, folder: GameFolder, *, sender: str | None, spec: Spec,
          text: str, source: str, now: datetime | None = None,
          rate_limit: bool = True, deliver: bool = True, zone: str = "UTC") -> dict:
    """Send one press: check it against the game's settings and the judge's limits, mail
    it (one message, every recipient in Bcc), keep it in ``desk/press/``, audit it.
    ``sender`` None is the moderator. Returns the stored record plus ``recipients`` (the
    number of addresses) and ``mail`` (``(to, subject, body)``); with ``deliver`` False the
    mail is not queued here (the mail intake sends it with the reply, scrubbed of the
    message's passwords). Raises :class:`PressError` when refused (nothing is sent or
    stored then)."""
    now = now or deadlines.now()
    with folder.lock():
        state = folder.read_state()
        game = game_for_state(state)
        s = settings_of(folder)
        grey = check(game, state, folder, s, spec, sender, now, zone)
        lim = _limits(judge)
        if not text.strip():
            raise PressError("the press is empty")
        size = len(text.encode("utf-8"))
        if size > int(lim["press_bytes"]):
            raise PressError(f"the press is {size} bytes; at most {lim['press_bytes']} "
                             "(judge limit press_bytes)")
        if rate_limit and sender is not None:
            why = _rate_refusal(folder, "press", sender, lim, now, zone)
            if why:
                raise PressError(why)
        roster = Roster(folder)
        data = roster.load()
        everyone = [p for p in game.powers(state) if p not in game.unplayed_powers(state)]
        to_powers = everyone if spec.broadcast else list(spec.to or [])
        to_powers = [p for p in to_powers if p != sender]
        addresses = []
        for p in to_powers:
            rec = data["powers"].get(p)
            if rec and rec.get("status") == "active" and rec.get("email"):
                addresses.append(rec["email"])
        observers = s["observers"] == "all" or (s["observers"] == "broadcast"
                                                and spec.broadcast) or spec.observers
        if observers and s["observers"] != "none":
            addresses += [o["email"] for o in data["observers"]]
        mod_addr = None
        if spec.moderator and judge is not None:
            mod_addr = judge.config["moderator"].get("email")
            if mod_addr:
                addresses.append(mod_addr)
        if sender is not None:
            own = (data["powers"].get(sender) or {}).get("email")
            addresses = [a for a in addresses if a != own or a == mod_addr]
        addresses = sorted(set(addresses))
        if spec.fake:
            shown_to = spec.fake_to  # None: faked as a broadcast
        else:
            shown_to = None if spec.broadcast else to_powers
        name = folder.path.name
        who = ("the moderator" if sender is None else None if grey
               else game.power_name(sender))
        if shown_to is None:
            heading = "Broadcast"
        else:
            heading = "Press to " + ", ".join(
                [game.power_name(p) for p in shown_to]
                + (["the moderator"] if spec.moderator and not spec.fake else []))
        subject = f"[{name}] {heading}" + (f" from {who}" if who else "")
        body = (f"Game {name}, {game.phase_name(state)} ({state['phase']})\n"
                f"{heading}" + (f" from {who}" if who else " (grey: the sender is not "
                                "named)") + ":\n\n" + text.rstrip() + "\n\n"
                "-- \nSent through the judge. Answer with PRESS TO <power> ... ENDPRESS "
                "(with your password), not by replying to this mail.\n")
        msg_id = None
        if addresses and judge is not None and deliver:
            msg = outbox.compose(judge, addresses, subject, body)
            msg_id = msg["Message-ID"]
            outbox.queue(judge, msg, "press")
        record = _store(folder, "press", {
            "phase": state["phase"], "time": deadlines.iso(now), "sender": sender,
            "to": None if spec.broadcast else to_powers, "moderator": spec.moderator,
            "observers": bool(observers and s["observers"] != "none"),
            "grey": grey, "fake": spec.fake, "fake_to": spec.fake_to if spec.fake else None,
            "text": text, "message_id": msg_id, "source": source})
        audit = {"id": record["id"], "phase": state["phase"],
                 "to": record["to"] if record["to"] is not None else "all",
                 "grey": grey, "fake": spec.fake, "bytes": size,
                 "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
                 "recipients": len(addresses), "source": source}
        if not grey:
            audit["from"] = sender or MODERATOR
        game_audit(folder.path).append("press", audit)
    if deliver and addresses and judge is not None and judge.config["smtp"].get("host"):
        try:
            outbox.flush(judge)
        except Exception as exc:  # noqa: BLE001 - the mail stays queued, as outbox.send does
            log.warning("SMTP delivery failed, the press stays queued: %s", exc)
    log.info("%s: press %d queued for %d address(es)", folder.path.name, record["id"],
             len(addresses))
    return {**record, "recipients": len(addresses), "mail": (addresses, subject, body)}


def record_diary(judge: Judge | None, folder: GameFolder, *, power: str, text: str,
                 source: str, now: datetime | None = None, zone: str = "UTC") -> dict:
    """Keep a diary entry of ``power`` (never relayed; revealed when the game ends)."""
    now = now or deadlines.now()
    with folder.lock():
        state = folder.read_state()
        lim = _limits(judge)
        if not text.strip():
            raise PressError("the diary entry is empty")
        size = len(text.encode("utf-8"))
        if size > int(lim["press_bytes"]):
            raise PressError(f"the diary entry is {size} bytes; at most "
                             f"{lim['press_bytes']} (judge limit press_bytes)")
        why = _rate_refusal(folder, "diary", power, lim, now, zone)
        if why:
            raise PressError(why)
        record = _store(folder, "diary", {"phase": state["phase"], "time": deadlines.iso(now),
                                          "sender": power, "text": text, "source": source})
        game_audit(folder.path).append("diary", {
            "id": record["id"], "phase": state["phase"], "power": power, "bytes": size,
            "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(), "source": source})
    return record


# --- adj fsck ---------------------------------------------------------------------------
_FIELDS = {"press": ("id", "phase", "time", "sender", "to", "grey", "fake", "text", "source"),
           "diary": ("id", "phase", "time", "sender", "text", "source")}


def _settings_problems(folder: GameFolder) -> list[str]:
    """``settings.json`` ``desk.press``: known keys with valid values."""
    try:
        given = (folder.settings().get("desk") or {}).get("press")
    except (OSError, ValueError):
        return []  # (the state checks report an unreadable settings.json)
    if given is None:
        return []
    if not isinstance(given, dict):
        return ["settings.json desk.press: not an object"]
    out = []
    for key, value in given.items():
        if not _valid_setting(key, value):
            out.append(f"settings.json desk.press: invalid {key}={value!r}")
    return out


def fsck_problems(folder: GameFolder, audit_records: list[dict] | None = None) -> list[str]:
    """What ``adj fsck`` finds wrong with the stored press and diaries: a file that does
    not parse, lacks a field or is misnamed; with the audit log's ``audit_records``, a
    file the log never recorded, or whose text is not the one it recorded (by SHA-256),
    and a logged press whose file is gone."""
    problems = _settings_problems(folder)
    for kind in ("press", "diary"):
        d = _press_dir(folder, kind)
        stored: dict[int, dict] = {}
        for p in sorted(d.glob("*.json")) if d.is_dir() else []:
            rel = f"desk/{'press' if kind == 'press' else 'diary'}/{p.name}"
            try:
                rec = json.loads(p.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                problems.append(f"{rel} unreadable: {exc}")
                continue
            missing = [k for k in _FIELDS[kind] if not isinstance(rec, dict) or k not in rec]
            if missing:
                problems.append(f"{rel}: missing {', '.join(missing)}")
                continue
            if p.name != f"{rec['id']:06d}.json":
                problems.append(f"{rel}: holds number {rec['id']}")
                continue
            stored[rec["id"]] = rec
        if audit_records is None:
            continue
        logged = {r["data"]["id"]: r["data"] for r in audit_records if r["event"] == kind}
        for n, rec in sorted(stored.items()):
            entry = logged.get(n)
            digest = hashlib.sha256(rec["text"].encode("utf-8")).hexdigest()
            if entry is None:
                problems.append(f"{kind} {n}: stored but never recorded in the audit log")
            elif entry.get("sha256") not in (None, digest):
                problems.append(f"{kind} {n}: its text is not the one the audit log recorded")
        for n in sorted(set(logged) - set(stored)):
            problems.append(f"{kind} {n}: recorded in the audit log but its file is gone")
    return problems


# --- what others read ------------------------------------------------------------------
def public_press(folder: GameFolder) -> list[dict]:
    """Broadcast press only, oldest first: ``{"id", "phase", "time", "text", "sender"}``
    with ``sender`` the power (or ``"moderator"``), None when grey. Faked press is shown
    as its recipients saw it only when it was a real broadcast."""
    out = []
    for r in records(folder, "press"):
        if r.get("to") is not None:
            continue
        out.append({"id": r["id"], "phase": r["phase"], "time": r["time"], "text": r["text"],
                    "sender": None if r.get("grey") else (r.get("sender") or MODERATOR)})
    return out


def spectator_press(folder: GameFolder) -> list[dict]:
    """The broadcast press a spectator may read (the site, HISTORY by mail): what an
    observer may, so none when the game keeps press from observers (``observers: none``)."""
    if settings_of(folder).get("observers") == "none":
        return []
    return public_press(folder)


def sender_name(game: BaseGame, sender: str | None) -> str | None:
    """A press sender as people read it: the power's name, "Moderator", None when grey."""
    if sender is None:
        return None
    return "Moderator" if sender == MODERATOR else game.power_name(sender)


def diaries(folder: GameFolder, state: dict) -> dict[str, list[dict]]:
    """Each power's diary entries (``{"id", "phase", "time", "text"}``, oldest first), keyed
    by power; empty until the game has ended (``BaseGame.is_over`` of ``state``)."""
    if not game_for_state(state).is_over(state):
        return {}
    out: dict[str, list[dict]] = {}
    for r in records(folder, "diary"):
        out.setdefault(r["sender"], []).append(
            {"id": r["id"], "phase": r["phase"], "time": r["time"], "text": r["text"]})
    return out


def history(folder: GameFolder, phase: str | None = None) -> list[dict]:
    """The press of the game (of ``phase``), for ``adj press GAME --list``: the moderator's
    record, grey senders included."""
    return [r for r in records(folder, "press") if phase is None or r["phase"] == phase]


__all__ = ["PressError", "Spec", "check", "configure", "describe", "diaries", "history",
           "parse_header", "parse_settings",
           "public_press", "record_diary", "records", "relay", "settings_of"]
