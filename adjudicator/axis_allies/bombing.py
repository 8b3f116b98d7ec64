"""Strategic bombing raids (A&A 1942 p.14, p.25, p.27; digest §2.3.1; Revised: digest A5.4).

Sequence: the territory's AA gun fires once at each raiding bomber (hit on its AA value, 1),
then every surviving bomber rolls one die. What the sum does is the rules' ``sbr_model``:

* ``complex_damage`` (1942): it is added as damage to the industrial complex. Accumulated
  damage never exceeds ``sbr_damage_cap_multiple`` (2) x the territory's IPC value; damage
  above the cap is ignored (digest §6.2 #7: the cap is on the total).
* ``ipc_loss`` (Revised): the complex's owner loses that many IPC from its treasury, at most
  the territory's IPC value (one raid per territory per turn: the cap is per turn) and never
  more than it has. There are no damage markers.

A raid is a battle of its own: an AA gun that fires at the raiders fires again at the aircraft
of a regular attack on the same territory (digest §6.2 #5). Raid labels use their own purposes
(``sbr-aa``, ``sbr-damage``) so they never collide with that battle's rolls.

The optional 1942 rule "fighters in strategic bombing raids" (escorts and interceptors) is not
played (docs/rulings.md 26).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.axis_allies.combat import Unit
from adjudicator.axis_allies.data import Edition
from adjudicator.axis_allies.editions import as_in_play
from adjudicator.axis_allies.rules import Rules
from adjudicator.axis_allies.ruleset import InPlay
from adjudicator.dice import Dice, RollLabel
from adjudicator.record import record


@record(frozen=True)
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
    #: the complex owner's IPC before the raid (``ipc_loss``: the most it can lose)
    treasury: int | None = None


@record(frozen=True)
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
    model: str = "complex_damage"
    ipc_lost: int = 0  # ``ipc_loss``: taken from the complex owner's treasury

    def to_json(self) -> dict:
        out = {
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
        if self.model != "complex_damage":
            out.update(model=self.model, ipc_lost=self.ipc_lost)
        return out


def resolve_raid(edition: Edition, rules: Rules | InPlay, setup: RaidSetup, dice: Dice
                 ) -> RaidResult:
    """Resolve one strategic bombing raid. Pure: the caller applies ``damage_after`` to the
    complex (or takes ``ipc_lost`` from its owner's treasury) and removes the destroyed
    bombers. ``rules``: the switches alone, or the rules in play of a game (an effect may
    give a bomber more dice: Heavy Bombers, Revised digest A5.1 #6)."""
    play = as_in_play(rules)
    rules = play.rules
    for b in setup.bombers:
        if not play.raider(b.power, b.type, edition.units[b.type]):
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
        gun = setup.aa_gun
        gun_spec = edition.units[gun.type]
        # what the gun hits each raider on with the effects in play (the ``aa_fire`` query
        # point: UK Radar, US Superfortresses, Revised digest A7); 0: no die for it
        asked = {b.id: play.aa_fire_by(gun.power, gun.type, gun_spec, setup.territory,
                                       b.power, b.type, edition.units[b.type], raid=True)
                 for b in bombers}
        hit_on = {k: v for k, (v, _) in asked.items()}
        by = sorted({name for _, names in asked.values() for name in names})
        targets = [b for b in bombers if hit_on[b.id] > 0]
        if targets:
            aa_dice = dice.roll(label(0, "defender", "sbr-aa"), len(targets))
            # one die per bomber, die i aimed at bomber i: all raiders are bombers, no choice
            for b, d in zip(targets, aa_dice, strict=True):
                if d <= hit_on[b.id]:
                    fates[b.id] = "destroyed"
            each = [hit_on[b.id] for b in targets]
            entry: dict[str, Any] = {
                "event": "aa", "gun": gun.id, "dice": aa_dice, "hit_on": max(each),
                "destroyed": [b for b, f in fates.items() if f == "destroyed"]}
            if len(set(each)) > 1:
                entry["hit_on_each"] = each  # die i hits on each[i]
            if by:
                entry["effects"] = by  # what changed the gun's fire (UK Radar, US B-29s)
            if len(targets) < len(bombers):
                entry["not_fired_at"] = [b.id for b in bombers if hit_on[b.id] <= 0]
            log.append(entry)
        elif by:
            log.append({"event": "aa", "gun": gun.id, "dice": [], "hit_on": 0,
                        "destroyed": [], "effects": by,
                        "not_fired_at": [b.id for b in bombers]})
    survivors = [b for b in bombers if fates[b.id] == "survived"]
    rolled = 0
    if survivors:
        # one die per bomber, or as many as the effects in play give it (every die counts)
        shots = [b for b in survivors for _ in range(max(1, play.dice(
            "attacker", b.power, b.type, edition.units[b.type], setup.territory, None)))]
        dmg = dice.roll(label(1, "attacker", "sbr-damage"), len(shots))
        rolled = sum(dmg)
        entry = {"event": "bombing", "dice": [{"unit": b.id, "die": d}
                                              for b, d in zip(shots, dmg, strict=True)],
                 "total": rolled}
        if play.effects:  # what each raider's dice count for (Luftwaffe Dive Bombers)
            each: dict[str, int] = {}
            for b, d in zip(shots, dmg, strict=True):
                each[b.id] = each.get(b.id, 0) + d
            counted: dict[str, int] = {}
            names: set[str] = set()
            for b in survivors:
                counted[b.id], by = play.raid_damage(b.power, b.type, edition.units[b.type],
                                                     setup.territory, each[b.id])
                names.update(by)
            if names:
                rolled = sum(counted.values())
                entry.update(counted=counted, total=rolled, effects=sorted(names))
        log.append(entry)
    if rules.sbr_model == "ipc_loss":
        cap = setup.ipc_value
        have = rolled if setup.treasury is None else max(0, setup.treasury)
        lost = min(rolled, cap, have)
        log.append({"event": "ipc-loss", "rolled": rolled, "lost": lost, "cap": cap,
                    "treasury": setup.treasury,
                    "why": f"the owner loses the bombing total from its treasury, at most the "
                    f"territory's IPC value {setup.ipc_value} per turn and never more than it "
                    "has"})
        return RaidResult(
            territory=setup.territory, attacker=setup.attacker, fates=fates,
            damage_rolled=rolled, damage_added=0, damage_after=setup.damage_before, cap=cap,
            log=tuple(log), rolls=tuple(r.to_json() for r in dice.rolls[first:]),
            model="ipc_loss", ipc_lost=lost,
        )
    cap = rules.sbr_damage_cap_multiple * setup.ipc_value
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
