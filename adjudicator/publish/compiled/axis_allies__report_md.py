# ruff: noqa
"""``templates/axis_allies/report.md.j2`` compiled by Jinja 3.1.6 (tools/gen_templates.py): do not edit."""
from adjudicator.publish.templaterun import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join

TEMPLATE = 'axis_allies/report.md.j2'
SOURCE_SHA256 = 'ec43d9d6c690b432f4cb31531a374bb1f6bc477a21ff0ce0131c90368ebf2b9f'


def make(environment):
    name = 'axis_allies/report.md.j2'

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
        yield '# '
        yield str(environment.finalize((undefined(name='title') if l_0_title is missing else l_0_title)))
        yield '\n\n**Results for '
        yield str(environment.finalize(environment.getattr((undefined(name='phase') if l_0_phase is missing else l_0_phase), 'name')))
        yield '** ('
        yield str(environment.finalize(environment.getattr((undefined(name='phase') if l_0_phase is missing else l_0_phase), 'code')))
        yield ')'
        if (undefined(name='adjudicated') if l_0_adjudicated is missing else l_0_adjudicated):
            pass
            yield '  \n*Resolved '
            yield str(environment.finalize((undefined(name='adjudicated') if l_0_adjudicated is missing else l_0_adjudicated)))
            yield '*'
        yield '\n'
        if ((undefined(name='record_kind') if l_0_record_kind is missing else l_0_record_kind) == 'draw'):
            pass
            yield '\n**'
            yield str(environment.finalize(('The players have agreed to' if ((undefined(name='record_by') if l_0_record_by is missing else l_0_record_by) == 'vote') else 'The moderator has declared')))
            yield ' a draw.**\n'
        if (undefined(name='part_text') if l_0_part_text is missing else l_0_part_text):
            pass
            yield '\n*'
            yield str(environment.finalize((undefined(name='part_text') if l_0_part_text is missing else l_0_part_text)))
            yield '*\n'
        if (undefined(name='research') if l_0_research is missing else l_0_research):
            pass
            yield '\n## Develop weapons\n\n'
            yield str(environment.finalize(environment.getattr((undefined(name='research') if l_0_research is missing else l_0_research), 'text')))
            yield '\n'
        if (undefined(name='purchase') if l_0_purchase is missing else l_0_purchase):
            pass
            yield '\n## Purchase\n\n'
            yield str(environment.finalize(environment.getattr((undefined(name='purchase') if l_0_purchase is missing else l_0_purchase), 'text')))
            yield '\n'
        if (undefined(name='orders') if l_0_orders is missing else l_0_orders):
            pass
            yield '\n## Orders\n\n'
            for l_1_o in (undefined(name='orders') if l_0_orders is missing else l_0_orders):
                _loop_vars = {}
                pass
                yield '- '
                if environment.getattr(l_1_o, 'success'):
                    pass
                    yield 'ok'
                else:
                    pass
                    yield '**FAILED**'
                yield ' '
                yield str(environment.finalize(environment.getattr(l_1_o, 'section')))
                yield ': '
                yield str(environment.finalize(environment.getattr(l_1_o, 'order')))
                if environment.getattr(l_1_o, 'reason'):
                    pass
                    yield ' -- *'
                    yield str(environment.finalize(environment.getattr(l_1_o, 'reason')))
                    yield '*'
                yield '\n'
            l_1_o = missing
            if (undefined(name='standing_updated') if l_0_standing_updated is missing else l_0_standing_updated):
                pass
                yield '\nStanding orders updated (they apply to every later battle).\n'
        if (undefined(name='rockets') if l_0_rockets is missing else l_0_rockets):
            pass
            yield '\n## Rockets\n\n'
            for l_1_r in (undefined(name='rockets') if l_0_rockets is missing else l_0_rockets):
                _loop_vars = {}
                pass
                yield '- '
                yield str(environment.finalize(environment.getattr(l_1_r, 'text')))
                yield '\n'
            l_1_r = missing
        l_1_loop = missing
        for l_1_b, l_1_loop in LoopContext((undefined(name='battles') if l_0_battles is missing else l_0_battles), undefined):
            _loop_vars = {}
            pass
            yield '\n## Battle '
            yield str(environment.finalize(environment.getattr(l_1_loop, 'index')))
            yield ': '
            yield str(environment.finalize(environment.getattr(l_1_b, 'title')))
            yield '\n\n*'
            yield str(environment.finalize(environment.getattr(l_1_b, 'summary')))
            yield '*\n'
            if environment.getattr(l_1_b, 'instruction'):
                pass
                yield '\nBattle instruction: *'
                yield str(environment.finalize(environment.getattr(l_1_b, 'instruction')))
                yield '*\n'
            for l_2_s in environment.getattr(l_1_b, 'sections'):
                _loop_vars = {}
                pass
                yield '\n**'
                yield str(environment.finalize(environment.getattr(l_2_s, 'heading')))
                yield '**\n\n'
                for l_3_line in environment.getattr(l_2_s, 'lines'):
                    _loop_vars = {}
                    pass
                    yield '- '
                    if (environment.getattr(l_3_line, 'kind') == 'end'):
                        pass
                        yield '**'
                        yield str(environment.finalize(environment.getattr(l_3_line, 'text')))
                        yield '**'
                    else:
                        pass
                        yield str(environment.finalize(environment.getattr(l_3_line, 'text')))
                    yield '\n'
                l_3_line = missing
            l_2_s = missing
        l_1_loop = l_1_b = missing
        if (undefined(name='captures') if l_0_captures is missing else l_0_captures):
            pass
            yield '\n## Captures and liberations\n\n'
            for l_1_c in (undefined(name='captures') if l_0_captures is missing else l_0_captures):
                _loop_vars = {}
                pass
                yield '- '
                yield str(environment.finalize(l_1_c))
                yield '\n'
            l_1_c = missing
        if ((undefined(name='landings') if l_0_landings is missing else l_0_landings) or (undefined(name='lost_aircraft') if l_0_lost_aircraft is missing else l_0_lost_aircraft)):
            pass
            yield '\n## Landings\n\n'
            for l_1_l in (undefined(name='landings') if l_0_landings is missing else l_0_landings):
                _loop_vars = {}
                pass
                yield '- '
                yield str(environment.finalize(l_1_l))
                yield '\n'
            l_1_l = missing
            for l_1_l in (undefined(name='lost_aircraft') if l_0_lost_aircraft is missing else l_0_lost_aircraft):
                _loop_vars = {}
                pass
                yield '- **Lost:** '
                yield str(environment.finalize(l_1_l))
                yield '\n'
            l_1_l = missing
        if ((undefined(name='placements') if l_0_placements is missing else l_0_placements) or (undefined(name='refunds') if l_0_refunds is missing else l_0_refunds)):
            pass
            yield '\n## Mobilisation\n\n'
            for l_1_p in (undefined(name='placements') if l_0_placements is missing else l_0_placements):
                _loop_vars = {}
                pass
                yield '- Placed '
                yield str(environment.finalize(l_1_p))
                yield '.\n'
            l_1_p = missing
            if (undefined(name='refunds') if l_0_refunds is missing else l_0_refunds):
                pass
                yield '- Refunded, could not be placed: '
                yield str(environment.finalize(t_1(context.eval_ctx, (undefined(name='refunds') if l_0_refunds is missing else l_0_refunds), ', ')))
                yield ' ('
                yield str(environment.finalize((undefined(name='refund_ipc') if l_0_refund_ipc is missing else l_0_refund_ipc)))
                yield ' IPC back to the treasury).\n'
        if (undefined(name='advantages') if l_0_advantages is missing else l_0_advantages):
            pass
            yield '\n## National Advantages\n\n'
            for l_1_a in (undefined(name='advantages') if l_0_advantages is missing else l_0_advantages):
                _loop_vars = {}
                pass
                yield '- '
                yield str(environment.finalize(l_1_a))
                yield '\n'
            l_1_a = missing
        if (undefined(name='income') if l_0_income is missing else l_0_income):
            pass
            yield '\n## Income\n\n'
            yield str(environment.finalize((undefined(name='income') if l_0_income is missing else l_0_income)))
            yield '\n'
        yield '\n## Powers\n\n| Power | Side | Treasury | Production | Capital |\n|---|---|--:|--:|---|\n'
        for l_1_p in (undefined(name='powers') if l_0_powers is missing else l_0_powers):
            _loop_vars = {}
            pass
            yield '| '
            yield str(environment.finalize(environment.getattr(l_1_p, 'name')))
            yield ' | '
            yield str(environment.finalize(environment.getattr(l_1_p, 'side')))
            yield ' | '
            yield str(environment.finalize(environment.getattr(l_1_p, 'treasury')))
            yield ' | '
            yield str(environment.finalize(environment.getattr(l_1_p, 'production')))
            yield ' | '
            yield str(environment.finalize((str_join(('held by ', environment.getattr(l_1_p, 'capital_held_by'), )) if environment.getattr(l_1_p, 'capital_held_by') else 'free')))
            yield ' |\n'
        l_1_p = missing
        def t_2(fiter):
            for l_1_p in fiter:
                if environment.getattr(l_1_p, 'techs'):
                    yield l_1_p
        l_1_loop = missing
        for l_1_p, l_1_loop in LoopContext(t_2((undefined(name='powers') if l_0_powers is missing else l_0_powers)), undefined):
            _loop_vars = {}
            pass
            if environment.getattr(l_1_loop, 'first'):
                pass
                yield '\n## Technologies in force\n\n'
            yield '- '
            yield str(environment.finalize(environment.getattr(l_1_p, 'name')))
            yield ': '
            yield str(environment.finalize(t_1(context.eval_ctx, environment.getattr(l_1_p, 'techs'), ', ')))
            yield '\n'
        l_1_loop = l_1_p = missing
        yield '\n## Victory cities ('
        yield str(environment.finalize((undefined(name='victory_needed') if l_0_victory_needed is missing else l_0_victory_needed)))
        yield ' win)\n\n'
        for l_1_s in (undefined(name='sides') if l_0_sides is missing else l_0_sides):
            _loop_vars = {}
            pass
            yield '- **'
            yield str(environment.finalize(environment.getattr(l_1_s, 'name')))
            yield ' '
            yield str(environment.finalize(environment.getattr(l_1_s, 'victory_cities')))
            yield '**: '
            yield str(environment.finalize((t_1(context.eval_ctx, environment.getattr(l_1_s, 'cities'), ', ') or 'none')))
            yield '. Production '
            yield str(environment.finalize(environment.getattr(l_1_s, 'production')))
            yield ' IPC.\n'
        l_1_s = missing
        yield '\n'
        if (undefined(name='result') if l_0_result is missing else l_0_result):
            pass
            yield '**GAME OVER.** '
            yield str(environment.finalize((undefined(name='result') if l_0_result is missing else l_0_result)))
            yield '\n'
        elif (undefined(name='next') if l_0_next is missing else l_0_next):
            pass
            yield '**Next:** '
            yield str(environment.finalize(environment.getattr((undefined(name='next') if l_0_next is missing else l_0_next), 'name')))
            yield ' ('
            yield str(environment.finalize(environment.getattr((undefined(name='next') if l_0_next is missing else l_0_next), 'code')))
            yield ')'
            if environment.getattr((undefined(name='next') if l_0_next is missing else l_0_next), 'deadline'):
                pass
                yield ', orders due by **'
                yield str(environment.finalize(environment.getattr((undefined(name='next') if l_0_next is missing else l_0_next), 'deadline')))
                yield '**'
            yield '.\n'
        yield '\n---\n\n'
        if ((undefined(name='dice') if l_0_dice is missing else l_0_dice) and environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'rolls')):
            pass
            yield '*Dice: '
            yield str(environment.finalize(environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'dice_count')))
            yield ' dice in '
            yield str(environment.finalize(environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'rolls')))
            yield ' roll(s), '
            yield str(environment.finalize(environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'source_text')))
            yield '.*'
            if environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'source_name'):
                pass
                yield ' Dice file: '
                yield str(environment.finalize(environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'source_name')))
                yield '.'
            if environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'commitment'):
                pass
                yield '\nSeed commitment (SHA-256): `'
                yield str(environment.finalize(environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'commitment')))
                yield '`\n'
            if environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'orders_digest'):
                pass
                yield '\nOrders digest: `'
                yield str(environment.finalize(environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'orders_digest')))
                yield '`\n'
            if environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'salts'):
                pass
                yield '\nSalts: '
                yield str(environment.finalize(t_1(context.eval_ctx, environment.getattr((undefined(name='dice') if l_0_dice is missing else l_0_dice), 'salts'), '; ')))
                yield '\n'
        elif (undefined(name='commitment') if l_0_commitment is missing else l_0_commitment):
            pass
            yield '*No dice were rolled.* Seed commitment (SHA-256): `'
            yield str(environment.finalize((undefined(name='commitment') if l_0_commitment is missing else l_0_commitment)))
            yield '`\n'
        else:
            pass
            yield '*No dice were rolled.*\n'

    blocks = {}
    debug_info = '4=45&6=47&7=54&9=57&11=60&13=62&15=65&17=67&21=70&23=72&27=75&29=77&33=80&34=84&37=101&42=104&46=107&47=111&50=115&52=119&54=123&55=125&57=128&59=130&61=134&63=136&64=140&69=152&73=155&74=159&77=162&81=165&82=169&84=172&85=176&88=179&92=182&93=186&95=189&96=192&99=196&103=199&104=203&107=206&111=209&118=212&119=216&121=227&122=235&127=239&130=245&132=247&133=251&136=261&137=264&138=266&139=269&144=280&145=283&146=294&148=297&150=299&152=302&154=304&156=307&158=309&159=312'
    return root, blocks
