"""Axis & Allies Revised (2004), as one ruleset.

Authority: the Revised digest (``aa-revised-and-unit-profiles-digest.md``: part A the Revised
manual, C1 the differences from 1942), and the rulings in docs/rulings.md under "Axis & Allies
Revised" (R-numbers). The data is ``games/aa-revised/`` (docs/aa-revised-data.md); what differs
from 1942 is listed in docs/aa-revised.md.

Weapons development (digest A5.1) and the National Advantages (A7) are built elsewhere
(``techs/``, ``advantages/``) and join this ruleset as a turn step and effects.
"""

from __future__ import annotations

from adjudicator.axis_allies import advantages, techs
from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.editions.aa1942 import BATTLE_STEPS, TURN_STEPS
from adjudicator.axis_allies.rules import Rules
from adjudicator.axis_allies.ruleset import NMR_OPTION, PASSES_OPTION, Ruleset
from adjudicator.game import Option

KEY = "aa-revised"

#: The Revised switches (digest C1): any enemy unit makes a sea zone hostile and submarines
#: are blocked like other ships; aircraft hit submarines without a destroyer; transports fire
#: on defence (data: defence 1) and are chosen freely as casualties; shore bombardment has no
#: one-ship-per-landed-unit cap; battleships are repaired at the end of the turn; strategic bombing
#: takes IPC from the treasury, at most the territory's income per turn; victory by default
#: with 8 cities (digest A3, C3 #27).
RULES = Rules(
    edition=KEY,
    subs_make_zone_hostile=True,
    transports_make_zone_hostile=True,
    air_hits_subs_need_destroyer=False,
    bombard_one_ship_per_landed_unit=False,
    subs_pass_hostile_zones=False,
    transports_casualty_last=False,
    battleship_repair="end_of_turn",
    sbr_model="ipc_loss",
    victory="minor",
)

_SETUP = load_edition("aa-revised").setup
POWERS = tuple(_SETUP.turn_order)

OPTIONS = {
    "victory": Option(("minor", "major", "total"),
                      "minor: 8 victory cities win; major: 10; total: 12, held after the US "
                      "turn (Revised digest A3)"),
    "nmr": NMR_OPTION,
    "passes": PASSES_OPTION,
    # National Advantages (digest A7), chosen per power: na_ussr=russian_winter,3 ...
    **advantages.options(POWERS, {p: _SETUP.powers[p].name for p in POWERS}),
}

RULESET = Ruleset(
    key=KEY,
    title="Axis & Allies Revised",
    data="aa-revised",
    rules=RULES,
    # weapons development first, rocket strikes before the battles (digest A5.1)
    turn_steps=techs.turn_steps(TURN_STEPS),
    battle_steps=BATTLE_STEPS,
    # technologies before advantages: an advantage builds on a technology's value (Wolf
    # Packs with Super Submarines attack at 4, ruling NA-wolf_packs)
    effects=(*techs.for_powers(POWERS), *advantages.ALL),
    options=OPTIONS,
    step_names={"purchase": "purchase & combat", "noncombat": "noncombat & mobilise"},
    option_state=advantages.option_state(POWERS),
)
