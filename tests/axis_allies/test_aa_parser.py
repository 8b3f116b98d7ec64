"""The Axis & Allies turn language: forum-style posts, every form, precise errors, no crash."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.orders import (
    BattleInstruction,
    LandingPlan,
    Move,
    Placement,
    Purchase,
    Salt,
    StandingOrders,
    TransportMove,
    TransportStep,
    TurnScript,
    UnitCount,
)
from adjudicator.axis_allies.parser import parse_turn as _parse_turn
from adjudicator.axis_allies.parser import parse_turn_script as _parse_turn_script
from adjudicator.errors import ParsedOrder, ParseResult

U = UnitCount
ED = load_edition("aa1942")


def parse_turn(text: str):
    return _parse_turn(text, ED)


def parse_turn_script(text: str):
    return _parse_turn_script(text, ED)


def one(text: str):
    """The single order a one-statement text gives (and no errors)."""
    r = parse_turn(text)
    assert not r.errors, [e.describe() for e in r.errors]
    assert len(r.orders) == 1, r.orders
    return r.orders[0].order


def one_error(text: str):
    r = parse_turn(text)
    assert not r.orders, r.orders
    assert len(r.errors) == 1, r.errors
    return r.errors[0]


# --- unit lists -------------------------------------------------------------------------------

@pytest.mark.parametrize("text, units", [
    ("buy 3 inf, 2 art, 1 arm", (U("infantry", 3), U("artillery", 2), U("tank", 1))),
    ("buy 2 infantry 1 tank", (U("infantry", 2), U("tank", 1))),
    ("buy ftr", (U("fighter"),)),
    ("buy bmr", (U("bomber"),)),
    ("buy 2 bb", (U("battleship", 2),)),
    ("buy cv, 1 ac", (U("carrier", 2),)),
    ("buy ca", (U("cruiser"),)),
    ("buy 2 dd", (U("destroyer", 2),)),
    ("buy ss, 2 sub", (U("submarine", 3),)),
    ("buy tt 1 trn", (U("transport", 2),)),
    ("buy 2 Fighters, 1 Aircraft Carrier", (U("fighter", 2), U("carrier", 1))),
    ("buy 1 aa, 1 ic", (U("aa_gun"), U("industrial_complex"))),
    ("buy 1 AA gun and 1 factory", (U("aa_gun"), U("industrial_complex"))),
    ("buy 3x inf", (U("infantry", 3),)),
    ("buy 2 u-boats", (U("submarine", 2),)),
    ("buy 4 Infantry, 1 Armour", (U("infantry", 4), U("tank", 1))),
])
def test_unit_lists(text, units):
    assert one(text) == Purchase(units=units)


# --- moves --------------------------------------------------------------------------------------

INF2_ART = (U("infantry", 2), U("artillery", 1))


@pytest.mark.parametrize("text, move", [
    ("2 inf, 1 art Germany -> Karelia", Move(INF2_ART, ("germany", "karelia_ssr"))),
    ("2 inf 1 art from Germany to Karelia", Move(INF2_ART, ("germany", "karelia_ssr"))),
    ("2 inf, 1 art Germany - Karelia S.S.R.", Move(INF2_ART, ("germany", "karelia_ssr"))),
    ("2 inf, 1 art Germany => Leningrad", Move(INF2_ART, ("germany", "karelia_ssr"))),
    ("1 arm Ukraine -> Belorussia -> West Russia",
     Move((U("tank"),), ("ukraine_ssr", "belorussia", "west_russia"), path_given=True)),
    ("1 arm Ukraine to Belorussia to W Rus",
     Move((U("tank"),), ("ukraine_ssr", "belorussia", "west_russia"), path_given=True)),
    ("1 ftr Western Europe -> sz 7", Move((U("fighter"),), ("western_europe", "sz7"))),
    ("1 ftr W Europe -> SZ7", Move((U("fighter"),), ("western_europe", "sz7"))),
    ("1 ftr W. Europe -> 7 Sea Zone", Move((U("fighter"),), ("western_europe", "sz7"))),
    ("1 ftr France -> sea zone 7", Move((U("fighter"),), ("western_europe", "sz7"))),
    ("2 inf UK -> Eire", Move((U("infantry", 2),), ("united_kingdom", "eire"))),
    ("1 inf Archan -> Karelia", Move((U("infantry"),), ("archangel", "karelia_ssr"))),
    ("1 inf Trans Jordan -> Anglo-Egypt", Move((U("infantry"),), ("trans_jordan",
                                                                  "anglo_egypt_sudan"))),
    ("1 inf Union of South Africa -> Belgian Congo",
     Move((U("infantry"),), ("union_of_south_africa", "belgian_congo"))),
    ("ftr W Europe -> sz 7 (sea)", Move((U("fighter"),), ("western_europe", "sz7"),
                                        air_joins="sea")),
    ("ftr W Europe -> Karelia (land battle)", Move((U("fighter"),), ("western_europe",
                                                                     "karelia_ssr"),
                                                   air_joins="land")),
    ("cv sz 5 -> sz 6 with 2 ftr", Move((U("carrier"),), ("sz5", "sz6"),
                                        cargo=(U("fighter", 2),))),
    ("1 cv, 2 ftr sz 5 -> sz 6", Move((U("carrier"), U("fighter", 2)), ("sz5", "sz6"))),
    ("bb sz 5 bombard Karelia", Move((U("battleship"),), ("sz5",), bombard=True,
                                     bombard_target="karelia_ssr")),
    ("bb sz 2 -> sz 5 (bombard)", Move((U("battleship"),), ("sz2", "sz5"), bombard=True)),
    ("1 ca sz 2 -> sz 5 bombard Karelia", Move((U("cruiser"),), ("sz2", "sz5"), bombard=True,
                                               bombard_target="karelia_ssr")),
    ("bmr Germany -> Russia (bomb)", Move((U("bomber"),), ("germany", "russia"), bombing=True)),
    ("bmr Germany -> Moscow (SBR)", Move((U("bomber"),), ("germany", "russia"), bombing=True)),
    ("bomb Russia with bmr from Germany", Move((U("bomber"),), ("germany", "russia"),
                                               bombing=True)),
    ("sbr Russia with 2 bmr Germany", Move((U("bomber", 2),), ("germany", "russia"),
                                           bombing=True)),
])
def test_moves(text, move):
    assert one(text) == move


def test_several_origins_in_one_line_give_one_move_each():
    r = parse_turn("2 inf Germany, 1 art E Europe -> Karelia")
    assert [o.order for o in r.orders] == [
        Move((U("infantry", 2),), ("germany", "karelia_ssr")),
        Move((U("artillery"),), ("eastern_europe", "karelia_ssr")),
    ]


def test_attack_with_form():
    r = parse_turn("attack Karelia with 2 inf from Germany, 1 ftr from W Europe")
    assert [o.order for o in r.orders] == [
        Move((U("infantry", 2),), ("germany", "karelia_ssr")),
        Move((U("fighter"),), ("western_europe", "karelia_ssr")),
    ]
    assert {o.section for o in r.orders} == {"combat_moves"}


# --- transports -----------------------------------------------------------------------------

LOAD_MOVE_UNLOAD = TransportMove(
    transports=(U("transport"),), transport_at="sz5",
    steps=(TransportStep("load", "germany", (U("infantry", 2),)),
           TransportStep("move", "sz6"),
           TransportStep("unload", "karelia_ssr")),
)


@pytest.mark.parametrize("text", [
    "tt sz 5: load 2 inf Germany; -> sz 6; unload -> Karelia",
    "1 tt sz5 -> sz6 carrying 2 inf Germany, unload Karelia",
    "1 trn SZ 5 load 2 inf from Germany then -> sz 6 then unload into Karelia",
    "tt sz 5 load 2 infantry Germany, -> sz 6, unload Karelia",
])
def test_transport_forms(text):
    assert one(text) == LOAD_MOVE_UNLOAD


def test_transport_loading_along_the_way_and_two_landings():
    order = one("2 tt sz 5: load 2 inf Germany; -> sz 6; load 1 inf, 1 arm Norway; "
                "unload 2 inf Karelia; unload 1 inf 1 arm Archangel")
    assert order.steps == (
        TransportStep("load", "germany", (U("infantry", 2),)),
        TransportStep("move", "sz6"),
        TransportStep("load", "norway", (U("infantry"), U("tank"))),
        TransportStep("unload", "karelia_ssr", (U("infantry", 2),)),
        TransportStep("unload", "archangel", (U("infantry"), U("tank"))),
    )
    assert order.path == ("sz5", "sz6")


def test_transport_with_cargo_already_aboard():
    order = one("tt sz 5 with 2 inf: -> sz 6; unload Karelia")
    assert order == TransportMove((U("transport"),), "sz5",
                                  (TransportStep("move", "sz6"),
                                   TransportStep("unload", "karelia_ssr")),
                                  cargo=(U("infantry", 2),))


def test_amphibious_assault_with_bombardment_and_air():
    script, errors = parse_turn_script(
        "combat move:\n"
        "tt sz 5: load 2 inf Germany; -> sz 6; unload Karelia\n"
        "bb sz 5 -> sz 6 bombard Karelia\n"
        "ftr W Europe -> sz 6 (sea)\n"
        "ftr Germany -> Karelia (land)\n")
    assert not errors
    assert isinstance(script.combat_moves[0], TransportMove)
    assert script.combat_moves[1].bombard_target == "karelia_ssr"
    assert [m.air_joins for m in script.combat_moves[2:]] == ["sea", "land"]


# --- purchase, repair, placement, landing ----------------------------------------------------

def test_purchase_forms():
    assert one("purchase: 2 dd, 1 tt") == Purchase(units=(U("destroyer", 2), U("transport")))
    assert one("Buy: 8 inf (24 IPC)") == Purchase(units=(U("infantry", 8),), stated_cost=24)
    assert one("buy 8 inf = 24") == Purchase(units=(U("infantry", 8),), stated_cost=24)
    assert one("repair Germany 4") == Purchase(repairs={"germany": 4})
    assert one("repair 4 ipc in Germany") == Purchase(repairs={"germany": 4})


def test_purchase_section_takes_bare_lists():
    r = parse_turn("Purchase:\n3 inf\n1 arm, 1 ftr\n")
    assert [o.order for o in r.orders] == [Purchase(units=(U("infantry", 3),)),
                                           Purchase(units=(U("tank"), U("fighter")))]


def test_placement_forms():
    assert one("place 3 inf Germany") == Placement((U("infantry", 3),), "germany")
    assert one("place 1 dd sz 5") == Placement((U("destroyer"),), "sz5")
    assert one("mobilize 2 inf in Japan") == Placement((U("infantry", 2),), "japan")
    r = parse_turn("Place:\n3 inf Germany, 1 dd sz 5\n")
    assert [o.order for o in r.orders] == [Placement((U("infantry", 3),), "germany"),
                                           Placement((U("destroyer"),), "sz5")]
    assert {o.section for o in r.orders} == {"placements"}


def test_landing_plans():
    assert one("land ftr@Karelia: Karelia, Germany, carrier sz 5") == LandingPlan(
        (U("fighter"),), "karelia_ssr", ("germany", "sz5"), origin="karelia_ssr")
    assert one("land 2 ftr at Karelia: W Russia or Russia") == LandingPlan(
        (U("fighter", 2),), "west_russia", ("russia",), origin="karelia_ssr")
    assert one("land bmr: Germany") == LandingPlan((U("bomber"),), "germany")
    r = parse_turn("Landings:\nftr Karelia -> Germany\n2 ftr sz 6: cv sz 6, W Europe\n"
                   "1 inf Germany -> Poland\n")
    assert r.orders[0].order == LandingPlan((U("fighter"),), "germany", (), "karelia_ssr")
    assert r.orders[1].order == LandingPlan((U("fighter", 2),), "sz6", ("western_europe",),
                                            "sz6")
    assert len(r.errors) == 1 and r.errors[0].line == 4  # no "Poland" on this map


def test_ground_move_under_landing_header_stays_a_noncombat_move():
    r = parse_turn("landing:\n2 inf W Russia -> Russia\n")
    assert r.orders[0].section == "noncombat_moves"


# --- standing orders and battle instructions ----------------------------------------------------

def test_standing_orders():
    script, errors = parse_turn_script(
        "Standing orders:\n"
        "order of loss: inf, art, arm, ftr, bmr\n"
        "bb takes first hit\n"
        "keep 1 land unit\n"
        "submerge: when outnumbered\n")
    assert not errors
    assert script.standing == StandingOrders(
        order_of_loss=("infantry", "artillery", "tank", "fighter", "bomber"),
        battleship_first_hit=True, keep_land_units=1, submerge="when-outnumbered")


@pytest.mark.parametrize("text, expected", [
    ("loss: inf, art, arm", StandingOrders(order_of_loss=("infantry", "artillery", "tank"))),
    ("casualties: inf, bb-first-hit, keep-land-unit, art",
     StandingOrders(order_of_loss=("infantry", "artillery"), battleship_first_hit=True,
                    keep_land_units=1)),
    ("bb first hit: no", StandingOrders(battleship_first_hit=False)),
    ("no bb first hit", StandingOrders(battleship_first_hit=False)),
    ("keep 2 land units", StandingOrders(keep_land_units=2)),
    ("submerge: always", StandingOrders(submerge="always")),
    ("subs submerge never", StandingOrders(submerge="never")),
    ("submerge if outnumbered", StandingOrders(submerge="when-outnumbered")),
])
def test_standing_forms(text, expected):
    assert one(text) == expected


def test_battle_instructions_merge_per_battle():
    script, errors = parse_turn_script(
        "battle Karelia:\n"
        "retreat after round 2 to Archangel\n"
        "retreat if units <= 3\n"
        "retreat if loss > 20 ipc\n"
        "loss: inf, art, ftr\n"
        "order 1\n"
        "battle sz 7: engage lone subs; order 2\n")
    assert not errors
    assert script.battle("karelia_ssr") == BattleInstruction(
        at="karelia_ssr", retreat_after_round=2, retreat_when_units_at_most=3,
        retreat_when_loss_exceeds_ipc=20, retreat_to="archangel",
        order_of_loss=("infantry", "artillery", "fighter"), order=1)
    assert script.battle("sz7") == BattleInstruction(at="sz7", engage=True, order=2)


@pytest.mark.parametrize("text, fields", [
    ("battle Karelia: retreat after round 2 to Archangel",
     {"retreat_after_round": 2, "retreat_to": "archangel"}),
    ("battle Karelia: retreat after 3 rounds", {"retreat_after_round": 3}),
    ("battle Karelia: retreat if units < 3", {"retreat_when_units_at_most": 2}),
    ("battle Karelia: retreat when units at most 4", {"retreat_when_units_at_most": 4}),
    ("battle Karelia: retreat if losses >= 21", {"retreat_when_loss_exceeds_ipc": 20}),
    ("battle Karelia: retreat if lost more than 20 ipcs", {"retreat_when_loss_exceeds_ipc": 20}),
    ("battle Karelia: retreat to Archangel", {"retreat_to": "archangel"}),
    ("battle Karelia: battle order 3", {"order": 3}),
    ("battle sz 7: ignore lone transports", {"engage": False}),
    ("battle sz 7: engage: no", {"engage": False}),
])
def test_battle_forms(text, fields):
    assert one(text) == BattleInstruction(at=fields.pop("at", text.split(":")[0][7:].strip()
                                                        .replace("Karelia", "karelia_ssr")
                                                        .replace("sz 7", "sz7")), **fields)


def test_salt():
    assert one("salt: Lorem ipsum, 42; whatever!") == Salt("Lorem ipsum, 42; whatever!")
    script, _ = parse_turn_script("Salt:\nthe quick brown fox\n")
    assert script.salt == Salt("the quick brown fox")


# --- sections ------------------------------------------------------------------------------

def test_moves_before_any_header_are_combat_moves_and_sections_switch():
    r = parse_turn("2 inf Germany -> Karelia\nNon-Combat Move:\n1 ftr Karelia -> Germany\n"
                   "combat:\n1 arm Ukraine -> W Russia\nNCM\n1 inf Norway -> Finland\n")
    assert [o.section for o in r.orders] == ["combat_moves", "noncombat_moves",
                                             "combat_moves"]
    assert r.errors[0].line == 7  # Finland is not an A&A 1942 territory


def test_headers_in_any_order_and_inline():
    script, errors = parse_turn_script(
        "place 2 inf Germany\nbuy 2 inf\nncm: 1 ftr Karelia -> Germany\n"
        "combat move: 2 inf Germany -> Karelia\n")
    assert not errors
    assert script.placements and script.purchases
    assert len(script.noncombat_moves) == 1 and len(script.combat_moves) == 1


def test_move_under_placement_header_is_an_error():
    r = parse_turn("place:\n2 inf Germany -> Karelia\n")
    assert not r.orders and "combat move" in r.errors[0].message


# --- errors --------------------------------------------------------------------------------

def test_unknown_territory_suggests_names():
    e = one_error("2 inf Germany -> Karlea")  # two slips: never guessed, suggested
    assert (e.line, e.column) == (1, 18)
    assert e.suggestions[0] == "Karelia S.S.R."
    assert e.expected == ("a territory or sea zone",)
    assert "did you mean Karelia S.S.R. or Algeria?" in e.describe()


def test_unknown_unit_suggests_units():
    e = one_error("buy 3 inf 2 artlry")
    assert e.column == 13 and e.suggestions[0] == "Artillery"
    assert e.message == "unknown unit 'artlry'"


def test_misspelled_origin():
    e = one_error("3 inf Grmny -> Karelia")
    assert e.column == 7 and e.suggestions == ("Germany",)


def test_a_single_slip_is_read_and_said():
    (po,) = parse_turn("3 inf Germny -> Karelia").orders
    assert po.notes == ("'Germny' read as Germany",)


def test_incomplete_move():
    e = one_error("2 inf Germany")
    assert e.column == 14 and e.expected == ("'->'",)


def test_incomplete_line_lists_expected():
    e = one_error("2 inf Germany ->")
    assert e.column == 17 and e.expected == ("a territory or sea zone",)
    assert e.message.startswith("incomplete line")


def test_bad_sea_zone_number():
    e = one_error("1 dd sz 99 -> sz 5")
    assert e.column == 6 and "no sea zone 99" in e.message


def test_bad_character_and_conversation():
    assert one_error("buy 3 inf $").column == 11
    r = parse_turn("hello world")  # a greeting is conversation, not an error
    assert not r.orders and not r.errors and [i.text for i in r.ignored] == ["hello world"]


def test_retreat_outside_battle_section():
    e = one_error("retreat after round 2")
    assert "battle <territory>:" in e.message


def test_sea_and_land_together_is_an_error():
    e = one_error("ftr Germany -> sz 5 (sea, land)")
    assert "not both" in e.message and e.column == 27


def test_bad_landing_spot():
    e = one_error("land 2 ftr Karelia: Germany, bb sz 5")
    assert e.column == 30 and "no landing spot" in e.message


def test_good_lines_kept_around_bad_ones_and_columns_are_absolute():
    r = parse_turn("buy 3 inf\n2 inf Germany -> Karlea; 1 arm Ukraine -> W Russia\n"
                   "1 ftr W Europe -> sz 7\n")
    assert len(r.orders) == 3
    assert len(r.errors) == 1
    assert (r.errors[0].line, r.errors[0].column) == (2, 18)
    assert r.errors[0].text == "2 inf Germany -> Karlea; 1 arm Ukraine -> W Russia"


def test_comments_bullets_titles_and_markdown_are_ignored():
    r = parse_turn("Germany turn 1\n**Combat Move:**\n- 2 inf Germany -> Karelia  # go\n"
                   "1. 1 arm Ukraine -> W Russia // blitz\n* bmr Germany -> Russia (bomb)\n"
                   "Round 2\n\n")
    assert not r.errors
    assert len(r.orders) == 3


# --- realistic opening turns ---------------------------------------------------------------

USSR_R1 = """\
USSR turn 1
Purchase: 8 inf (24 ipc)

Combat moves:
3 inf, 1 art, 1 arm Karelia -> West Russia
2 inf Russia -> W Russia
1 arm Caucasus -> Ukraine
2 ftr Russia -> Ukraine (land)
1 sub sz 4 -> sz 2

Noncombat:
1 aa gun Russia -> Karelia

Landing:
2 ftr Ukraine: W Russia, Russia

Place:
8 inf Russia

battle West Russia: loss: inf, art, arm; retreat if units <= 2 to Russia
salt: for the motherland
"""

GERMANY_R1 = """\
Germany R1
purchase: 2 tank, 1 trn, 2 inf = 24
repair W Europe 2

combat move
2 inf, 1 art, 1 arm E Europe -> Belorussia
3 inf 2 arm Ukraine to West Russia
1 tt sz5 -> sz6 carrying 2 inf Germany, unload Karelia
bb sz 15 -> sz 13 bombard Egypt
2 ftr W Europe -> sz 7 (sea)
1 bmr Germany -> Russia (bomb)
2 sub sz 8 -> sz 7

Non-combat move:
1 ftr Norway -> Karelia
land ftr@sz7: cv sz 7, W Europe
Place: 2 tank, 2 inf Germany
place 1 tt sz 5
Standing:
loss: inf, art, arm, ftr, bmr
submerge: never
"""

UK_R1 = """\
UK Round 1
Buy: 1 ftr, 2 inf, 1 ic
combat:
1 ftr UK -> sz 7
1 dd, 1 ca sz 6 -> sz 7
1 bmr UK -> sz 7 (sea)
tt sz 3: load 1 inf, 1 art UK; -> sz 6; unload Western Europe
ncm
2 inf India -> Burma
land 1 ftr sz 7: UK, Eire
mobilize: 2 inf UK; 1 ftr India
battle sz 7: order 1; engage
"""

JAPAN_R1 = """\
Japan R1:
buy 2 tt, 1 inf
combat move:
1 bb, 1 cv sz 37 -> sz 53 with 2 ftr
2 ftr Japan -> sz 53 (sea)
tt sz 60: load 2 inf Kwantung; -> sz 36; unload Philippines
1 ftr Formosa -> Philippines (land)
4 inf Manchuria -> Buryatia
noncombat
2 inf Japan -> Kwantung
landing:
2 ftr sz 53: carrier sz 53, Wake
place:
2 tt sz 60
1 inf Japan
"""

USA_R1 = """\
USA turn 1
Purchase: 2 tt, 1 dd, 2 inf
Combat move:
1 sub sz 52 -> sz 50
Noncombat move:
2 inf, 1 art, 1 arm E US -> Central US
1 bmr E US -> UK
1 cv, 2 ftr sz 56 -> sz 55
Place:
2 tt sz 11, 1 dd sz 11
2 inf E US
salt: 4 8 15 16 23 42
"""


def test_ussr_opening():
    script, errors = parse_turn_script(USSR_R1)
    assert not errors, [e.describe() for e in errors]
    assert script.purchases == (Purchase(units=(U("infantry", 8),), stated_cost=24),)
    assert len(script.combat_moves) == 5
    assert script.combat_moves[3].air_joins == "land"
    assert script.noncombat_moves[0].units == (U("aa_gun"),)
    assert script.landings == (LandingPlan((U("fighter", 2),), "west_russia", ("russia",),
                                           "ukraine_ssr"),)
    assert script.placements == (Placement((U("infantry", 8),), "russia"),)
    assert script.battle("west_russia") == BattleInstruction(
        "west_russia", retreat_when_units_at_most=2, retreat_to="russia",
        order_of_loss=("infantry", "artillery", "tank"))
    assert script.salt == Salt("for the motherland")


def test_germany_opening():
    script, errors = parse_turn_script(GERMANY_R1)
    assert not errors, [e.describe() for e in errors]
    assert script.purchases[0].stated_cost == 24
    assert script.purchases[1].repairs == {"western_europe": 2}
    assert isinstance(script.combat_moves[2], TransportMove)
    assert script.combat_moves[3].bombard_target == "anglo_egypt_sudan"
    assert script.combat_moves[5].bombing
    assert script.landings[0].at == "sz7"
    assert script.placements == (Placement((U("tank", 2), U("infantry", 2)), "germany"),
                                 Placement((U("transport"),), "sz5"))
    assert script.standing.submerge == "never"


def test_uk_opening_reports_unknown_territory_and_keeps_the_rest():
    script, errors = parse_turn_script(UK_R1)
    assert len(errors) == 1
    e = errors[0]
    assert e.line == 9 and e.column == 16 and "Burma" in e.message
    assert len(script.combat_moves) == 4
    assert script.combat_moves[3].steps[-1] == TransportStep("unload", "western_europe")
    assert script.placements == (Placement((U("infantry", 2),), "united_kingdom"),
                                 Placement((U("fighter"),), "india"))
    assert script.battle("sz7") == BattleInstruction("sz7", engage=True, order=1)


def test_japan_opening():
    script, errors = parse_turn_script(JAPAN_R1)
    assert not errors, [e.describe() for e in errors]
    assert script.combat_moves[0].cargo == (U("fighter", 2),)
    assert script.combat_moves[2].steps[-1] == TransportStep("unload", "philippine_islands")
    assert script.landings[0].choices == ("sz53", "wake_island")
    assert script.placements[0] == Placement((U("transport", 2),), "sz60")


def test_usa_opening():
    script, errors = parse_turn_script(USA_R1)
    assert not errors, [e.describe() for e in errors]
    assert len(script.combat_moves) == 1 and len(script.noncombat_moves) == 3
    assert script.placements[1] == Placement((U("destroyer"),), "sz11")
    assert script.salt == Salt("4 8 15 16 23 42")


# --- canonical text round trip ------------------------------------------------------------

ROUND_TRIP = [
    Purchase(units=(U("infantry", 3), U("tank"))),
    Purchase(units=(U("infantry", 8),), stated_cost=24),
    Purchase(repairs={"germany": 4}),
    Move((U("infantry", 2), U("artillery")), ("germany", "karelia_ssr")),
    Move((U("tank"),), ("ukraine_ssr", "belorussia", "west_russia"), path_given=True),
    Move((U("fighter"),), ("western_europe", "sz7"), air_joins="sea"),
    Move((U("bomber"),), ("germany", "russia"), bombing=True),
    Move((U("battleship"),), ("sz5",), bombard=True, bombard_target="karelia_ssr"),
    Move((U("cruiser"),), ("sz2", "sz5"), bombard=True),
    Move((U("carrier"),), ("sz5", "sz6"), cargo=(U("fighter", 2),)),
    Move((U("aa_gun"), U("industrial_complex")), ("trans_jordan", "anglo_egypt_sudan")),
    LOAD_MOVE_UNLOAD,
    TransportMove((U("transport", 2),), "sz5", (TransportStep("move", "sz6"),
                                                 TransportStep("unload", "norway",
                                                               (U("infantry"),))),
                  cargo=(U("infantry", 2),)),
    LandingPlan((U("fighter"),), "karelia_ssr", ("germany", "sz5"), "karelia_ssr"),
    LandingPlan((U("bomber"),), "germany"),
    Placement((U("destroyer"),), "sz5"),
    Salt("dice go brrr"),
]


@pytest.mark.parametrize("order", ROUND_TRIP, ids=lambda o: o.text())
def test_canonical_text_round_trip(order):
    assert one(order.text()) == order


@pytest.mark.parametrize("order", [
    StandingOrders(order_of_loss=("infantry", "tank"), battleship_first_hit=False,
                   keep_land_units=2, submerge="when-outnumbered"),
    BattleInstruction("karelia_ssr", retreat_after_round=2, retreat_when_units_at_most=3,
                      retreat_when_loss_exceeds_ipc=20, retreat_to="archangel",
                      order_of_loss=("infantry",), battleship_first_hit=True,
                      keep_land_units=1, submerge="always", engage=False, order=4),
])
def test_policy_round_trip(order):
    script, errors = parse_turn_script(order.text())
    assert not errors
    merged = script.standing if isinstance(order, StandingOrders) else script.battles[0]
    assert merged == order


@pytest.mark.parametrize("post", [USSR_R1, GERMANY_R1, JAPAN_R1, USA_R1])
def test_turn_script_round_trip(post):
    script, _ = parse_turn_script(post)
    again, errors = parse_turn_script(script.text())
    assert not errors
    assert again == script


def test_empty_post():
    script, errors = parse_turn_script("")
    assert script == TurnScript() and not errors
    assert TurnScript().text() == ""


# --- robustness ----------------------------------------------------------------------------

_ALPHABET = st.sampled_from(list("abcdefghijklmnopqrstuvwxyz0123456789 ;:,.-()>=<@#*/\n\t"
                                 "ÄŁ→—") + ["inf ", "sz ", "Germany ", "-> ", "load ", "battle ",
                                             "retreat ", "buy ", "land ", "salt:", "(sea)"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_ALPHABET, max_size=40).map("".join))
def test_arbitrary_text_never_raises(text):
    r = parse_turn(text)
    assert isinstance(r, ParseResult)
    assert all(isinstance(o, ParsedOrder) for o in r.orders)
    for e in r.errors:
        assert e.line >= 1 and e.column >= 1


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=80))
def test_arbitrary_unicode_never_raises(text):
    assert isinstance(parse_turn(text), ParseResult)
    parse_turn_script(text)
