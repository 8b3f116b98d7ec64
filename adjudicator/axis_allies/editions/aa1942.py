"""Axis & Allies 1942 (2009), as one ruleset.

Authority: the 1942 rulebook digest, and the rulings in docs/rulings.md (numbers cited). The
data is ``games/aa1942/`` (docs/aa1942-data.md).
"""

from __future__ import annotations

from adjudicator.axis_allies import turn_steps as ts
from adjudicator.axis_allies.battle.aa_fire import AAFire
from adjudicator.axis_allies.battle.bombard import Bombard
from adjudicator.axis_allies.battle.end_check import EndCheck
from adjudicator.axis_allies.battle.fire import Fire
from adjudicator.axis_allies.battle.remove_casualties import RemoveCasualties
from adjudicator.axis_allies.battle.retreat import Retreat
from adjudicator.axis_allies.battle.round_start import RoundStart
from adjudicator.axis_allies.battle.submerge import Submerge
from adjudicator.axis_allies.battle.surprise_strike import SurpriseStrike
from adjudicator.axis_allies.rules import Rules
from adjudicator.axis_allies.ruleset import NMR_OPTION, PASSES_OPTION, Ruleset
from adjudicator.game import Option

KEY = "aa1942"

#: The order of play (digest §2): no weapons development in 1942.
TURN_STEPS = (
    ts.Purchase(),
    ts.CombatMove(),
    ts.ConductCombat(),
    ts.NoncombatMove(),
    ts.Mobilise(),
    ts.LandAircraft(),
    ts.CollectIncome(),
    ts.EndOfTurn(),
    ts.RepairDamage(),  # only with battleship_repair = "end_of_turn"
    ts.VictoryCheck(),  # after the last power of the round
    ts.NextPower(),
)

#: One battle (digest §2.3.3, rulings 20-25); each step says whether it applies.
BATTLE_STEPS = (
    Bombard(),  # opening: an amphibious assault without a sea battle
    AAFire(),  # opening: land battles
    EndCheck(),
    RoundStart(),
    Submerge(),  # sea battles
    SurpriseStrike("attacker"),  # sea battles
    SurpriseStrike("defender"),  # sea battles
    RemoveCasualties(sea_only=True),  # the strikes' casualties, before the main fire
    Fire("attacker"),
    Fire("defender"),
    RemoveCasualties(),
    EndCheck(),
    Retreat(),
)

OPTIONS = {
    "victory": Option(("standard", "total"),
                      "standard: 9 victory cities win; total: 12 (1942 p.6, p.23)"),
    "nmr": NMR_OPTION,
    "passes": PASSES_OPTION,
    "turkish_straits_closed": Option((False, True), "the optional rule closing the Turkish "
                                                    "straits (1942 p.29)"),
}

RULESET = Ruleset(
    key=KEY,
    title="Axis & Allies 1942",
    data="aa1942",
    rules=Rules(edition=KEY),
    turn_steps=TURN_STEPS,
    battle_steps=BATTLE_STEPS,
    effects=(),  # no technologies or National Advantages in the 1942 rules played here
    options=OPTIONS,
    step_names={"purchase": "purchase & combat", "noncombat": "noncombat & mobilise"},
)
