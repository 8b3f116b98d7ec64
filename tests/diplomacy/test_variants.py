"""Diplomacy variants as data (docs/variants.md): discovery, ``adj new``, ``extends`` and the
loader's validation. The games played on the variants are in ``test_variant_games.py``."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from adjudicator import registry, service
from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner
from adjudicator.diplomacy import variants
from adjudicator.diplomacy.map import load_map
from adjudicator.diplomacy.variants import VariantError
from adjudicator.errors import AdjudicatorError
from adjudicator.resources import game_data_path

SHIPPED = ["ancmed", "fleetrome", "pure", "standard"]


# --- discovery and the registry ------------------------------------------------------------
def test_the_shipped_variants_are_discovered():
    assert variants.discover() == SHIPPED


def test_each_variant_is_a_registry_key_with_a_colon_alias():
    for name in ("ancmed", "fleetrome", "pure"):
        key = f"diplomacy-{name}"
        assert registry.canonical_key(key) == key
        assert registry.canonical_key(f"diplomacy:{name}") == key
        assert registry.canonical_key(f"Diplomacy:{name.upper()}") == key
        assert registry.spec(key).data == key
        assert registry.get_game(key).map is load_map(key)
    assert {f"diplomacy-{n}" for n in ("ancmed", "fleetrome", "pure")} <= set(
        registry.game_kinds())


def test_the_standard_map_stays_key_diplomacy():
    assert registry.canonical_key("diplomacy:standard") == "diplomacy"
    assert "diplomacy-standard" not in registry.GAMES
    assert registry.get_game("diplomacy").data == "diplomacy-standard"


def test_static_keys_are_found_without_listing_the_games_folder(monkeypatch):
    monkeypatch.setattr(registry, "_found", None)
    assert registry.canonical_key("aa1942") == "aa1942"
    assert registry.canonical_key("dip") == "diplomacy"
    assert registry.GAMES["aa-revised"].key == "aa-revised"
    assert registry._found is None  # no directory listing for a static game
    assert registry.canonical_key("diplomacy:pure") == "diplomacy-pure"
    assert registry._found is not None


def test_an_unknown_variant_is_refused_with_the_known_games():
    with pytest.raises(AdjudicatorError, match="unknown game 'diplomacy:nosuch'.*diplomacy-ancmed"):
        registry.canonical_key("diplomacy:nosuch")


# --- adj new --------------------------------------------------------------------------------
def test_adj_new_list_shows_the_variants_in_text():
    out = CliRunner().invoke(main, ["new", "diplomacy", "--list"])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert [line.split()[0] for line in lines] == SHIPPED
    assert ("ancmed     Ancient Mediterranean: 5 powers (Carthage, Egypt, Greece, Persia, "
            "Rome), 18 of 34 centres to win, 79 provinces") in lines
    assert any(line.startswith("fleetrome") and line.endswith("; extends standard")
               for line in lines)
    assert any(line.startswith("pure") and "4 of 7 centres to win, 7 provinces" in line
               for line in lines)


def test_adj_new_list_json():
    out = CliRunner().invoke(main, ["new", "diplomacy", "--list", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    by_name = {v["name"]: v for v in data["variants"]}
    assert list(by_name) == SHIPPED
    anc = by_name["ancmed"]
    assert anc["powers"] == ["Carthage", "Egypt", "Greece", "Persia", "Rome"]
    assert (anc["victory_centres"], anc["supply_centres"], anc["provinces"]) == (18, 34, 79)
    assert anc["geometry"] == "generated" and anc["extends"] is None
    assert by_name["fleetrome"]["extends"] == "standard"
    assert by_name["fleetrome"]["geometry"] == "drawn"  # the standard board


def test_adj_new_list_for_a_game_without_variants_is_refused():
    out = CliRunner().invoke(main, ["new", "aa1942", "--list"])
    assert out.exit_code == 2
    assert "aa1942 has no variants" in out.output


def test_adj_new_without_a_folder_asks_for_one():
    out = CliRunner().invoke(main, ["new", "diplomacy"])
    assert out.exit_code == 2
    assert "missing argument GAME_DIR" in out.output


@pytest.mark.parametrize("args", [
    ["new", "diplomacy-ancmed", "{dir}"],
    ["new", "diplomacy:ancmed", "{dir}"],
    ["new", "diplomacy", "{dir}", "--variant", "ancmed"],
    ["new", "diplomacy", "{dir}", "--variant", "AncMed"],
], ids=["key", "alias", "variant-flag", "variant-flag-any-case"])
def test_adj_new_creates_a_variant_game(tmp_path, args):
    game_dir = tmp_path / "g"
    out = CliRunner().invoke(main, [a.format(dir=game_dir) for a in args])
    assert out.exit_code == 0, out.output
    state = json.loads((game_dir / "game.json").read_text())
    assert state["game"] == "diplomacy-ancmed"
    assert state["phase"] == "S1901M"
    assert sorted({u["power"] for u in state["units"]}) == [
        "Carthage", "Egypt", "Greece", "Persia", "Rome"]
    assert len(state["units"]) == 15


def test_adj_new_variant_standard_is_the_standard_game(tmp_path):
    out = CliRunner().invoke(main, ["new", "diplomacy", str(tmp_path / "g"), "--variant",
                                    "standard"])
    assert out.exit_code == 0, out.output
    assert json.loads((tmp_path / "g" / "game.json").read_text())["game"] == "diplomacy"


def test_adj_new_unknown_variant_is_refused_and_creates_nothing(tmp_path):
    out = CliRunner().invoke(main, ["new", "diplomacy", str(tmp_path / "g"), "--variant",
                                    "ancmeds"])
    assert out.exit_code == 2
    assert "diplomacy has no variant 'ancmeds'; variants: ancmed, fleetrome, pure, standard" \
        in out.output
    assert not (tmp_path / "g").exists()


def test_fewer_players_is_refused_on_a_variant(tmp_path):
    out = CliRunner().invoke(main, ["new", "diplomacy-ancmed", str(tmp_path / "g"),
                                    "--option", "players=3"])
    assert out.exit_code == 1
    assert ("players=N is for the standard map only; diplomacy-ancmed is played by its 5 "
            "powers") in out.output
    assert not (tmp_path / "g" / "game.json").exists()
    with pytest.raises(AdjudicatorError, match="standard map only"):
        service.new_game(tmp_path / "h", "diplomacy-fleetrome", {"players": "7"})
    # the standard map still takes it
    folder = service.new_game(tmp_path / "s", "diplomacy", {"players": "6"})
    assert folder.read_state()["setup"]["players"] == 6


# --- extends --------------------------------------------------------------------------------
def test_fleet_rome_is_the_standard_map_with_italys_army_in_rome_a_fleet():
    std, fr = load_map("diplomacy-standard"), load_map("diplomacy-fleetrome")
    assert fr.powers["Italy"]["starting_units"] == ["F nap", "A ven", "F rom"]
    assert std.powers["Italy"]["starting_units"] == ["F nap", "A rom", "A ven"]
    for power in std.powers:
        if power != "Italy":
            assert fr.powers[power] == std.powers[power]
    assert fr.provinces == std.provinces
    assert fr.army_adjacency == std.army_adjacency
    assert fr.fleet_reach == std.fleet_reach
    assert fr.victory_centres == 18
    assert variants.geometry_folder("diplomacy-fleetrome") == "diplomacy-standard"
    info = json.loads((game_data_path("diplomacy-fleetrome") / "variant.json").read_text())
    assert info["extends"] == "standard"
    assert info["starting_units"] == {"Italy": ["F rom"]}  # only the change is stored
    assert not (game_data_path("diplomacy-fleetrome") / "map.json").exists()


# --- the loader, on variants written into a temporary games folder ---------------------------
@pytest.fixture
def games(tmp_path, monkeypatch):
    """A games/ folder of our own: write(name, variant=..., map=...) adds a variant."""
    root = tmp_path / "games"
    root.mkdir()
    monkeypatch.setattr(variants, "game_data_path", lambda name: root / name)
    variants.read_info.cache_clear()
    variants.resolved_map.cache_clear()

    def write(name: str, info: dict | None = None, data: dict | None = None) -> Path:
        folder = root / f"diplomacy-{name}"
        folder.mkdir(exist_ok=True)
        base = {"name": name, "title": name.title(), "description": "a test variant",
                "source": "written by the test"}
        (folder / "variant.json").write_text(json.dumps({**base, **(info or {})}))
        if data is not None:
            (folder / "map.json").write_text(json.dumps(data))
        return folder

    yield write
    variants.read_info.cache_clear()
    variants.resolved_map.cache_clear()


def standard() -> dict:
    return copy.deepcopy(json.loads(
        (game_data_path("diplomacy-standard") / "map.json").read_text()))


def load(name: str) -> dict:
    return variants.resolved_map(f"diplomacy-{name}")


def refused(name: str) -> str:
    with pytest.raises(VariantError) as err:
        load(name)
    return str(err.value)


def test_a_copy_of_the_standard_map_loads(games):
    games("copy", data=standard())
    assert load("copy") == standard()


def test_extends_resolves_recursively_with_the_changes_of_each_level(games):
    games("base", data=standard())
    games("middle", {"extends": "base", "starting_units": {"Italy": ["F rom"]},
                     "victory_centres": 17})
    games("top", {"extends": "middle", "starting_units": {"France": ["F mar"]},
                  "army_adjacency": {"add": [["bre", "lon"]]},
                  "fleet_adjacency": {"remove": [["eng", "lon"]]}})
    data = load("top")
    assert data["powers"]["Italy"]["starting_units"] == ["F nap", "A ven", "F rom"]
    assert data["powers"]["France"]["starting_units"] == ["F bre", "A par", "F mar"]
    assert data["victory_centres"] == 17
    assert "bre" in data["army_adjacency"]["lon"] and "lon" in data["army_adjacency"]["bre"]
    assert "lon" not in data["fleet_adjacency"]["eng"]
    assert "eng" not in data["fleet_adjacency"]["lon"]
    assert data["name"] == "Top"
    assert load("base") == standard()  # the base is untouched


def test_a_placed_unit_replaces_any_unit_in_its_province(games):
    games("base", data=standard())
    games("swap", {"extends": "base", "starting_units": {"Austria": ["A ven"]}})
    data = load("swap")
    assert "A ven" not in data["powers"]["Italy"]["starting_units"]
    assert data["powers"]["Austria"]["starting_units"][-1] == "A ven"


def test_extends_can_remove_a_province_and_a_power(games):
    games("base", data=standard())
    games("smaller", {"extends": "base", "provinces": {"swi": None, "syr": None},
                      "powers": {"Turkey": None}})
    data = load("smaller")
    assert "swi" not in data["provinces"] and "syr" not in data["provinces"]
    assert "syr" not in data["army_adjacency"]["arm"]
    assert "syr" not in data["fleet_adjacency"]["eas"]
    assert "Turkey" not in data["powers"]
    assert data["provinces"]["con"]["home_of"] is None
    assert variants.geometry_folder("diplomacy-smaller") is None  # provinces changed


def test_extends_a_cycle_is_refused(games):
    games("one", {"extends": "two"})
    games("two", {"extends": "three"})
    games("three", {"extends": "one"})
    assert refused("one") == "variant 'one': 'extends' makes a cycle: one -> two -> three -> one"


def test_extends_an_unknown_variant_is_refused(games):
    games("orphan", {"extends": "nowhere"})
    assert refused("orphan") == ("variant 'orphan' (games/diplomacy-orphan/variant.json): "
                                 "extends 'nowhere', which does not exist "
                                 "(no games/diplomacy-nowhere/)")


def test_extends_and_an_own_map_together_are_refused(games):
    games("base", data=standard())
    games("both", {"extends": "base"}, data=standard())
    assert "has both 'extends' and its own map.json" in refused("both")


def test_a_change_without_extends_is_refused(games):
    games("loose", {"starting_units": {"Italy": ["F rom"]}}, data=standard())
    assert "'starting_units' is a change to another variant; it needs 'extends'" in refused(
        "loose")


def test_a_variant_without_map_or_extends_is_refused(games):
    games("empty")
    assert refused("empty") == ("variant 'empty': games/diplomacy-empty/map.json is missing "
                                "(a variant needs its own map.json or 'extends')")


def test_a_missing_variant_json_key_is_refused(games):
    folder = games("untitled", data=standard())
    info = json.loads((folder / "variant.json").read_text())
    del info["title"]
    (folder / "variant.json").write_text(json.dumps(info))
    assert refused("untitled") == ("variant 'untitled' (games/diplomacy-untitled/"
                                   "variant.json): the required key 'title' is missing or "
                                   "empty")


def test_a_variant_json_named_for_another_folder_is_refused(games):
    folder = games("here", data=standard())
    info = json.loads((folder / "variant.json").read_text())
    (folder / "variant.json").write_text(json.dumps({**info, "name": "there"}))
    assert "'name' is 'there' but the folder is 'diplomacy-here'" in refused("here")


def test_a_change_naming_an_unknown_power_is_refused(games):
    games("base", data=standard())
    games("who", {"extends": "base", "starting_units": {"Prussia": ["A ber"]}})
    assert "starting_units names 'Prussia', which is not a power" in refused("who")


# Each broken map: (what to break, the message). The message names the variant, the file and
# the province or power at fault.
def _unknown_neighbour(d):
    d["army_adjacency"]["par"].append("xyz")


def _unknown_adjacency_key(d):
    d["fleet_adjacency"]["xyz"] = []


def _asymmetric(d):
    d["army_adjacency"]["par"].append("mun")


def _asymmetric_fleet(d):
    d["fleet_adjacency"]["eng"].append("nwg")


def _coast_not_in_province(d):
    d["fleet_adjacency"]["mao"].append("spa/ec")


def _coast_key_not_in_province(d):
    d["fleet_adjacency"]["por/nc"] = ["mao"]


def _home_not_a_centre(d):
    d["powers"]["France"]["home_centres"].append("pic")
    d["provinces"]["pic"]["home_of"] = "France"


def _home_not_the_powers(d):
    d["powers"]["France"]["home_centres"].append("bel")


def _army_at_sea(d):
    d["powers"]["England"]["starting_units"].append("A nth")


def _fleet_on_land(d):
    d["powers"]["France"]["starting_units"].append("F bur")


def _fleet_without_its_coast(d):
    d["powers"]["Russia"]["starting_units"] = ["A war", "A mos", "F sev", "F stp"]


def _army_on_a_coast(d):
    d["powers"]["France"]["starting_units"] = ["A spa/nc", "A par", "A mar"]


def _two_units_one_province(d):
    d["powers"]["France"]["starting_units"].append("A bur")
    d["powers"]["Germany"]["starting_units"].append("A bur")


def _duplicate_alias(d):
    d["provinces"]["par"]["aliases"] = ["paris", "PARIS"]


def _clashing_alias(d):
    d["provinces"]["pic"]["aliases"] = ["par"]


def _clashing_coast_alias(d):
    d["provinces"]["spa"]["coasts"]["nc"]["aliases"].append("portugal")


def _victory_too_high(d):
    d["victory_centres"] = 35


def _victory_not_a_number(d):
    d["victory_centres"] = "18"


def _missing_map_key(d):
    del d["fleet_adjacency"]


def _missing_power_key(d):
    del d["powers"]["Italy"]["adjective"]


def _missing_province_key(d):
    del d["provinces"]["bur"]["kind"]


def _unknown_kind(d):
    d["provinces"]["bur"]["kind"] = "mountain"


def _sea_centre(d):
    d["provinces"]["nth"]["supply_centre"] = True


def _coast_without_name(d):
    del d["provinces"]["spa"]["coasts"]["nc"]["name"]


def _bad_province_id(d):
    d["provinces"]["Bad Id"] = d["provinces"].pop("swi")


def _bad_colour(d):
    d["powers"]["France"]["colour"] = "blue;stroke:red"


def _bad_power_name(d):
    d["powers"]["Great Britain"] = d["powers"].pop("England")


BROKEN = {
    "coast-without-name": (_coast_without_name,
                           "coast spa/nc: expected an object with 'name' and 'aliases'"),
    "bad-province-id": (_bad_province_id, ("province id 'Bad Id': expected lower-case letters "
                                          "and digits (such as 'spa')")),
    "bad-colour": (_bad_colour, ("power 'France': colour 'blue;stroke:red' is not a colour "
                                "like '#1f6fa8'")),
    "bad-power-name": (_bad_power_name, ("power name 'Great Britain': expected one word of "
                                        "letters (such as 'France')")),
    "unknown-neighbour": (_unknown_neighbour,
                          "army_adjacency of 'par': unknown province 'xyz'"),
    "unknown-location": (_unknown_adjacency_key, "fleet_adjacency: unknown location 'xyz'"),
    "asymmetric-army": (_asymmetric, ("army_adjacency is not symmetric: 'par' lists 'mun' but "
                                     "'mun' does not list 'par'")),
    "asymmetric-fleet": (_asymmetric_fleet, ("fleet_adjacency is not symmetric: 'eng' lists "
                                            "'nwg' but 'nwg' does not list 'eng'")),
    "coast-not-in-province": (_coast_not_in_province,
                              ("fleet_adjacency of 'mao': the coast 'spa/ec' is not a coast of "
                              "province 'spa'")),
    "coast-key-not-in-province": (_coast_key_not_in_province,
                                  ("fleet_adjacency: the coast 'por/nc' is not a coast of "
                                  "province 'por' (its coasts: none)")),
    "home-not-a-centre": (_home_not_a_centre,
                          "power 'France': home centre 'pic' is not a supply centre"),
    "home-not-the-powers": (_home_not_the_powers,
                            ("power 'France': home centre 'bel' is not France's (its home_of "
                            "is None)")),
    "army-at-sea": (_army_at_sea, ("power 'England': starting unit 'A nth': an army cannot "
                                  "stand on 'nth' (sea)")),
    "fleet-on-land": (_fleet_on_land, ("power 'France': starting unit 'F bur': a fleet cannot "
                                      "stand on 'bur' (land)")),
    "fleet-without-coast": (_fleet_without_its_coast,
                            ("power 'Russia': starting unit 'F stp': a fleet cannot stand on "
                            "'stp' (coastal, name a coast)")),
    "army-on-a-coast": (_army_on_a_coast, ("power 'France': starting unit 'A spa/nc': an army "
                                          "cannot stand on 'spa/nc' (coastal, a coast)")),
    "two-units-one-province": (_two_units_one_province,
                               ("power 'Germany': starting unit 'A bur' shares province 'bur' "
                               "with a unit of France")),
    "duplicate-alias": (_duplicate_alias,
                        "province 'par': duplicate alias in ['paris', 'PARIS']"),
    "clashing-alias": (_clashing_alias,
                       ("the alias 'par' of 'pic' clashes with 'par' (a spelling must name one "
                       "location)")),
    "clashing-coast-alias": (_clashing_coast_alias,
                             ("the alias 'portugal' of 'spa/nc' clashes with 'por' (a spelling "
                             "must name one location)")),
    "victory-too-high": (_victory_too_high, ("victory_centres is 35, more than the 34 supply "
                                            "centres on the map")),
    "victory-not-a-number": (_victory_not_a_number,
                             "victory_centres must be a positive whole number, not '18'"),
    "missing-map-key": (_missing_map_key, "the required key 'fleet_adjacency' is missing"),
    "missing-power-key": (_missing_power_key,
                          "power 'Italy': the required key 'adjective' is missing"),
    "missing-province-key": (_missing_province_key,
                             "province 'bur': the required key 'kind' is missing"),
    "unknown-kind": (_unknown_kind, ("province 'bur': kind 'mountain' is not one of land, "
                                    "coastal, sea, impassable")),
    "sea-centre": (_sea_centre, "province 'nth': a sea province cannot be a supply centre"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_map_is_refused_naming_variant_file_and_place(games, case):
    breaks, message = BROKEN[case]
    data = standard()
    breaks(data)
    games("broken", data=data)
    assert refused("broken") == f"variant 'broken' (games/diplomacy-broken/map.json): {message}"


def test_a_broken_change_is_reported_against_variant_json(games):
    games("base", data=standard())
    games("bad", {"extends": "base", "starting_units": {"England": ["A nth"]}})
    assert refused("bad") == ("variant 'bad' (games/diplomacy-bad/variant.json): power "
                              "'England': starting unit 'A nth': an army cannot stand on "
                              "'nth' (sea)")


def test_removing_adjacency_the_base_lacks_is_refused(games):
    games("base", data=standard())
    games("bad", {"extends": "base", "army_adjacency": {"remove": [["par", "mun"]]}})
    assert "army_adjacency.remove: par and mun are not adjacent in the base" in refused("bad")


def test_the_shipped_variants_all_validate():
    for name in SHIPPED:
        data = variants.resolved_map(f"diplomacy-{name}")
        variants.validate_map(data, name, "check")


def test_a_broken_variant_is_listed_with_its_error_and_hides_no_other(games):
    """One bad folder under games/ must not stop `adj new diplomacy --list` or `--variant`
    for the others: it is listed as not playable, with the loader's error."""
    games("good", data=standard())
    games("bad", info={"extends": "nosuch"})
    out = CliRunner().invoke(main, ["new", "diplomacy", "--list"])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0].startswith("bad        NOT PLAYABLE: ") and "nosuch" in lines[0]
    assert lines[1].startswith("good       Good: 7 powers")
    out = CliRunner().invoke(main, ["new", "diplomacy", "--variant", "bad", "x"])
    assert out.exit_code == 1 and "nosuch" in out.output


def test_a_variant_is_titled_by_its_variant_json():
    """Listings (LIST by mail, the site, adj status) name a variant by its own title."""
    assert registry.spec("diplomacy-ancmed").title == "Diplomacy (Ancient Mediterranean)"
    assert registry.spec("diplomacy:pure").title == "Diplomacy (Pure)"
    assert registry.spec("diplomacy").title == "Diplomacy (standard map)"
