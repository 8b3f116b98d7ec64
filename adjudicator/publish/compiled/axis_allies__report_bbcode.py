# ruff: noqa
"""``templates/axis_allies/report.bbcode.j2`` compiled by Jinja 3.1.6 (tools/gen_templates.py): do not edit."""
from adjudicator.publish.templaterun import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join

TEMPLATE = 'axis_allies/report.bbcode.j2'
SOURCE_SHA256 = 'fc07bd6ee7974aa7f77ff11ac62c1567d773db337305abc537c576e10a33c175'


def make(environment):
    name = 'axis_allies/report.bbcode.j2'

    def root(context, missing=missing, environment=environment):
        resolve = context.resolve_or_missing
        undefined = environment.undefined
        concat = environment.concat
        cond_expr_undefined = Undefined
        if 0: yield None
        l_0_title = resolve('title')
        l_0_phase = resolve('phase')
        l_0_adjudicated = resolve('adjudicated')
        l_0_record_kind = resolve('record_kind')
        l_0_record_by = resolve('record_by')
        l_0_part_text = resolve('part_text')
        l_0_research = resolve('research')
        l_0_purchase = resolve('purchase')
        l_0_orders = resolve('orders')
        l_0_standing_updated = resolve('standing_updated')
        l_0_rockets = resolve('rockets')
        l_0_battles = resolve('battles')
        l_0_captures = resolve('captures')
        l_0_landings = resolve('landings')
        l_0_lost_aircraft = resolve('lost_aircraft')
        l_0_placements = resolve('placements')
        l_0_refunds = resolve('refunds')
        l_0_refund_ipc = resolve('refund_ipc')
        l_0_advantages = resolve('advantages')
        l_0_income = resolve('income')
        l_0_powers = resolve('powers')
        l_0_victory_needed = resolve('victory_needed')
        l_0_sides = resolve('sides')
        l_0_result = resolve('result')
        l_0_next = resolve('next')
        l_0_dice = resolve('dice')
        l_0_commitment = resolve('commitment')
        try:
            t_1 = environment.filters['join']
        except KeyError:
            @internalcode
            def t_1(*unused):
                raise TemplateRuntimeError("No filter named 'join' found.")
        pass
        yield '[size=150][b]'
        yield str(environment.finalize((undefined(name='title') if l_0_title is missing else l_0_title)))
        yield '[/b][/size]\n[b]Results for '
        yield str(environment.finalize(environment.getattr((undefined(name='phase') if l_0_phase is missing else l_0_phase), 'name')))
        yield '[/b] ('
        yield str(environment.finalize(environment.getattr((undefined(name='phase') if l_0_phase is missing else l_0_phase), 'code')))
        yield ')'
        if (undefined(name='adjudicated') if l_0_adjudicated is missing else l_0_adjudicated):
            pass
            yield ', resolved '
            yield str(environment.finalize((undefined(name='adjudicated') if l_0_adjudicated is missing else l_0_adjudicated)))
        yield '\n'
        if ((undefined(name='record_kind') if l_0_record_kind is missing else l_0_record_kind) == 'draw'):
            pass
            yield '\n[b]'
            yield str(environment.finalize(('The players have agreed to' if ((undefined(name='record_by') if l_0_record_by is missing else l_0_record_by) == 'vote') else 'The moderator has declared')))
            yield ' a draw.[/b]\n'
        if (undefined(name='part_text') if l_0_part_text is missing else l_0_part_text):
            pass
            yield '\n[i]'
            yield str(environment.finalize((undefined(name='part_text') if l_0_part_text is missing else l_0_part_text)))
            yield '[/i]\n'
        if (undefined(name='research') if l_0_research is missing else l_0_research):
            pass
            yield '\n[b]Develop weapons[/b]\n'
            yield str(environment.finalize(environment.getattr((undefined(name='research') if l_0_research is missing else l_0_research), 'text')))
            yield '\n'
        if (undefined(name='purchase') if l_0_purchase is missing else l_0_purchase):
            pass
            yield '\n[b]Purchase[/b]\n'
            yield str(environment.finalize(environment.getattr((undefined(name='purchase') if l_0_purchase is missing else l_0_purchase), 'text')))
            yield '\n'
        if (undefined(name='orders') if l_0_orders is missing else l_0_orders):
            pass
            yield '\n[b]Orders[/b]\n[list]\n'
            for l_1_o in (undefined(name='orders') if l_0_orders is missing else l_0_orders):
                _loop_vars = {}
                pass
                yield '[*]'
                if environment.getattr(l_1_o, 'success'):
                    pass
                    yield '[color=green]ok[/color]'
                else:
                    pass
                    yield '[color=red]FAILED[/color]'
                yield ' '
                yield str(environment.finalize(environment.getattr(l_1_o, 'section')))
                yield ': '
                yield str(environment.finalize(environment.getattr(l_1_o, 'order')))
                if environment.getattr(l_1_o, 'reason'):
                    pass
                    yield ' -- [i]'
                    yield str(environment.finalize(environment.getattr(l_1_o, 'reason')))
                    yield '[/i]'
                yield '\n'
            l_1_o = missing
            yield '[/list]\n'
            if (undefined(name='standing_updated') if l_0_standing_updated is missing else l_0_standing_updated):
                pass
                yield 'Standing orders updated (they apply to every later battle).\n'
        if (undefined(name='rockets') if l_0_rockets is missing else l_0_rockets):
            pass
            yield '\n[b]Rockets[/b]\n[list]\n'
            for l_1_r in (undefined(name='rockets') if l_0_rockets is missing else l_0_rockets):
                _loop_vars = {}
                pass
                yield '[*]'
                yield str(environment.finalize(environment.getattr(l_1_r, 'text')))
                yield '\n'
            l_1_r = missing
            yield '[/list]\n'
        l_1_loop = missing
        for l_1_b, l_1_loop in LoopContext((undefined(name='battles') if l_0_battles is missing else l_0_battles), undefined):
            _loop_vars = {}
            pass
            yield '\n[b]Battle '
            yield str(environment.finalize(environment.getattr(l_1_loop, 'index')))
            yield ': '
            yield str(environment.finalize(environment.getattr(l_1_b, 'title')))
            yield '[/b] -- '
            yield str(environment.finalize(environment.getattr(l_1_b, 'summary')))
            yield '\n'
            if environment.getattr(l_1_b, 'instruction'):
                pass
                yield 'Battle instruction: [i]'
                yield str(environment.finalize(environment.getattr(l_1_b, 'instruction')))
                yield '[/i]\n'
            for l_2_s in environment.getattr(l_1_b, 'sections'):
                _loop_vars = {}
                pass
                yield '[u]'
                yield str(environment.finalize(environment.getattr(l_2_s, 'heading')))
                yield '[/u]\n[list]\n'
                for l_3_line in environment.getattr(l_2_s, 'lines'):
                    _loop_vars = {}
                    pass
                    yield '[*]'
                    if (environment.getattr(l_3_line, 'kind') == 'casualty'):
                        pass
                        yield '[color=#b3261e]'
                        yield str(environment.finalize(environment.getattr(l_3_line, 'text')))
                        yield '[/color]'
                    elif (environment.getattr(l_3_line, 'kind') == 'end'):
                        pass
                        yield '[b]'
                        yield str(environment.finalize(environment.getattr(l_3_line, 'text')))
                        yield '[/b]'
                    else:
                        pass
                        yield str(environment.finalize(environment.getattr(l_3_line, 'text')))
                    yield '\n'
                l_3_line = missing
                yield '[/list]\n'
            l_2_s = missing
        l_1_loop = l_1_b = missing
        if (undefined(name='captures') if l_0_captures is missing else l_0_captures):
            pass
            yield '\n[b]Captures and liberations[/b]\n[list]\n'
            for l_1_c in (undefined(name='captures') if l_0_captures is missing else l_0_captures):
                _loop_vars = {}
                pass
                yield '[*]'
                yield str(environment.finalize(l_1_c))
                yield '\n'
            l_1_c = missing
            yield '[/list]\n'
        if ((undefined(name='landings') if l_0_landings is missing else l_0_landings) or (undefined(name='lost_aircraft') if l_0_lost_aircraft is missing else l_0_lost_aircraft)):
            pass
            yield '\n[b]Landings[/b]\n[list]\n'
            for l_1_l in (undefined(name='landings') if l_0_landings is missing else l_0_landings):
                _loop_vars = {}
                pass
                yield '[*]'
                yield str(environment.finalize(l_1_l))
                yield '\n'
            l_1_l = missing
            for l_1_l in (undefined(name='lost_aircraft') if l_0_lost_aircraft is missing else l_0_lost_aircraft):
                _loop_vars = {}
                pass
                yield '[*][color=red]LOST:[/color] '
                yield str(environment.finalize(l_1_l))
                yield '\n'
            l_1_l = missing
            yield '[/list]\n'
        if ((undefined(name='placements') if l_0_placements is missing else l_0_placements) or (undefined(name='refunds') if l_0_refunds is missing else l_0_refunds)):
            pass
            yield '\n[b]Mobilisation[/b]\n[list]\n'
            for l_1_p in (undefined(name='placements') if l_0_placements is missing else l_0_placements):
                _loop_vars = {}
                pass
                yield '[*]Placed '
                yield str(environment.finalize(l_1_p))
                yield '.\n'
            l_1_p = missing
            if (undefined(name='refunds') if l_0_refunds is missing else l_0_refunds):
                pass
                yield '[*]Refunded, could not be placed: '
                yield str(environment.finalize(t_1(context.eval_ctx, (undefined(name='refunds') if l_0_refunds is missing else l_0_refunds), ', ')))
                yield ' ('
                yield str(environment.finalize((undefined(name='refund_ipc') if l_0_refund_ipc is missing else l_0_refund_ipc)))
                yield ' IPC back to the treasury).\n'
            yield '[/list]\n'
        if (undefined(name='advantages') if l_0_advantages is missing else l_0_advantages):
            pass
            yield '\n[b]National Advantages[/b]\n[list]\n'
            for l_1_a in (undefined(name='advantages') if l_0_advantages is missing else l_0_advantages):
                _loop_vars = {}
                pass
                yield '[*]'
                yield str(environment.finalize(l_1_a))
                yield '\n'
            l_1_a = missing
            yield '[/list]\n'
        if (undefined(name='income') if l_0_income is missing else l_0_income):
            pass
            yield '\n[b]Income[/b]\n'
            yield str(environment.finalize((undefined(name='income') if l_0_income is missing else l_0_income)))
            yield '\n'
        yield '\n[b]Powers[/b]\n[list]\n'
        for l_1_p in (undefined(name='powers') if l_0_powers is missing else l_0_powers):
            _loop_vars = {}
            pass
            yield '[*][color='
            yield str(environment.finalize(environment.getattr(l_1_p, 'text_colour')))
            yield '][b]'
            yield str(environment.finalize(environment.getattr(l_1_p, 'name')))
            yield '[/b][/color] ('
            yield str(environment.finalize(environment.getattr(l_1_p, 'side')))
            yield '): treasury '
            yield str(environment.finalize(environment.getattr(l_1_p, 'treasury')))
            yield ' IPC, production '
            yield str(environment.finalize(environment.getattr(l_1_p, 'production')))
            if environment.getattr(l_1_p, 'capital_held_by'):
                pass
                yield ', capital held by '
                yield str(environment.finalize(environment.getattr(l_1_p, 'capital_held_by')))
            if environment.getattr(l_1_p, 'techs'):
                pass
                yield '; technologies: '
                yield str(environment.finalize(t_1(context.eval_ctx, environment.getattr(l_1_p, 'techs'), ', ')))
            yield '\n'
        l_1_p = missing
        yield '[/list]\n\n[b]Victory cities[/b] ('
        yield str(environment.finalize((undefined(name='victory_needed') if l_0_victory_needed is missing else l_0_victory_needed)))
        yield ' win)\n[list]\n'
        for l_1_s in (undefined(name='sides') if l_0_sides is missing else l_0_sides):
            _loop_vars = {}
            pass
            yield '[*][b]'
            yield str(environment.finalize(environment.getattr(l_1_s, 'name')))
            yield ' '
            yield str(environment.finalize(environment.getattr(l_1_s, 'victory_cities')))
            yield '[/b]: '
            yield str(environment.finalize((t_1(context.eval_ctx, environment.getattr(l_1_s, 'cities'), ', ') or 'none')))
            yield '. Production '
            yield str(environment.finalize(environment.getattr(l_1_s, 'production')))
            yield ' IPC.\n'
        l_1_s = missing
        yield '[/list]\n\n'
        if (undefined(name='result') if l_0_result is missing else l_0_result):
            pass
            yield '[size=120][b]GAME OVER. '
            yield str(environment.finalize((undefined(name='result') if l_0_result is missing else l_0_result)))
            yield '[/b][/size]\n'
        elif (undefined(name='next') if l_0_next is missing else l_0_next):
            pass
            yield '[b]Next:[/b] '
            yield str(environment.finalize(environment.getattr((undefined(name='next') if l_0_next is missing else l_0_next), 'name')))
            yield ' ('
            yield str(environment.finalize(environment.getattr((undefined(name='next') if l_0_next is missing else l_0_next), 'code')))
            yield ')'
            if environment.getattr((undefined(name='next') if l_0_next is missing else l_0_next), 'deadline'):
                pass
                yield ', orders due by [b]'
                yield str(environment.finalize(environment.getattr((undefined(name='next') if l_0_next is missing else l_0_next), 'deadline')))
                yield '[/b]'
            yield '.\n'
        yield '\n[size=85]'
        if ((undefined(name='dice') if l_0_dice is missing else l_0_dice) and environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'rolls')):
            pass
            yield 'Dice: '
            yield str(environment.finalize(environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'dice_count')))
            yield ' dice in '
            yield str(environment.finalize(environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'rolls')))
            yield ' roll(s), '
            yield str(environment.finalize(environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'source_text')))
            yield '.'
            if environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'source_name'):
                pass
                yield ' Dice file: '
                yield str(environment.finalize(environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'source_name')))
                yield '.'
            if environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'commitment'):
                pass
                yield ' Seed commitment (SHA-256): [font=monospace]'
                yield str(environment.finalize(environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'commitment')))
                yield '[/font].'
            if environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'orders_digest'):
                pass
                yield ' Orders digest: [font=monospace]'
                yield str(environment.finalize(environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'orders_digest')))
                yield '[/font].'
            if environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'salts'):
                pass
                yield ' Salts: '
                yield str(environment.finalize(t_1(context.eval_ctx, environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'salts'), '; ')))
                yield '.'
        elif (undefined(name='commitment') if l_0_commitment is missing else l_0_commitment):
            pass
            yield 'No dice were rolled. Seed commitment (SHA-256): [font=monospace]'
            yield str(environment.finalize((undefined(name='commitment') if l_0_commitment is missing else l_0_commitment)))
            yield '[/font].'
        else:
            pass
            yield 'No dice were rolled.'
        yield '[/size]\n'

    blocks = {}
    debug_info = '4=45&5=47&7=56&9=59&11=61&13=64&15=66&18=69&20=71&23=74&25=76&29=79&30=83&34=101&38=104&42=107&43=111&47=116&49=120&50=126&51=129&53=131&54=135&56=137&57=141&63=159&67=162&68=166&72=170&76=173&77=177&79=180&80=184&84=188&88=191&89=195&91=198&92=201&96=206&100=209&101=213&105=217&108=220&113=223&114=227&119=247&121=249&122=253&126=263&127=266&128=268&129=271&132=282'
    return root, blocks
