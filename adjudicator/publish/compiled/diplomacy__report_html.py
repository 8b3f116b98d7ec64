# ruff: noqa
"""``templates/diplomacy/report.html.j2`` compiled by Jinja 3.1.6 (tools/gen_templates.py): do not edit."""
from adjudicator.publish.templaterun import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join

TEMPLATE = 'diplomacy/report.html.j2'
SOURCE_SHA256 = 'a039b3bbe531d65b45e997a0173cad0dc0c2651996b57df005965d21d34386ce'


def make(environment):
    name = 'diplomacy/report.html.j2'

    def root(context, missing=missing, environment=environment):
        resolve = context.resolve_or_missing
        undefined = environment.undefined
        concat = environment.concat
        cond_expr_undefined = Undefined
        if 0: yield None
        l_0_title = resolve('title')
        l_0_phase = resolve('phase')
        l_0_variant_title = resolve('variant_title')
        l_0_adjudicated = resolve('adjudicated')
        l_0_map_svg = resolve('map_svg')
        l_0_adjustments = resolve('adjustments')
        l_0_powers = resolve('powers')
        l_0_victory_centres = resolve('victory_centres')
        l_0_dislodged = resolve('dislodged')
        l_0_centre_changes = resolve('centre_changes')
        l_0_nmr = resolve('nmr')
        l_0_setup = resolve('setup')
        l_0_orders = resolve('orders')
        l_0_map_name = resolve('map_name')
        try:
            t_1 = environment.filters['format']
        except KeyError:
            @internalcode
            def t_1(*unused):
                raise TemplateRuntimeError("No filter named 'format' found.")
        try:
            t_2 = environment.filters['join']
        except KeyError:
            @internalcode
            def t_2(*unused):
                raise TemplateRuntimeError("No filter named 'join' found.")
        try:
            t_3 = environment.filters['join_names']
        except KeyError:
            @internalcode
            def t_3(*unused):
                raise TemplateRuntimeError("No filter named 'join_names' found.")
        try:
            t_4 = environment.filters['plural']
        except KeyError:
            @internalcode
            def t_4(*unused):
                raise TemplateRuntimeError("No filter named 'plural' found.")
        try:
            t_5 = environment.filters['replace']
        except KeyError:
            @internalcode
            def t_5(*unused):
                raise TemplateRuntimeError("No filter named 'replace' found.")
        pass
        yield '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'; img-src data:; script-src \'sha256-K/yN2iFD2mxLBpbkOvX8w7PaGY0rVAUFI4hRT2HnlYQ=\'">\n<meta name="generator" content="adjudicator">\n<title>'
        yield escape((undefined(name='title') if l_0_title is missing else l_0_title))
        yield ' · '
        yield escape(environment.getattr((undefined(name='phase') if l_0_phase is missing else l_0_phase), 'name'))
        yield '</title>\n<style>\n'
        yield from context.blocks['style'][0](context)
        yield '</style>\n</head>\n<body>\n<header class="top">\n  <h1>'
        yield escape((undefined(name='title') if l_0_title is missing else l_0_title))
        yield '</h1>\n'
        if (undefined(name='variant_title') if l_0_variant_title is missing else l_0_variant_title):
            pass
            yield '  <div class="sub variant">Variant: <b>'
            yield escape((undefined(name='variant_title') if l_0_variant_title is missing else l_0_variant_title))
            yield '</b></div>\n'
        yield '  <div class="sub"><b>'
        yield escape(environment.getattr((undefined(name='phase') if l_0_phase is missing else l_0_phase), 'results_title'))
        yield '</b><span class="code">'
        yield escape(environment.getattr((undefined(name='phase') if l_0_phase is missing else l_0_phase), 'code'))
        yield '</span>'
        if (undefined(name='adjudicated') if l_0_adjudicated is missing else l_0_adjudicated):
            pass
            yield ' · adjudicated '
            yield escape((undefined(name='adjudicated') if l_0_adjudicated is missing else l_0_adjudicated))
        yield '</div>\n</header>\n<main>\n'
        yield from context.blocks['banners'][0](context)
        yield '\n<div class="layout'
        yield escape(('' if (undefined(name='map_svg') if l_0_map_svg is missing else l_0_map_svg) else ' nomap'))
        yield '">\n'
        if (undefined(name='map_svg') if l_0_map_svg is missing else l_0_map_svg):
            pass
            yield '  <section class="card map" aria-label="Map">\n    <input type="radio" name="zoom" id="zoom-1" checked><input type="radio" name="zoom" id="zoom-2"><input type="radio" name="zoom" id="zoom-4">\n    <div class="zoom">Zoom <label for="zoom-1">Fit</label><label for="zoom-2">2×</label><label for="zoom-4">4×</label>\n      <span>scroll to pan · Ctrl + wheel to zoom · drag · double-click resets</span></div>\n    <div class="mapview">'
            yield escape((undefined(name='map_svg') if l_0_map_svg is missing else l_0_map_svg))
            yield '</div>\n<script>(function () {\n  var view = document.querySelector(".mapview"), svg = view && view.querySelector("svg");\n  if (!svg) return;\n  var full = svg.viewBox.baseVal, box = [full.x, full.y, full.width, full.height], drag = null;\n  function show() { svg.setAttribute("viewBox", box.join(" ")); }\n  function at(e) { var r = svg.getBoundingClientRect();\n    return [box[0] + (e.clientX - r.left) / r.width * box[2], box[1] + (e.clientY - r.top) / r.height * box[3]]; }\n  function zoom(k, p) { var w = Math.min(full.width, Math.max(full.width / 8, box[2] * k)), s = w / box[2];\n    box = [p[0] - (p[0] - box[0]) * s, p[1] - (p[1] - box[1]) * s, w, box[3] * s]; show(); }\n  svg.addEventListener("wheel", function (e) {\n    if (!(e.ctrlKey || e.metaKey || box[2] < full.width)) return;\n    e.preventDefault(); zoom(e.deltaY > 0 ? 1.25 : 0.8, at(e)); }, {passive: false});\n  svg.addEventListener("dblclick", function () { box = [full.x, full.y, full.width, full.height]; show(); });\n  svg.addEventListener("pointerdown", function (e) {\n    if (e.pointerType === "touch" || box[2] >= full.width) return;\n    drag = at(e); svg.setPointerCapture(e.pointerId); });\n  svg.addEventListener("pointermove", function (e) { if (!drag) return; var p = at(e);\n    box[0] += drag[0] - p[0]; box[1] += drag[1] - p[1]; show(); });\n  svg.addEventListener("pointerup", function () { drag = null; });\n})();</script>\n  </section>\n'
        yield '  <aside class="side">\n    <section class="card">\n      <h2>Supply centres</h2>\n      <table class="status">\n        <tr><th>Power</th><th>Centres</th><th>Units</th>'
        if (undefined(name='adjustments') if l_0_adjustments is missing else l_0_adjustments):
            pass
            yield '<th>Owed</th>'
        yield '</tr>\n'
        def t_6(fiter):
            for l_1_p in fiter:
                if environment.getattr(l_1_p, 'active'):
                    yield l_1_p
        for l_1_p in t_6((undefined(name='powers') if l_0_powers is missing else l_0_powers)):
            _loop_vars = {}
            pass
            yield '        <tr><td><span class="swatch" style="background: '
            yield escape(environment.getattr(l_1_p, 'map_colour'))
            yield '"></span>'
            yield escape(environment.getattr(l_1_p, 'name'))
            yield '</td>\n          <td>'
            yield escape(environment.getattr(l_1_p, 'centres'))
            if environment.getattr(l_1_p, 'centre_delta'):
                pass
                yield '<span class="delta '
                yield escape(('up' if (environment.getattr(l_1_p, 'centre_delta') > 0) else 'down'))
                yield '">'
                yield escape(t_1('%+d', environment.getattr(l_1_p, 'centre_delta')))
                yield '</span>'
            yield '</td>\n          <td>'
            yield escape(environment.getattr(l_1_p, 'units'))
            yield '</td>'
            if (undefined(name='adjustments') if l_0_adjustments is missing else l_0_adjustments):
                pass
                yield '<td class="adj">'
                if (environment.getattr(l_1_p, 'adjustment') > 0):
                    pass
                    yield escape(t_4(environment.getattr(l_1_p, 'adjustment'), 'build'))
                elif (environment.getattr(l_1_p, 'adjustment') < 0):
                    pass
                    yield escape(t_4((-environment.getattr(l_1_p, 'adjustment')), 'removal'))
                yield '</td>'
            yield '</tr>\n'
        l_1_p = missing
        yield '      </table>\n      <div class="adj" style="margin-top:8px;color:var(--muted)">'
        yield escape((undefined(name='victory_centres') if l_0_victory_centres is missing else l_0_victory_centres))
        yield ' centres win.</div>\n    </section>\n'
        if (undefined(name='dislodged') if l_0_dislodged is missing else l_0_dislodged):
            pass
            yield '    <section class="card">\n      <h2>Dislodged units</h2>\n      <ul class="plain">\n'
            for l_1_d in (undefined(name='dislodged') if l_0_dislodged is missing else l_0_dislodged):
                _loop_vars = {}
                pass
                yield '        <li><span class="swatch" style="background: '
                yield escape(environment.getattr(l_1_d, 'map_colour'))
                yield '"></span>'
                yield escape(environment.getattr(l_1_d, 'adjective'))
                yield ' '
                yield escape(environment.getattr(l_1_d, 'unit_name'))
                yield ' in <b>'
                yield escape(environment.getattr(l_1_d, 'loc_name'))
                yield '</b>'
                if environment.getattr(l_1_d, 'attacker_from_name'):
                    pass
                    yield ' (from '
                    yield escape(environment.getattr(l_1_d, 'attacker_from_name'))
                    yield ')'
                yield ':\n'
                if environment.getattr(l_1_d, 'civil_disorder'):
                    pass
                    yield 'disbanded (civil disorder).'
                elif environment.getattr(l_1_d, 'destroyed'):
                    pass
                    yield 'no valid retreat, destroyed.'
                else:
                    pass
                    yield 'may retreat to '
                    yield escape(t_3(environment.getattr(l_1_d, 'retreat_names'), 'or'))
                    yield '.'
                yield '</li>\n'
            l_1_d = missing
            yield '      </ul>\n    </section>\n'
        if (undefined(name='centre_changes') if l_0_centre_changes is missing else l_0_centre_changes):
            pass
            yield '    <section class="card">\n      <h2>Centre changes</h2>\n      <ul class="plain">\n'
            for l_1_c in (undefined(name='centre_changes') if l_0_centre_changes is missing else l_0_centre_changes):
                _loop_vars = {}
                pass
                yield '        <li><b>'
                yield escape(environment.getattr(l_1_c, 'name'))
                yield '</b>: '
                yield escape((environment.getattr(l_1_c, 'old') or 'neutral'))
                yield ' → '
                yield escape((environment.getattr(l_1_c, 'new') or 'neutral'))
                yield '</li>\n'
            l_1_c = missing
            yield '      </ul>\n    </section>\n'
        if (undefined(name='nmr') if l_0_nmr is missing else l_0_nmr):
            pass
            yield '    <section class="card">\n      <h2>No orders received</h2>\n      '
            yield escape(t_3((undefined(name='nmr') if l_0_nmr is missing else l_0_nmr), 'and'))
            yield ': default orders were used.\n    </section>\n'
        if (undefined(name='setup') if l_0_setup is missing else l_0_setup):
            pass
            yield '    <section class="card">\n      <h2>Players</h2>\n      <ul class="plain">\n'
            for l_1_line in (undefined(name='setup') if l_0_setup is missing else l_0_setup):
                _loop_vars = {}
                pass
                yield '        <li>'
                yield escape(l_1_line)
                yield '</li>\n'
            l_1_line = missing
            yield '      </ul>\n    </section>\n'
        yield '  </aside>\n</div>\n\n'
        if (undefined(name='orders') if l_0_orders is missing else l_0_orders):
            pass
            yield '<h2 class="section">Orders</h2>\n<div class="orders">\n'
            def t_7(fiter):
                for l_1_p in fiter:
                    if environment.getattr(l_1_p, 'orders'):
                        yield l_1_p
            for l_1_p in t_7((undefined(name='powers') if l_0_powers is missing else l_0_powers)):
                _loop_vars = {}
                pass
                yield '  <section class="power" style="--c: '
                yield escape(environment.getattr(l_1_p, 'colour'))
                yield '">\n    <h3>'
                yield escape(environment.getattr(l_1_p, 'name'))
                if environment.getattr(l_1_p, 'player'):
                    pass
                    yield ' <span class="player">'
                    yield escape(environment.getattr(l_1_p, 'player'))
                    yield '</span>'
                if environment.getattr(l_1_p, 'nmr'):
                    pass
                    yield ' <span class="tag">no orders received</span>'
                yield '</h3>\n    <ol class="orders-list">\n'
                for l_2_o in environment.getattr(l_1_p, 'orders'):
                    l_2_st = missing
                    _loop_vars = {}
                    pass
                    l_2_st = ('noorder' if (environment.getattr(l_2_o, 'default') and (environment.getattr(l_2_o, 'status') == 'success')) else environment.getattr(l_2_o, 'status'))
                    _loop_vars['st'] = l_2_st
                    yield '      <li class="'
                    yield escape((undefined(name='st') if l_2_st is missing else l_2_st))
                    yield '"><span class="mark">'
                    yield escape(('✓' if ((undefined(name='st') if l_2_st is missing else l_2_st) == 'success') else ('○' if ((undefined(name='st') if l_2_st is missing else l_2_st) == 'noorder') else ('–' if ((undefined(name='st') if l_2_st is missing else l_2_st) == 'void') else '✗'))))
                    yield '</span>\n        <span><span class="desc">'
                    yield escape(t_5(context.eval_ctx, environment.getattr(l_2_o, 'description'), ' -> ', ' → '))
                    yield '</span>'
                    if environment.getattr(l_2_o, 'marker'):
                        pass
                        yield '<span class="note">'
                        yield escape(environment.getattr(l_2_o, 'marker'))
                        yield '</span>'
                    yield '<span class="canon">'
                    yield escape(environment.getattr(l_2_o, 'text'))
                    yield '</span></span></li>\n'
                l_2_o = l_2_st = missing
                yield '    </ol>\n  </section>\n'
            l_1_p = missing
            yield '</div>\n'
        yield '\n<div class="facts">\n'
        def t_8(fiter):
            for l_1_p in fiter:
                if environment.getattr(l_1_p, 'centre_names'):
                    yield l_1_p
        for l_1_p in t_8((undefined(name='powers') if l_0_powers is missing else l_0_powers)):
            _loop_vars = {}
            pass
            yield '  <section class="card"><h2><span class="swatch" style="background: '
            yield escape(environment.getattr(l_1_p, 'map_colour'))
            yield '"></span>'
            yield escape(environment.getattr(l_1_p, 'name'))
            yield ': '
            yield escape(environment.getattr(l_1_p, 'centres'))
            yield ' '
            yield escape(('centre' if (environment.getattr(l_1_p, 'centres') == 1) else 'centres'))
            yield '</h2>\n    '
            yield escape(t_2(context.eval_ctx, environment.getattr(l_1_p, 'centre_names'), ', '))
            if environment.getattr(l_1_p, 'unit_list'):
                pass
                yield '<br><span style="color:var(--muted)">Units: '
                yield escape(t_2(context.eval_ctx, environment.getattr(l_1_p, 'unit_list'), ', '))
                yield '</span>'
            yield '</section>\n'
        l_1_p = missing
        yield '</div>\n<footer>'
        yield escape((undefined(name='map_name') if l_0_map_name is missing else l_0_map_name))
        yield ' · '
        yield escape(environment.getattr((undefined(name='phase') if l_0_phase is missing else l_0_phase), 'name'))
        yield ' ('
        yield escape(environment.getattr((undefined(name='phase') if l_0_phase is missing else l_0_phase), 'code'))
        yield ') · report generated by adjudicator</footer>\n</main>\n</body>\n</html>\n'

    def block_style(context, missing=missing, environment=environment):
        resolve = context.resolve_or_missing
        undefined = environment.undefined
        concat = environment.concat
        cond_expr_undefined = Undefined
        if 0: yield None
        _block_vars = {}
        pass
        yield ':root {\n  --ink: #1d2330; --muted: #5f6b7a; --line: #dfe3ea; --paper: #ffffff; --bg: #f3f1ec;\n  --ok: #2e7d32; --bad: #b3261e; --void: #8a6d00; --accent: #2b4c7e;\n}\n* { box-sizing: border-box; }\nbody { margin: 0; background: var(--bg); color: var(--ink);\n  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }\nheader.top { background: #1f2a3c; color: #f5f3ee; padding: 22px 32px 18px; }\nheader.top h1 { margin: 0 0 4px; font-size: 26px; font-weight: 650; letter-spacing: .2px;\n  overflow-wrap: anywhere; }\nheader.top .sub { font-size: 16px; color: #cfd6e2; }\nheader.top .sub b { color: #fff; font-weight: 600; }\nheader.top .code { display: inline-block; margin-left: 8px; padding: 1px 8px; border-radius: 10px;\n  background: #34445e; font: 600 12px/20px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }\nmain { max-width: 1240px; margin: 0 auto; padding: 20px 24px 40px; }\n.banner { margin: 0 0 18px; padding: 14px 18px; border-radius: 8px; font-size: 17px; font-weight: 600; }\n.banner.result { background: #fff6d6; border: 1px solid #e8cf72; }\n.banner.next { background: var(--paper); border: 1px solid var(--line); font-weight: 500; font-size: 15px; }\n.banner.next b { font-weight: 650; }\n.layout { display: grid; grid-template-columns: minmax(0, 1fr) 330px; gap: 20px; align-items: start; }\n.layout.nomap { grid-template-columns: minmax(0, 1fr); }\n.card { background: var(--paper); border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; }\n.card h2 { margin: 0 0 10px; font-size: 15px; text-transform: uppercase; letter-spacing: .6px; color: var(--muted); }\n.map { padding: 8px; }\n.map svg { display: block; width: 100%; height: auto; }\n.map > input { position: absolute; opacity: 0; pointer-events: none; }\n.zoom { display: flex; gap: 6px; align-items: center; margin: 0 0 6px; font-size: 13px; color: var(--muted); flex-wrap: wrap; }\n.zoom label { padding: 2px 10px; border: 1px solid var(--line); border-radius: 12px; cursor: pointer; background: #f7f6f2; color: var(--ink); }\n#zoom-1:checked ~ .zoom label[for=zoom-1], #zoom-2:checked ~ .zoom label[for=zoom-2],\n#zoom-4:checked ~ .zoom label[for=zoom-4] { background: var(--accent); border-color: var(--accent); color: #fff; }\n.map > input:focus-visible ~ .zoom { outline: 2px solid var(--accent); outline-offset: 2px; }\n.mapview { overflow: auto; max-height: 88vh; -webkit-overflow-scrolling: touch; }\n#zoom-2:checked ~ .mapview svg { width: 200%; }\n#zoom-4:checked ~ .mapview svg { width: 400%; }\ntable.status { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }\ntable.status th, table.status td { padding: 6px 4px; border-bottom: 1px solid var(--line); text-align: right; }\ntable.status th { font-size: 12px; color: var(--muted); font-weight: 600; }\ntable.status th:first-child, table.status td:first-child { text-align: left; }\ntable.status tr:last-child td { border-bottom: none; }\n.swatch { display: inline-block; width: 11px; height: 11px; border-radius: 3px; margin-right: 7px;\n  vertical-align: -1px; border: 1px solid rgba(0,0,0,.25); }\n.delta { font-size: 12px; margin-left: 3px; }\n.delta.up { color: var(--ok); } .delta.down { color: var(--bad); }\n.adj { font-size: 12px; color: var(--accent); white-space: nowrap; }\n.side > .card + .card { margin-top: 16px; }\n.nomap .side { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(340px, 100%), 1fr)); gap: 16px; align-items: start; }\n.nomap .side > .card + .card { margin-top: 0; }\nul.plain { list-style: none; margin: 0; padding: 0; }\nul.plain li { padding: 5px 0; border-bottom: 1px solid var(--line); }\nul.plain li:last-child { border-bottom: none; }\nh2.section { margin: 26px 0 12px; font-size: 18px; }\n.orders { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(340px, 100%), 1fr)); gap: 14px; }\n.power { background: var(--paper); border: 1px solid var(--line); border-top: 5px solid var(--c);\n  border-radius: 8px; padding: 10px 14px 8px; }\n.power h3 { margin: 0 0 6px; font-size: 16px; display: flex; align-items: baseline; gap: 8px; flex-wrap: wrap; }\n.power h3 .player { font-size: 13px; color: var(--muted); font-weight: 400; }\n.tag { font-size: 11px; font-weight: 600; padding: 1px 7px; border-radius: 9px; background: #fde3e1; color: var(--bad); }\nol.orders-list { list-style: none; margin: 0; padding: 0; }\nol.orders-list li { display: grid; grid-template-columns: 18px 1fr; gap: 6px; padding: 4px 0;\n  border-top: 1px dashed var(--line); }\nol.orders-list li:first-child { border-top: none; }\n.mark { font-weight: 700; text-align: center; }\n.success .mark { color: var(--ok); } .failure .mark { color: var(--bad); } .void .mark { color: var(--void); }\n.noorder .mark { color: var(--muted); } .noorder .desc { color: #444; }\n.noorder .note { background: #ecebe6; color: var(--muted); }\n.failure .desc, .void .desc { color: #444; }\n.note { display: inline-block; margin-left: 6px; font-size: 12px; padding: 0 7px; border-radius: 9px; }\n.failure .note { background: #fde3e1; color: var(--bad); }\n.void .note { background: #fbf0c9; color: var(--void); }\n.success .note { background: #e7f1e8; color: var(--ok); }\n.canon { display: block; font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: var(--muted); }\n.facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(300px, 100%), 1fr)); gap: 14px; margin-top: 20px; }\nfooter { margin-top: 28px; font-size: 12px; color: var(--muted); text-align: center; }\n@media (max-width: 900px) { .layout { grid-template-columns: minmax(0, 1fr); } }\n@media (max-width: 600px) { main { padding: 12px 10px 28px; } header.top { padding: 14px 14px 12px; }\n  header.top h1 { font-size: 21px; } .card { padding: 10px; } .power { padding: 8px 10px 6px; } }\n@media print { body { background: #fff; } header.top { background: #fff; color: #000; }\n  header.top .sub { color: #000; } .card, .power { break-inside: avoid; } }\n'

    def block_banners(context, missing=missing, environment=environment):
        resolve = context.resolve_or_missing
        undefined = environment.undefined
        concat = environment.concat
        cond_expr_undefined = Undefined
        if 0: yield None
        _block_vars = {}
        l_0_record_kind = resolve('record_kind')
        l_0_record_by = resolve('record_by')
        l_0_phase = resolve('phase')
        l_0_result = resolve('result')
        l_0_next_phase = resolve('next_phase')
        l_0_eliminated = resolve('eliminated')
        pass
        if ((undefined(name='record_kind') if l_0_record_kind is missing else l_0_record_kind) == 'draw'):
            pass
            yield '<div class="banner result">'
            yield escape(('The players have agreed to' if ((undefined(name='record_by') if l_0_record_by is missing else l_0_record_by) == 'vote') else 'The moderator has declared'))
            yield ' a draw in '
            yield escape(environment.getattr((undefined(name='phase') if l_0_phase is missing else l_0_phase), 'name'))
            yield '.</div>\n'
        if (undefined(name='result') if l_0_result is missing else l_0_result):
            pass
            yield '<div class="banner result">'
            yield escape(environment.getattr((undefined(name='result') if l_0_result is missing else l_0_result), 'text'))
            yield '</div>\n'
        elif (undefined(name='next_phase') if l_0_next_phase is missing else l_0_next_phase):
            pass
            yield '<div class="banner next">Next phase: <b>'
            yield escape(environment.getattr((undefined(name='next_phase') if l_0_next_phase is missing else l_0_next_phase), 'name'))
            yield '</b> ('
            yield escape(environment.getattr((undefined(name='next_phase') if l_0_next_phase is missing else l_0_next_phase), 'code'))
            yield ')'
            if environment.getattr((undefined(name='next_phase') if l_0_next_phase is missing else l_0_next_phase), 'deadline'):
                pass
                yield ' · orders due by <b>'
                yield escape(environment.getattr((undefined(name='next_phase') if l_0_next_phase is missing else l_0_next_phase), 'deadline'))
                yield '</b>'
            yield '</div>\n'
        for l_1_e in (undefined(name='eliminated') if l_0_eliminated is missing else l_0_eliminated):
            _loop_vars = {}
            pass
            yield '<div class="banner result">'
            yield escape(l_1_e)
            yield ' has been eliminated.</div>\n'
        l_1_e = missing

    blocks = {'style': block_style, 'banners': block_banners}
    debug_info = '14=56&16=60&100=62&101=64&102=67&104=70&105=74&108=79&123=81&124=83&129=86&156=89&157=93&158=101&159=105&160=114&161=116&164=129&166=131&170=134&171=138&172=146&173=152&178=166&182=169&183=173&188=181&191=184&194=186&198=189&199=193&207=198&210=201&211=209&212=211&214=221&216=225&217=228&218=232&227=247&228=255&229=263&232=272&16=279&108=289&109=303&110=306&112=310&113=313&114=315&115=318&116=322&118=328&119=332'
    return root, blocks
