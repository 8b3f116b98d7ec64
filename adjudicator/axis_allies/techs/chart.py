"""The Revised technology chart (digest A5.1): every technology in chart (die number) order,
and recording one a power developed."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from adjudicator.axis_allies.techs.combined_bombardment import CombinedBombardment
from adjudicator.axis_allies.techs.heavy_bombers import HeavyBombers
from adjudicator.axis_allies.techs.jet_fighters import JetFighters
from adjudicator.axis_allies.techs.long_range_aircraft import LongRangeAircraft
from adjudicator.axis_allies.techs.rockets import Rockets
from adjudicator.axis_allies.techs.super_submarines import SuperSubmarines
from adjudicator.axis_allies.techs.tech import Tech

#: Every technology of the Revised chart, in chart (die number) order.
ALL: tuple[type[Tech], ...] = (JetFighters, Rockets, SuperSubmarines, LongRangeAircraft,
                               CombinedBombardment, HeavyBombers)
BY_KEY: dict[str, type[Tech]] = {t.key: t for t in ALL}
BY_NUMBER: dict[int, type[Tech]] = {t.number: t for t in ALL}


def add_tech(state: dict, power: str, key: str) -> None:
    """Record that ``power`` developed ``key`` (kept in chart order, powers sorted)."""
    techs = state.setdefault("techs", {})
    keys = set(techs.get(power, ())) | {key}
    techs[power] = sorted(keys, key=lambda k: BY_KEY[k].number)
    state["techs"] = dict(sorted(techs.items()))


def for_powers(powers: Iterable[str], techs: Sequence[type[Tech]] = ALL) -> tuple[Tech, ...]:
    """One effect per technology and power, for a ruleset's ``effects``."""
    return tuple(t(p) for p in powers for t in techs)
