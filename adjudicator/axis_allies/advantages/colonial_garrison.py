"""Colonial Garrison (United Kingdom 6, Revised digest A7): "You start the game with one
extra industrial complex in any tan territory of income 1 or more", still at most one
complex per territory.

A set-up choice (digest C3 #21: "must be chosen at setup"): the moderator gives it with the
advantage, ``adj new aa-revised DIR --option na_uk=colonial_garrison --option
colonial_garrison=India``. The territory is read like any place name (aliases, did you
mean); it must be tan (printed in the UK's colour: its original owner in the data is the
UK), have an income of 1 or more and hold no complex yet (ruling NA-colonial_garrison).
The complex is an ordinary one from the first turn: the UK mobilises there up to the
territory's income, and it can be bombed and captured like any other. The choice is stored
as ``state["advantage_choices"]["colonial_garrison"]`` (the territory's id) and the complex
in ``state["complexes"]``.
"""

from __future__ import annotations

from typing import Any

from adjudicator.axis_allies.advantages import CHOICES_KEY, NationalAdvantage
from adjudicator.axis_allies.data import Edition
from adjudicator.errors import AdjudicatorError
from adjudicator.game import Option
from adjudicator.record import record
from adjudicator.suggest import suggest

KEY = "colonial_garrison"


@record(frozen=True)
class TerritoryChoice(Option):
    """A territory named at ``adj new`` (checked against the map when the game is set up)."""

    def parse(self, key: str, raw: Any) -> Any:
        return str(raw).strip()


class ColonialGarrison(NationalAdvantage):
    key = KEY
    power = "uk"
    number = 6
    name = "Colonial Garrison"
    decision = "setup"
    setup_option = TerritoryChoice(
        ("",), "Colonial Garrison (United Kingdom 6, Revised digest A7): the tan territory of "
        "income 1 or more where the UK's extra industrial complex starts; needed with "
        "na_uk=colonial_garrison")

    def opening(self, state: dict[str, Any], edition: Edition) -> dict[str, Any]:
        choices = state.get(CHOICES_KEY) or {}
        given = choices.get(self.key)
        if not self.active(state):
            if given:
                raise AdjudicatorError(
                    f"option {self.key}: the United Kingdom does not have {self.name}; add "
                    f"it with --option na_uk={self.key}")
            return state
        sites = eligible(state, edition, self.power)
        listing = ", ".join(edition.map.regions[t].name for t in sites)
        if not given:
            raise AdjudicatorError(
                f"{self.name} (United Kingdom 6) is chosen at set-up: add --option "
                f"{self.key}=<territory>, one of {listing}")
        where = edition.map.lookup(str(given))
        if where is None:
            names = {t: r.name for t, r in edition.map.regions.items()}
            close = suggest(str(given), names)
            hint = f" (did you mean {' or '.join(close)}?)" if close else ""
            raise AdjudicatorError(f"option {self.key}: unknown territory {given!r}{hint}; "
                                   f"one of {listing}")
        if where not in sites:
            raise AdjudicatorError(
                f"option {self.key}: {edition.map.regions[where].name} "
                f"{why_not(state, edition, where, self.power)}; one of {listing}")
        state.setdefault("complexes", {})[where] = {"owner": self.power, "damage": 0,
                                                    "new": False}
        state[CHOICES_KEY] = {**choices, self.key: where}
        return state


def eligible(state: dict[str, Any], edition: Edition, power: str) -> list[str]:
    """The territories the extra complex may start in, in map order."""
    return [t for t in edition.map.regions if why_not(state, edition, t, power) == ""]


def why_not(state: dict[str, Any], edition: Edition, territory: str, power: str) -> str:
    """Why ``territory`` cannot take the extra complex ("" when it can)."""
    r = edition.map.regions[territory]
    if not edition.map.is_land(territory) or r.original_owner != power:
        return "is not a tan (British) territory"
    if (state.get("controllers") or {}).get(territory) != power:
        return "is not held by the United Kingdom"
    if (r.ipc or 0) < 1:
        return "has no income (the territory must have an income of 1 or more)"
    if territory in (state.get("complexes") or {}):
        return "already has an industrial complex (one per territory)"
    return ""


ADVANTAGE = ColonialGarrison()
