"""Start an Axis & Allies game from a written position (``adj new aa1942 DIR --from FILE``).

A moderator taking over a game in progress, or setting up a scenario, writes the position as
JSON in the state format of ``docs/state-format.md``. :func:`load_position` turns that text
into a complete game state, or refuses it with every problem found at once; the format,
its defaults and the decisions behind them are in ``docs/position-aa.md``.

Why so much checking: the turn engine trusts its state. It was written for states it made
itself, so a fighter parked over an empty sea zone, a tank on a transport in another zone or
a capital captured without anyone noticing would not be refused later, they would be
adjudicated into nonsense. A written position is the one place where a state comes from a
person, so it is checked here against everything the engine relies on, and every problem is
reported (with the JSON path, the line and column, and "did you mean") so the moderator can
fix them all in one go. Nothing invalid ever becomes a state.

Why so many defaults: a moderator knows whose turn it is, the treasuries, who controls what,
where the units and complexes are. Everything else in a state is either derived from those
(``captured_capitals``, ``phase``, ``turn_start_controllers`` at the start of a turn) or
bookkeeping that is empty or reset when a turn begins. Those may be left out; when given
they must agree, so a whole ``game.json`` pasted in loads back unchanged.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from json.decoder import scanstring  # type: ignore[attr-defined]
from typing import Any, Literal, get_args, get_origin, get_type_hints

from adjudicator.axis_allies import editions
from adjudicator.axis_allies.data import Edition, UnitSpec
from adjudicator.axis_allies.orders import SubmergePolicy
from adjudicator.axis_allies.rules import RETIRED, Rules
from adjudicator.axis_allies.ruleset import NMR_POLICIES, PASS_MODES, WAITING_STEPS, Ruleset
from adjudicator.axis_allies.state import (
    new_unit,
    phase_code,
    uid_key,
)
from adjudicator.axis_allies.turn import PER_TURN_FIELDS
from adjudicator.canonical import canonical_json
from adjudicator.errors import OrderError, PositionError
from adjudicator.record import record
from adjudicator.suggest import Suggester

__all__ = ["STATE_KEYS", "WAITING_STEPS", "dump_position", "load_position"]

MOVED_IN = (None, "combat", "noncombat")

#: Every top-level field of an A&A state (``docs/state-format.md``).
STATE_KEYS = (
    "schema_version", "game", "variant", "phase", "players", "result",
    "rules", "turn", "controllers", "turn_start_controllers", "treasury", "captured_capitals",
    "complexes", "units", "next_unit_id", "purchased", "repairs", "committed_carriers",
    "nmr", "passes", "standing", "pending_aa_return", "techs",
    # National Advantages (Revised; docs/state-format.md, docs/aa-advantages.md)
    "advantages", "advantages_used", "advantages_declared", "advantage_units",
    "advantage_choices",
)
#: the National Advantage fields, each kept as given when present (absent: none)
ADVANTAGE_FIELDS = ("advantages", "advantages_used", "advantages_declared",
                    "advantage_units", "advantage_choices")
UNIT_KEYS = tuple(new_unit("u1", "", "", ""))
COMPLEX_KEYS = ("owner", "damage", "new")
TURN_KEYS = ("round", "power", "step")
STANDING_KEYS = ("order_of_loss", "battleship_first_hit", "keep_land_units", "submerge",
                 "reland", "advantages")
SUBMERGE_POLICIES = get_args(SubmergePolicy)

_UNIT_ID = re.compile(r"u[1-9][0-9]*")
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_WHITESPACE = re.compile(r"[ \t\n\r]*")

Path = tuple[str | int, ...]


class _Absent:
    """A field left out, as opposed to one given as ``null``."""

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Any = _Absent()


# --- public API ---------------------------------------------------------------------------------


def load_position(text: str, edition: Edition, base: Mapping[str, Any]) -> dict[str, Any]:
    """The game state written in ``text`` (JSON), completed and checked against ``edition``.

    ``base`` holds the common fields the caller decides (``schema_version``, ``game``,
    ``players``, ``result``...): they win over the same keys in the text, which may carry
    them (a whole ``game.json`` pasted in). Raises :class:`PositionError` listing every
    problem found; never returns a state built from invalid input.
    """
    source = _Source.parse(text)
    reader = _Reader(source, edition, base)
    state = reader.read()
    if reader.problems:
        # reading order follows the fields; the moderator reads the file top to bottom
        raise PositionError(sorted(reader.problems, key=lambda p: (p.line == 0, p.line,
                                                                   p.column)))
    return state


def _ruleset(edition: Edition, base: Mapping[str, Any]) -> Ruleset:
    """The rules the position's game is played with: its registry key's, else the data's."""
    key = base.get("game")
    if isinstance(key, str) and key in editions.registered_keys():
        return editions.ruleset(key)
    return editions.for_data(edition.name)


def dump_position(state: Mapping[str, Any]) -> str:
    """The state as canonical JSON: the bytes of ``game.json``, which load back unchanged."""
    return canonical_json(state)


# --- the text: JSON values and where they are ------------------------------------------------


def format_path(path: Path) -> str:
    """``units[12].loc``; keys that are not identifiers are quoted: ``controllers["a b"]``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif _IDENTIFIER.fullmatch(part):
            out += f".{part}" if out else part
        else:
            out += f"[{json.dumps(part, ensure_ascii=False)}]"
    return out


@record
class _Source:
    """The decoded JSON plus the character offset of every value in the text.

    ``json`` gives no positions, so after it has accepted the text a small walker goes over
    the text again (it is known to be valid) and records where each object member (its key)
    and each array element starts. That is cheap, exact, and it sees duplicate keys, which
    ``json`` silently resolves to the last one.
    """

    text: str
    data: Any
    offsets: dict[Path, int]
    duplicates: list[Path]

    @classmethod
    def parse(cls, text: str) -> _Source:
        # An editor's invisible byte-order mark is not a mistake worth refusing a file for.
        text = text.removeprefix("\ufeff")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            lines = text.split("\n")
            line = lines[exc.lineno - 1] if exc.lineno <= len(lines) else ""
            raise PositionError([OrderError(
                exc.lineno, exc.colno, _excerpt(line, exc.colno), f"not valid JSON: {exc.msg}",
                rule="position-json")]) from None
        source = cls(text, data, {}, [])
        source._walk(_WHITESPACE.match(text, 0).end(), ())  # type: ignore[union-attr]
        return source

    def _skip(self, i: int) -> int:
        return _WHITESPACE.match(self.text, i).end()  # type: ignore[union-attr]

    def _walk(self, i: int, path: Path) -> int:
        """Record the value starting at ``i`` and its members; return the offset after it."""
        text = self.text
        self.offsets.setdefault(path, i)
        if text[i] == "{":
            i = self._skip(i + 1)
            seen: set[str] = set()
            while text[i] != "}":
                key, after = scanstring(text, i + 1)
                member = (*path, key)
                if key in seen:
                    self.duplicates.append(member)
                seen.add(key)
                self.offsets[member] = i  # the key: what a problem with the member points at
                i = self._skip(self._skip(after) + 1)  # past the colon
                i = self._skip(self._walk(i, member))  # keeps the key's offset (setdefault)
                if text[i] == ",":
                    i = self._skip(i + 1)
            return i + 1
        if text[i] == "[":
            i = self._skip(i + 1)
            n = 0
            while text[i] != "]":
                i = self._skip(self._walk(i, (*path, n)))
                n += 1
                if text[i] == ",":
                    i = self._skip(i + 1)
            return i + 1
        return json.JSONDecoder().raw_decode(text, i)[1]

    def where(self, path: Path) -> tuple[int, int, str]:
        """Line, column (1-based) and line text of ``path``, or of its nearest ancestor that is
        written in the text; ``(0, 0, "")`` when that is only the whole document."""
        while path and path not in self.offsets:
            path = path[:-1]
        if not path and not isinstance(self.data, dict):
            offset = self.offsets.get((), 0)
        elif not path:
            return 0, 0, ""
        else:
            offset = self.offsets[path]
        line = self.text.count("\n", 0, offset) + 1
        start = self.text.rfind("\n", 0, offset) + 1
        end = self.text.find("\n", offset)
        column = offset - start + 1
        return line, column, _excerpt(self.text[start:end if end >= 0 else None], column)


def _excerpt(line: str, column: int, width: int = 100) -> str:
    """The line, cut around ``column`` when long (a position may be one minified line)."""
    line = line.rstrip()
    if len(line) <= width:
        return line.strip()
    start = max(0, min(column - 1 - width // 3, len(line) - width))
    cut = line[start:start + width]
    return ("..." if start else "") + cut + ("..." if start + width < len(line) else "")


# --- reading and checking ---------------------------------------------------------------------


@record
class _Unit:
    """One entry of ``units`` as read: the record being built and what was valid in it."""

    index: int
    record: dict[str, Any]
    given_id: str | None  # the id written in the position, when it is a well-formed one
    placed: bool  # power, type and region are all known: the placement rules can be checked

    @property
    def path(self) -> Path:
        return ("units", self.index)


class _Reader:
    """Reads one position field by field, collecting problems instead of stopping at the first.

    Each field has its method, which returns the value for the state, or ``None`` when the field
    is too broken to use; checks across fields run only on fields that could be read, so one
    mistake is reported once, not again by every check that depends on it.
    """

    def __init__(self, source: _Source, edition: Edition, base: Mapping[str, Any]) -> None:
        self.source = source
        self.ed = edition
        self.base = dict(base)
        self.problems: list[OrderError] = []
        self.ruleset = _ruleset(edition, self.base)
        self.rules: Rules = self.ruleset.rules
        self.retired: dict[str, Any] = {}  # retired rule switches given with their value
        self.play = self.ruleset.in_play(None)  # the effects in play, once they are read
        self.chosen: dict[str, list[str]] = {}  # power -> its National Advantages
        self.step: str | None = None
        self.turn_power: str | None = None
        setup = edition.setup
        self.powers = setup.turn_order
        self._powers = Suggester({label: p.id for p in setup.powers.values()
                                  for label in (p.id, p.name, p.triplea_name, *p.aliases)})
        self._regions = Suggester({label: r.id for r in edition.map
                                   for label in (r.id, r.name, r.triplea_name, *r.aliases)})
        self._unit_types = Suggester({label: u.id for u in edition.units
                                      for label in (u.id, u.name, u.plural, u.triplea_name,
                                                    *u.aliases)})

    # --- problems and primitive checks ---------------------------------------------------------
    def problem(self, path: Path, message: str, rule: str,
                suggestions: Iterable[str] = ()) -> None:
        line, column, text = self.source.where(path)
        where = format_path(path)
        self.problems.append(OrderError(line, column, text,
                                        f"{where}: {message}" if where else message,
                                        suggestions=tuple(suggestions), rule=rule))

    def _name(self, value: Any, path: Path, known: Iterable[str], matcher: Suggester,
              what: str, rule: str) -> str | None:
        """``value`` when it is one of the ``known`` ids, else a problem with suggestions.

        Positions use ids only (``western_europe``, not ``Western Europe``): the state format
        is ids, and one spelling per thing keeps a written position canonical. The matcher
        knows every name and alias, so a name typed instead of an id is pointed to its id.
        """
        known = tuple(known)
        if isinstance(value, str) and value in known:
            return value
        if not isinstance(value, str):
            self.problem(path, f"{what} must be written as a string id, not {_show(value)}", rule)
            return None
        exact = matcher.exact(value)
        if exact is not None and exact in known:
            self.problem(path, f"write the {what} id {exact!r}, not {value!r}", rule, [exact])
            return None
        hints = [s for s in matcher.suggest(value) if s in known]
        listed = f"; {what}s: {', '.join(known)}" if len(known) <= 12 else ""
        self.problem(path, f"unknown {what} {value!r}{listed}", rule, hints)
        return None

    def power(self, value: Any, path: Path) -> str | None:
        return self._name(value, path, self.powers, self._powers, "power", "unknown-power")

    def region(self, value: Any, path: Path) -> str | None:
        return self._name(value, path, self.ed.map.regions, self._regions, "region",
                          "unknown-region")

    def unit_type(self, value: Any, path: Path) -> str | None:
        return self._name(value, path, self.ed.units.units, self._unit_types, "unit type",
                          "unknown-unit-type")

    def integer(self, value: Any, path: Path, rule: str, minimum: int = 0,
                what: str = "a whole number") -> int | None:
        # bool is an int to Python but never a count to a moderator
        if isinstance(value, int) and not isinstance(value, bool) and value >= minimum:
            return value
        self.problem(path, f"must be {what}, {minimum} or more (got {_show(value)})", rule)
        return None

    def boolean(self, value: Any, path: Path) -> bool | None:
        if isinstance(value, bool):
            return value
        self.problem(path, f"must be true or false (got {_show(value)})", "field-type")
        return None

    def obj(self, value: Any, path: Path, what: str = "an object {...}") -> dict | None:
        if isinstance(value, dict):
            return value
        self.problem(path, f"must be {what} (got {_show(value)})", "field-type")
        return None

    def known_keys(self, obj: Mapping[str, Any], path: Path, known: Iterable[str]) -> None:
        known = tuple(known)
        matcher = Suggester(known)
        for key in obj:
            if key not in known:
                self.problem((*path, key), f"unknown field; known fields: {', '.join(known)}",
                             "unknown-field", matcher.suggest(key))

    def required(self, data: Mapping[str, Any], key: str, path: Path = ()) -> Any:
        value = data.get(key, ABSENT)
        if value is ABSENT:
            self.problem((*path, key), "missing (required)", "missing-field")
        return value

    # --- the whole position ----------------------------------------------------------------------
    def read(self) -> dict[str, Any]:
        data = self.source.data
        if not isinstance(data, dict):
            self.problem((), f"a position is a JSON object {{...}}, not {_show(data)}",
                         "position-not-object")
            return {}
        for path in self.source.duplicates:
            self.problem(path, "given twice; JSON keeps only the last one, so say it once",
                         "duplicate-key")
        self.known_keys(data, (), sorted(set(STATE_KEYS) | set(self.base)))
        self.common(data)
        self.rules_field(data)
        turn = self.turn(data)
        controllers = self.controllers(data, "controllers")
        start = self.turn_start_controllers(data, controllers)
        treasury = self.treasury(data)
        complexes = self.complexes(data, controllers)
        # the advantages and technologies first: their effects decide what a ship may carry
        # (Japanese Tokyo Express: a destroyer takes one infantry)
        nas = self.advantages(data, turn, complexes)
        techs_in_play = self.techs(data) if "techs" in data else None
        self.play = self.ruleset.in_play({"rules": self.rules.to_json(), **nas,
                                          **({"techs": techs_in_play} if techs_in_play else {})})
        units, next_id = self.units(data, controllers)
        captured = self.captured_capitals(data, controllers)
        state: dict[str, Any] = {
            "phase": phase_code(turn["round"], turn["power"], turn["step"]) if turn else "",
            "rules": {**self.rules.to_json(), **self.retired},
            "turn": turn,
            "controllers": controllers,
            "turn_start_controllers": start,
            "treasury": treasury,
            "captured_capitals": captured,
            "complexes": complexes,
            "units": units,
            "next_unit_id": next_id,
            "purchased": self.purchased(data),
            "repairs": self.repairs(data, complexes),
            "committed_carriers": self.committed_carriers(data, units),
            "nmr": self.choice(data, "nmr", NMR_POLICIES),
            "passes": self.choice(data, "passes", PASS_MODES),
            "standing": self.standing(data),
        }
        # "variant" (schema 1 states name their data folder) is checked below but not kept:
        # the new game's schema says which game it is by "game" alone.
        if "pending_aa_return" in data:
            # present only during a turn (capital liberation); never added when left out
            state["pending_aa_return"] = self.pending_aa_return(data, units)
        if techs_in_play:  # weapons development: absent until a power has developed one
            state["techs"] = techs_in_play
        state.update(nas)
        if turn and "phase" in data and data["phase"] != state["phase"]:
            self.problem(("phase",), f"{_show(data['phase'])} does not match turn, which gives "
                         f"{state['phase']!r}; leave phase out, it is computed from turn",
                         "phase-mismatch")
        state.update(self.base)
        return state

    def common(self, data: Mapping[str, Any]) -> None:
        """The common fields are the caller's (``base``) and the text's copies are ignored,
        except where they show the text is no position to start this game from: another
        game's state, or a finished one."""
        if "game" in data and "game" in self.base and data["game"] != self.base["game"]:
            self.problem(("game",), f"{_show(data['game'])}, but this game is "
                         f"{self.base['game']!r}", "wrong-game")
        if "variant" in data and data["variant"] != self.ed.name:
            self.problem(("variant",), f"{_show(data['variant'])}, but this game's data is "
                         f"{self.ed.name!r}", "wrong-game")
        result = data.get("result")
        if result is not None:
            kind = result.get("type") if isinstance(result, dict) else result
            self.problem(("result",), f"the game is over ({_show(kind)}); a position to start "
                         "from is a running game: result must be null or left out",
                         "result-not-null")

    def rules_field(self, data: Mapping[str, Any]) -> None:
        """The edition's rules with the switches given applied; unknown switches are refused
        (``Rules.with_options`` ignores them for forward compatibility, but in a hand-written
        position an unknown switch is a typo that would silently change nothing)."""
        given = data.get("rules", ABSENT)
        if given is ABSENT:
            return
        obj = self.obj(given, ("rules",))
        if obj is None:
            return
        hints = get_type_hints(Rules)
        matcher = Suggester(list(hints))
        good: dict[str, Any] = {}
        for key, value in obj.items():
            path = ("rules", key)
            if key in RETIRED and key not in hints:
                # a switch since retired: a state written with it still loads unchanged
                if value != RETIRED[key]:
                    self.problem(path, f"must be {_show(RETIRED[key])}: the rule is not "
                                 f"played (got {_show(value)})", "rule-value")
                else:
                    self.retired[key] = value
            elif key not in hints:
                self.problem(path, f"unknown rule; rules: {', '.join(hints)}", "unknown-rule",
                             matcher.suggest(key))
            elif key == "edition" and value != self.ruleset.key:
                self.problem(path, f"{_show(value)}, but this game is {self.ruleset.key!r}",
                             "rule-value")
            elif not _fits(value, hints[key]):
                self.problem(path, f"must be {_describe(hints[key])} (got {_show(value)})",
                             "rule-value")
            else:
                good[key] = value
        self.rules = self.ruleset.rules_for(good)

    def turn(self, data: Mapping[str, Any]) -> dict[str, Any] | None:
        given = self.required(data, "turn")
        if given is ABSENT or (obj := self.obj(given, ("turn",))) is None:
            return None
        self.known_keys(obj, ("turn",), TURN_KEYS)
        rnd = self.required(obj, "round", ("turn",))
        if rnd is not ABSENT:
            rnd = self.integer(rnd, ("turn", "round"), "turn-round", 1)
        power = self.required(obj, "power", ("turn",))
        if power is not ABSENT:
            power = self.power(power, ("turn", "power"))
        step = obj.get("step", "purchase")
        if step not in WAITING_STEPS:
            inner = (f"; {step!r} happens inside a resolution and no game waits at it"
                     if step in {s.key for s in self.ruleset.turn_steps} else "")
            self.problem(("turn", "step"), f"unknown step {_show(step)}: a game waits only at "
                         f"{' or '.join(WAITING_STEPS)}{inner}", "unknown-step",
                         Suggester(WAITING_STEPS).suggest(step) if isinstance(step, str) else ())
            step = None
        self.step, self.turn_power = step, power
        if rnd in (None, ABSENT) or power in (None, ABSENT) or step is None:
            return None
        return {"round": rnd, "power": power, "step": step}

    def controllers(self, data: Mapping[str, Any], key: str) -> dict[str, str] | None:
        """Every territory that can be controlled, exactly once; no sea zone, no neutral.

        All of them are required: a territory left out is far more likely forgotten than meant
        to be as at the start, and the engine has no "uncontrolled" for a non-neutral one."""
        given = self.required(data, key)
        if given is ABSENT or (obj := self.obj(given, (key,))) is None:
            return None
        m = self.ed.map
        out: dict[str, str] = {}
        seen: set[str] = set()
        for t, p in obj.items():
            path = (key, t)
            rid = self.region(t, path)
            if rid is None:
                continue
            seen.add(rid)
            if m.is_sea(rid):
                self.problem(path, "a sea zone has no controller", "controller-not-territory")
                continue
            if m.region(rid).impassable:
                self.problem(path, f"{m.region(rid).name} is neutral: it can never be entered, "
                             "so nobody controls it", "controller-not-territory")
                continue
            power = self.power(p, path)
            if power is not None:
                out[rid] = power
        missing = [t for t in m.territories
                   if self.ed.starting_controller(t) is not None and t not in seen]
        if missing:
            self.problem((key,), f"no controller for {len(missing)} "
                         f"{_plural(len(missing), 'territory', 'territories')}: "
                         f"{', '.join(missing)}", "controller-missing")
        return dict(sorted(out.items()))

    def turn_start_controllers(self, data: Mapping[str, Any],
                               controllers: dict[str, str] | None) -> dict[str, str] | None:
        """Defaults to ``controllers``. At the purchase step nothing has happened in the turn
        yet, so the two must agree (the engine snapshots them when a turn begins)."""
        if "turn_start_controllers" not in data:
            return None if controllers is None else dict(controllers)
        start = self.controllers(data, "turn_start_controllers")
        if start is not None and controllers is not None and self.step == "purchase":
            for t in sorted(set(start) | set(controllers)):
                if start.get(t) != controllers.get(t):
                    self.problem(("turn_start_controllers", t), f"{start.get(t)} at the start "
                                 f"of the turn but controllers say {controllers.get(t)}; at the "
                                 "purchase step nothing has changed hands yet (leave "
                                 "turn_start_controllers out)", "mid-turn-at-purchase-step")
        return start

    def treasury(self, data: Mapping[str, Any]) -> dict[str, int] | None:
        given = self.required(data, "treasury")
        if given is ABSENT or (obj := self.obj(given, ("treasury",))) is None:
            return None
        out: dict[str, int] = {}
        seen: set[str] = set()
        for key, value in obj.items():
            path = ("treasury", key)
            power = self.power(key, path)
            if power is None:
                continue
            seen.add(power)
            amount = self.integer(value, path, "treasury-value", 0, "a whole number of IPC")
            if amount is not None:
                out[power] = amount
        for power in self.powers:
            if power not in seen:
                self.problem(("treasury",), f"no entry for {power} (write 0 for an empty one)",
                             "treasury-missing")
        return {p: out[p] for p in self.powers if p in out}

    def complexes(self, data: Mapping[str, Any],
                  controllers: dict[str, str] | None) -> dict[str, dict[str, Any]] | None:
        given = self.required(data, "complexes")
        if given is ABSENT or (obj := self.obj(given, ("complexes",))) is None:
            return None
        m = self.ed.map
        out: dict[str, dict[str, Any]] = {}
        for t, value in obj.items():
            path = ("complexes", t)
            rid = self.region(t, path)
            if rid is None:
                continue
            region = m.region(rid)
            if region.is_sea:
                self.problem(path, "an industrial complex stands on land, never in a sea zone",
                             "complex-at-sea")
                continue
            if region.impassable:
                self.problem(path, f"{region.name} is neutral: nobody can hold a complex there",
                             "complex-territory")
                continue
            if region.ipc < self.rules.new_complex_min_ipc and not region.industrial_complex:
                self.problem(path, f"{region.name} is worth {region.ipc} IPC; a complex can only "
                             f"be built on a territory worth {self.rules.new_complex_min_ipc} or "
                             "more", "complex-territory")
            cx = self.obj(value, path, '{"owner", "damage", "new"}')
            if cx is None:
                continue
            self.known_keys(cx, path, COMPLEX_KEYS)
            ctl = controllers.get(rid) if controllers is not None else None
            owner = cx.get("owner", ctl)
            if "owner" in cx:
                owner = self.power(owner, (*path, "owner"))
                if owner is not None and controllers is not None and ctl is not None \
                        and owner != ctl:
                    self.problem((*path, "owner"), f"{owner}, but {ctl} controls "
                                 f"{region.name}: a complex always belongs to the territory's "
                                 "controller (leave owner out)", "complex-owner")
            cap = self.rules.sbr_damage_cap_multiple * region.ipc
            damage = cx.get("damage", 0)
            if not (isinstance(damage, int) and not isinstance(damage, bool)
                    and 0 <= damage <= cap):
                self.problem((*path, "damage"), f"must be a whole number from 0 to {cap} "
                             f"(damage is capped at {self.rules.sbr_damage_cap_multiple} x "
                             f"{region.name}'s {region.ipc} IPC), got {_show(damage)}",
                             "complex-damage")
                damage = None
            new = self.boolean(cx.get("new", False), (*path, "new"))
            if new and self.step == "purchase":
                self.problem((*path, "new"), "a complex is new only in the turn it was built or "
                             "captured, which ends before the next purchase step",
                             "mid-turn-at-purchase-step")
            if owner is not None and damage is not None and new is not None:
                out[rid] = {"owner": owner, "damage": damage, "new": new}
        return dict(sorted(out.items()))

    # --- units ----------------------------------------------------------------------------------
    def units(self, data: Mapping[str, Any], controllers: dict[str, str] | None
              ) -> tuple[list[dict[str, Any]] | None, int | None]:
        given = self.required(data, "units")
        if given is ABSENT:
            return None, None
        if not isinstance(given, list):
            self.problem(("units",), f"must be a list [...] (got {_show(given)})", "field-type")
            return None, None
        read = [u for i, raw in enumerate(given) if (u := self.unit(i, raw)) is not None]
        next_id = self.assign_ids(data, read)
        by_id: dict[str, _Unit] = {}
        for u in read:
            by_id.setdefault(u.record["id"], u)
        cargo: dict[str, list[_Unit]] = {}
        for u in read:
            if u.placed:
                self.place(u, by_id, controllers, cargo)
        for vessel_id, riders in sorted(cargo.items(), key=lambda kv: uid_key(kv[0])):
            self.capacity(by_id[vessel_id], riders)
        units = sorted((u.record for u in read), key=lambda r: uid_key(r["id"]))
        return units, next_id

    def unit(self, index: int, raw: Any) -> _Unit | None:
        path: Path = ("units", index)
        obj = self.obj(raw, path, '{"power", "type", "loc", ...}')
        if obj is None:
            return None
        self.known_keys(obj, path, UNIT_KEYS)
        power = self.required(obj, "power", path)
        utype = self.required(obj, "type", path)
        loc = self.required(obj, "loc", path)
        power = None if power is ABSENT else self.power(power, (*path, "power"))
        utype = None if utype is ABSENT else self.unit_type(utype, (*path, "type"))
        loc = None if loc is ABSENT else self.region(loc, (*path, "loc"))
        if utype is not None and self.ed.units[utype].production:
            self.problem((*path, "type"), "industrial complexes are not units: list them under "
                         "complexes", "complex-as-unit")
            utype = None
        uid = obj.get("id", ABSENT)
        given_id: str | None = None
        if uid is not ABSENT:
            if isinstance(uid, str) and _UNIT_ID.fullmatch(uid):
                given_id = uid
            else:
                self.problem((*path, "id"), f"a unit id is 'u' and a number from 1, like 'u17' "
                             f"(got {_show(uid)}); or leave it out to have one assigned",
                             "unit-id")
        record = new_unit(given_id or "", power or "", utype or "", loc or "")
        for key, default in PER_TURN_FIELDS.items():
            value = obj.get(key, default)
            ok = (value in MOVED_IN if key == "moved_in"
                  else isinstance(value, int) and not isinstance(value, bool) and value >= 0
                  if key == "moved" else isinstance(value, bool))
            if not ok:
                allowed = {"moved_in": "null, \"combat\" or \"noncombat\"",
                           "moved": "a whole number, 0 or more"}.get(key, "true or false")
                self.problem((*path, key), f"must be {allowed} (got {_show(value)})",
                             "field-type")
                continue
            record[key] = value
            if self.step == "purchase" and value != default:
                self.problem((*path, key), f"{_show(value)} at the purchase step, where no "
                             "unit has done anything this turn yet (leave it out)",
                             "mid-turn-at-purchase-step")
        aboard = obj.get("aboard")
        if aboard is not None and not isinstance(aboard, str):
            self.problem((*path, "aboard"), f"must be the id of the carrying unit or null "
                         f"(got {_show(aboard)})", "field-type")
        else:
            record["aboard"] = aboard
        damage = obj.get("damage", 0)
        if utype is not None:
            self.unit_damage(damage, (*path, "damage"), self.ed.units[utype])
        record["damage"] = damage
        if utype is not None and "moved" in obj and isinstance(record["moved"], int) \
                and record["moved"] > self.ed.units[utype].move:
            self.problem((*path, "moved"), f"{record['moved']} movement points used, but "
                         f"{_a(utype)} has {self.ed.units[utype].move}", "unit-moved")
        return _Unit(index, record, given_id,
                     placed=power is not None and utype is not None and loc is not None)

    def unit_damage(self, damage: Any, path: Path, spec: UnitSpec) -> None:
        """Hits short of destroying the unit; none at all when the edition repairs battleships
        after each battle (1942 p.28, ruling 25): no stored state falls inside a battle."""
        if not (isinstance(damage, int) and not isinstance(damage, bool)
                and 0 <= damage < spec.hits):
            self.problem(path, f"{_a(spec.id)} takes at most {spec.hits - 1} "
                         f"{_plural(spec.hits - 1, 'hit', 'hits')} without being destroyed "
                         f"(got {_show(damage)})", "unit-damage")
        elif damage and self.rules.battleship_repair == "after_battle":
            self.problem(path, f"damaged, but these rules repair {_a(spec.id)} at the end of "
                         "each battle (ruling 25), so no position holds a damaged one",
                         "unit-damage")

    def assign_ids(self, data: Mapping[str, Any], units: list[_Unit]) -> int | None:
        """Duplicate ids are refused; missing ids are handed out after the largest given one,
        in the order the units are listed; ``next_unit_id`` defaults to one past the largest."""
        first: dict[str, int] = {}
        for u in units:
            if u.given_id is None:
                continue
            if u.given_id in first:
                self.problem((*u.path, "id"), f"{u.given_id} is also the id of "
                             f"units[{first[u.given_id]}]; every unit needs its own",
                             "duplicate-unit-id")
            else:
                first[u.given_id] = u.index
        n = max((uid_key(i)[0] for i in first), default=0)
        for u in units:
            if u.given_id is None:
                n += 1
                u.record["id"] = f"u{n}"
        given = data.get("next_unit_id", ABSENT)
        if given is ABSENT:
            return n + 1
        value = self.integer(given, ("next_unit_id",), "next-unit-id", 1)
        if value is not None and value <= n:
            self.problem(("next_unit_id",), f"{value}, but ids up to u{n} are in use: it must "
                         f"be above every id (leave it out for {n + 1})", "next-unit-id")
        return value

    def place(self, u: _Unit, by_id: Mapping[str, _Unit],
              controllers: dict[str, str] | None, cargo: dict[str, list[_Unit]]) -> None:
        """Where a unit may stand in a stored state (the start of a turn, or the noncombat step
        of a two-pass turn): the rules the engine assumes instead of checking."""
        r = u.record
        spec = self.ed.units[r["type"]]
        region = self.ed.map.region(r["loc"])
        where = (*u.path, "loc")
        if region.impassable:
            self.problem(where, f"{region.name} is neutral and impassable: no unit can be there",
                         "impassable-region")
            return
        if r["aboard"] is not None:
            self.aboard(u, spec, by_id, cargo)
            return
        ctl = controllers.get(region.id) if controllers is not None else None
        here = f"{region.name} ({region.id})"
        if spec.is_sea and region.is_land:
            self.problem(where, f"{_a(spec.id)} is a ship and cannot be on land ({here})",
                         "ship-on-land")
        elif spec.is_land and region.is_sea:
            self.problem((*u.path, "aboard"), f"{_a(spec.id)} in {region.id} must be aboard a "
                         "transport there: give aboard", "land-unit-at-sea",
                         self.vessels_for(r, spec, by_id))
        elif spec.is_land and ctl is not None and self.enemies(ctl, r["power"]):
            self.problem(where, f"{r['power']}'s {_words(spec.id)} in {here}, which {ctl} "
                         "controls: land units only stand in territory their side controls",
                         "land-unit-in-enemy-territory")
        elif spec.is_air and not (self.step == "noncombat" and r["power"] == self.turn_power):
            # Only the moving power's aircraft may be in the air, and only between its combat
            # and noncombat moves; everyone else's have landed (p.21, ruling 36).
            if region.is_sea:
                how = ("must be aboard a carrier there: give aboard" if spec.carrier_cost
                       else "cannot land at sea, so it cannot be there between moves")
                self.problem((*u.path, "aboard") if spec.carrier_cost else where,
                             f"{_a(spec.id)} over {region.id} {how}", "aircraft-not-landed",
                             self.vessels_for(r, spec, by_id))
            elif ctl is not None and self.enemies(ctl, r["power"]):
                self.problem(where, f"{r['power']}'s {_words(spec.id)} in {here}, which {ctl} "
                             "controls: aircraft land only in territory their side controls",
                             "aircraft-not-landed")

    def aboard(self, u: _Unit, spec: UnitSpec, by_id: Mapping[str, _Unit],
               cargo: dict[str, list[_Unit]]) -> None:
        r = u.record
        path = (*u.path, "aboard")
        vessel = by_id.get(r["aboard"])
        if vessel is None:
            self.problem(path, f"no unit has the id {r['aboard']!r}", "aboard-unknown",
                         self.vessels_for(r, spec, by_id))
            return
        if not vessel.placed:
            return  # the vessel's own entry is wrong; that problem is reported there
        v = vessel.record
        vspec = self.ed.units[v["type"]]
        if not self.cargo_fits(v, [r["type"]]):
            what = (f"{_a(vspec.id)} carries nothing" if not (self.room(v)
                                                               or vspec.carrier_capacity)
                    else f"{_a(vspec.id)} cannot carry {_a(spec.id)}")
            self.problem(path, f"{v['id']} is {_a(vspec.id)}: {what}", "aboard-not-a-carrier",
                         self.vessels_for(r, spec, by_id))
        elif v["loc"] != r["loc"]:
            self.problem(path, f"{v['id']} is in {v['loc']}, not {r['loc']}: cargo is listed "
                         "in its ship's sea zone", "aboard-elsewhere")
        elif self.enemies(v["power"], r["power"]):
            self.problem(path, f"{v['id']} is {v['power']}'s {_words(vspec.id)}: an enemy of "
                         f"{r['power']}", "aboard-enemy")
        else:
            cargo.setdefault(v["id"], []).append(u)

    def capacity(self, vessel: _Unit, riders: list[_Unit]) -> None:
        v = vessel.record
        types = [c.record["type"] for c in riders]
        if not self.cargo_fits(v, types):
            spec = self.ed.units[v["type"]]
            listed = ", ".join(f"{c.record['type']} ({format_path(c.path)})" for c in riders)
            self.problem(vessel.path, f"{v['id']} carries {listed}: more than {_a(spec.id)} "
                         "holds", "aboard-over-capacity")

    def vessels_for(self, r: Mapping[str, Any], spec: UnitSpec,
                    by_id: Mapping[str, _Unit]) -> list[str]:
        """Ids of the friendly ships in the unit's zone that could carry it: the likely fix."""
        return [v.record["id"] for v in by_id.values()
                if v.placed and v.record["loc"] == r["loc"] and v.record["id"] != r["id"]
                and not self.enemies(v.record["power"], r["power"])
                and self.ed.units[v.record["type"]].is_sea
                and self.cargo_fits(v.record, [spec.id])][:3]

    def room(self, vessel: Mapping[str, Any]) -> int:
        """The room ``vessel`` offers land units with the position's effects in play (printed,
        or Japanese Tokyo Express: a destroyer takes one infantry, Revised digest A7)."""
        spec = self.ed.units[vessel["type"]]
        if not self.play.effects:
            return spec.transport_capacity
        return self.play.transport_capacity(vessel["power"], vessel["type"], spec)

    def cargo_fits(self, vessel: Mapping[str, Any], types: list[str]) -> bool:
        return self.ed.units.cargo_fits(vessel["type"], types, self.room(vessel))

    def enemies(self, a: str, b: str) -> bool:
        return self.ed.setup.side_of(a) != self.ed.setup.side_of(b)

    # --- derived and bookkeeping fields ---------------------------------------------------------
    def captured_capitals(self, data: Mapping[str, Any],
                          controllers: dict[str, str] | None) -> dict[str, str] | None:
        """Derived from who controls each capital; when given it must say the same.

        A capital held by an ally of its owner cannot happen: freeing a capital hands it back
        to its owner at once (p.19, ``capture.capture``)."""
        if controllers is None:
            return None
        derived: dict[str, str] = {}
        for power in self.powers:
            capital = self.ed.setup.powers[power].capital
            holder = controllers.get(capital)
            if holder is None or holder == power:
                continue
            if not self.enemies(holder, power):
                self.problem(("controllers", capital), f"{holder} holds {power}'s capital; an "
                             "ally that frees a capital hands it back to its owner at once",
                             "capital-held-by-ally")
                continue
            derived[power] = holder
        given = data.get("captured_capitals", ABSENT)
        if given is ABSENT or (obj := self.obj(given, ("captured_capitals",))) is None:
            return derived
        stated: dict[str, str] = {}
        mentioned: set[str] = set()
        for key, value in obj.items():
            path = ("captured_capitals", key)
            owner = self.power(key, path)
            holder = self.power(value, path)
            if owner is not None:
                mentioned.add(owner)
                if holder is not None:
                    stated[owner] = holder
        for power in self.powers:
            if power in stated and stated[power] != derived.get(power):
                capital = self.ed.setup.powers[power].capital
                self.problem(("captured_capitals", power), f"says {stated[power]} holds "
                             f"{power}'s capital, but controllers give {capital} to "
                             f"{controllers.get(capital)} (leave captured_capitals out: it is "
                             "derived)", "captured-capitals")
            elif power not in mentioned and power in derived:
                self.problem(("captured_capitals",), f"controllers give {power}'s capital to "
                             f"{derived[power]}, so captured_capitals must list {power} (leave "
                             "captured_capitals out: it is derived)", "captured-capitals")
        return derived

    def purchased(self, data: Mapping[str, Any]) -> dict[str, int] | None:
        given = data.get("purchased", {})
        if (obj := self.obj(given, ("purchased",))) is None:
            return None
        out: dict[str, int] = {}
        for key, value in obj.items():
            path = ("purchased", key)
            utype = self.unit_type(key, path)
            count = self.integer(value, path, "field-type", 1)
            if utype is not None and count is not None:
                out[utype] = count
        if obj and self.step == "purchase":
            self.problem(("purchased",), "units bought this turn exist only after the purchase "
                         "(at the noncombat step of a two-pass turn); leave it out",
                         "mid-turn-at-purchase-step")
        return dict(sorted(out.items()))

    def repairs(self, data: Mapping[str, Any],
                complexes: dict[str, dict[str, Any]] | None) -> dict[str, int] | None:
        given = data.get("repairs", {})
        if (obj := self.obj(given, ("repairs",))) is None:
            return None
        out: dict[str, int] = {}
        for key, value in obj.items():
            path = ("repairs", key)
            rid = self.region(key, path)
            points = self.integer(value, path, "field-type", 1)
            if rid is None or points is None:
                continue
            if complexes is not None and (complexes.get(rid) or {}).get("owner") \
                    != self.turn_power:
                self.problem(path, f"{self.turn_power} has no complex in {rid} to repair",
                             "repair-without-complex")
            out[rid] = points
        if obj and self.step == "purchase":
            self.problem(("repairs",), "repairs are made in the purchase itself; none exist "
                         "before it (leave it out)", "mid-turn-at-purchase-step")
        return out

    def committed_carriers(self, data: Mapping[str, Any],
                           units: list[dict[str, Any]] | None) -> dict[str, list[str]] | None:
        """Carrier id -> the noncombat path declared in combat move (p.26). The carrier may have
        been sunk since (the engine then skips it), so only an id that exists is checked."""
        given = data.get("committed_carriers", {})
        if (obj := self.obj(given, ("committed_carriers",))) is None:
            return None
        by_id = {u["id"]: u for u in units or ()}
        out: dict[str, list[str]] = {}
        for key, value in obj.items():
            path = ("committed_carriers", key)
            if not _UNIT_ID.fullmatch(key):
                self.problem(path, f"{key!r} is not a unit id", "unit-id")
                continue
            carrier = by_id.get(key)
            if carrier is not None and not (
                    self.ed.units[carrier["type"]].carrier_capacity
                    and carrier["power"] == self.turn_power):
                self.problem(path, f"{key} is not a carrier of {self.turn_power}, whose turn "
                             "it is", "committed-carrier")
            if not (isinstance(value, list) and len(value) >= 2):
                self.problem(path, f"must be the declared path, a list of two or more sea zones "
                             f"(got {_show(value)})", "committed-carrier")
                continue
            zones = [self.region(z, (*path, i)) for i, z in enumerate(value)]
            for i, z in enumerate(zones):
                if z is not None and not self.ed.map.is_sea(z):
                    self.problem((*path, i), f"{z} is not a sea zone", "committed-carrier")
            out[key] = list(value)
        if obj and self.step == "purchase":
            self.problem(("committed_carriers",), "carrier moves are declared in combat move, "
                         "after the purchase step (leave it out)", "mid-turn-at-purchase-step")
        return out

    def pending_aa_return(self, data: Mapping[str, Any],
                          units: list[dict[str, Any]] | None) -> dict[str, str] | None:
        """AA gun id -> power it returns to at the end of this turn (a freed capital's
        territories, p.19). The gun may have been lost since, so only an existing id is
        checked."""
        if (obj := self.obj(data["pending_aa_return"], ("pending_aa_return",))) is None:
            return None
        by_id = {u["id"]: u for u in units or ()}
        out: dict[str, str] = {}
        for key, value in obj.items():
            path = ("pending_aa_return", key)
            power = self.power(value, path)
            gun = by_id.get(key)
            if gun is not None and self.ed.units[gun["type"]].anti_aircraft is None:
                self.problem(path, f"{key} is a {gun['type']}, not an AA gun",
                             "pending-aa-return")
            if power is not None:
                out[key] = power
        if obj and self.step == "purchase":
            self.problem(("pending_aa_return",), "AA guns are handed back at the end of the "
                         "turn they were freed in, before the next purchase step",
                         "mid-turn-at-purchase-step")
        return out

    def techs(self, data: Mapping[str, Any]) -> dict[str, list[str]] | None:
        """Power -> the technologies it has developed (weapons development, docs/aa-research.md):
        only in a game whose order of play has weapons development, known keys, each once."""
        from adjudicator.axis_allies import techs

        if (obj := self.obj(data["techs"], ("techs",))) is None:
            return None
        if obj and not techs.has_research(self.ruleset.turn_steps):
            self.problem(("techs",), f"{self.ruleset.title} has no weapons development",
                         "techs-no-research")
            return None
        known = Suggester({label: t.key for t in techs.ALL
                           for label in (t.key, t.name, *t.aliases)})
        out: dict[str, list[str]] = {}
        for key, value in obj.items():
            power = self.power(key, ("techs", key))
            if not isinstance(value, list):
                self.problem(("techs", key), f"must be a list of technology keys (got "
                             f"{_show(value)})", "field-type")
                continue
            got: list[str] = []
            for i, k in enumerate(value):
                k = self._name(k, ("techs", key, i), techs.BY_KEY, known, "technology",
                               "unknown-tech")
                if k is not None and k in got:
                    self.problem(("techs", key, i), f"{k} is listed twice", "duplicate-tech")
                elif k is not None:
                    got.append(k)
            if power is not None and got:
                out[power] = sorted(got, key=lambda t: techs.BY_KEY[t].number)
        return {p: out[p] for p in self.powers if p in out}

    # --- National Advantages (Revised) -----------------------------------------------------
    def advantages(self, data: Mapping[str, Any], turn: Mapping[str, Any] | None,
                   complexes: Mapping[str, Any] | None) -> dict[str, Any]:
        """The National Advantage fields given (docs/state-format.md), checked: known keys of
        the right power, chosen before they are used, declared or marked; each field is kept
        as given when present, absent when left out (as the engine writes them)."""
        from adjudicator.axis_allies import advantages as nas

        given = [k for k in ADVANTAGE_FIELDS if k in data]
        if not given:
            return {}
        if not any(where == nas.STATE_KEY for where, _ in self.ruleset.option_state.values()):
            for k in given:
                self.problem((k,), f"{self.ruleset.title} has no National Advantages",
                             "advantages-not-in-game")
            return {}
        out: dict[str, Any] = {}
        names = Suggester({label: a.key for a in nas.ALL for label in (a.key, a.name)})
        order = {a.key: a.number for a in nas.ALL}

        def keys_of(value: Any, path: Path, power: str) -> list[str]:
            if not isinstance(value, list):
                self.problem(path, f"must be a list of National Advantage keys (got "
                             f"{_show(value)})", "field-type")
                return []
            got: list[str] = []
            for i, k in enumerate(value):
                key = self._name(k, (*path, i), nas.BY_KEY, names, "National Advantage",
                                 "unknown-advantage")
                if key is None:
                    continue
                adv = nas.BY_KEY[key]
                if adv.power != power:
                    self.problem((*path, i), f"{adv.name} is a National Advantage of "
                                 f"{adv.power}, not of {power}", "advantage-not-yours")
                elif key in got:
                    self.problem((*path, i), f"{key} is listed twice", "duplicate-advantage")
                else:
                    got.append(key)
            return sorted(got, key=lambda k: order[k])

        def chosen_one(key: Any, path: Path) -> str | None:
            """A key of a National Advantage some power has in this position."""
            key = self._name(key, path, nas.BY_KEY, names, "National Advantage",
                             "unknown-advantage")
            if key is None:
                return None
            adv = nas.BY_KEY[key]
            if key not in self.chosen.get(adv.power, ()):
                self.problem(path, f"{adv.name} is not one of {adv.power}'s National "
                             "Advantages in this position (advantages)", "advantage-not-chosen")
                return None
            return key

        if "advantages" in data and (obj := self.obj(data["advantages"], ("advantages",))
                                     ) is not None:
            table: dict[str, list[str]] = {}
            for p, value in obj.items():
                power = self.power(p, ("advantages", p))
                if power is not None:
                    table[power] = keys_of(value, ("advantages", p), power)
            self.chosen = table
            out["advantages"] = table
        if "advantages_used" in data and (obj := self.obj(data["advantages_used"],
                                                          ("advantages_used",))) is not None:
            used: dict[str, list[str]] = {}
            for p, value in obj.items():
                path = ("advantages_used", p)
                power = self.power(p, path)
                if power is None:
                    continue
                keys = keys_of(value, path, power)
                for i, k in enumerate(keys):
                    adv = nas.BY_KEY[k]
                    if k not in self.chosen.get(power, ()):
                        self.problem((*path, i), f"{adv.name} is not one of {power}'s "
                                     "National Advantages in this position (advantages)",
                                     "advantage-not-chosen")
                    elif not adv.once_per_game:
                        self.problem((*path, i), f"{adv.name} is not used up: only a "
                                     "once-per-game advantage is marked used",
                                     "advantage-not-once")
                used[power] = keys
            out["advantages_used"] = used
        if "advantages_declared" in data and (obj := self.obj(
                data["advantages_declared"], ("advantages_declared",))) is not None:
            declared: dict[str, int] = {}
            for k, rnd in obj.items():
                path = ("advantages_declared", k)
                key = chosen_one(k, path)
                value = self.integer(rnd, path, "advantage-round", 1, "a game round")
                if value is not None and turn and value > turn["round"]:
                    self.problem(path, f"declared in round {value}, after this position's "
                                 f"round {turn['round']}", "advantage-round")
                elif key is not None and value is not None:
                    declared[key] = value
            out["advantages_declared"] = declared
        if "advantage_units" in data and (obj := self.obj(
                data["advantage_units"], ("advantage_units",))) is not None:
            if self.step == "purchase" and obj:
                self.problem(("advantage_units",), "units an advantage marked wait only "
                             "within a turn, not at the purchase step",
                             "mid-turn-at-purchase-step")
            marked: dict[str, list[str]] = {}
            for k, ids in obj.items():
                path = ("advantage_units", k)
                key = chosen_one(k, path)
                if not isinstance(ids, list) or not all(
                        isinstance(u, str) and _UNIT_ID.fullmatch(u) for u in ids):
                    self.problem(path, f"must be a list of unit ids (got {_show(ids)})",
                                 "unit-id")
                elif key is not None:
                    marked[key] = list(ids)
            out["advantage_units"] = marked
        if "advantage_choices" in data and (obj := self.obj(
                data["advantage_choices"], ("advantage_choices",))) is not None:
            choices: dict[str, Any] = {}
            for k, value in obj.items():
                path = ("advantage_choices", k)
                key = chosen_one(k, path)
                if key is None:
                    continue
                if nas.BY_KEY[key].setup_option is None:
                    self.problem(path, f"{nas.BY_KEY[key].name} has no set-up choice",
                                 "advantage-no-choice")
                    continue
                where = self.region(value, path)  # the one set-up choice: a territory
                if where is not None and complexes is not None and where not in complexes:
                    self.problem(path, f"{nas.BY_KEY[key].name}'s complex in {where} is not "
                                 "in complexes", "advantage-choice")
                if where is not None:
                    choices[key] = where
            out["advantage_choices"] = choices
        return out

    def standing_advantages(self, value: Any, path: Path, power: str) -> dict[str, str]:
        """A power's standing choices for National Advantages (key -> choice), as
        ``advantages.standing_problem`` accepts them (rulings NA standing orders)."""
        from adjudicator.axis_allies import advantages as nas

        if (obj := self.obj(value, path)) is None:
            return {}
        out: dict[str, str] = {}
        for key, choice in obj.items():
            if not isinstance(choice, str):
                self.problem((*path, key), f"must be a text (got {_show(choice)})",
                             "field-type")
                continue
            why = nas.standing_problem({"advantages": self.chosen}, power, key, choice)
            if why:
                self.problem((*path, key), why, "standing-advantage")
            else:
                out[key] = choice
        return out

    def choice(self, data: Mapping[str, Any], key: str, allowed: tuple[str, ...]) -> str | None:
        value = data.get(key, allowed[0])
        if value in allowed:
            return value
        self.problem((key,), f"must be one of {', '.join(allowed)} (got {_show(value)})",
                     "option-value",
                     Suggester(allowed).suggest(value) if isinstance(value, str) else ())
        return None

    def standing(self, data: Mapping[str, Any]) -> dict[str, dict[str, Any]] | None:
        """Power -> standing orders, in the turn engine's stored form; fields left out of one
        power's entry are "not said" (``null``, or an empty loss list)."""
        given = data.get("standing", {})
        if (obj := self.obj(given, ("standing",))) is None:
            return None
        out: dict[str, dict[str, Any]] = {}
        for key, value in obj.items():
            path = ("standing", key)
            power = self.power(key, path)
            entry = self.obj(value, path)
            if power is None or entry is None:
                continue
            self.known_keys(entry, path, STANDING_KEYS)
            order = entry.get("order_of_loss") or []
            if not isinstance(order, list):
                self.problem((*path, "order_of_loss"), "must be a list of unit types",
                             "field-type")
                order = []
            order = [self.unit_type(t, (*path, "order_of_loss", i)) for i, t in enumerate(order)]
            first_hit = entry.get("battleship_first_hit")
            if first_hit is not None:
                self.boolean(first_hit, (*path, "battleship_first_hit"))
            keep = entry.get("keep_land_units")
            if keep is not None:
                self.integer(keep, (*path, "keep_land_units"), "field-type", 0)
            submerge = entry.get("submerge")
            if submerge is not None and submerge not in SUBMERGE_POLICIES:
                self.problem((*path, "submerge"), f"must be null or one of "
                             f"{', '.join(SUBMERGE_POLICIES)} (got {_show(submerge)})",
                             "option-value")
            out[power] = {"order_of_loss": order, "battleship_first_hit": first_hit,
                          "keep_land_units": keep, "submerge": submerge}
            reland = entry.get("reland") or []
            if not isinstance(reland, list):
                self.problem((*path, "reland"), "must be a list of regions", "field-type")
                reland = []
            if reland:  # written only when given, as the turn engine stores it
                out[power]["reland"] = [self.region(r, (*path, "reland", i))
                                        for i, r in enumerate(reland)]
            if entry.get("advantages"):  # (Revised) written only when given, too
                out[power]["advantages"] = self.standing_advantages(
                    entry["advantages"], (*path, "advantages"), power)
        return out


# --- small helpers --------------------------------------------------------------------------------


def _show(value: Any) -> str:
    """A JSON value as the moderator wrote it (``null``, ``"x"``, ``3.5``), kept short."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _words(unit_type: str) -> str:
    """A unit type as words in a sentence: ``aa_gun`` -> ``aa gun``."""
    return unit_type.replace("_", " ")


def _a(unit_type: str) -> str:
    """``an infantry``, ``a tank``: the unit type as it is written, with its article."""
    words = _words(unit_type)
    return ("an " if words[0] in "aeiou" else "a ") + words


def _plural(n: int, one: str, many: str) -> str:
    return one if n == 1 else many


def _fits(value: Any, hint: Any) -> bool:
    """Whether a JSON value fits a ``Rules`` field's type (bool, int, str or a Literal)."""
    if get_origin(hint) is Literal:
        return any(value == a and type(value) is type(a) for a in get_args(hint))
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def _describe(hint: Any) -> str:
    if get_origin(hint) is Literal:
        return "one of " + ", ".join(json.dumps(a) for a in get_args(hint))
    return {bool: "true or false", int: "a whole number", str: "a string"}.get(hint, str(hint))
