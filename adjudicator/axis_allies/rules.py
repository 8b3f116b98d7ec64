"""The rule switches of an Axis & Allies ruleset.

The data files hold facts (unit values, the map); this object holds the *rules* that differ
between editions or that players switch on as options. Rules code asks this object instead of
testing the edition's name. Each edition's defaults are its ruleset's ``rules``
(``adjudicator/axis_allies/editions/``); a game's state stores the switches in force
(``state["rules"]``, written by :meth:`Rules.to_json`), and ``editions.rules_for`` reads them
back.

A switch exists only when every value of it is implemented and tested (docs/aa-editions.md).
"""

from __future__ import annotations

from typing import Any, Literal

from adjudicator.record import record, replace


@record(frozen=True)
class Rules:
    #: the ruleset's key (``editions.ruleset``): which edition's rules these are
    edition: str
    # Canals: whose control, and when it is checked. 1942 p.9: the side must have controlled
    # every land territory of the canal at the start of its turn.
    canal_control: Literal["turn_start", "live"] = "turn_start"
    # Sea-zone hostility: only enemy surface warships make a zone hostile (1942 p.8, p.28).
    # Revised: any enemy warship, subs included (digest C1).
    subs_make_zone_hostile: bool = False
    # Enemy transports make a zone hostile too (Revised digest A4, C1: "any enemy unit");
    # 1942 ignores them (p.8, p.28).
    transports_make_zone_hostile: bool = False
    # Submarines pass hostile zones unless an enemy destroyer is there (1942 p.13).
    subs_pass_hostile_zones: bool = True
    # Aircraft hit submarines only with a destroyer of their own power in the battle (1942
    # p.17, p.30); in Revised aircraft hit submarines freely (digest A5.4, C1).
    air_hits_subs_need_destroyer: bool = True
    # Transports are chosen as casualties last and never fire (1942 p.17); Revised differs.
    transports_casualty_last: bool = True
    # Shore bombardment: at most one ship per land unit landing (1942 p.15, p.28-29);
    # Revised has no such cap (digest A5.4, C1).
    bombard_one_ship_per_landed_unit: bool = True
    # Battleship repair after each battle (1942 p.28) or at the end of the turn (Revised,
    # TripleA "Units Repair Hits End Turn": every damaged unit, whoever owns it).
    battleship_repair: Literal["after_battle", "end_of_turn"] = "after_battle"
    # SBR: damage markers on the complex, capped at a multiple of its IPC value (1942), or
    # IPC taken from the complex owner's treasury, at most the territory's IPC value per turn
    # (Revised, digest A5.4).
    sbr_model: Literal["complex_damage", "ipc_loss"] = "complex_damage"
    complex_repair_cost: int = 1  # IPC per damage point, paid in the purchase phase
    # SBR: accumulated complex damage never exceeds this multiple of the territory's IPC
    # value (1942 p.14, p.25; digest §6.2 #7).
    sbr_damage_cap_multiple: int = 2
    # A defending sub hit by an attacking surprise strike still makes its own strike: both
    # strikes are simultaneous, hit units only go to the casualty zone (digest §6.2 #1).
    struck_subs_still_strike: bool = True
    new_complex_min_ipc: int = 1  # a new complex needs a territory worth at least this
    # Optional rules (digest §6.3), off unless the players agree.
    turkish_straits_closed: bool = False
    # The victory level: a key of the data's ``victory_cities`` (1942: standard 9, total 12;
    # Revised: minor 8, major 10, total 12), checked after the last power of the round.
    victory: Literal["standard", "total", "minor", "major"] = "standard"

    def with_options(self, options: dict[str, Any]) -> Rules:
        """A copy with the players' optional-rule choices applied (unknown keys are ignored,
        so a state written by a later version, or by an earlier one with a switch since
        retired, still loads)."""
        known = {k: v for k, v in options.items() if k in self.__record_fields__}
        return replace(self, **known) if known else self

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__record_fields__}


#: Switches that existed once and are gone, with the one value they always had: a state (or a
#: position written from one) that still carries them loads (``fighters_in_sbr``: the optional
#: 1942 rule "fighters in strategic bombing raids" was never implemented, docs/rulings.md 26).
#: ``transport_noncombat_after_combat`` and ``aa_gun_combat_move_as_old_cargo``: their other
#: value never took effect (ruling 9: a transport used in combat move neither moves, loads nor
#: unloads in noncombat; ruling 11: AA guns aboard since an earlier turn ride in combat move).
RETIRED: dict[str, Any] = {"fighters_in_sbr": False, "transport_noncombat_after_combat": False,
                           "aa_gun_combat_move_as_old_cargo": True}
