# ruff: noqa
"""``templates/axis_allies/report.html.j2`` compiled by Jinja 3.1.6 (tools/gen_templates.py): do not edit."""
from adjudicator.publish.templaterun import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join

TEMPLATE = 'axis_allies/report.html.j2'
SOURCE_SHA256 = 'a736f054a89bf918762aeda2219c43c1b5800d6f527f766ed245c1c9bdf0944c'


def make(environment):
    name = 'axis_allies/report.html.j2'

    def root(context, missing=missing, environment=environment):
        resolve = context.resolve_or_missing
        undefined = environment.undefined
        concat = environment.concat
        cond_expr_undefined = Undefined
        if 0: yield None
        l_0_title = resolve('title')
        l_0_phase = resolve('phase')
        l_0_power_colour = resolve('power_colour')
        l_0_adjudicated = resolve('adjudicated')
        l_0_map_svg = resolve('map_svg')
        l_0_research = resolve('research')
        l_0_purchase = resolve('purchase')
        l_0_rockets = resolve('rockets')
        l_0_battles = resolve('battles')
        l_0_captures = resolve('captures')
        l_0_landings = resolve('landings')
        l_0_lost_aircraft = resolve('lost_aircraft')
        l_0_placements = resolve('placements')
        l_0_refunds = resolve('refunds')
        l_0_income = resolve('income')
        l_0_advantages = resolve('advantages')
        l_0_refund_ipc = resolve('refund_ipc')
        l_0_orders = resolve('orders')
        l_0_standing_updated = resolve('standing_updated')
        l_0_powers = resolve('powers')
        l_0_victory_needed = resolve('victory_needed')
        l_0_sides = resolve('sides')
        l_0_dice = resolve('dice')
        l_0_commitment = resolve('commitment')
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
            t_3 = environment.filters['min']
        except KeyError:
            @internalcode
            def t_3(*unused):
                raise TemplateRuntimeError("No filter named 'min' found.")
        try:
            t_4 = environment.tests['defined']
        except KeyError:
            @internalcode
            def t_4(*unused):
                raise TemplateRuntimeError("No test named 'defined' found.")
        pass
        yield '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'; img-src data:">\n<meta name="generator" content="adjudicator">\n<title>'
        yield escape((undefined(name='title') if l_0_title is missing else l_0_title))
        yield ' · '
        yield escape(environment.getattr((undefined(name='phase') if l_0_phase is missing else l_0_phase), 'name'))
        yield '</title>\n<style>\n'
        yield from context.blocks['style'][0](context)
        yield '</style>\n</head>\n<body style="--pc: '
        yield escape((undefined(name='power_colour') if l_0_power_colour is missing else l_0_power_colour))
        yield '">\n<header class="top">\n  <h1>'
        yield escape((undefined(name='title') if l_0_title is missing else l_0_title))
        yield '</h1>\n  <div class="sub"><b>Results for '
        yield escape(environment.getattr((undefined(name='phase') if l_0_phase is missing else l_0_phase), 'name'))
        yield '</b><span class="code">'
        yield escape(environment.getattr((undefined(name='phase') if l_0_phase is missing else l_0_phase), 'code'))
        yield '</span>'
        if (undefined(name='adjudicated') if l_0_adjudicated is missing else l_0_adjudicated):
            pass
            yield ' · resolved '
            yield escape((undefined(name='adjudicated') if l_0_adjudicated is missing else l_0_adjudicated))
        yield '</div>\n</header>\n<main>\n'
        yield from context.blocks['banners'][0](context)
        yield '\n'
        if (t_4((undefined(name='map_svg') if l_0_map_svg is missing else l_0_map_svg)) and (undefined(name='map_svg') if l_0_map_svg is missing else l_0_map_svg)):
            pass
            yield '<section class="card map" aria-label="Map">'
            yield escape((undefined(name='map_svg') if l_0_map_svg is missing else l_0_map_svg))
            yield '</section>\n'
        yield '<div class="layout">\n<div class="col">\n'
        if (undefined(name='research') if l_0_research is missing else l_0_research):
            pass
            yield '  <section class="card research"><h2>Develop weapons</h2>'
            yield escape(environment.getattr((undefined(name='research') if l_0_research is missing else l_0_research), 'text'))
            if environment.getattr((undefined(name='research') if l_0_research is missing else l_0_research), 'rolls'):
                pass
                yield '<div class="small">Research dice: '
                yield escape(t_2(context.eval_ctx, environment.getattr((undefined(name='research') if l_0_research is missing else l_0_research), 'rolls'), ', '))
                yield '</div>'
            yield '</section>\n'
        if (undefined(name='purchase') if l_0_purchase is missing else l_0_purchase):
            pass
            yield '  <section class="card"><h2>Purchase</h2>'
            yield escape(environment.getattr((undefined(name='purchase') if l_0_purchase is missing else l_0_purchase), 'text'))
            yield '</section>\n'
        if (undefined(name='rockets') if l_0_rockets is missing else l_0_rockets):
            pass
            yield '  <section class="card"><h2>Rockets</h2><ul class="plain">\n'
            for l_1_r in (undefined(name='rockets') if l_0_rockets is missing else l_0_rockets):
                _loop_vars = {}
                pass
                yield '    <li>'
                yield escape(environment.getattr(l_1_r, 'text'))
                yield '</li>\n'
            l_1_r = missing
            yield '  </ul></section>\n'
        l_1_loop = missing
        for l_1_b, l_1_loop in LoopContext((undefined(name='battles') if l_0_battles is missing else l_0_battles), undefined):
            _loop_vars = {}
            pass
            yield '  <section class="card battle" aria-label="Battle '
            yield escape(environment.getattr(l_1_loop, 'index'))
            yield '">\n    <h3>'
            yield escape(environment.getattr(l_1_b, 'name'))
            yield ' <span class="kind">'
            yield escape(environment.getattr(l_1_b, 'kind_text'))
            yield '</span></h3>\n    <div class="summary">'
            yield escape(environment.getattr(l_1_b, 'summary'))
            if environment.getattr(l_1_b, 'dice_count'):
                pass
                yield ' · '
                yield escape(environment.getattr(l_1_b, 'dice_count'))
                yield ' '
                yield escape(('die' if (environment.getattr(l_1_b, 'dice_count') == 1) else 'dice'))
            yield '</div>\n'
            if environment.getattr(l_1_b, 'instruction'):
                pass
                yield '    <div class="instr">Battle instruction: '
                yield escape(environment.getattr(l_1_b, 'instruction'))
                yield '</div>\n'
            for l_2_s in environment.getattr(l_1_b, 'sections'):
                _loop_vars = {}
                pass
                yield '    <h4>'
                yield escape(environment.getattr(l_2_s, 'heading'))
                yield '</h4>\n'
                for l_3_line in environment.getattr(l_2_s, 'lines'):
                    _loop_vars = {}
                    pass
                    if environment.getattr(l_3_line, 'dice'):
                        pass
                        yield '    <div class="ev '
                        yield escape(environment.getattr(l_3_line, 'kind'))
                        yield ' side-'
                        yield escape(environment.getattr(l_3_line, 'side'))
                        yield '"><span class="lead">'
                        yield escape(environment.getattr(l_3_line, 'lead'))
                        yield '</span>\n      <div class="dice">\n'
                        for l_4_g in environment.getattr(l_3_line, 'groups'):
                            _loop_vars = {}
                            pass
                            yield '        <div class="dgroup"><span class="cap">'
                            yield escape(environment.getattr(l_4_g, 'label'))
                            yield '</span><span class="row">'
                            for l_5_d in environment.getattr(l_4_g, 'dice'):
                                _loop_vars = {}
                                pass
                                yield '<span class="die'
                                yield escape((' hit' if environment.getattr(l_5_d, 'hit') else ''))
                                yield escape((' dmg' if environment.getattr(l_5_d, 'damage') else ''))
                                yield '" title="'
                                yield escape(environment.getattr(l_5_d, 'type'))
                                yield ' '
                                yield escape(environment.getattr(l_5_d, 'unit'))
                                yield ': rolled '
                                yield escape(environment.getattr(l_5_d, 'value'))
                                if (not environment.getattr(l_5_d, 'damage')):
                                    pass
                                    yield ', hits on '
                                    yield escape(environment.getattr(l_5_d, 'needs'))
                                yield '">'
                                yield escape(environment.getattr(l_5_d, 'value'))
                                yield '</span>'
                            l_5_d = missing
                            yield '</span></div>\n'
                        l_4_g = missing
                        yield '      </div></div>\n'
                    elif ((environment.getattr(l_3_line, 'kind') == 'casualty') and environment.getattr(l_3_line, 'reason')):
                        pass
                        yield '    <div class="ev casualty">'
                        yield escape(environment.getattr(l_3_line, 'lead'))
                        yield '<span class="why">Why: '
                        yield escape(environment.getattr(l_3_line, 'reason'))
                        yield '</span></div>\n'
                    else:
                        pass
                        yield '    <div class="ev '
                        yield escape(environment.getattr(l_3_line, 'kind'))
                        yield '">'
                        yield escape(environment.getattr(l_3_line, 'text'))
                        yield '</div>\n'
                l_3_line = missing
            l_2_s = missing
            yield '  </section>\n'
        l_1_loop = l_1_b = missing
        if (undefined(name='captures') if l_0_captures is missing else l_0_captures):
            pass
            yield '  <section class="card"><h2>Captures and liberations</h2><ul class="plain">\n'
            for l_1_c in (undefined(name='captures') if l_0_captures is missing else l_0_captures):
                _loop_vars = {}
                pass
                yield '    <li>'
                yield escape(l_1_c)
                yield '</li>\n'
            l_1_c = missing
            yield '  </ul></section>\n'
        if ((undefined(name='landings') if l_0_landings is missing else l_0_landings) or (undefined(name='lost_aircraft') if l_0_lost_aircraft is missing else l_0_lost_aircraft)):
            pass
            yield '  <section class="card"><h2>Landings</h2><ul class="plain">\n'
            for l_1_l in (undefined(name='landings') if l_0_landings is missing else l_0_landings):
                _loop_vars = {}
                pass
                yield '    <li>'
                yield escape(l_1_l)
                yield '</li>\n'
            l_1_l = missing
            for l_1_l in (undefined(name='lost_aircraft') if l_0_lost_aircraft is missing else l_0_lost_aircraft):
                _loop_vars = {}
                pass
                yield '    <li class="lost"><b>Lost:</b> '
                yield escape(l_1_l)
                yield '</li>\n'
            l_1_l = missing
            yield '  </ul></section>\n'
        if ((((undefined(name='placements') if l_0_placements is missing else l_0_placements) or (undefined(name='refunds') if l_0_refunds is missing else l_0_refunds)) or (undefined(name='income') if l_0_income is missing else l_0_income)) or (undefined(name='advantages') if l_0_advantages is missing else l_0_advantages)):
            pass
            yield '  <section class="card"><h2>Mobilisation and income</h2><ul class="plain">\n'
            for l_1_p in (undefined(name='placements') if l_0_placements is missing else l_0_placements):
                _loop_vars = {}
                pass
                yield '    <li>Placed '
                yield escape(l_1_p)
                yield '.</li>\n'
            l_1_p = missing
            for l_1_a in (undefined(name='advantages') if l_0_advantages is missing else l_0_advantages):
                _loop_vars = {}
                pass
                yield '    <li>'
                yield escape(l_1_a)
                yield '</li>\n'
            l_1_a = missing
            if (undefined(name='refunds') if l_0_refunds is missing else l_0_refunds):
                pass
                yield '    <li>Refunded, could not be placed: '
                yield escape(t_2(context.eval_ctx, (undefined(name='refunds') if l_0_refunds is missing else l_0_refunds), ', '))
                yield ' ('
                yield escape((undefined(name='refund_ipc') if l_0_refund_ipc is missing else l_0_refund_ipc))
                yield ' IPC back to the treasury).</li>\n'
            if (undefined(name='income') if l_0_income is missing else l_0_income):
                pass
                yield '    <li><b>'
                yield escape((undefined(name='income') if l_0_income is missing else l_0_income))
                yield '</b></li>\n'
            yield '  </ul></section>\n'
        if (undefined(name='orders') if l_0_orders is missing else l_0_orders):
            pass
            yield '  <section class="card"><h2>Orders</h2>\n    <table class="orders">\n'
            for l_1_o in (undefined(name='orders') if l_0_orders is missing else l_0_orders):
                _loop_vars = {}
                pass
                yield '      <tr class="'
                yield escape(environment.getattr(l_1_o, 'status'))
                yield '"><td class="mark">'
                yield escape(('✓' if environment.getattr(l_1_o, 'success') else '✗'))
                yield '</td><td class="sec">'
                yield escape(environment.getattr(l_1_o, 'section'))
                yield '</td>\n        <td>'
                yield escape(environment.getattr(l_1_o, 'order'))
                if environment.getattr(l_1_o, 'reason'):
                    pass
                    yield '<span class="reason">'
                    yield escape(environment.getattr(l_1_o, 'reason'))
                    yield '</span>'
                yield '</td></tr>\n'
            l_1_o = missing
            yield '    </table>\n'
            if (undefined(name='standing_updated') if l_0_standing_updated is missing else l_0_standing_updated):
                pass
                yield '    <p class="small">Standing orders updated (they apply to every later battle).</p>\n'
            yield '  </section>\n'
        yield '</div>\n\n<aside class="side">\n  <section class="card">\n    <h2>Powers</h2>\n    <table class="status">\n      <tr><th>Power</th><th>Treasury</th><th>Production</th></tr>\n'
        for l_1_p in (undefined(name='powers') if l_0_powers is missing else l_0_powers):
            _loop_vars = {}
            pass
            yield '      <tr'
            if environment.getattr(l_1_p, 'current'):
                pass
                yield ' class="current"'
            yield '><td><span class="swatch" style="background: '
            yield escape(environment.getattr(l_1_p, 'colour'))
            yield '"></span>'
            yield escape(environment.getattr(l_1_p, 'name'))
            if environment.getattr(l_1_p, 'capital_held_by'):
                pass
                yield '<br><span class="capital">capital held by '
                yield escape(environment.getattr(l_1_p, 'capital_held_by'))
                yield '</span>'
            if environment.getattr(l_1_p, 'techs'):
                pass
                yield '<br><span class="small techs">'
                yield escape(t_2(context.eval_ctx, environment.getattr(l_1_p, 'techs'), ', '))
                yield '</span>'
            yield '</td>\n        <td>'
            yield escape(environment.getattr(l_1_p, 'treasury'))
            if (environment.getattr(l_1_p, 'treasury') != environment.getattr(l_1_p, 'treasury_before')):
                pass
                yield '<span class="delta '
                yield escape(('up' if (environment.getattr(l_1_p, 'treasury') > environment.getattr(l_1_p, 'treasury_before')) else 'down'))
                yield '">'
                yield escape(t_1('%+d', (environment.getattr(l_1_p, 'treasury') - environment.getattr(l_1_p, 'treasury_before'))))
                yield '</span>'
            yield '</td>\n        <td>'
            yield escape(environment.getattr(l_1_p, 'production'))
            yield '</td></tr>\n'
        l_1_p = missing
        yield '    </table>\n  </section>\n  <section class="card">\n    <h2>Victory cities · '
        yield escape((undefined(name='victory_needed') if l_0_victory_needed is missing else l_0_victory_needed))
        yield ' win</h2>\n'
        for l_1_s in (undefined(name='sides') if l_0_sides is missing else l_0_sides):
            _loop_vars = {}
            pass
            yield '    <div class="sidebox" style="--sc: '
            yield escape(environment.getattr(l_1_s, 'colour'))
            yield '">\n      <div class="head"><span>'
            yield escape(environment.getattr(l_1_s, 'name'))
            yield '</span><span>'
            yield escape(environment.getattr(l_1_s, 'victory_cities'))
            yield ' / '
            yield escape((undefined(name='victory_needed') if l_0_victory_needed is missing else l_0_victory_needed))
            yield '</span></div>\n      <div class="meter"><span style="width: '
            yield escape(t_3(environment, [100, ((100 * environment.getattr(l_1_s, 'victory_cities')) // ((undefined(name='victory_needed') if l_0_victory_needed is missing else l_0_victory_needed) or 1))]))
            yield '%"></span></div>\n      <div class="cities">'
            yield escape((t_2(context.eval_ctx, environment.getattr(l_1_s, 'cities'), ', ') or 'none'))
            yield '</div>\n      <div class="small">Production '
            yield escape(environment.getattr(l_1_s, 'production'))
            yield ' IPC · treasury '
            yield escape(environment.getattr(l_1_s, 'treasury'))
            yield ' IPC · '
            yield escape(t_2(context.eval_ctx, environment.getattr(l_1_s, 'powers'), ', '))
            yield '</div>\n    </div>\n'
        l_1_s = missing
        yield '  </section>\n  <section class="card">\n    <h2>Dice</h2>\n'
        if ((undefined(name='dice') if l_0_dice is missing else l_0_dice) and environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'rolls')):
            pass
            yield '    <p class="small" style="margin-top:0">'
            yield escape(environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'dice_count'))
            yield ' dice in '
            yield escape(environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'rolls'))
            yield ' roll(s), '
            yield escape(environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'source_text'))
            yield '.'
            if environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'source_name'):
                pass
                yield ' Dice file: '
                yield escape(environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'source_name'))
                yield '.'
            yield '</p>\n'
            if environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'commitment'):
                pass
                yield '    <div class="small">Seed commitment (SHA-256)</div><div class="mono">'
                yield escape(environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'commitment'))
                yield '</div>\n'
            if environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'orders_digest'):
                pass
                yield '    <div class="small" style="margin-top:6px">Orders digest</div><div class="mono">'
                yield escape(environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'orders_digest'))
                yield '</div>\n'
            if environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'salts'):
                pass
                yield '    <div class="small" style="margin-top:6px">Salts</div><ul class="plain mono">'
                for l_1_s in environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'salts'):
                    _loop_vars = {}
                    pass
                    yield '<li>'
                    yield escape(l_1_s)
                    yield '</li>'
                l_1_s = missing
                yield '</ul>\n'
        else:
            pass
            yield '    <p class="small" style="margin-top:0">No dice were rolled.</p>\n'
            if (undefined(name='commitment') if l_0_commitment is missing else l_0_commitment):
                pass
                yield '    <div class="small">Seed commitment (SHA-256)</div><div class="mono">'
                yield escape((undefined(name='commitment') if l_0_commitment is missing else l_0_commitment))
                yield '</div>\n'
        yield '  </section>\n</aside>\n</div>\n<footer>Axis &amp; Allies 1942 · '
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
        yield ':root {\n  --ink: #1d2330; --muted: #5f6b7a; --line: #dfe3ea; --paper: #ffffff; --bg: #f3f1ec;\n  --ok: #2e7d32; --bad: #b3261e; --void: #8a6d00; --accent: #2b4c7e;\n}\n* { box-sizing: border-box; }\nbody { margin: 0; background: var(--bg); color: var(--ink);\n  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }\nheader.top { background: #1f2a3c; color: #f5f3ee; padding: 22px 32px 18px;\n  border-bottom: 5px solid var(--pc); }\nheader.top h1 { margin: 0 0 4px; font-size: 26px; font-weight: 650; letter-spacing: .2px;\n  overflow-wrap: anywhere; }\nheader.top .sub { font-size: 16px; color: #cfd6e2; }\nheader.top .sub b { color: #fff; font-weight: 600; }\nheader.top .code { display: inline-block; margin-left: 8px; padding: 1px 8px; border-radius: 10px;\n  background: #34445e; font: 600 12px/20px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }\nmain { max-width: 1240px; margin: 0 auto; padding: 20px 24px 40px; }\n.banner { margin: 0 0 18px; padding: 14px 18px; border-radius: 8px; font-size: 17px; font-weight: 600; }\n.banner.result { background: #fff6d6; border: 1px solid #e8cf72; }\n.banner.next { background: var(--paper); border: 1px solid var(--line); font-weight: 500; font-size: 15px; }\n.banner.next b { font-weight: 650; }\n.banner.part { background: #eef2f8; border: 1px solid #d3dcea; font-weight: 500; font-size: 14px; }\n.layout { display: grid; grid-template-columns: minmax(0, 1fr) 330px; gap: 20px; align-items: start; }\n.col > * + * { margin-top: 16px; }\n.card { background: var(--paper); border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; }\n.card h2 { margin: 0 0 10px; font-size: 15px; text-transform: uppercase; letter-spacing: .6px; color: var(--muted); }\n.side > .card + .card { margin-top: 16px; }\ntable.status { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }\ntable.status th, table.status td { padding: 6px 4px; border-bottom: 1px solid var(--line); text-align: right; }\ntable.status th { font-size: 12px; color: var(--muted); font-weight: 600; }\ntable.status th:first-child, table.status td:first-child { text-align: left; }\ntable.status tr:last-child td { border-bottom: none; }\ntable.status tr.current td { background: #f6f8fb; font-weight: 600; }\n.swatch { display: inline-block; width: 11px; height: 11px; border-radius: 3px; margin-right: 7px;\n  vertical-align: -1px; border: 1px solid rgba(0,0,0,.25); }\n.delta { font-size: 12px; margin-left: 3px; } .delta.up { color: var(--ok); } .delta.down { color: var(--bad); }\n.capital { font-size: 12px; color: var(--bad); }\n.sidebox { padding: 8px 0; border-bottom: 1px solid var(--line); }\n.sidebox:last-child { border-bottom: none; }\n.sidebox .head { display: flex; justify-content: space-between; font-weight: 650; }\n.sidebox .cities { font-size: 13px; color: var(--muted); }\n.meter { height: 6px; border-radius: 3px; background: #eceff4; margin: 5px 0 4px; overflow: hidden; }\n.meter span { display: block; height: 100%; background: var(--sc); }\nul.plain { list-style: none; margin: 0; padding: 0; }\nul.plain li { padding: 5px 0; border-bottom: 1px solid var(--line); }\nul.plain li:last-child { border-bottom: none; }\nul.plain li.lost { color: var(--bad); }\n.battle { border-top: 5px solid var(--pc); padding-bottom: 10px; }\n.battle h3 { margin: 0; font-size: 18px; display: flex; align-items: baseline; gap: 8px; flex-wrap: wrap; }\n.kind { font-size: 11px; font-weight: 600; padding: 1px 8px; border-radius: 9px; background: #e8edf5; color: var(--accent);\n  text-transform: uppercase; letter-spacing: .4px; }\n.summary { color: var(--muted); font-size: 14px; margin: 2px 0 6px; }\n.instr { font-size: 13px; background: #f6f8fb; border-left: 3px solid var(--accent); padding: 4px 8px; margin: 6px 0; }\n.battle h4 { margin: 12px 0 4px; font-size: 13px; text-transform: uppercase; letter-spacing: .5px; color: var(--muted);\n  border-bottom: 1px solid var(--line); padding-bottom: 2px; }\n.ev { padding: 4px 0 4px 10px; border-left: 3px solid transparent; margin: 2px 0; }\n.ev.forces { color: #38404d; font-size: 14px; }\n.ev.casualty, .ev.wasted { border-left-color: var(--bad); background: #fdf4f3; }\n.ev.casualty .why { display: block; font-size: 12.5px; color: var(--muted); }\n.ev.end { font-weight: 650; border-left-color: var(--accent); background: #f2f5fa; }\n.ev.retreat, .ev.submarines, .ev.note { border-left-color: #c9b26b; background: #fbf8ee; }\n.ev.fire .lead, .ev.aa .lead { font-weight: 600; font-size: 14px; }\n.ev.side-defender .lead { color: #3d4a5c; }\n.dice { display: flex; flex-wrap: wrap; gap: 4px 14px; margin-top: 3px; }\n.dgroup { display: flex; flex-direction: column; }\n.dgroup .cap { font-size: 11px; color: var(--muted); }\n.dgroup .row { display: flex; gap: 3px; flex-wrap: wrap; }\n.die { display: inline-flex; align-items: center; justify-content: center; width: 22px; height: 22px;\n  border: 1.5px solid #9aa3b1; border-radius: 5px; background: #fff; color: #46505e;\n  font: 700 13px/1 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }\n.die.hit { background: var(--bad); border-color: var(--bad); color: #fff; }\n.die.dmg { background: #fff1d6; border-color: #d9a520; color: #6b4e00; }\ntable.orders { width: 100%; border-collapse: collapse; font-size: 14px; }\ntable.orders td { padding: 4px 6px; border-bottom: 1px dashed var(--line); vertical-align: top; }\ntable.orders tr:last-child td { border-bottom: none; }\ntable.orders .mark { font-weight: 700; width: 18px; text-align: center; }\ntable.orders .success .mark { color: var(--ok); } table.orders .failure .mark { color: var(--bad); }\ntable.orders .sec { color: var(--muted); white-space: nowrap; font-size: 12px; }\ntable.orders .reason { display: block; font-size: 12px; color: var(--muted); }\ntable.orders .failure .reason { color: var(--bad); }\n.mono { font: 11.5px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: anywhere; color: #38404d; }\n.small { font-size: 13px; color: var(--muted); }\nfooter { margin-top: 28px; font-size: 12px; color: var(--muted); text-align: center; }\n.card.map { padding: 8px; margin-bottom: 20px; }\n.card.map svg { display: block; width: 100%; height: auto; }\n@media (max-width: 900px) { .layout { grid-template-columns: minmax(0, 1fr); } }\n@media print { body { background: #fff; } header.top { background: #fff; color: #000; }\n  header.top .sub { color: #000; } .card { break-inside: avoid; } }\n'

    def block_banners(context, missing=missing, environment=environment):
        resolve = context.resolve_or_missing
        undefined = environment.undefined
        concat = environment.concat
        cond_expr_undefined = Undefined
        if 0: yield None
        _block_vars = {}
        l_0_record_kind = resolve('record_kind')
        l_0_record_by = resolve('record_by')
        l_0_result = resolve('result')
        l_0_next = resolve('next')
        l_0_part_text = resolve('part_text')
        pass
        if ((undefined(name='record_kind') if l_0_record_kind is missing else l_0_record_kind) == 'draw'):
            pass
            yield '<div class="banner result">'
            yield escape(('The players have agreed to' if ((undefined(name='record_by') if l_0_record_by is missing else l_0_record_by) == 'vote') else 'The moderator has declared'))
            yield ' a draw.</div>\n'
        if (undefined(name='result') if l_0_result is missing else l_0_result):
            pass
            yield '<div class="banner result">Game over. '
            yield escape((undefined(name='result') if l_0_result is missing else l_0_result))
            yield '</div>\n'
        elif (undefined(name='next') if l_0_next is missing else l_0_next):
            pass
            yield '<div class="banner next">Next: <b>'
            yield escape(environment.getattr((undefined(name='next') if l_0_next is missing else l_0_next), 'name'))
            yield '</b> ('
            yield escape(environment.getattr((undefined(name='next') if l_0_next is missing else l_0_next), 'code'))
            yield ')'
            if environment.getattr((undefined(name='next') if l_0_next is missing else l_0_next), 'deadline'):
                pass
                yield ' · orders due by <b>'
                yield escape(environment.getattr((undefined(name='next') if l_0_next is missing else l_0_next), 'deadline'))
                yield '</b>'
            yield '</div>\n'
        if (undefined(name='part_text') if l_0_part_text is missing else l_0_part_text):
            pass
            yield '<div class="banner part">'
            yield escape((undefined(name='part_text') if l_0_part_text is missing else l_0_part_text))
            yield '</div>\n'

    blocks = {'style': block_style, 'banners': block_banners}
    debug_info = '12=60&14=64&105=66&107=68&108=70&109=74&112=79&127=81&128=84&132=87&133=90&134=91&136=97&137=100&139=102&141=105&142=109&146=114&147=118&148=120&149=124&150=132&151=135&153=137&154=141&155=143&156=146&157=149&159=155&160=159&161=161&165=184&166=187&168=194&174=202&176=205&177=209&181=213&183=216&184=220&186=223&187=227&191=231&193=234&194=238&196=241&197=245&199=248&200=251&202=255&203=258&207=261&210=264&211=268&212=274&215=283&227=288&228=292&229=299&230=304&231=310&232=319&237=323&238=325&239=329&240=331&241=337&242=339&243=341&249=349&250=352&251=364&252=367&254=369&255=372&257=374&258=377&262=388&263=391&269=394&14=399&112=409&113=422&114=425&116=427&117=430&118=432&119=435&120=439&122=445&123=448'
    return root, blocks
