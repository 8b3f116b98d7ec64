"""``adj odds``: the exact outcome distribution of an Axis & Allies battle.

Two forms::

    adj odds aa1942 "12 inf, 3 art, 4 arm, 2 ftr" vs "10 inf, 2 art, 1 aa"
    adj odds GAME TERRITORY        # the attacker's submitted combat move, current defenders

The calculator (:mod:`adjudicator.axis_allies.odds`) is a pure function of the battle; this
module reads the game and the submission and prints. It imports the A&A modules when it
runs, so ``adj status`` never loads them. See docs/aa-odds.md.
"""

from __future__ import annotations

import time
from typing import Any

from adjudicator.cli import kit
from adjudicator.cli.common import Command, emit, game_folder, json_option, read_text
from adjudicator.errors import AdjudicatorError

_HELP_FORMS = (
    'adj odds aa1942 "12 inf, 3 art, 4 arm, 2 ftr" vs "10 inf, 2 art, 1 aa", or '
    "adj odds GAME TERRITORY"
)


@kit.command("odds", cls=Command)
@kit.argument("battle", nargs=-1, required=True)
@kit.option("--sea", is_flag=True, help="A sea battle (battles written as text).")
@kit.option("--landed", metavar="UNITS",
            help="Attacking land units coming ashore from transports: they never retreat; "
                 "one bombarding ship per landed unit.")
@kit.option("--bombard", metavar="UNITS",
            help="Battleships and cruisers bombarding before the land battle.")
@kit.option("--rounds", type=kit.IntRange(min=1), metavar="N",
            help="Stop after N rounds (what is still fighting is counted as undecided).")
@kit.option("--retreat-if", "retreat_if", multiple=True, metavar="CONDITION",
            help="The attacker's retreat condition, as in a battle instruction: "
                 "'units <= 3', 'loss > 20 ipc', 'after round 2' (repeat: any one).")
@kit.option("--attacker-orders", metavar="TEXT",
            help="The attacker's battle instruction: 'loss: inf, art, arm; keep 0 land "
                 "units; submerge: always'.")
@kit.option("--defender-orders", metavar="TEXT",
            help="The defender's standing orders: 'loss: inf, arm, art; bb takes first "
                 "hit: no'.")
@kit.option("--orders", "orders_file", type=kit.Path(exists=True, dir_okay=False),
            help="A live game: read the attacker's turn from FILE instead of its latest "
                 "submission (a planned attack).")
@kit.option("--top", default=5, show_default=True, type=kit.IntRange(min=0),
            help="How many of the most likely ends to list.")
@kit.option("--exact", is_flag=True,
            help="Compute with exact fractions (slower; the JSON then also holds them).")
@json_option
def odds(battle: tuple[str, ...], sea: bool, landed: str | None, bombard: str | None,
         rounds: int | None, retreat_if: tuple[str, ...], attacker_orders: str | None,
         defender_orders: str | None, orders_file: str | None, top: int, exact: bool,
         as_json: bool) -> None:
    """Exact odds of an Axis & Allies battle: who wins, survivors and IPC lost.

    BATTLE is KIND ATTACKERS vs DEFENDERS (unit names as in a turn), or GAME TERRITORY: the
    battle the attacker's submitted combat move makes there, against the defenders on the
    board. Not a simulation: the probabilities are exact, from the rules code real battles
    use (docs/aa-odds.md).
    """
    text_kind = _text_kind(battle)
    if text_kind is not None:
        result, title = _text_odds(text_kind, battle[1:], sea, landed, bombard, rounds,
                                   list(retreat_if), attacker_orders, defender_orders, exact)
        failed: list[dict] = []
    else:
        if sea or landed or bombard or attacker_orders or defender_orders:
            raise kit.UsageError("--sea, --landed, --bombard, --attacker-orders and "
                                 "--defender-orders describe a battle written as text; a "
                                 "live game's battle comes from its orders")
        if len(battle) < 2:
            raise kit.UsageError(f"expected {_HELP_FORMS}")
        result, title, failed = _game_odds(battle[0], " ".join(battle[1:]), rounds,
                                                  list(retreat_if), orders_file, exact)
    (odds_obj, seconds), edition = result
    data = odds_obj.to_json(top)
    data["title"] = title
    data["seconds"] = round(seconds, 3)
    data["failed_orders"] = failed
    if exact:
        _add_fractions(data, odds_obj)
    emit(as_json, data, _text(odds_obj, edition, title, top, failed, seconds))


def _text_kind(battle: tuple[str, ...]) -> str | None:
    """The game kind when BATTLE is written as text (``aa1942 ... vs ...``), else None."""
    from adjudicator.registry import canonical_key

    if len(battle) < 2:
        return None
    rest = " ".join(battle[1:]).lower().split()
    if not any(w in ("vs", "vs.", "versus", "against") for w in rest):
        return None
    try:
        return canonical_key(battle[0])
    except AdjudicatorError:
        return None


def _edition_of(kind: str):
    from adjudicator.registry import get_game

    game = get_game(kind)
    if game.family != "axis_allies":
        raise AdjudicatorError(f"adj odds is for Axis & Allies battles; {kind} has none")
    return game, game.edition  # type: ignore[attr-defined]


def _text_odds(kind: str, rest: tuple[str, ...], sea: bool, landed: str | None,
               bombard: str | None, rounds: int | None, retreat_if: list[str],
               attacker_orders: str | None, defender_orders: str | None, exact: bool):
    from adjudicator.axis_allies.odds import amphibious_odds, battle_odds
    from adjudicator.axis_allies.odds_input import split_versus, text_battle

    game, edition = _edition_of(kind)
    attackers, defenders = split_versus(" ".join(rest))
    tb = text_battle(edition, attackers, defenders, sea=sea, landed=landed, bombard=bombard,
                     attacker_orders=attacker_orders, defender_orders=defender_orders,
                     retreat_if=retreat_if)
    rules = game.ruleset.in_play()  # type: ignore[attr-defined]
    started = time.perf_counter()
    if tb.amphibious is not None:
        result = amphibious_odds(edition, rules, tb.amphibious, None, tb.orders,
                                 max_rounds=rounds, exact=exact)
        title = f"{kind}: amphibious assault (land battle)"
    else:
        assert tb.setup is not None
        result = battle_odds(edition, rules, tb.setup, tb.orders, max_rounds=rounds,
                             exact=exact)
        title = f"{kind}: {'sea' if sea else 'land'} battle"
    return ((result, time.perf_counter() - started), edition), title


def _game_odds(spec: str, territory: str, rounds: int | None, retreat_if: list[str],
               orders_file: str | None, exact: bool):
    from adjudicator import service
    from adjudicator.axis_allies.battle_steps import RetreatPolicy
    from adjudicator.axis_allies.editions import in_play
    from adjudicator.axis_allies.game import script_of
    from adjudicator.axis_allies.odds import planned_odds
    from adjudicator.axis_allies.odds_input import parse_region, with_retreat
    from adjudicator.axis_allies.orders import BattleInstruction
    from adjudicator.axis_allies.turn import plan_battles

    folder = game_folder(spec)
    game = service.game_of(folder)
    if game.family != "axis_allies":
        raise AdjudicatorError("adj odds is for Axis & Allies games")
    edition = game.edition  # type: ignore[attr-defined]
    state = folder.read_state()
    if game.is_over(state):
        raise AdjudicatorError("the game is over")
    power = state["turn"]["power"]
    who = game.power_name(power)
    if state["turn"]["step"] != "purchase":
        raise AdjudicatorError(f"{who}'s combat move of this turn is already resolved "
                               f"({game.phase_name(state)})")
    if orders_file is not None:
        text = read_text(orders_file)
        source = orders_file
    else:
        sub = folder.latest_submissions(state["phase"]).get(power)
        if sub is None:
            raise AdjudicatorError(f"{who} has not submitted orders for "
                                   f"{game.phase_name(state)} (or give a planned turn with "
                                   "--orders FILE)")
        text = sub.text
        source = f"{who}'s submission {sub.version}"
    parsed = game.parse(text, state)
    script = script_of([p.order for p in parsed.orders])
    region = parse_region(territory, edition)
    battles, failed = plan_battles(state, script, edition)
    sea_only = False
    battle = battles.get(region)
    if battle is None:
        for b in battles.values():
            if b.kind == "amphibious" and b.zone == region and b.sea_orders is not None:
                battle, sea_only = b, True
    name = edition.map.region(region).name
    if battle is None:
        listed = ", ".join(edition.map.region(r).name for r in sorted(battles)) or "none"
        left_out = "".join(f"; order left out: {f['order']} ({f['reason']})" for f in failed)
        raise AdjudicatorError(f"{source} makes no battle in {name}; its battles: {listed}"
                               + left_out)
    retreat = None
    if retreat_if:
        ins = with_retreat(BattleInstruction(region), retreat_if, edition)
        keep_to = battle.orders.retreat.retreat_to
        retreat = RetreatPolicy.from_instruction(ins)
        if keep_to is not None and retreat.retreat_to is None:
            from adjudicator.record import replace

            retreat = replace(retreat, retreat_to=keep_to)
    rules = in_play(edition, state)
    started = time.perf_counter()
    result = planned_odds(edition, rules, battle, retreat=retreat, sea_only=sea_only,
                          max_rounds=rounds, exact=exact)
    seconds = time.perf_counter() - started
    what = "sea battle of the assault on" if sea_only else (
        "amphibious assault on" if battle.kind == "amphibious" else "battle for")
    title = f"{game.phase_name(state)}: {who}'s {what} {name} ({source})"
    return ((result, seconds), edition), title, failed


# --- printing -------------------------------------------------------------------------------


def _pct(p: Any) -> str:
    v = float(p) * 100
    if 0 < v < 0.005:
        return "<0.01%"
    if 99.995 <= v < 100:
        return ">99.99%"
    return f"{v:.2f}%"


def _units(edition, counts: dict[str, Any], digits: int | None = None) -> str:
    order = {u.id: i for i, u in enumerate(edition.units)}
    parts = []
    for t in sorted(counts, key=lambda t: order.get(t, 99)):
        n = counts[t]
        if digits is not None:
            if float(n) < 0.005:
                continue
            parts.append(f"{float(n):.{digits}f} {edition.units[t].plural.lower()}")
        else:
            spec = edition.units[t]
            parts.append(f"{n} {(spec.name if n == 1 else spec.plural).lower()}")
    return ", ".join(parts) or "nothing"


def _end(o, edition) -> str:
    if o.winner == "attacker":
        head = "attacker wins" + (" and captures" if o.captures else "")
        if o.reason == "defenceless-transports":
            head += " (defenceless transports sunk)"
    elif o.reason == "attacker-retreated":
        head = "attacker retreats"
    elif o.reason == "assault-over":
        head = "no attacker reaches the shore"
    elif o.winner == "defender":
        head = "defender holds"
    elif o.reason == "both-eliminated":
        head = "both destroyed"
    elif o.winner == "undecided":
        head = "still fighting"
    else:
        head = f"no winner ({o.reason})"
    bits = []
    if o.attacker:
        bits.append("attacker " + _units(edition, o.attacker))
    if o.retreated:
        bits.append("retreated " + _units(edition, o.retreated))
    if o.defender:
        bits.append("defender " + _units(edition, o.defender))
    for side, units in o.submerged.items():
        bits.append(f"{side} submerged " + _units(edition, units))
    return head + (": " + "; ".join(bits) if bits else "")


def _summary(odds_obj, edition, indent: str = "  ") -> list[str]:
    lines = [
        f"{indent}attacker wins   {_pct(odds_obj.attacker_wins):>8}"
        + (f"   (captures {_pct(odds_obj.captures)})" if odds_obj.kind != "sea" else ""),
        f"{indent}defender holds  {_pct(odds_obj.defender_holds):>8}",
        f"{indent}both destroyed  {_pct(odds_obj.both_destroyed):>8}",
    ]
    other = 1 - odds_obj.attacker_wins - odds_obj.defender_holds - odds_obj.both_destroyed \
        - odds_obj.undecided
    if float(other) > 1e-12:
        lines.append(f"{indent}no winner       {_pct(other):>8}   (stalemate or only "
                     "transports left)")
    if float(odds_obj.undecided) > 0:
        lines.append(f"{indent}still fighting  {_pct(odds_obj.undecided):>8}")
    for side in ("attacker", "defender"):
        lines.append(f"{indent}{side} expects to keep "
                     f"{_units(edition, odds_obj.expected_survivors(side), 2)}; "
                     f"loses {float(odds_obj.expected_loss_ipc(side)):.1f} IPC")
    return lines


def _text(odds_obj, edition, title: str, top: int, failed: list[dict], seconds: float
          ) -> str:
    lines = [title]
    for f in failed:
        lines.append(f"  (order left out: {f['order']}: {f['reason']})")
    lines.append(f"  {_units(edition, odds_obj.attacking)}  vs  "
                 f"{_units(edition, odds_obj.defending)}")
    if odds_obj.sea is not None:
        lines.append("  sea battle first:")
        lines += _summary(odds_obj.sea, edition, "    ")
        lines.append("  then the land battle:")
    lines += _summary(odds_obj, edition)
    if top:
        lines.append("  most likely ends:")
        for o in odds_obj.most_likely(top):
            lines.append(f"    {_pct(o.probability):>8}  {_end(o, edition)}")
    lines.append(f"  exact over {odds_obj.states} states, {seconds:.2f} s")
    return "\n".join(lines)


def _add_fractions(data: dict, odds_obj) -> None:
    from fractions import Fraction

    def frac(p: Any) -> str | None:
        return str(p) if isinstance(p, Fraction) else None

    data["exact"] = {
        "attacker_wins": frac(odds_obj.attacker_wins),
        "defender_holds": frac(odds_obj.defender_holds),
        "both_destroyed": frac(odds_obj.both_destroyed),
        "captures": frac(odds_obj.captures),
    }
    for o, j in zip(odds_obj.outcomes, data["outcomes"], strict=False):
        j["probability_exact"] = frac(o.probability)
