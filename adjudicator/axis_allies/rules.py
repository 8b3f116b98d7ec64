"""Per-edition rule switches for Axis & Allies.

The data files hold facts (unit values, the map); this object holds the *rules* that differ
between editions or that players switch on as options. Validation code asks this object
instead of testing the edition name, so A&A Revised is one more entry in ``EDITIONS`` rather
than ``if edition == ...`` branches scattered through the movement code.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal


@dataclass(frozen=True)
class Rules:
    edition: str
    # Canals: whose control, and when it is checked. 1942 p.9: the side must have controlled
    # every land territory of the canal at the start of its turn.
    canal_control: Literal["turn_start", "live"] = "turn_start"
    # Sea-zone hostility: only enemy surface warships make a zone hostile (1942 p.8, p.28).
    # Revised: any enemy warship, subs included (digest C1).
    subs_make_zone_hostile: bool = False
    # Submarines pass hostile zones unless an enemy destroyer is there (1942 p.13).
    subs_pass_hostile_zones: bool = True
    # AA guns: no combat move, except as cargo loaded in an earlier turn (1942 p.25).
    aa_gun_combat_move_as_old_cargo: bool = True
    # Transports are chosen as casualties last and never fire (1942 p.17); Revised differs.
    transports_casualty_last: bool = True
    # Battleship repair after each battle (1942 p.28) or at end of turn (Revised/TripleA).
    battleship_repair: Literal["after_battle", "end_of_turn"] = "after_battle"
    # SBR: damage markers on the complex, capped at 2 x IPC (1942) vs treasury loss (Revised).
    sbr_model: Literal["complex_damage", "ipc_loss"] = "complex_damage"
    complex_repair_cost: int = 1  # IPC per damage point, paid in the purchase phase
    # SBR: accumulated complex damage never exceeds this multiple of the territory's IPC
    # value (1942 p.14, p.25; digest §6.2 #7).
    sbr_damage_cap_multiple: int = 2
    # A defending sub hit by an attacking surprise strike still makes its own strike: both
    # strikes are simultaneous, hit units only go to the casualty zone (digest §6.2 #1).
    struck_subs_still_strike: bool = True
    new_complex_min_ipc: int = 1  # a new complex needs a territory worth at least this
    # Transports that moved in combat move may not load, unload or move in noncombat
    # (digest §6.1 item 11, recommended ruling).
    transport_noncombat_after_combat: bool = False
    # Optional rules (digest §6.3), off unless the players agree.
    turkish_straits_closed: bool = False
    fighters_in_sbr: bool = False
    victory: Literal["standard", "total"] = "standard"

    def with_options(self, options: dict[str, Any]) -> Rules:
        """A copy with the players' optional-rule choices applied (unknown keys are ignored,
        so a state written by a later version still loads)."""
        known = {k: v for k, v in options.items() if k in self.__dataclass_fields__}
        return replace(self, **known)

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


EDITIONS: dict[str, Rules] = {
    "aa1942": Rules(edition="aa1942"),
}


def rules_for(edition: str, options: dict[str, Any] | None = None) -> Rules:
    """The rules object of an edition with optional rules applied."""
    return EDITIONS[edition].with_options(options or {})
