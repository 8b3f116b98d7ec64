# ruff: noqa
"""``templates/axis_allies/report.txt.j2`` compiled by Jinja 3.1.6 (tools/gen_templates.py): do not edit."""
from adjudicator.publish.templaterun import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join

TEMPLATE = 'axis_allies/report.txt.j2'
SOURCE_SHA256 = '405e613358ca42715cd915e208a9e9c6b0b1fd779dea4d7a01555e5ef97458fa'


def make(environment):
    name = 'axis_allies/report.txt.j2'

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
            t_1 = environment.filters['display_width']
        except KeyError:
            @internalcode
            def t_1(*unused):
                raise TemplateRuntimeError("No filter named 'display_width' found.")
        try:
            t_2 = environment.filters['join']
        except KeyError:
            @internalcode
            def t_2(*unused):
                raise TemplateRuntimeError("No filter named 'join' found.")
        try:
            t_3 = environment.filters['wrap']
        except KeyError:
            @internalcode
            def t_3(*unused):
                raise TemplateRuntimeError("No filter named 'wrap' found.")
        pass
        yield str(environment.finalize(t_3((undefined(name='title') if l_0_title is missing else l_0_title))))
        yield '\n'
        yield str(environment.finalize((('=' * t_1((undefined(name='title') if l_0_title is missing else l_0_title))) if (t_1((undefined(name='title') if l_0_title is missing else l_0_title)) < 78) else '=============================================================================')))
        yield '\n\n'
        yield str(environment.finalize(t_3(str_join(('Results for ', environment.getattr((undefined(name='phase') if l_0_phase is missing else l_0_phase), 'name'), )))))
        yield '\n'
        yield str(environment.finalize(t_3(str_join(('Phase ', environment.getattr((undefined(name='phase') if l_0_phase is missing else l_0_phase), 'code'), (str_join((', resolved ', (undefined(name='adjudicated') if l_0_adjudicated is missing else l_0_adjudicated), )) if (undefined(name='adjudicated') if l_0_adjudicated is missing else l_0_adjudicated) else ''), '.', )))))
        yield '\n'
        if ((undefined(name='record_kind') if l_0_record_kind is missing else l_0_record_kind) == 'draw'):
            pass
            yield '\n'
            yield str(environment.finalize(t_3(('The players have agreed to a draw.' if ((undefined(name='record_by') if l_0_record_by is missing else l_0_record_by) == 'vote') else 'The moderator has declared a draw.'))))
            yield '\n'
        if (undefined(name='part_text') if l_0_part_text is missing else l_0_part_text):
            pass
            yield '\n'
            yield str(environment.finalize(t_3((undefined(name='part_text') if l_0_part_text is missing else l_0_part_text))))
            yield '\n'
        if (undefined(name='research') if l_0_research is missing else l_0_research):
            pass
            yield '\nDEVELOP WEAPONS\n'
            yield str(environment.finalize(t_3(environment.getattr((undefined(name='research') if l_0_research is missing else l_0_research), 'text'), indent=2, hang=2)))
            yield '\n'
        if (undefined(name='purchase') if l_0_purchase is missing else l_0_purchase):
            pass
            yield '\nPURCHASE\n'
            yield str(environment.finalize(t_3(environment.getattr((undefined(name='purchase') if l_0_purchase is missing else l_0_purchase), 'text'), indent=2, hang=2)))
            yield '\n'
        if (undefined(name='orders') if l_0_orders is missing else l_0_orders):
            pass
            yield '\nORDERS\n'
            for l_1_o in (undefined(name='orders') if l_0_orders is missing else l_0_orders):
                _loop_vars = {}
                pass
                yield str(environment.finalize(t_3(str_join((('ok     ' if environment.getattr(l_1_o, 'success') else 'FAILED '), environment.getattr(l_1_o, 'section'), ': ', environment.getattr(l_1_o, 'order'), (str_join((' -- ', environment.getattr(l_1_o, 'reason'), )) if environment.getattr(l_1_o, 'reason') else ''), )), indent=2, hang=9)))
                yield '\n'
            l_1_o = missing
            if (undefined(name='standing_updated') if l_0_standing_updated is missing else l_0_standing_updated):
                pass
                yield '  Standing orders updated (they apply to every later battle).\n'
        if (undefined(name='rockets') if l_0_rockets is missing else l_0_rockets):
            pass
            yield '\nROCKETS\n'
            for l_1_r in (undefined(name='rockets') if l_0_rockets is missing else l_0_rockets):
                _loop_vars = {}
                pass
                yield str(environment.finalize(t_3(environment.getattr(l_1_r, 'text'), indent=2, hang=4)))
                yield '\n'
            l_1_r = missing
        l_1_loop = missing
        for l_1_b, l_1_loop in LoopContext((undefined(name='battles') if l_0_battles is missing else l_0_battles), undefined):
            _loop_vars = {}
            pass
            yield '\n'
            yield str(environment.finalize(t_3(str_join(('BATTLE ', environment.getattr(l_1_loop, 'index'), ': ', environment.getattr(l_1_b, 'title'), ' -- ', environment.getattr(l_1_b, 'summary'), )), hang=2)))
            yield '\n'
            if environment.getattr(l_1_b, 'instruction'):
                pass
                yield str(environment.finalize(t_3(str_join(('Battle instruction: ', environment.getattr(l_1_b, 'instruction'), )), indent=2, hang=4)))
                yield '\n'
            for l_2_s in environment.getattr(l_1_b, 'sections'):
                _loop_vars = {}
                pass
                yield '  '
                yield str(environment.finalize(environment.getattr(l_2_s, 'heading')))
                yield '\n'
                for l_3_line in environment.getattr(l_2_s, 'lines'):
                    _loop_vars = {}
                    pass
                    yield str(environment.finalize(t_3(environment.getattr(l_3_line, 'text'), indent=4, hang=6)))
                    yield '\n'
                l_3_line = missing
            l_2_s = missing
        l_1_loop = l_1_b = missing
        if (undefined(name='captures') if l_0_captures is missing else l_0_captures):
            pass
            yield '\nCAPTURES AND LIBERATIONS\n'
            for l_1_c in (undefined(name='captures') if l_0_captures is missing else l_0_captures):
                _loop_vars = {}
                pass
                yield str(environment.finalize(t_3(l_1_c, indent=2, hang=4)))
                yield '\n'
            l_1_c = missing
        if ((undefined(name='landings') if l_0_landings is missing else l_0_landings) or (undefined(name='lost_aircraft') if l_0_lost_aircraft is missing else l_0_lost_aircraft)):
            pass
            yield '\nLANDINGS\n'
            for l_1_l in (undefined(name='landings') if l_0_landings is missing else l_0_landings):
                _loop_vars = {}
                pass
                yield str(environment.finalize(t_3(l_1_l, indent=2, hang=4)))
                yield '\n'
            l_1_l = missing
            for l_1_l in (undefined(name='lost_aircraft') if l_0_lost_aircraft is missing else l_0_lost_aircraft):
                _loop_vars = {}
                pass
                yield str(environment.finalize(t_3(str_join(('LOST: ', l_1_l, )), indent=2, hang=4)))
                yield '\n'
            l_1_l = missing
        if ((undefined(name='placements') if l_0_placements is missing else l_0_placements) or (undefined(name='refunds') if l_0_refunds is missing else l_0_refunds)):
            pass
            yield '\nMOBILISATION\n'
            for l_1_p in (undefined(name='placements') if l_0_placements is missing else l_0_placements):
                _loop_vars = {}
                pass
                yield str(environment.finalize(t_3(str_join(('Placed ', l_1_p, '.', )), indent=2, hang=4)))
                yield '\n'
            l_1_p = missing
            if (undefined(name='refunds') if l_0_refunds is missing else l_0_refunds):
                pass
                yield str(environment.finalize(t_3(str_join(('Refunded, could not be placed: ', t_2(context.eval_ctx, (undefined(name='refunds') if l_0_refunds is missing else l_0_refunds), ', '), ' (', (undefined(name='refund_ipc') if l_0_refund_ipc is missing else l_0_refund_ipc), ' IPC back to the treasury).', )), indent=2, hang=4)))
                yield '\n'
        if (undefined(name='advantages') if l_0_advantages is missing else l_0_advantages):
            pass
            yield '\nNATIONAL ADVANTAGES\n'
            for l_1_a in (undefined(name='advantages') if l_0_advantages is missing else l_0_advantages):
                _loop_vars = {}
                pass
                yield str(environment.finalize(t_3(l_1_a, indent=2, hang=4)))
                yield '\n'
            l_1_a = missing
        if (undefined(name='income') if l_0_income is missing else l_0_income):
            pass
            yield '\nINCOME\n'
            yield str(environment.finalize(t_3((undefined(name='income') if l_0_income is missing else l_0_income), indent=2, hang=4)))
            yield '\n'
        yield '\nPOWERS            side     treasury  production  capital\n'
        for l_1_p in (undefined(name='powers') if l_0_powers is missing else l_0_powers):
            _loop_vars = {}
            pass
            yield '  '
            yield str(environment.finalize(context.call(environment.getattr(environment.getattr(l_1_p, 'name'), 'ljust'), 16, _loop_vars=_loop_vars)))
            yield str(environment.finalize(context.call(environment.getattr(environment.getattr(l_1_p, 'side'), 'ljust'), 7, _loop_vars=_loop_vars)))
            yield str(environment.finalize(context.call(environment.getattr(str_join((environment.getattr(l_1_p, 'treasury'), '', )), 'rjust'), 10, _loop_vars=_loop_vars)))
            yield str(environment.finalize(context.call(environment.getattr(str_join((environment.getattr(l_1_p, 'production'), '', )), 'rjust'), 12, _loop_vars=_loop_vars)))
            yield '  '
            yield str(environment.finalize((str_join(('held by ', environment.getattr(l_1_p, 'capital_held_by'), )) if environment.getattr(l_1_p, 'capital_held_by') else 'free')))
            yield '\n'
        l_1_p = missing
        def t_4(fiter):
            for l_1_p in fiter:
                if environment.getattr(l_1_p, 'techs'):
                    yield l_1_p
        l_1_loop = missing
        for l_1_p, l_1_loop in LoopContext(t_4((undefined(name='powers') if l_0_powers is missing else l_0_powers)), undefined):
            _loop_vars = {}
            pass
            if environment.getattr(l_1_loop, 'first'):
                pass
                yield '\nTECHNOLOGIES IN FORCE\n'
            yield str(environment.finalize(t_3(str_join((environment.getattr(l_1_p, 'name'), ': ', t_2(context.eval_ctx, environment.getattr(l_1_p, 'techs'), ', '), '.', )), indent=2, hang=4)))
            yield '\n'
        l_1_loop = l_1_p = missing
        yield '\nVICTORY CITIES ('
        yield str(environment.finalize((undefined(name='victory_needed') if l_0_victory_needed is missing else l_0_victory_needed)))
        yield ' win)\n'
        for l_1_s in (undefined(name='sides') if l_0_sides is missing else l_0_sides):
            _loop_vars = {}
            pass
            yield str(environment.finalize(t_3(str_join((environment.getattr(l_1_s, 'name'), ' ', environment.getattr(l_1_s, 'victory_cities'), ': ', (t_2(context.eval_ctx, environment.getattr(l_1_s, 'cities'), ', ') or 'none'), '. Production ', environment.getattr(l_1_s, 'production'), ' IPC.', )), indent=2, hang=4)))
            yield '\n'
        l_1_s = missing
        yield '\n'
        if (undefined(name='result') if l_0_result is missing else l_0_result):
            pass
            yield str(environment.finalize(t_3(str_join(('GAME OVER. ', (undefined(name='result') if l_0_result is missing else l_0_result), )))))
            yield '\n'
        elif (undefined(name='next') if l_0_next is missing else l_0_next):
            pass
            yield str(environment.finalize(t_3(str_join(('Next: ', environment.getattr((undefined(name='next') if l_0_next is missing else l_0_next), 'name'), ' (', environment.getattr((undefined(name='next') if l_0_next is missing else l_0_next), 'code'), ')', (str_join((', orders due by ', environment.getattr((undefined(name='next') if l_0_next is missing else l_0_next), 'deadline'), )) if environment.getattr((undefined(name='next') if l_0_next is missing else l_0_next), 'deadline') else ''), '.', )))))
            yield '\n'
        yield '\nDICE\n'
        if ((undefined(name='dice') if l_0_dice is missing else l_0_dice) and environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'rolls')):
            pass
            yield str(environment.finalize(t_3(str_join((environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'dice_count'), ' dice in ', environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'rolls'), ' roll(s), ', environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'source_text'), '.', )), indent=2, hang=2)))
            yield '\n'
            if environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'source_name'):
                pass
                yield str(environment.finalize(t_3(str_join(('Dice file: ', environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'source_name'), )), indent=2, hang=4)))
                yield '\n'
            if environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'commitment'):
                pass
                yield '  Seed commitment (SHA-256):\n'
                yield str(environment.finalize(t_3(environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'commitment'), indent=4, hang=4)))
                yield '\n'
            if environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'orders_digest'):
                pass
                yield '  Orders digest:\n'
                yield str(environment.finalize(t_3(environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'orders_digest'), indent=4, hang=4)))
                yield '\n'
            if environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'salts'):
                pass
                yield str(environment.finalize(t_3(str_join(('Salts: ', t_2(context.eval_ctx, environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'salts'), '; '), )), indent=2, hang=4)))
                yield '\n'
        elif (undefined(name='commitment') if l_0_commitment is missing else l_0_commitment):
            pass
            yield '  No dice were rolled. Seed commitment (SHA-256):\n'
            yield str(environment.finalize(t_3((undefined(name='commitment') if l_0_commitment is missing else l_0_commitment), indent=4, hang=4)))
            yield '\n'
        else:
            pass
            yield '  No dice were rolled.\n'

    blocks = {}
    debug_info = '4=56&5=58&7=60&8=62&9=64&11=67&13=69&15=72&17=74&20=77&22=79&25=82&27=84&30=87&31=90&33=93&37=96&40=99&41=102&44=106&46=110&47=112&48=114&50=116&51=120&52=122&53=125&57=130&60=133&61=136&64=139&67=142&68=145&70=148&71=151&74=154&77=157&78=160&80=163&81=165&84=167&87=170&88=173&91=176&94=179&98=182&99=186&101=194&102=202&106=205&109=209&110=211&111=214&114=218&115=220&116=222&117=224&121=227&122=229&123=231&124=233&126=235&128=238&130=240&132=243&134=245&135=247&137=249&139=252'
    return root, blocks
