"""Battles for ``adj odds`` written as players write them: ``12 inf, 3 art vs 10 inf, 1 aa``.

Unit lists, orders of loss, retreat conditions and submerge policies are read by the turn
parser itself (:func:`~adjudicator.axis_allies.parser.parse_turn`), so ``adj odds`` accepts
exactly the names, abbreviations and forms a turn accepts (docs/aa-orders.md): a unit list is
read as the body of a purchase, the attacker's orders as the body of a ``battle`` section,
the defender's as ``standing`` orders.

The battle is then built as the battle engine's own input (a
:class:`~adjudicator.axis_allies.combat.BattleSetup` or
:class:`~adjudicator.axis_allies.combat.AmphibiousSetup` with
:class:`~adjudicator.axis_allies.combat.BattleOrders`), with unit ids in the order written,
attackers before defenders.
"""

from __future__ import annotations

import re

from adjudicator.axis_allies.combat import (
    AmphibiousSetup,
    BattleOrders,
    BattleSetup,
    Unit,
    battle_orders,
)
from adjudicator.axis_allies.data import Edition
from adjudicator.axis_allies.orders import (
    BattleInstruction,
    Purchase,
    StandingOrders,
    UnitCount,
    region_text,
)
from adjudicator.errors import AdjudicatorError, OrderError
from adjudicator.record import record

ATTACKER = "attacker"
DEFENDER = "defender"
#: Where a text battle is fought; the calculator never looks at the map.
LAND_REGION, SEA_REGION = "land", "sea"
#: The retreat region a text battle offers (the attacker always has somewhere to go).
RETREAT_REGION = "(retreat)"

_VS = re.compile(r"\s+(?:vs\.?|versus|against)\s+", re.IGNORECASE)


class OddsInputError(AdjudicatorError):
    """A unit list or an order that ``adj odds`` could not read."""


@record(frozen=True)
class TextBattle:
    """A battle read from text: either ``setup`` (a land or sea battle) or ``amphibious``."""

    setup: BattleSetup | None
    amphibious: AmphibiousSetup | None
    orders: BattleOrders

    @property
    def land(self) -> BattleSetup:
        return self.amphibious.land if self.amphibious is not None else self.setup  # type: ignore


def split_versus(text: str) -> tuple[str, str]:
    """``"12 inf, 3 art vs 10 inf"`` -> the two unit lists."""
    parts = _VS.split(f" {text.strip()} ")
    if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
        raise OddsInputError("write the battle as ATTACKERS vs DEFENDERS, e.g. "
                             "\"12 inf, 3 art, 2 ftr\" vs \"10 inf, 1 aa\"")
    return parts[0].strip(), parts[1].strip()


def _errors(what: str, errors: list[OrderError], offset: int | None) -> OddsInputError:
    """The first error, its column counted in what the user wrote (``offset``: the length
    of what was put in front of it; ``None``: the line was rewritten, no column)."""
    first = errors[0]
    where = (f", column {first.column - offset}"
             if offset is not None and first.column > offset else "")
    hint = f" (did you mean {' or '.join(first.suggestions)}?)" if first.suggestions else ""
    return OddsInputError(f"{what}{where}: {first.message}{hint}")


def parse_units(text: str, edition: Edition, what: str = "units") -> tuple[UnitCount, ...]:
    """A unit list (``12 inf, 3 art, 4 arm, 2 ftr``) read the way a purchase is read."""
    from adjudicator.axis_allies.parser import parse_turn

    if "\n" in text:
        raise OddsInputError(f"{what}: one line please")
    prefix = "buy "
    res = parse_turn(prefix + text, edition)
    if res.errors:
        raise _errors(what, res.errors, len(prefix))
    units = [u for p in res.orders if isinstance(p.order, Purchase) for u in p.order.units]
    if len(res.orders) != 1 or not units:
        raise OddsInputError(f"{what}: expected a list of units such as '3 inf, 1 art', got "
                             f"{text!r}")
    for u in units:
        spec = edition.units[u.unit]
        if not spec.casualty and spec.anti_aircraft is None:
            raise OddsInputError(f"{what}: {spec.plural.lower()} take no part in a battle")
    totals: dict[str, int] = {}
    for u in units:
        totals[u.unit] = totals.get(u.unit, 0) + u.count
    return tuple(UnitCount(t, n) for t, n in totals.items())


def _battle_lines(text: str, edition: Edition, region: str, what: str) -> BattleInstruction:
    from adjudicator.axis_allies.parser import build_script, parse_turn

    header = f"battle {region_text(region)}:\n"
    res = parse_turn(header + text.replace(";", "\n"), edition)
    if res.errors:
        raise _errors(what, res.errors, None)
    script = build_script(res.orders)
    others = [p for p in res.orders if p.section != "battles"]
    if others:
        raise OddsInputError(f"{what}: {others[0].text!r} is not a battle instruction")
    return script.battle(region) or BattleInstruction(region)


def parse_attacker_orders(text: str, edition: Edition, region: str) -> BattleInstruction:
    """The attacker's instructions for the battle, written as under ``battle X:`` (order of
    loss, ``bb takes first hit: no``, ``keep 0 land units``, ``submerge: always``, retreat
    conditions); lines or ``;`` separate them."""
    return _battle_lines(text, edition, region, "attacker orders")


def parse_defender_orders(text: str, edition: Edition, region: str) -> StandingOrders:
    """The defender's standing orders (order of loss, battleship first hit, submerge)."""
    ins = _battle_lines(text, edition, region, "defender orders")
    if (ins.retreat_after_round is not None or ins.retreat_when_units_at_most is not None
            or ins.retreat_when_loss_exceeds_ipc is not None or ins.retreat_to is not None):
        raise OddsInputError("defender orders: only the attacker retreats (p.18)")
    return StandingOrders(ins.order_of_loss, ins.battleship_first_hit, ins.keep_land_units,
                          ins.submerge)


def retreat_line(condition: str) -> str:
    """``units <= 3`` -> ``retreat if units <= 3``; ``after round 2`` -> ``retreat after
    round 2``; a line starting with ``retreat`` is kept."""
    c = condition.strip()
    low = c.lower()
    if low.startswith("retreat"):
        return c
    if low.startswith(("if ", "after ", "when ", "to ")):
        return f"retreat {c}"
    return f"retreat if {c}"


def with_retreat(ins: BattleInstruction, conditions: list[str], edition: Edition
                 ) -> BattleInstruction:
    """``ins`` with the ``--retreat-if`` conditions added (they override its own)."""
    if not conditions:
        return ins
    extra = _battle_lines("\n".join(retreat_line(c) for c in conditions), edition, ins.at,
                          "--retreat-if")
    return ins.merged(extra)


def _units(counts: tuple[UnitCount, ...], power: str, prefix: str, start: int,
           landed: bool = False) -> list[Unit]:
    out = []
    n = start
    for uc in counts:
        for _ in range(uc.count):
            n += 1
            out.append(Unit(f"{prefix}{n}", power, uc.unit, landed=landed))
    return out


def text_battle(edition: Edition, attackers: str, defenders: str, *, sea: bool = False,
                landed: str | None = None, bombard: str | None = None,
                attacker_orders: str | None = None, defender_orders: str | None = None,
                retreat_if: list[str] | None = None) -> TextBattle:
    """Build a battle from its unit lists: ``landed`` units come ashore from transports
    (they never retreat; one ship per landed unit may bombard, ``bombard``)."""
    region = SEA_REGION if sea else LAND_REGION
    a_counts = parse_units(attackers, edition, "attackers")
    d_counts = parse_units(defenders, edition, "defenders")
    l_counts = parse_units(landed, edition, "landed units") if landed else ()
    b_counts = parse_units(bombard, edition, "bombarding ships") if bombard else ()
    if sea and (l_counts or b_counts):
        raise OddsInputError("--landed and --bombard describe an amphibious assault: a land "
                             "battle (leave out --sea)")
    for uc in l_counts:
        if not edition.units[uc.unit].is_land:
            raise OddsInputError(f"landed units: {edition.units[uc.unit].plural.lower()} do "
                                 "not come ashore")
    if b_counts and not l_counts:
        raise OddsInputError("--bombard needs --landed units: one ship bombards per land unit "
                             "coming ashore (p.15)")
    for uc in b_counts:
        if not edition.units[uc.unit].bombard:
            raise OddsInputError(f"bombarding ships: {edition.units[uc.unit].plural.lower()} "
                                 "cannot bombard")
    for uc in a_counts + d_counts:
        spec = edition.units[uc.unit]
        if sea and spec.is_land:
            raise OddsInputError(f"a sea battle has no {spec.plural.lower()} (cargo is not "
                                 "modelled in text battles)")
        if not sea and spec.is_sea:
            raise OddsInputError(f"{spec.plural.lower()} fight at sea: add --sea "
                                 "(shore bombardment: --bombard)")
    att = _units(a_counts, ATTACKER, "a", 0)
    att += _units(l_counts, ATTACKER, "a", len(att), landed=True)
    dfn = _units(d_counts, DEFENDER, "d", 0)
    ins = parse_attacker_orders(attacker_orders, edition, _parser_region(edition, sea)) \
        if attacker_orders else BattleInstruction(_parser_region(edition, sea))
    ins = with_retreat(ins, retreat_if or [], edition)
    standing = {}
    if defender_orders:
        standing[DEFENDER] = parse_defender_orders(defender_orders, edition,
                                                   _parser_region(edition, sea))
    orders = battle_orders(ATTACKER, (DEFENDER,), standing, ins)
    kind = "sea" if sea else "land"
    setup = BattleSetup(region, kind, ATTACKER, tuple(att), tuple(dfn), (DEFENDER,),
                        (RETREAT_REGION,))
    if b_counts or l_counts:
        ships = tuple(_units(b_counts, ATTACKER, "s", 0))
        return TextBattle(None, AmphibiousSetup(None, setup, ships), orders)
    return TextBattle(setup, None, orders)


def _parser_region(edition: Edition, sea: bool) -> str:
    """A region the parser knows, to read battle instructions (which region does not
    matter: the instruction is applied to the text battle)."""
    m = edition.map
    return m.sea_zones[0] if sea else next(t for t in m.territories
                                           if not m.region(t).impassable)


def parse_region(text: str, edition: Edition) -> str:
    """A territory or sea zone named as in a turn (``Karelia``, ``sz 5``, ``W Europe``)."""
    from adjudicator.axis_allies.parser import parse_turn

    prefix = "battle "
    res = parse_turn(f"{prefix}{text.strip()}: order 1", edition)
    if res.errors:
        raise _errors("territory", res.errors, len(prefix))
    ins = [p.order for p in res.orders if isinstance(p.order, BattleInstruction)]
    if len(ins) != 1:
        raise OddsInputError(f"territory: {text!r} names no territory or sea zone")
    return ins[0].at
