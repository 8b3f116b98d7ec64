"""Load the DATC (chapter 6, godip's machine-readable v2.4 file) and run a case.

Kept apart from ``test_datc.py`` so ``benchmarks/bench_diplomacy.py`` can time the same
cases. A case is run through the public engine API only: the pre-state becomes a state
dict, the order lines are parsed by the project's parser, and the adjudicated state is
compared with the post-state.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

from adjudicator.diplomacy import engine
from adjudicator.diplomacy.adjustments import adjustments_owed
from adjudicator.diplomacy.board import Board, prov
from adjudicator.diplomacy.map import DiplomacyMap, load_map
from adjudicator.diplomacy.orders import Convoy, Move, Order, Unit, UnitType
from adjudicator.diplomacy.retreats import retreat_options
from adjudicator.record import field, record

DATC_FILE = Path(__file__).parent / "data" / "datc_v2.4_06.txt"

_PHASES = {
    ("spring", "movement"): "S1901M",
    ("spring", "retreat"): "S1901R",
    ("fall", "movement"): "F1901M",
    ("fall", "retreat"): "F1901R",
    ("fall", "adjustment"): "W1901A",
}


@record
class Case:
    id: str
    title: str = ""
    phase: str = "S1901M"
    prestate: list[str] = field(default_factory=list)
    dislodged: list[str] = field(default_factory=list)
    results: list[str] = field(default_factory=list)
    owners: list[str] | None = None
    orders: list[str] = field(default_factory=list)
    poststate: list[str] | None = None
    post_dislodged: list[str] | None = None
    same: bool = False


def load_cases(path: Path = DATC_FILE) -> list[Case]:
    """Every CASE block; a repeated id (the file has two 6.F.14) gets a ``#2`` suffix."""
    cases: list[Case] = []
    case: Case | None = None
    section = None
    seen: dict[str, int] = {}
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word, _, rest = line.partition(" ")
        if word == "CASE":
            cid, _, title = rest.strip().partition(" ")
            cid = cid.rstrip(".")
            seen[cid] = seen.get(cid, 0) + 1
            if seen[cid] > 1:
                cid = f"{cid}#{seen[cid]}"
            case, section = Case(cid, title.strip("() ")), None
        elif case is None:
            continue
        elif word == "END":
            cases.append(case)
            case = None
        elif word == "PRESTATE_SETPHASE":
            season, _, kind = rest.partition(",")
            s = season.split()[0].lower()
            k = kind.strip().lower()
            case.phase = _PHASES[(s, k)]
        elif word == "POSTSTATE_SAME":
            case.same = True
        elif word in ("PRESTATE", "PRESTATE_DISLODGED", "PRESTATE_RESULTS", "ORDERS",
                      "POSTSTATE", "POSTSTATE_DISLODGED", "PRESTATE_SUPPLYCENTER_OWNERS"):
            section = word
            if word == "POSTSTATE":
                case.poststate = []
            elif word == "POSTSTATE_DISLODGED":
                case.post_dislodged = []
            elif word == "PRESTATE_SUPPLYCENTER_OWNERS":
                case.owners = []
        else:
            target = {
                "PRESTATE": case.prestate,
                "PRESTATE_DISLODGED": case.dislodged,
                "PRESTATE_RESULTS": case.results,
                "ORDERS": case.orders,
                "POSTSTATE": case.poststate,
                "POSTSTATE_DISLODGED": case.post_dislodged,
                "PRESTATE_SUPPLYCENTER_OWNERS": case.owners,
            }[section]
            target.append(line)
    return cases


# --- reading lines ------------------------------------------------------------------


def power_name(dmap: DiplomacyMap, written: str) -> str:
    """The power meant, tolerating the file's typos ("Germnay")."""
    names = {p.lower(): p for p in dmap.powers}
    w = written.strip().lower()
    if w in names:
        return names[w]
    return names[difflib.get_close_matches(w, list(names), n=1, cutoff=0.0)[0]]


def split_power(dmap: DiplomacyMap, line: str) -> tuple[str, str]:
    who, _, rest = line.partition(":")
    return power_name(dmap, who), rest.strip()


def _location(dmap: DiplomacyMap, name: str) -> str:
    name = name.lower()
    base, _, coast = name.partition("/")
    for pid, p in dmap.provinces.items():
        if base == pid or base in p.aliases:
            return f"{pid}/{coast}" if coast else pid
    raise KeyError(name)


_UNIT_LINE = re.compile(r"^\s*(\w+)\s*:?\s+([AaFf])\s+(\S+)")


def unit_from(dmap: DiplomacyMap, line: str) -> Unit:
    """``England: F nth`` (the file also has ``Italy F gol`` and ``France f mid``)."""
    m = _UNIT_LINE.match(line)
    if not m:
        raise ValueError(f"not a unit line: {line!r}")
    return Unit(power_name(dmap, m.group(1)), UnitType(m.group(2).upper()),
                _location(dmap, m.group(3)))


def parse_order_line(dmap: DiplomacyMap, text: str) -> Order:
    """Use the project's parser (the DATC is also a test of it)."""
    from adjudicator.diplomacy.parser import parse_order

    return parse_order(text, dmap)


# --- running a case -----------------------------------------------------------------


def initial_state_for(case: Case, dmap: DiplomacyMap) -> dict:
    state = engine.initial_state(dmap)
    state["phase"] = case.phase
    units = [unit_from(dmap, line) for line in case.prestate]
    state["units"] = [
        {"power": u.power, "type": u.type.value, "loc": u.loc}
        for u in sorted(units, key=lambda u: u.loc)
    ]
    if case.owners is not None:
        state["centres"] = dict(
            sorted((prov(unit_from(dmap, line).loc), unit_from(dmap, line).power)
                   for line in case.owners)
        )
    if case.dislodged:
        state["dislodged"] = _prestate_dislodged(case, dmap, units)
    board = Board.from_state(state)
    if board.phase.is_adjustments:
        board.adjustments = adjustments_owed(board, dmap)
        state["adjustments"] = dict(sorted(board.adjustments.items()))
    return state


def _prestate_dislodged(case: Case, dmap: DiplomacyMap, units: list[Unit]) -> list[dict]:
    """Retreat options from the previous movement results given in PRESTATE_RESULTS."""
    moves, convoys = [], []
    for line in case.results:
        verdict, _, rest = line.partition(":")
        power, text = split_power(dmap, rest)
        order = parse_order_line(dmap, text)
        if isinstance(order, Move):
            moves.append((verdict.strip() == "SUCCESS", power, order))
        elif isinstance(order, Convoy):
            convoys.append(order)
    occupied = {prov(u.loc) for u in units}
    dislodged_at = {prov(unit_from(dmap, line).loc) for line in case.dislodged}

    def convoyed(o: Move) -> bool:
        return o.unit_type is UnitType.ARMY and (
            o.via_convoy or not dmap.army_can_move(o.loc, o.dest))

    def broken(o: Move) -> bool:
        """A convoyed move whose convoying fleet was dislodged had no effect."""
        return convoyed(o) and any(
            prov(c.target) == prov(o.loc) and prov(c.dest) == prov(o.dest)
            and prov(c.loc) in dislodged_at
            for c in convoys
        )

    beaten_head_on = {
        (prov(o.loc), prov(o.dest)) for ok, _, o in moves if not ok
        for ok2, _, o2 in moves
        if ok2 and prov(o2.loc) == prov(o.dest) and prov(o2.dest) == prov(o.loc)
        and not convoyed(o) and not convoyed(o2)
    }
    standoffs = {
        prov(o.dest) for ok, _, o in moves
        if not ok and not broken(o) and (prov(o.loc), prov(o.dest)) not in beaten_head_on
    } - occupied
    out = []
    for line in case.dislodged:
        unit = unit_from(dmap, line)
        attacker, by_convoy = None, False
        for ok, _, o in moves:
            if ok and prov(o.dest) == prov(unit.loc):
                attacker = prov(o.loc)
                by_convoy = convoyed(o)
        opts = retreat_options(dmap, unit, attacker, by_convoy, occupied, standoffs)
        out.append({"power": unit.power, "type": unit.type.value, "loc": unit.loc,
                    "attacker_from": attacker or "", "retreats": opts})
    return sorted(out, key=lambda d: d["loc"])


def orders_for(case: Case, dmap: DiplomacyMap) -> dict[str, list[Order]]:
    out: dict[str, list[Order]] = {}
    for line in case.orders:
        power, text = split_power(dmap, line)
        out.setdefault(power, []).append(parse_order_line(dmap, text))
    return out


def run_case(case: Case, dmap: DiplomacyMap | None = None) -> tuple[dict, list, dict]:
    dmap = dmap or load_map()
    state = initial_state_for(case, dmap)
    orders = orders_for(case, dmap)
    # Every power in the case has "ordered" (possibly nothing): no NMR defaults except
    # the civil-disorder and retreat defaults the DATC itself relies on.
    for line in case.prestate + case.dislodged:
        orders.setdefault(split_power(dmap, line)[0], [])
    return engine.adjudicate(state, orders, dmap)


def _key(u: Unit | dict) -> tuple[str, str, str]:
    if isinstance(u, dict):
        return (u["power"], u["type"], u["loc"])
    return (u.power, u.type.value, u.loc)


def _same(expected: list[tuple], actual: list[tuple]) -> bool:
    """Expected entries without a coast match a unit on any coast of that province."""
    exp = sorted(expected)
    act = sorted(actual)
    if len(exp) != len(act):
        return False
    norm_act = sorted((p, t, loc if "/" in e[2] else prov(loc))
                      for (p, t, loc), e in zip(act, exp))
    return sorted(exp) == norm_act


def check_case(case: Case, dmap: DiplomacyMap | None = None) -> list[str]:
    """Differences between the engine's outcome and the case's post-state ([] = pass)."""
    dmap = dmap or load_map()
    new_state, _, _ = run_case(case, dmap)
    units = [_key(u) for u in new_state["units"]]
    if case.same:
        expected_units = [_key(unit_from(dmap, line)) for line in case.prestate]
        expected_dis: list[tuple] = []
    else:
        expected_units = [_key(unit_from(dmap, line)) for line in case.poststate or []]
        expected_dis = [_key(unit_from(dmap, line)) for line in case.post_dislodged or []]
    # The file lists only dislodged units that can retreat (others are destroyed at
    # once, often noted in a comment); so does the engine's state.
    dislodged = [_key(d) for d in new_state["dislodged"]]
    problems = []
    if not _same([(p, t, loc) for p, t, loc in expected_units], units):
        problems.append(f"units: expected {sorted(expected_units)}, got {sorted(units)}")
    if not _same(expected_dis, dislodged):
        problems.append(f"dislodged: expected {sorted(expected_dis)}, got {sorted(dislodged)}")
    return problems
