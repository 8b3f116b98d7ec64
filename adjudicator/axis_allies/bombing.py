"""Strategic bombing raids (A&A 1942 p.14, p.25, p.27; digest §2.3.1).

Sequence: the territory's AA gun fires once at each raiding bomber (hit on its AA value, 1),
then every surviving bomber rolls one die and the sum is added as damage to the industrial
complex. Accumulated damage never exceeds ``sbr_damage_cap_multiple`` (2) x the territory's
IPC value; damage above the cap is ignored (digest §6.2 #7: the cap is on the total).

A raid is a battle of its own: an AA gun that fires at the raiders fires again at the aircraft
of a regular attack on the same territory (digest §6.2 #5). Raid labels use their own purposes
(``sbr-aa``, ``sbr-damage``) so they never collide with that battle's rolls.

Not implemented: the optional "fighters in strategic bombing" rule (escorts, interceptors, one
air-battle round) and the Revised-style treasury-loss model; both raise ``ValueError`` rather
than silently resolving a different rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from adjudicator.axis_allies.combat import Unit
from adjudicator.axis_allies.data import Edition
from adjudicator.axis_allies.rules import Rules
from adjudicator.dice import Dice, RollLabel


@dataclass(frozen=True)
class RaidSetup:
    """One raid on the complex in ``territory``.

    ``damage_before``: damage already on the complex. ``aa_gun``: an enemy AA gun in the
    territory (only one fires, however many stand there), or ``None``.
    """

    territory: str
    attacker: str
    bombers: tuple[Unit, ...]
    ipc_value: int
    damage_before: int = 0
    aa_gun: Unit | None = None
    game_round: int = 1


@dataclass(frozen=True)
class RaidResult:
    territory: str
    attacker: str
    fates: Mapping[str, str]  # bomber id -> "survived" / "destroyed"
    damage_rolled: int
    damage_added: int
    damage_after: int
    cap: int
    log: tuple[dict, ...]
    rolls: tuple[dict, ...]

    def to_json(self) -> dict:
        return {
            "territory": self.territory,
            "attacker": self.attacker,
            "fates": dict(self.fates),
            "damage_rolled": self.damage_rolled,
            "damage_added": self.damage_added,
            "damage_after": self.damage_after,
            "cap": self.cap,
            "log": list(self.log),
            "rolls": list(self.rolls),
        }


def resolve_raid(edition: Edition, rules: Rules, setup: RaidSetup, dice: Dice) -> RaidResult:
    """Resolve one strategic bombing raid. Pure: the caller applies ``damage_after`` to the
    complex and removes the destroyed bombers."""
    if rules.sbr_model != "complex_damage":
        raise ValueError(f"SBR model {rules.sbr_model!r} is not implemented")
    if rules.fighters_in_sbr:
        raise ValueError("the optional rule 'fighters in strategic bombing' is not implemented")
    for b in setup.bombers:
        if not edition.units[b.type].strategic_bomber:
            raise ValueError(f"{b.id} ({b.type}) cannot make a strategic bombing raid")
    first = len(dice.rolls)

    def label(combat_round: int, side: str, purpose: str) -> RollLabel:
        return RollLabel(
            setup.game_round, setup.attacker, setup.territory, combat_round, side, purpose
        )

    log: list[dict] = [
        {"event": "raid", "territory": setup.territory, "attacker": setup.attacker,
         "bombers": [b.id for b in setup.bombers], "damage_before": setup.damage_before}
    ]
    bombers = sorted(setup.bombers, key=lambda b: b.id)
    fates = {b.id: "survived" for b in bombers}
    if setup.aa_gun is not None and bombers:
        aa = edition.units[setup.aa_gun.type].anti_aircraft or 0
        aa_dice = dice.roll(label(0, "defender", "sbr-aa"), len(bombers))
        # one die per bomber, die i aimed at bomber i: all raiders are bombers, so no choice
        for b, d in zip(bombers, aa_dice, strict=True):
            if d <= aa:
                fates[b.id] = "destroyed"
        log.append({"event": "aa", "gun": setup.aa_gun.id, "dice": aa_dice, "hit_on": aa,
                    "destroyed": [b for b, f in fates.items() if f == "destroyed"]})
    survivors = [b for b in bombers if fates[b.id] == "survived"]
    cap = rules.sbr_damage_cap_multiple * setup.ipc_value
    rolled = 0
    if survivors:
        dmg = dice.roll(label(1, "attacker", "sbr-damage"), len(survivors))
        rolled = sum(dmg)
        log.append({"event": "bombing", "dice": [{"unit": b.id, "die": d}
                                                 for b, d in zip(survivors, dmg, strict=True)],
                    "total": rolled})
    after = min(cap, setup.damage_before + rolled)
    added = max(0, after - setup.damage_before)
    log.append({"event": "damage", "rolled": rolled, "added": added, "after": after, "cap": cap,
                "why": f"accumulated damage capped at {rules.sbr_damage_cap_multiple} x "
                f"IPC value {setup.ipc_value}"})
    return RaidResult(
        territory=setup.territory,
        attacker=setup.attacker,
        fates=fates,
        damage_rolled=rolled,
        damage_added=added,
        damage_after=after,
        cap=cap,
        log=tuple(log),
        rolls=tuple(r.to_json() for r in dice.rolls[first:]),
    )
