"""Axis & Allies turn reports: the report context, and rendering it in every format.

The context (documented in ``docs/aa-report-context.md``) is built from one history record:
its ``events`` (what the turn engine did: battles with their full logs, captures, landings,
placements, income), its ``results`` (one per order), its ``dice`` block, and the state after
it. Every battle-log event is turned into a plain English sentence *here*, once, so that the
four templates stay thin and say the same thing: every die, every hit, every casualty with
the reason it was chosen. A template author who wants a different layout still gets the
structured facts next to each sentence (the dice of a volley, the side of a line).

WHY the sentences are built in Python rather than in Jinja: a battle log has some twenty event
kinds with optional fields; spelling each out four times (text, BBCode, Markdown, HTML) would
be four chances to print a raw dict to players, which is exactly the bug this module replaced.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from typing import Any

from adjudicator.axis_allies import capture
from adjudicator.axis_allies.data import Edition
from adjudicator.axis_allies.editions import ruleset_of
from adjudicator.publish import reports
from adjudicator.record import record

FAMILY = "axis_allies"
CONTEXT_SCHEMA = 2

_SOURCE_WORDS = {
    "battle-instruction": "battle instruction",
    "standing-order": "standing order",
    "default": "default",
}
_RULE_WORDS = {
    "order-of-loss": "order of loss",
    "battleship-first-hit": "battleship takes the first hit",
    "keep-land-units": "keeps a land unit to capture",
    "next-legal": "next legal unit after an illegal choice",
}
_END_WORDS = {
    "defender-eliminated": "every defending unit is gone",
    "attacker-eliminated": "every attacking unit is gone",
    "attacker-retreated": "the attacker retreated",
    "both-eliminated": "both sides were wiped out",
    "defenceless-transports": "the defender had only transports left",
    "only-transports": "only transports remain on both sides",
    "stalemate": "neither side can hit the other (stalemate)",
}
_PART_WORDS = {
    "full": "",
    "first": "First part of the turn (purchase and combat); noncombat move and mobilisation "
             "follow once the power sends them.",
    "second": "Second part of the turn (noncombat move, landings, mobilisation, income).",
    "nmr": "No orders were received: the game's no-move-received rule was applied.",
}
_DICE_WORDS = {
    "derived": "derived from the game's secret seed (verifiable once the seed is revealed "
               "against the SHA-256 commitment below)",
    "external": "rolled outside the adjudicator and fed in by the moderator",
    "fixed": "a fixed list (test game)",
}


#: "battle karelia ssr: " at the start of a canonical instruction (the card already names it)
_INSTRUCTION_HEAD = re.compile(r"^battle [^:]*:\s*")


# --- names -------------------------------------------------------------------------------------
class Names:
    """Display names for regions, powers and units, and who each unit id is.

    Battle logs name units by id only (``u39``); the report says "Infantry u39". Ids are
    looked up in the state before the turn, then in the battle snapshots, so units bought and
    placed this turn, or never seen before, still get a name (or fall back to the bare id).
    """

    def __init__(self, edition: Edition, units: Iterable[dict] = ()) -> None:
        self.ed = edition
        self.units: dict[str, dict] = {}
        self.learn(units)

    def learn(self, units: Iterable[dict]) -> None:
        for u in units:
            if "id" in u and "type" in u:
                self.units.setdefault(u["id"], u)

    def region(self, rid: str | None) -> str:
        if not rid:
            return "-"
        return self.ed.map.region(rid).name if rid in self.ed.map else str(rid)

    def power(self, p: str | None) -> str:
        return self.ed.setup.powers[p].name if p in self.ed.setup.powers else str(p or "-")

    def type_name(self, t: str, n: int = 1) -> str:
        if t not in self.ed.units.units:
            return str(t)
        spec = self.ed.units[t]
        return spec.name if n == 1 else spec.plural

    def unit(self, uid: str, utype: str | None = None) -> str:
        """``Infantry u39``: the type name and the id players can look up in the state."""
        t = utype or self.units.get(uid, {}).get("type")
        return f"{self.type_name(t)} {uid}" if t else str(uid)

    def units_list(self, ids: Iterable[str]) -> str:
        return reports.join_names([self.unit(u) for u in ids], "and") or "none"

    def counts(self, counts: Mapping[str, int]) -> str:
        order = {u.id: i for i, u in enumerate(self.ed.units)}
        items = sorted(counts.items(), key=lambda kv: (order.get(kv[0], 99), kv[0]))
        return reports.join_names([f"{n} {self.type_name(t, n)}" for t, n in items if n],
                                  "and") or "nothing"

    def force(self, units: Iterable[dict]) -> str:
        """``Germany: 5 Infantry and 1 Tank`` (per power; damaged battleships said so)."""
        by: dict[str, Counter[str]] = {}
        damaged: Counter[tuple[str, str]] = Counter()
        for u in units:
            by.setdefault(u["power"], Counter())[u["type"]] += 1
            multi = u["type"] in self.ed.units.units and self.ed.units[u["type"]].hits > 1
            if u.get("damage") and multi:  # a hit infantry in the casualty zone is not "damaged"
                damaged[(u["power"], u["type"])] += 1
        parts = []
        for p, c in by.items():
            words = self.counts(c)
            for (dp, t), k in damaged.items():
                if dp == p:
                    name = f"{c[t]} {self.type_name(t, c[t])}"
                    words = words.replace(name, f"{name} ({k} damaged)", 1)
            parts.append(f"{self.power(p)}: {words}")
        return "; ".join(parts) or "nothing"

    def colour(self, p: str) -> str:
        """The power's colour from the edition data; a stable made-up one for a power the
        edition does not know (a state edited by hand)."""
        if p in self.ed.setup.powers:
            return self.ed.setup.powers[p].colour
        return "#" + hashlib.sha256(p.encode("utf-8")).hexdigest()[:6]

    def text_colour(self, p: str) -> str:
        """The power's name in colour on a white page (the BBCode report): a shade that reads
        4.5:1 (``text_colour`` in the edition data); ink for a power it does not know."""
        if p in self.ed.setup.powers:
            return self.ed.setup.powers[p].text_colour
        return "#1a1a1a"


def _ids_force(n: Names, ids: Iterable[str]) -> str:
    """Counts by type of a list of unit ids (``2 Infantry and 1 Tank``)."""
    c: Counter[str] = Counter()
    for uid in ids:
        c[n.units.get(uid, {}).get("type", "unit")] += 1
    return n.counts(c)


# --- positions by region ----------------------------------------------------------------------
@record(frozen=True)
class Stack:
    """Units of one power and one type in one region that look alike on the board.

    Plain units of a type are one stack with their count; a damaged battleship, a vessel with
    something aboard (``cargo``: ``(power, unit, count)`` on that one vessel) and, on a turn's
    map, the units placed this turn (``new``) are stacks of their own.
    """

    power: str
    unit: str
    count: int
    damaged: bool = False
    new: bool = False
    cargo: tuple[tuple[str, str, int], ...] = ()


@record(frozen=True)
class RegionView:
    """What the board shows of one region: who holds it and what stands in it."""

    id: str
    name: str
    kind: str  # "land" or "sea"
    ipc: int
    controller: str | None
    original_owner: str | None
    neutral: bool
    impassable: bool
    capital_of: str | None
    victory_city: str | None
    sea_zone_number: int | None
    complex_owner: str | None  # an industrial complex stands here
    complex_damage: int
    stacks: tuple[Stack, ...]

    @property
    def powers(self) -> list[str]:
        """The powers with units here, in stack order."""
        return list(dict.fromkeys(s.power for s in self.stacks))


def region_views(state: Mapping, edition: Edition, new_ids: Collection[str] = ()
                 ) -> list[RegionView]:
    """Every region of the board (map order) with its controller, complex and stacks.

    Stacks are grouped by power (the controller first, then turn order) and, within a power,
    by the unit table's order. Cargo rides with its vessel; ``new_ids`` are units placed this
    turn (turn maps mark them).
    """
    units_table = edition.units
    order = {u.id: i for i, u in enumerate(units_table)}
    turn_order = list(edition.setup.turn_order)
    by_region: dict[str, list[dict]] = {}
    aboard: dict[str, list[dict]] = {}
    ids = set()
    for u in state.get("units") or []:
        ids.add(u.get("id"))
    for u in state.get("units") or []:
        if u.get("aboard") and u["aboard"] in ids:
            aboard.setdefault(u["aboard"], []).append(u)
        else:
            by_region.setdefault(str(u.get("loc")), []).append(u)
    controllers = state.get("controllers") or {}
    complexes = state.get("complexes") or {}
    out = []
    for r in edition.map:
        ctl = controllers.get(r.id) if r.is_land else None
        stacks: Counter[tuple] = Counter()
        for u in by_region.get(r.id, []):
            t = str(u.get("type"))
            spec = units_table.units.get(t)
            cargo = tuple(sorted(Counter((c["power"], c["type"]) for c in aboard.get(
                u.get("id"), [])).items(), key=lambda kv: (
                    kv[0][0] != u.get("power"), _rank(turn_order, kv[0][0]),
                    order.get(kv[0][1], 99))))
            damaged = bool(u.get("damage")) and spec is not None and spec.hits > 1
            key = (str(u.get("power")), t, damaged, u.get("id") in new_ids,
                   tuple((p, ut, n) for (p, ut), n in cargo), u.get("id") if cargo else "")
            stacks[key] += 1
        first = [ctl] if ctl else []
        rank = {p: i for i, p in enumerate(dict.fromkeys(first + turn_order))}
        ordered = sorted(stacks.items(), key=lambda kv: (
            rank.get(kv[0][0], len(rank)), kv[0][0], order.get(kv[0][1], 99), kv[0][1],
            kv[0][2], bool(kv[0][4]), kv[0][3], kv[0][5]))
        cx = complexes.get(r.id)
        out.append(RegionView(
            id=r.id, name=r.name, kind=r.kind, ipc=r.ipc, controller=ctl,
            original_owner=r.original_owner, neutral=r.neutral, impassable=r.impassable,
            capital_of=r.capital_of, victory_city=r.victory_city,
            sea_zone_number=r.sea_zone_number,
            complex_owner=(cx.get("owner") or ctl) if cx else None,
            complex_damage=int(cx.get("damage") or 0) if cx else 0,
            stacks=tuple(Stack(p, t, n, damaged, new, cargo)
                         for (p, t, damaged, new, cargo, _), n in ordered)))
    return out


def _rank(order: list[str], power: str) -> int:
    return order.index(power) if power in order else len(order)


def short_name(edition: Edition, unit: str) -> str:
    """``inf``, ``arm``, ``bb``: the abbreviation positions and the map use."""
    spec = edition.units.units.get(unit)
    return spec.short if spec is not None and spec.short else str(unit)


def stack_text(edition: Edition, s: Stack, *, names: Names | None = None) -> str:
    """``3 inf``, ``1 bb damaged``, ``1 tt (2 inf)``, ``1 cv (1 ftr, 1 ftr United Kingdom)``:
    cargo of another power than the vessel's is named."""
    text = f"{s.count} {short_name(edition, s.unit)}"
    if s.damaged:
        text += " damaged"
    if s.new:
        text += " new"
    if s.cargo:
        parts = []
        for p, t, n in s.cargo:
            other = f" {names.power(p) if names else p}" if p != s.power else ""
            parts.append(f"{n} {short_name(edition, t)}{other}")
        text += " (" + ", ".join(parts) + ")"
    return text


def region_line(edition: Edition, view: RegionView, names: Names | None = None) -> str:
    """``Karelia S.S.R. (Germany, 2 IPC): 3 inf, 1 arm``; a region holding several powers'
    units, or units of another power than its controller, names each power:
    ``Sea Zone 5: Germany 1 bb, 1 tt (2 inf); United Kingdom 1 dd``."""
    n = names or Names(edition)
    head = view.name
    facts = []
    if view.kind == "land":
        if view.controller:
            facts.append(n.power(view.controller))
        elif view.neutral:
            facts.append("neutral")
        if view.ipc:
            facts.append(f"{view.ipc} IPC")
        if view.complex_owner:
            facts.append("industrial complex" + (f", {view.complex_damage} damage"
                                                 if view.complex_damage else ""))
    if facts:
        head += " (" + ", ".join(facts) + ")"
    groups = []
    powers = view.powers
    bare = len(powers) == 1 and powers[0] == view.controller
    for p in powers:
        words = ", ".join(stack_text(edition, s, names=n) for s in view.stacks if s.power == p)
        groups.append(words if bare else f"{n.power(p)} {words}")
    return f"{head}: " + "; ".join(groups)


def region_json(edition: Edition, view: RegionView, names: Names | None = None) -> dict:
    """One region of ``adj status --json``: the same facts as :func:`region_line`."""
    units: dict[str, dict[str, int]] = {}
    for s in view.stacks:
        per = units.setdefault(s.power, {})
        per[s.unit] = per.get(s.unit, 0) + s.count
    return {
        "region": view.id, "name": view.name, "kind": view.kind, "ipc": view.ipc,
        "controller": view.controller,
        "complex": ({"owner": view.complex_owner, "damage": view.complex_damage}
                    if view.complex_owner else None),
        "units": units,
        "stacks": [{"power": s.power, "unit": s.unit, "count": s.count, "damaged": s.damaged,
                    "cargo": [{"power": p, "unit": t, "count": k} for p, t, k in s.cargo]}
                   for s in view.stacks],
        "text": region_line(edition, view, names),
    }


# --- battle logs -------------------------------------------------------------------------------
def _line(kind: str, text: str, side: str = "", **extra: Any) -> dict:
    line = {"kind": kind, "side": side, "text": text, "dice": [], "hits": None,
            "reason": "", "lead": text, **extra}
    for d in line["dice"]:
        d.setdefault("damage", False)
    line["groups"] = _dice_groups(line["dice"])
    return line


def _dice_groups(dice: list[dict]) -> list[dict]:
    """Consecutive dice of one unit type and target value, so the HTML report can caption
    "Infantry, hit on 1" once above a row of die faces instead of under every die."""
    groups: list[dict] = []
    for d in dice:
        key = (d["type"], d["needs"], d["supported"])
        if not groups or groups[-1]["key"] != key:
            label = d["type"] + (" + artillery" if d["supported"] else "")
            if d.get("damage"):
                label += ", damage"
            else:
                label += f", hit on {d['needs']}" + (" or less" if d["needs"] > 1 else "")
            groups.append({"key": key, "label": label, "dice": []})
        groups[-1]["dice"].append(d)
    return [{"label": g["label"], "dice": g["dice"]} for g in groups]


def _side_words(n: Names, side: str, attacker: str, defenders: list[str]) -> str:
    if side == "attacker":
        return f"{n.power(attacker)} (attacker)"
    names = reports.join_names([n.power(p) for p in defenders], "and") or "the defender"
    return f"{names} (defender)"


def _fire_line(n: Names, e: dict, attacker: str, defenders: list[str]) -> dict:
    """One volley: every die with the unit that rolled it, what it needed, and hit or miss."""
    who = _side_words(n, e["side"], attacker, defenders)
    verb = {"fire": "fires", "surprise": "strikes by surprise with its submarines",
            "bombard": "bombards the shore"}.get(e["purpose"], f"rolls for {e['purpose']}")
    dice = []
    groups: list[tuple[tuple[str, int, bool], list[str]]] = []
    for d in e["dice"]:
        n.learn([{"id": d["unit"], "type": d["type"]}])
        dice.append({"value": d["die"], "hit": bool(d["hit"]), "needs": d["value"],
                     "unit": d["unit"], "type": n.type_name(d["type"]),
                     "supported": bool(d.get("supported"))})
        key = (d["type"], d["value"], bool(d.get("supported")))
        word = f"{d['unit']} rolls {d['die']}" + (" (hit)" if d["hit"] else "")
        if groups and groups[-1][0] == key:
            groups[-1][1].append(word)
        else:
            groups.append((key, [word]))
    parts = []
    for (t, value, supported), words in groups:
        plural = n.type_name(t, len(words))
        how = f"{plural}{' supported by artillery' if supported else ''} hitting on {value}" \
              f"{' or less' if value > 1 else ''}"
        parts.append(f"{how}: {', '.join(words)}")
    hits = e["hits"]
    lead = f"{who} {verb}, {len(dice)} {'die' if len(dice) == 1 else 'dice'}"
    result = f"{hits} {'hit' if hits == 1 else 'hits'}"
    text = f"{lead}. " + "; ".join(parts) + f". {result.capitalize()}."
    return _line("fire", text, e["side"], dice=dice, hits=hits,
                 lead=f"{lead}: {result}", purpose=e["purpose"])


def _casualty_lines(n: Names, e: dict, none_left: bool = False) -> list[dict]:
    """``none_left``: after this volley no unit of the side is in the battle any more, so a
    hit with no legal target was wasted only because everyone is already destroyed."""
    out = []
    for c in e["chosen"]:
        why = c.get("why") or {}
        source = _SOURCE_WORDS.get(why.get("source", ""), why.get("source", ""))
        rule = why.get("rule", "")
        detail = str(why.get("detail", ""))
        for code, words in _SOURCE_WORDS.items():
            detail = detail.replace(f"({code})", f"({words})").replace(f": {code})",
                                                                        f": {words})")
        if source and f"({source})" not in detail and f": {source})" not in detail:
            detail += f" ({source})"
        reason = f"{_RULE_WORDS[rule]}: {detail}" if rule == "next-legal" else detail
        unit = n.unit(c["unit"], c["type"])
        if c["effect"] == "damaged":
            what = f"{n.power(c['power'])}'s {unit} is damaged"
        else:
            what = f"{n.power(c['power'])} loses {unit}"
        by = n.unit(c["hit_by"]) if c.get("hit_by") else ""
        text = f"{what}{f' (hit by {by})' if by else ''}. Why: {reason}."
        lead = what + (f" (hit by {by})" if by else "")
        out.append(_line("casualty", text, e["side"], reason=reason, lead=lead,
                         effect=c["effect"], unit=c["unit"]))
    for w in e.get("wasted", []):
        why = w["why"]
        if none_left and why == "no unit can legally take this hit":
            why = f"every {_SIDE_WORDS.get(e['side'], e['side'])} unit is already destroyed"
        text = f"A hit by {n.unit(w['hit_by'])} is wasted: {why}."
        out.append(_line("wasted", text, e["side"]))
    return out


def _aa_line(n: Names, e: dict) -> dict:
    hit_on = e.get("hit_on", 1)
    dice = [{"value": d, "hit": d <= hit_on, "needs": hit_on, "unit": e["gun"],
             "type": "AA gun", "supported": False} for d in e["dice"]]
    target = n.type_name(e["type"], len(e["dice"])) if e.get("type") else "aircraft"
    destroyed = e.get("destroyed", [])
    lead = (f"AA gun {e['gun']} fires one die at each of {len(e['dice'])} {target}, "
            f"hitting on {hit_on}{_effects_words(e)}")
    shot = (f"shot down: {n.units_list(destroyed)}" if destroyed else "none shot down")
    text = f"{lead}: rolls {', '.join(str(d) for d in e['dice'])}; {shot}."
    if e.get("guns_present", 1) > 1:
        text += f" ({e['guns_present']} AA guns present; {e.get('why', 'only one fires')}.)"
    return _line("aa", text, "defender", dice=dice, hits=len(destroyed), lead=f"{lead}: {shot}")


_SIDE_WORDS = {"attacker": "attacking", "defender": "defending"}


def _effects_words(e: dict) -> str:
    """" (Radar)": the effects (National Advantages, technologies) an event names."""
    return f" ({', '.join(e['effects'])})" if e.get("effects") else ""


def _words(text: str) -> str:
    """Engine codes inside a ``why`` string, in words (``when-outnumbered`` -> ...)."""
    for code, words in {**_SOURCE_WORDS, "when-outnumbered": "when outnumbered"}.items():
        text = text.replace(code, words)
    return text


def _event_line(n: Names, e: dict, attacker: str, defenders: list[str]) -> dict | None:
    """Every event other than fire and casualties; ``None`` for ``start``/``round``."""
    ev = e.get("event")
    why = ""
    if e.get("why"):  # a reason that has brackets of its own follows a colon, not brackets
        text = _words(e["why"])
        why = f": {text}" if "(" in text else f" ({text})"
    if ev == "aa":
        return _aa_line(n, e)
    if ev == "aa-spared":  # "AA gun u7 does not fire at Bomber u3 (Superfortresses)."
        return _line("aa", f"AA gun {e['gun']} does not fire at {n.units_list(e['units'])}"
                     f"{_effects_words(e)}.", "defender")
    if ev == "submarines":
        subs = n.units_list(e["units"])
        owner = _side_words(n, e["side"], attacker, defenders)
        one = len(e["units"]) == 1
        decision = {"submerge": "submerges and leaves" if one else "submerge and leave",
                    "surprise strike": "makes" if one else "make",
                    "fire normally": "fires" if one else "fire"}.get(e["decision"], "")
        decision += {"submerge": " the battle", "surprise strike": " a surprise strike",
                     "fire normally": " normally with the other units"
                     }.get(e["decision"], e["decision"])
        return _line("submarines", f"{owner}: {subs} {decision}{why}.", e["side"])
    if ev == "retreat":
        units = _ids_force(n, e["units"])
        dest = f"to {n.region(e['to'])}" if e.get("to") else "(aircraft break off, landing " \
                                                             "in noncombat move)"
        cond, _, dest_src = _words(e.get("why", "")).partition("; destination: ")
        because = f": {cond}" if cond else ""
        if dest_src and dest_src != "battle instruction":  # say how a default was chosen
            because += f"; destination: {dest_src}"
        return _line("retreat", f"{n.power(attacker)} retreats {units} {dest}{because}.",
                     "attacker")
    if ev == "no-retreat":
        return _line("note", f"{n.power(attacker)} would retreat but cannot{why}.",
                     "attacker")
    if ev == "defenceless-transports":
        return _line("casualty", f"Defenceless transports sunk without dice: "
                     f"{n.units_list(e['units'])}{why}.", "defender")
    if ev == "bombardment":
        ships = n.units_list(e["ships"]) if e["ships"] else "no ship"
        idle = f" {n.units_list(e['idle'])} may not fire." if e.get("idle") else ""
        return _line("note", f"Shore bombardment by {ships}{why}.{idle}", "attacker")
    if ev == "no-bombardment":
        return _line("note", f"No shore bombardment by {n.units_list(e['ships'])}{why}.",
                     "attacker")
    if ev == "carrier-lost":
        return _line("note", f"{n.unit(e['unit'])} loses its carrier {n.unit(e['carrier'])}"
                     f"{why}.", "defender")
    if ev == "cargo-lost":
        return _line("casualty", f"{n.unit(e['unit'], e.get('type'))} goes down with "
                     f"{n.unit(e['ship'])}{why}.")
    if ev == "repair":
        return _line("note", f"{n.unit(e['unit'])} is repaired{why}.")
    if ev == "not-landed":
        parts = [f"{n.unit(u)}: {reason}" for u, reason in e["units"].items()]
        return _line("note", "Not landed: " + "; ".join(parts) + ".", "attacker")
    if ev == "assault-over":
        return _line("note", f"The assault is over{why}.", "attacker")
    if ev == "advantage":  # a National Advantage acting in the battle (Revised digest A7)
        return _line("note", _advantage_text(n, e), e.get("side", ""))
    if ev in ("start", "round", "fire", "casualties", "end"):
        return None
    # an event this version does not know: say so in words rather than dump its data
    return _line("note", f"{str(ev).replace('-', ' ').capitalize()}{why}.")


def _advantage_text(n: Names, e: dict) -> str:
    """"Atlantic Wall: 2 infantry of Germany defend at 3 in round 1." from the structured
    ``advantage`` event (its ``name``, ``power``, and the facts it carries)."""
    units = n.units_list(e["units"]) if e.get("units") else n.power(e.get("power", ""))
    one = len(e.get("units") or ()) == 1
    what = []
    if e.get("defend_at") is not None:
        what.append(f"defend{'s' if one else ''} at {e['defend_at']}")
    if e.get("attack_at") is not None:
        what.append(f"attack{'s' if one else ''} at {e['attack_at']}")
    when = f" in round {e['round']}" if e.get("round") else ""
    return f"{e.get('name', '')}: {units} {' and '.join(what) or 'act'}{when}."


def _joint_strike_text(n: Names, e: dict) -> str:
    """"Joint Strike: declared; ..." / "Joint Strike: 1 Infantry and 1 Tank of the United
    Kingdom attack with the United States ..." (UK Joint Strike, Revised digest A7)."""
    name, power, ally = e.get("name", ""), n.power(e.get("power", "")), n.power(e.get("with", ""))
    if e.get("joint_strike") == "declared":
        return (f"{name}: declared; {power} skips its combat move and battles, and "
                f"{ally} moves and fights with its units in its turn.")
    if not e.get("moved"):
        return f"{name}: {ally} moved none of {power}'s units in its combat move."
    where = reports.join_names([n.region(r) for r in e.get("battles", ())], "and")
    text = f"{name}: {n.counts(e['moved'])} of {power} moved with {ally}"
    text += f" and fought in {where}" if where else ""
    if e.get("casualties_by") == "defender":
        text += f"; the defender chose the attacking casualties (no agreement of {power})"
    elif e.get("casualties_by"):
        text += f"; {ally} chose the attacking casualties, as {power} agreed"
    if e.get("to_land"):
        text += f"; {len(e['to_land'])} aircraft of {power} land in {ally}'s noncombat move"
    return text + "."


def _turn_advantage_text(n: Names, e: dict) -> str:
    """"Chinese Divisions: 1 infantry placed in China (by default)." from a National
    Advantage's structured event of the turn (``events["advantages"]``: its ``name``, what it
    ``placed`` ``at``, ``by`` order or default, or ``why`` it did nothing)."""
    name = e.get("name", "")
    if e.get("joint_strike"):  # UK Joint Strike: declared, then fought in the US turn
        return _joint_strike_text(n, e)
    if e.get("declared"):  # Russian Winter: "... defend at 3 until ..." (digest A7)
        power = n.power(e.get("power", ""))
        units = n.type_name(e.get("unit", ""), 2)
        until = (f" until {power}'s turn of round {e['until_round']} begins"
                 if e.get("until_round") else "")
        return f"{name}: declared; {power}'s {units.lower()} defend at {e.get('defend_at')}" \
               f"{until}."
    if e.get("converted"):  # Lend-Lease: allied units that became the power's
        allies = reports.join_names([n.power(p) for p in e.get("from", ())], "and")
        return (f"{name}: {n.counts(e['converted'])} of {allies} in {n.region(e['at'])} "
                f"become {n.power(e.get('power', ''))}'s.")
    if e.get("moved_units"):  # Panzerblitz: tanks that moved on
        moves = [f"{n.units_list(m['units'])} from {n.region(m['from'])} to "
                 f"{n.region(m['to'])}" for m in e["moved_units"]]
        return f"{name}: " + reports.join_names(moves, "and") + " move on."
    if e.get("special_move"):  # Enigma Decoded: a move before Germany's battles
        m = e["special_move"]
        return (f"{name}: {n.counts(m['units'])} move from {n.region(m['from'])} to "
                f"{n.region(m['to'])} before the battles ({m.get('kind', 'move')}).")
    if e.get("moved"):  # Mobile Industry: complexes that moved
        moves = [f"from {n.region(m['from'])} to {n.region(m['to'])}" for m in e["moved"]]
        return f"{name}: industrial complex moved " + reports.join_names(moves, "and") + "."
    if e.get("placed"):
        units = n.counts(e["placed"])
        how = " (by default)" if e.get("by") == "default" else ""
        return f"{name}: {units} placed in {n.region(e['at'])}{how}."
    if e.get("why"):
        return f"{name}: nothing done: {e['why']}."
    return f"{name}."


def _end_line(n: Names, e: dict, result: dict, region: str, attacker: str,
              attacking_ids: Iterable[str] = ()) -> dict:
    rounds = e["rounds"]
    after = f"After {rounds} round{'s' if rounds != 1 else ''}" if rounds else "Before any round"
    winner = {"attacker": f"{n.power(attacker)} wins", "defender": "the defender holds",
              "none": "nobody wins"}.get(e["winner"], e["winner"])
    reason = _END_WORDS.get(e["reason"], e["reason"].replace("-", " "))
    fates = result.get("fates") or {}
    if e["reason"] == "attacker-eliminated" and any(
            fates.get(u) == "submerged" for u in attacking_ids):
        reason = "the attacking submarines submerged and no attacker is left to fight"
    text = f"{after} {winner}: {reason}."
    if e.get("captures"):
        text += f" {n.power(attacker)} takes {n.region(region).rstrip('.')}."
    elif result.get("kind") == "land" and e["winner"] == "attacker":
        text += " No land unit survives to capture the territory."
    losses = (result.get("attacker_loss_ipc"), result.get("defender_loss_ipc"))
    if losses[0] is not None:
        text += f" Losses: attacker {losses[0]} IPC, defender {losses[1]} IPC."
    return _line("end", text, e["winner"] if e["winner"] != "none" else "")


def battle_sections(n: Names, result: dict, label: str = "") -> list[dict]:
    """A land or sea battle (``BattleResult.to_json()``) as sections: the opening forces and
    anything before round 1 (AA fire, bombardment), then one section per round, then the end.

    ``label`` prefixes headings when one card holds two battles (an amphibious assault).
    """
    attacker = result.get("attacker", "")
    defenders: list[str] = []
    sections: list[dict] = []
    prefix = f"{label}: " if label else ""

    def section(heading: str) -> dict:
        sections.append({"heading": prefix + heading, "lines": []})
        return sections[-1]

    cur = section("Before the battle")
    last_forces: tuple[str, str] = ("", "")
    attacking_ids: list[str] = []
    # the units of each side still in the battle (a wasted hit says plainly when none are)
    alive: dict[str, set[str]] = {"attacker": set(), "defender": set()}
    for e in result.get("log", []):
        ev = e.get("event")
        if ev in ("start", "round"):
            alive = {"attacker": {u["id"] for u in e["attacking"]},
                     "defender": {u["id"] for u in e["defending"]}}
        if ev == "start":
            n.learn(e["attacking"] + e["defending"])
            defenders = list(e.get("defending_powers") or [])
            attacking_ids = [u["id"] for u in e["attacking"]]
            last_forces = (n.force(e["attacking"]), n.force(e["defending"]))
            cur["lines"].append(_line("forces", f"Attacking: {n.force(e['attacking'])}.",
                                      "attacker"))
            cur["lines"].append(_line("forces", f"Defending: {n.force(e['defending'])}.",
                                      "defender"))
            for x in e.get("effects", ()):  # "Banzai Attacks: Japanese infantry attack at 2"
                verb = "attack" if x["side"] == "attacker" else "defend"
                who = f"{n.power(x['power'])}'s {n.type_name(x['type'], 2)}"
                cur["lines"].append(_line(
                    "forces", f"{x['effect']}: {who} {verb} at {x['value']}.", x["side"]))
        elif ev == "round":
            cur = section(f"Round {e['round']}")
            forces = (n.force(e["attacking"]), n.force(e["defending"]))
            if forces != last_forces:  # say who is left only when it changed
                cur["lines"].append(_line(
                    "forces", f"Still fighting: {forces[0]} against {forces[1]}."))
                last_forces = forces
        elif ev == "fire":
            cur["lines"].append(_fire_line(n, e, attacker, defenders))
        elif ev == "casualties":
            left = alive.setdefault(e["side"], set())
            left -= {c["unit"] for c in e["chosen"] if c["effect"] == "destroyed"}
            cur["lines"].extend(_casualty_lines(n, e, none_left=not left))
        elif ev == "end":
            if cur["heading"] != prefix + "Result":
                cur = section("Result")
            cur["lines"].append(_end_line(n, e, result, result.get("region", ""), attacker,
                                          attacking_ids))
        else:
            line = _event_line(n, e, attacker, defenders)
            if line is not None:
                if ev == "repair" and cur["heading"] != prefix + "Result":
                    cur = section("Result")
                cur["lines"].append(line)
    homeless = result.get("homeless_fighters") or []
    if homeless:
        sections[-1]["lines"].append(_line(
            "note", f"Defending aircraft without a carrier must reland: "
            f"{n.units_list(homeless)} (see Landings).", "defender"))
    return [s for s in sections if s["lines"]]


def raid_sections(n: Names, raid: dict) -> list[dict]:
    """A strategic bombing raid (``RaidResult.to_json()``) as one section."""
    lines = []
    raiders: list[str] = []
    for e in raid.get("log", []):
        ev = e["event"]
        if ev == "raid":
            raiders = list(e["bombers"])
            bombers = n.units_list(e["bombers"])
            lines.append(_line("forces", f"{n.power(raid.get('attacker'))} raids the industrial "
                               f"complex in {n.region(e['territory'])} with {bombers} "
                               f"(damage already on it: {e['damage_before']}).", "attacker"))
        elif ev == "aa":
            each = e.get("hit_on_each") or [e["hit_on"]] * len(e["dice"])
            dice = [{"value": d, "hit": d <= h, "needs": h,
                     "unit": e["gun"], "type": "AA gun", "supported": False}
                    for d, h in zip(e["dice"], each, strict=True)]
            spared = e.get("not_fired_at") or []
            # what the gun fires at, from the raiders' types: "bomber", or "aircraft" when
            # fighters raid too (Luftwaffe Dive Bombers)
            kinds = {n.units.get(u, {}).get("type") for u in raiders if u not in spared}
            kind = (n.type_name(kinds.pop()).lower()
                    if len(kinds) == 1 and None not in kinds else "aircraft")
            shot = (f"shot down: {n.units_list(e['destroyed'])}" if e["destroyed"]
                    else f"no {kind} shot down")
            if not e["dice"]:
                lead = (f"AA gun {e['gun']} cannot fire at {n.units_list(spared)}"
                        f"{_effects_words(e)}")
                text = f"{lead}."
                shot = "none shot down"
            else:
                lead = (f"AA gun {e['gun']} fires one die per {kind}, hitting on "
                        f"{e['hit_on']}{_effects_words(e)}")
                text = f"{lead}: rolls {', '.join(str(d) for d in e['dice'])}; {shot}."
                if spared:
                    text += f" It cannot fire at {n.units_list(spared)}."
            lines.append(_line("aa", text, "defender", dice=dice, hits=len(e["destroyed"]),
                               lead=f"{lead}: {shot}"))
        elif ev == "bombing":
            dice = [{"value": d["die"], "hit": False, "needs": 6, "unit": d["unit"],
                     "type": n.type_name(n.units.get(d["unit"], {}).get("type", "bomber")),
                     "supported": False, "damage": True} for d in e["dice"]]
            words = ", ".join(f"{d['unit']} rolls {d['die']}" for d in e["dice"])
            lead = f"Bombing damage: {e['total']}"
            if e.get("counted"):  # an effect changed what dice count for (Dive Bombers)
                counted = ("counted " + ", ".join(f"{u} {v}" for u, v in e["counted"].items())
                           + _effects_words(e))
                words += "; " + counted
                lead += f"; {counted}"  # the HTML shows the lead with the dice
            lines.append(_line("fire", f"Bombing dice: {words}; total {e['total']}.",
                               "attacker", dice=dice, hits=e["total"], lead=lead,
                               purpose="sbr-damage"))
        elif ev == "ipc-loss":
            capped = " (the rest is over the cap)" if e["lost"] < e["rolled"] else ""
            lines.append(_line("end", f"{e['lost']} IPC lost from the treasury{capped}, at "
                               f"most {e['cap']} ({e['why']}).", "attacker"))
        elif ev == "damage":
            capped = " (the rest is over the cap)" if e["added"] < e["rolled"] else ""
            lines.append(_line("end", f"{e['added']} damage added{capped}; the complex now "
                               f"has {e['after']} damage, at most {e['cap']} "
                               f"({e['why']}).", "attacker"))
    return [{"heading": "Strategic bombing raid", "lines": lines}]


def describe_battle(n: Names, b: dict) -> dict:
    """One entry of ``events["battles"]`` as a report card: title, sections, one-line summary."""
    kind = b["kind"]
    name = b.get("name") or n.region(b["region"])
    kind_text = {"land": "land battle", "sea": "sea battle",
                 "amphibious": "amphibious assault",
                 "bombing": "strategic bombing raid"}.get(kind, kind)
    sections: list[dict] = []
    summary = ""
    attacker = ""
    if kind == "bombing":
        if "raid" in b:
            raid = b["raid"]
            attacker = raid.get("attacker", "")
            sections = raid_sections(n, raid)
            if raid.get("model") == "ipc_loss":
                summary = f"{raid['ipc_lost']} IPC lost (at most {raid['cap']})"
            else:
                summary = (f"{raid['damage_added']} damage to the complex "
                           f"(now {raid['damage_after']} of at most {raid['cap']})")
        else:
            sections = [{"heading": "Strategic bombing raid", "lines": [
                _line("note", f"No raid: {b.get('skipped', 'nothing to bomb')}.")]}]
            summary = "no raid"
    elif kind == "amphibious":
        r = b["result"]
        if r.get("sea"):
            attacker = r["sea"].get("attacker", "")
            sections += battle_sections(n, r["sea"],
                                        f"Sea battle in {n.region(r['sea']['region'])}")
        notes = [line for x in r.get("log", [])
                 if (line := _event_line(n, x, attacker, [])) is not None]
        landed = r.get("landed") or []
        if r.get("land") or landed:
            notes.append(_line("note", f"Landing in {name}: {_ids_force(n, landed)} "
                               f"come{'s' if len(landed) == 1 else ''} ashore."
                               if landed else f"Nothing comes ashore in {name}.", "attacker"))
        if notes:
            sections.append({"heading": "Landing", "lines": notes})
        if r.get("land"):
            attacker = r["land"].get("attacker", attacker)
            sections += battle_sections(n, r["land"], f"Land battle in {name}")
            summary = _summary(n, r["land"])
        else:
            summary = "the assault did not reach the shore"
    else:
        r = b["result"]
        attacker = r.get("attacker", "")
        sections = battle_sections(n, r)
        summary = _summary(n, r)
    dice = [d for s in sections for line in s["lines"] for d in line["dice"]]
    return {"title": f"{name} ({kind_text})", "name": name, "region": b["region"],
            "kind": kind, "kind_text": kind_text, "attacker": n.power(attacker),
            "instruction": _INSTRUCTION_HEAD.sub("", b.get("instruction") or ""),
            "summary": summary,
            "sections": sections, "dice_count": len(dice),
            "hits": sum(1 for d in dice if d["hit"])}


def _summary(n: Names, r: dict) -> str:
    rounds = r.get("rounds", 0)
    who = {"attacker": f"{n.power(r.get('attacker'))} wins", "defender": "defender holds",
           "none": "no winner"}.get(r.get("winner", ""), r.get("winner", ""))
    return f"{who} after {rounds} round{'s' if rounds != 1 else ''}"


# --- the rest of the turn ----------------------------------------------------------------------
def _capture_text(n: Names, c: dict) -> str:
    verb = "liberated" if c.get("liberated") else "captured"
    how = {"battle": "after a battle", "blitz": "by blitz",
           "unopposed": "unopposed"}.get(c.get("how", ""), c.get("how", ""))
    text = f"{c['name']} ({c['ipc']} IPC) is {verb} by {n.power(c['captor'])} {how}".rstrip()
    if c.get("from") and c["from"] != c["to"]:
        text += f", taken from {n.power(c['from'])}"
    if c.get("to") != c.get("captor"):
        text += f", and goes back to {n.power(c['to'])}"
    text += "."
    if c.get("victory_city"):
        text += f" Victory city {c['victory_city']} changes side."
    if c.get("capital_of") and c["to"] != c["capital_of"]:
        text += (f" It is the capital of {n.power(c['capital_of'])}: {c.get('plunder', 0)} IPC "
                 f"plundered from its treasury.")
    elif c.get("capital_of"):
        text += f" {n.power(c['capital_of'])} has its capital back."
    if c.get("returned"):
        text += " Returned to their owner: " + reports.join_names(
            [n.region(t) for t in c["returned"]], "and") + "."
    if c.get("complex"):
        text += f" The industrial complex changes hands (damage {c['complex'].get('damage', 0)})."
    if c.get("aa_guns"):
        k = len(c["aa_guns"])
        text += f" {k} AA gun{'s' if k != 1 else ''} captured."
    return text


def _landing_text(n: Names, x: dict) -> str:
    if "units" in x:
        what = n.counts(x["units"])
        if x.get("unit"):
            what = n.unit(x["unit"], next(iter(x["units"]), None))
    else:
        what = n.unit(x.get("unit", "?"))
    src = x.get("source", "")
    src_words = {"plan": "as planned"}.get(src, "")
    if not src_words:
        if src.startswith("fallback"):
            src_words = f"{src} of the landing plan: the earlier choices were not legal"
        else:
            src_words = src
    frm = f" from {n.region(x['from'])}" if x.get("from") else ""
    return f"{what}{frm} landed in {n.region(x['to'])} ({src_words})."


def tech_names(state: Mapping, power: str) -> list[str]:
    """The technologies ``power`` has in ``state`` (weapons development), by name."""
    from adjudicator.axis_allies import techs

    return [techs.BY_KEY[k].name for k in techs.techs_of(state, power) if k in techs.BY_KEY]


def _research_context(n: Names, r: dict | None) -> dict | None:
    """The research roll of the turn (weapons development, Revised digest A5.1)."""
    if not r:
        return None
    out = {"power": n.power(r["power"]), "tech": r.get("tech_name", r.get("tech", "")),
           "number": r.get("number", 0), "dice": r.get("dice", 0), "cost": r.get("cost", 0),
           "rolls": list(r.get("rolls", [])), "success": bool(r.get("success")),
           "refused": r.get("refused", ""), "treasury_after": r.get("treasury_after", 0)}
    if out["refused"]:
        out["text"] = (f"{out['power']} asks for {out['dice']} research dice for "
                       f"{out['tech']}: refused ({out['refused']}).")
    else:
        shown = ", ".join(str(d) for d in out["rolls"])
        out["text"] = (f"{out['power']} buys {out['dice']} research "
                       f"{'die' if out['dice'] == 1 else 'dice'} for {out['tech']} "
                       f"({out['cost']} IPC) and rolls {shown}: "
                       + (f"a {out['number']}, {out['tech']} developed, in force at once."
                          if out["success"] else f"no {out['number']}, no result.")
                       + f" {out['treasury_after']} IPC left.")
    return out


def _rocket_context(n: Names, x: dict) -> dict:
    """One rocket strike (Rockets, Revised digest A5.1 tech 2)."""
    owner = n.power(x["owner"])
    text = (f"Rocket from {n.region(x['from'])} at {n.region(x['target'])}: rolls "
            f"{x['die']}, {owner} loses {x['lost']} IPC")
    if x["lost"] < x["die"]:
        text += (f" (at most {x['cap']}, the territory's income)" if x["lost"] == x["cap"]
                 else " (all it had)")
    return {"from": n.region(x["from"]), "target": n.region(x["target"]), "owner": owner,
            "die": x["die"], "lost": x["lost"], "cap": x["cap"],
            "treasury_after": x.get("treasury_after", 0), "text": text + "."}


def _dice_context(dice: dict | None) -> dict | None:
    if not dice:
        return None
    source = dice.get("source", "")
    rolls = dice.get("rolls", [])
    return {"source": source, "source_text": _DICE_WORDS.get(source, source),
            "scheme": dice.get("scheme", ""), "commitment": dice.get("commitment", ""),
            "orders_digest": dice.get("orders_digest", ""), "salts": list(dice.get("salts", [])),
            "rolls": len(rolls), "dice_count": sum(len(r.get("values", [])) for r in rolls),
            "source_name": dice.get("source_name", "")}


def build_context(record: dict, after: dict, meta: Mapping[str, Any], edition: Edition,
                  variant: str = "") -> dict:
    """The documented report context (``docs/aa-report-context.md``) of one history record.

    ``after`` is the state that followed the record; ``meta`` gives the ``title``, the next
    phase's ``deadline`` and the ``dice_commitment`` of the game (the core knows them, the
    rules do not). ``variant`` is the data folder of the edition (default: its name).
    """
    state = record["state_before"]
    n = Names(edition, units=state.get("units", []))
    n.learn(after.get("units", []))
    ev = record.get("events") or {}
    turn = state["turn"]
    power_id = turn["power"]

    battles = [describe_battle(n, b) for b in ev.get("battles", [])]

    purchase = None
    if ev.get("purchase") is not None:
        p = ev["purchase"]
        units = n.counts(p.get("units", {}))
        repairs = ", ".join(f"{k} damage on {n.region(t)}" for t, k in
                            (p.get("repairs") or {}).items())
        note = p.get("rejected") or p.get("skipped") or ""
        text = (f"{n.power(power_id)} buys {units}"
                + (f" and repairs {repairs}" if repairs else "")
                + f", spending {p.get('spent', 0)} of {p.get('treasury_before', 0)} IPC; "
                f"{p.get('treasury_after', 0)} IPC left.")
        if note:
            text += f" {note[0].upper()}{note[1:]}."
        purchase = {"units": units, "repairs": repairs, "spent": p.get("spent", 0),
                    "treasury_before": p.get("treasury_before", 0),
                    "treasury_after": p.get("treasury_after", 0), "note": note, "text": text}

    research = _research_context(n, ev.get("research"))
    rockets = [_rocket_context(n, x) for x in ev.get("rockets", [])]

    lost = [f"{n.unit(x['unit'], x.get('type'))} of {n.power(x['power'])} is lost at "
            f"{n.region(x['at'])}: {x['why']}." for x in ev.get("lost_aircraft", [])]
    placements = [f"{x['count']} {n.type_name(x['unit'], x['count'])} in {n.region(x['at'])}"
                  for x in ev.get("placements", [])]
    refunds = [f"{c} {n.type_name(t, c)}" for t, c in sorted((ev.get("refunds") or {}).items())]
    advantages = [_turn_advantage_text(n, x) for x in ev.get("advantages", [])]
    refund_ipc = int(ev.get("refund_ipc") or 0)
    income = None
    if ev.get("income"):
        i = ev["income"]
        why = "its production level" if i["why"] == "production level" else i["why"]
        changed = "".join(f", {c['effect']} {c['by']:+d} IPC" for c in i.get("changes", ()))
        income = (f"{n.power(i['power'])} collects {i['amount']} IPC ({why}{changed}); "
                  f"treasury now {i['treasury']} IPC.")

    prod = ev.get("production") or {}
    captured = after.get("captured_capitals", {})
    powers = []
    for p in n.ed.setup.turn_order:
        powers.append({
            "id": p, "name": n.power(p), "side": n.ed.setup.side_of(p).capitalize(),
            "colour": n.colour(p),
            "text_colour": n.text_colour(p),
            "treasury": after.get("treasury", {}).get(p, 0),
            "treasury_before": state.get("treasury", {}).get(p, 0),
            "production": prod.get(p, n.ed.production_level(p, after.get("controllers") or None)),
            "capital_held_by": n.power(captured[p]) if p in captured else "",
            "current": p == power_id,
            "techs": tech_names(after, p),
        })
    kind = after.get("rules", {}).get("victory", n.ed.setup.default_victory)
    needed = n.ed.setup.victory_thresholds.get(kind, 0)
    # a draw record has no turn events: the cities are then read from the state after it
    vc_raw = ev.get("victory_cities") or capture.victory_cities(after, n.ed)
    sides = []
    for side, members in n.ed.setup.sides.items():
        cities = list(vc_raw.get(side, []))
        sides.append({"id": side, "name": side.capitalize(),
                      "colour": n.ed.setup.side_colours.get(side, "#555555"),
                      "powers": [n.power(p) for p in members],
                      "production": sum(x["production"] for x in powers if x["id"] in members),
                      "treasury": sum(x["treasury"] for x in powers if x["id"] in members),
                      "victory_cities": len(cities), "cities": cities})
    vc = [{"side": s["name"], "count": s["victory_cities"], "cities": ", ".join(s["cities"])}
          for s in sides]

    result = after.get("result")
    result_text = ""
    if result:
        if result.get("type") == "victory":
            cities = result.get("victory_cities", [])
            result_text = (f"The {str(result['side']).capitalize()} win with {len(cities)} "
                           f"victory cities: {', '.join(cities)}.")
        elif result.get("type") == "concession":
            result_text = ("Every other power has conceded the game to "
                           f"{n.power(result.get('winner', ''))}.")
        else:
            result_text = "The game is drawn between " + reports.join_names(
                [n.power(p) for p in result.get("powers", [])], "and") + "."

    dice = record.get("dice")
    commitment = (dice or {}).get("commitment") or meta.get("dice_commitment")
    orders = [{"section": r.get("section", ""), "order": r.get("order", ""),
               "success": bool(r.get("success", True)), "reason": r.get("reason", ""),
               "status": "success" if r.get("success", True) else "failure"}
              for r in record.get("results", [])]
    nt = after["turn"]
    deadline = None if result else meta.get("deadline")
    next_name = f"Round {nt['round']}, {n.power(nt['power'])}: " \
                f"{ruleset_of(n.ed, after).step_name(nt['step'])}"
    next_phase = None if result else {"code": after.get("phase", ""), "name": next_name,
                                      "power": n.power(nt["power"]), "deadline": deadline}
    return {
        "schema": CONTEXT_SCHEMA,
        "game": FAMILY,
        "variant": variant or n.ed.name,
        "title": str(meta.get("title", "")),
        "record_kind": record.get("kind", "adjudication"),
        "record_by": record.get("by", "moderator"),
        "seq": record.get("seq"),
        "phase": {"code": record["phase"],
                  "name": f"Round {turn['round']}, {n.power(power_id)}: "
                          f"{ruleset_of(n.ed, after).step_name(turn['step'])}"},
        "adjudicated": record.get("time", ""),
        "round": turn["round"],
        "power": n.power(power_id),
        "power_colour": n.colour(power_id),
        "part": ev.get("part", ""),
        "part_text": _PART_WORDS.get(ev.get("part", ""), ""),
        "nmr": bool(record.get("nmr")),
        "standing_updated": bool(ev.get("standing_updated")),
        "research": research,
        "rockets": rockets,
        "purchase": purchase,
        "orders": orders,
        "battles": battles,
        "captures": [_capture_text(n, c) for c in ev.get("captures", [])],
        "landings": [_landing_text(n, x) for x in ev.get("landings", [])],
        "lost_aircraft": lost,
        "placements": placements,
        "refunds": refunds,
        "refund_ipc": refund_ipc,
        "advantages": advantages,
        "income": income,
        "powers": powers,
        "sides": sides,
        "victory_needed": needed,
        "victory_cities": vc,
        "result": result_text,
        "next_phase": next_name,
        "next": next_phase,
        "dice": _dice_context(dice),
        "commitment": commitment or "",
    }
