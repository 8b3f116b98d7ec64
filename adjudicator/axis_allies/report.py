"""Axis & Allies turn reports: the report context, and rendering it in every format.

The context (documented in ``docs/aa-report-context.md``) is built from one history record:
its ``events`` (what the turn engine did: battles with their full logs, captures, landings,
placements, income), its ``results`` (one per order), its ``dice`` block, and the state after
it. Battle logs are turned into plain sentences here, once, so the three templates stay thin
and say the same thing: every die, every hit, every casualty with the reason it was chosen.
"""

from __future__ import annotations

from pathlib import Path

from adjudicator.axis_allies.data import load_edition
from adjudicator.errors import AdjudicatorError
from adjudicator.render import reports
from adjudicator.store import GameFolder, atomic_write

FAMILY = "axis_allies"
CONTEXT_SCHEMA = 1
PLAIN_FORMATS = {"text": "txt", "bbcode": "bbcode", "markdown": "md"}


class ReportError(AdjudicatorError):
    pass


def find_record(folder: GameFolder, phase: str | None = None) -> tuple[dict, dict]:
    history = folder.history()
    if not history:
        raise ReportError("no turn has been resolved yet; nothing to report")
    if phase is None:
        index = len(history) - 1
    else:
        matches = [i for i, h in enumerate(history) if h["phase"] == phase.strip().lower()]
        if not matches:
            known = ", ".join(dict.fromkeys(h["phase"] for h in history))
            raise ReportError(f"no resolved phase {phase!r} in history (resolved: {known})")
        index = matches[-1]
    after = history[index + 1]["state_before"] if index + 1 < len(history) \
        else folder.read_state()
    return history[index], after


class _Names:
    def __init__(self) -> None:
        self.ed = load_edition("aa1942")

    def region(self, rid: str | None) -> str:
        if rid is None:
            return "-"
        return self.ed.map.region(rid).name if rid in self.ed.map else rid

    def power(self, p: str | None) -> str:
        return self.ed.setup.powers[p].name if p in self.ed.setup.powers else str(p)

    def unit(self, t: str, n: int = 1) -> str:
        spec = self.ed.units[t]
        return spec.name if n == 1 else spec.plural

    def counts(self, counts: dict[str, int]) -> str:
        return ", ".join(f"{n} {self.unit(t, n)}" for t, n in sorted(counts.items())) or "none"

    def force(self, units: list[dict]) -> str:
        by: dict[str, dict[str, int]] = {}
        for u in units:
            by.setdefault(u["power"], {})
            by[u["power"]][u["type"]] = by[u["power"]].get(u["type"], 0) + 1
        return "; ".join(f"{self.power(p)}: {self.counts(c)}" for p, c in by.items()) or "none"


def _battle_lines(n: _Names, result: dict) -> list[str]:
    """One battle's log as sentences, round by round."""
    out: list[str] = []
    for e in result.get("log", []):
        ev = e.get("event")
        if ev == "start":
            out.append(f"Attacking: {n.force(e['attacking'])}.")
            out.append(f"Defending: {n.force(e['defending'])}.")
        elif ev == "round":
            out.append(f"Round {e['round']}: attacking {n.force(e['attacking'])}; "
                       f"defending {n.force(e['defending'])}.")
        elif ev == "fire":
            dice = ", ".join(f"{n.unit(d['type'])} {d['unit']} rolls {d['die']} "
                             f"(hits on {d['value']}{', supported' if d.get('supported') else ''})"
                             f"{' HIT' if d['hit'] else ''}" for d in e["dice"])
            out.append(f"{e['side'].capitalize()} {e['purpose']}: {dice}; {e['hits']} hit(s).")
        elif ev == "casualties":
            for c in e["chosen"]:
                why = c["why"]
                out.append(f"{e['side'].capitalize()} loses {n.unit(c['type'])} {c['unit']} "
                           f"({n.power(c['power'])}, {c['effect']}): {why.get('detail', '')} "
                           f"[{why.get('source', '')}].")
            for w in e.get("wasted", []):
                out.append(f"A hit by {w['hit_by']} is wasted: {w['why']}.")
        elif ev == "aa":
            out.append(f"AA gun {e['gun']} fires at {e.get('type', 'aircraft')}: dice "
                       f"{e.get('dice', '')}; destroyed {e.get('destroyed', [])}.")
        elif ev in ("retreat", "no-retreat", "submarines", "defenceless-transports",
                    "bombardment", "no-bombardment", "carrier-lost", "cargo-lost", "repair",
                    "not-landed", "assault-over"):
            detail = {k: v for k, v in e.items() if k not in ("event", "why")}
            out.append(f"{ev.replace('-', ' ').capitalize()}: {detail}"
                       + (f" ({e['why']})" if e.get("why") else "") + ".")
        elif ev == "end":
            out.append(f"Battle over after {e['rounds']} round(s): winner {e['winner']} "
                       f"({e['reason']}){'; the attacker captures' if e['captures'] else ''}.")
    return out


def _raid_lines(n: _Names, raid: dict) -> list[str]:
    out = []
    for e in raid.get("log", []):
        if e["event"] == "raid":
            out.append(f"{len(e['bombers'])} bomber(s) raid the complex "
                       f"(damage before {e['damage_before']}).")
        elif e["event"] == "aa":
            out.append(f"AA gun {e['gun']} rolls {e['dice']} (hits on {e['hit_on']}); "
                       f"destroyed: {', '.join(e['destroyed']) or 'none'}.")
        elif e["event"] == "bombing":
            out.append("Bombing dice: " + ", ".join(f"{d['unit']} {d['die']}" for d in e["dice"])
                       + f" = {e['total']}.")
        elif e["event"] == "damage":
            out.append(f"Damage added {e['added']}, complex damage now {e['after']} "
                       f"(cap {e['cap']}: {e['why']}).")
    return out


def build_context(folder: GameFolder, record: dict, after: dict) -> dict:
    n = _Names()
    ev = record.get("events") or {}
    settings = folder.settings()
    state = record["state_before"]
    turn = state["turn"]
    battles = []
    for b in ev.get("battles", []):
        title = f"{b.get('name', n.region(b['region']))} ({b['kind']})"
        if b["kind"] == "bombing":
            lines = _raid_lines(n, b["raid"]) if "raid" in b else [b.get("skipped", "")]
        elif b["kind"] == "amphibious":
            r = b["result"]
            lines = []
            if r.get("sea"):
                lines.append(f"Sea battle in {n.region(r['sea']['region'])}:")
                lines += _battle_lines(n, r["sea"])
            lines += [f"{x['event']}: {x.get('why', x)}" for x in r.get("log", [])]
            if r.get("land"):
                lines.append(f"Landing: {len(r['landed'])} unit(s) ashore.")
                lines += _battle_lines(n, r["land"])
        else:
            lines = _battle_lines(n, b["result"])
        if b.get("instruction"):
            lines.insert(0, f"Attacker's instruction: {b['instruction']}.")
        battles.append({"title": title, "region": b["region"], "kind": b["kind"],
                        "lines": lines})
    captures = []
    for c in ev.get("captures", []):
        line = (f"{c['name']} ({c['ipc']} IPC) {'liberated' if c['liberated'] else 'captured'} "
                f"by {n.power(c['captor'])} ({c['how']}); now held by {n.power(c['to'])}")
        if c.get("victory_city"):
            line += f"; victory city {c['victory_city']}"
        if c.get("capital_of") and c.get("plunder") is not None and c["to"] != c["capital_of"]:
            line += f"; capital of {n.power(c['capital_of'])}: {c['plunder']} IPC plundered"
        if c.get("returned"):
            line += "; returned to its owner: " + ", ".join(n.region(t) for t in c["returned"])
        if c.get("complex"):
            line += f"; industrial complex changes hands (damage {c['complex']['damage']})"
        if c.get("aa_guns"):
            line += f"; {len(c['aa_guns'])} AA gun(s) captured"
        captures.append(line)
    landings = [f"{n.counts(x['units']) if 'units' in x else x.get('unit')} "
                f"{'from ' + n.region(x['from']) + ' ' if x.get('from') else ''}"
                f"landed in {n.region(x['to'])} ({x['source']})"
                for x in ev.get("landings", [])]
    lost = [f"{n.unit(x['type'])} {x['unit']} of {n.power(x['power'])} lost at "
            f"{n.region(x['at'])}: {x['why']}" for x in ev.get("lost_aircraft", [])]
    placements = [f"{x['count']} {n.unit(x['unit'], x['count'])} in {n.region(x['at'])}"
                  for x in ev.get("placements", [])]
    refunds = [f"{c} {n.unit(t, c)}" for t, c in sorted((ev.get("refunds") or {}).items())]
    purchase = None
    if ev.get("purchase"):
        p = ev["purchase"]
        purchase = {"units": n.counts(p.get("units", {})),
                    "repairs": ", ".join(f"{n.region(t)} {k}" for t, k in
                                         p.get("repairs", {}).items()),
                    "spent": p.get("spent", 0), "treasury_before": p.get("treasury_before", 0),
                    "treasury_after": p.get("treasury_after", 0),
                    "note": p.get("rejected") or p.get("skipped") or ""}
    income = None
    if ev.get("income"):
        i = ev["income"]
        income = (f"{n.power(i['power'])} collects {i['amount']} IPC ({i['why']}); "
                  f"treasury {i['treasury']}")
    prod = ev.get("production") or {}
    powers = [{"name": n.power(p), "treasury": after["treasury"].get(p, 0),
               "production": prod.get(p, 0),
               "capital_held_by": n.power(after["captured_capitals"][p])
               if p in after.get("captured_capitals", {}) else ""}
              for p in n.ed.setup.turn_order]
    vc = [{"side": side.capitalize(), "count": len(c), "cities": ", ".join(c)}
          for side, c in (ev.get("victory_cities") or {}).items()]
    result = after.get("result")
    result_text = ""
    if result:
        if result["type"] == "victory":
            result_text = (f"The {result['side'].capitalize()} win: {len(result['victory_cities'])}"
                           f" victory cities ({', '.join(result['victory_cities'])}).")
        else:
            result_text = "Draw declared between " + ", ".join(
                n.power(p) for p in result.get("powers", [])) + "."
    dice = record.get("dice")
    commitment = (dice or {}).get("commitment") or (settings.get("dice") or {}).get("commitment")
    dice_ctx = None
    if dice:
        dice_ctx = {"source": dice.get("source"), "commitment": dice.get("commitment", ""),
                    "orders_digest": dice.get("orders_digest", ""),
                    "salts": dice.get("salts", []), "rolls": len(dice.get("rolls", [])),
                    "source_name": dice.get("source_name", "")}
    orders = [{"section": r.get("section", ""), "order": r.get("order", ""),
               "success": r.get("success", True), "reason": r.get("reason", "")}
              for r in record.get("results", [])]
    from adjudicator.axis_allies.game import STEP_NAMES

    nt = after["turn"]
    return {
        "schema": CONTEXT_SCHEMA,
        "title": settings.get("title") or folder.path.name,
        "record_kind": record["kind"],
        "phase": {"code": record["phase"],
                  "name": f"Round {turn['round']}, {n.power(turn['power'])}: "
                          f"{STEP_NAMES.get(turn['step'], turn['step'])}"},
        "adjudicated": record.get("time", ""),
        "round": turn["round"],
        "power": n.power(turn["power"]),
        "part": ev.get("part", ""),
        "nmr": bool(record.get("nmr")),
        "purchase": purchase,
        "orders": orders,
        "battles": battles,
        "captures": captures,
        "landings": landings,
        "lost_aircraft": lost,
        "placements": placements,
        "refunds": refunds,
        "income": income,
        "powers": powers,
        "victory_cities": vc,
        "result": result_text,
        "next_phase": f"Round {nt['round']}, {n.power(nt['power'])}: "
                      f"{STEP_NAMES.get(nt['step'], nt['step'])}",
        "dice": dice_ctx,
        "commitment": commitment or "",
    }


def render_report(folder: GameFolder, phase: str | None = None, fmt: str = "text",
                  template: str | Path | None = None) -> str:
    fmt = reports.normalise_format(fmt)
    record, after = find_record(folder, phase)
    ctx = build_context(folder, record, after)
    if fmt == "html":
        md = reports.render(FAMILY, "markdown", ctx, template)
        from html import escape

        return f"<!doctype html><meta charset='utf-8'><pre>{escape(md)}</pre>\n"
    return reports.render(FAMILY, fmt, ctx, template)


def write_reports(folder: GameFolder, record: dict) -> list[Path]:
    if record.get("kind") not in ("adjudication", "draw"):
        return []
    history = folder.history()
    idx = next((i for i, h in enumerate(history) if h["seq"] == record.get("seq")), None)
    after = history[idx + 1]["state_before"] if idx is not None and idx + 1 < len(history) \
        else folder.read_state()
    ctx = build_context(folder, record, after)
    out_dir = folder.path / "reports" / record["phase"]
    written = []
    for fmt, ext in PLAIN_FORMATS.items():
        path = out_dir / f"report.{ext}"
        atomic_write(path, reports.render(FAMILY, fmt, ctx))
        written.append(path)
    return written
