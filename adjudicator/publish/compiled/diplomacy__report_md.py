# ruff: noqa
"""``templates/diplomacy/report.md.j2`` compiled by Jinja 3.1.6 (tools/gen_templates.py): do not edit."""
from adjudicator.publish.templaterun import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join

TEMPLATE = 'diplomacy/report.md.j2'
SOURCE_SHA256 = '5141af26ba8e80d064453bfa09eaabe05371b40c2c1450d344ddffddf7a78d36'


def make(environment):
    name = 'diplomacy/report.md.j2'

    def root(context, missing=missing, environment=environment):
        resolve = context.resolve_or_missing
        undefined = environment.undefined
        concat = environment.concat
        cond_expr_undefined = Undefined
        if 0: yield None
        l_0_title = resolve('title')
        l_0_variant_title = resolve('variant_title')
        l_0_phase = resolve('phase')
        l_0_adjudicated = resolve('adjudicated')
        l_0_record_kind = resolve('record_kind')
        l_0_record_by = resolve('record_by')
        l_0_orders = resolve('orders')
        l_0_powers = resolve('powers')
        l_0_nmr = resolve('nmr')
        l_0_setup = resolve('setup')
        l_0_dislodged = resolve('dislodged')
        l_0_centre_changes = resolve('centre_changes')
        l_0_adjustments = resolve('adjustments')
        l_0_eliminated = resolve('eliminated')
        l_0_result = resolve('result')
        l_0_next_phase = resolve('next_phase')
        try:
            t_1 = environment.filters['format']
        except KeyError:
            @internalcode
            def t_1(*unused):
                raise TemplateRuntimeError("No filter named 'format' found.")
        try:
            t_2 = environment.filters['join_names']
        except KeyError:
            @internalcode
            def t_2(*unused):
                raise TemplateRuntimeError("No filter named 'join_names' found.")
        try:
            t_3 = environment.filters['plural']
        except KeyError:
            @internalcode
            def t_3(*unused):
                raise TemplateRuntimeError("No filter named 'plural' found.")
        try:
            t_4 = environment.filters['raw']
        except KeyError:
            @internalcode
            def t_4(*unused):
                raise TemplateRuntimeError("No filter named 'raw' found.")
        pass
        yield '# '
        yield str(environment.finalize((undefined(name='title') if l_0_title is missing else l_0_title)))
        yield '\n\n'
        if (undefined(name='variant_title') if l_0_variant_title is missing else l_0_variant_title):
            pass
            yield '*Variant: '
            yield str(environment.finalize((undefined(name='variant_title') if l_0_variant_title is missing else l_0_variant_title)))
            yield '*\n\n'
        yield '**'
        yield str(environment.finalize(environment.getattr((undefined(name='phase') if l_0_phase is missing else l_0_phase), 'results_title')))
        yield '** ('
        yield str(environment.finalize(environment.getattr((undefined(name='phase') if l_0_phase is missing else l_0_phase), 'code')))
        yield ')'
        if (undefined(name='adjudicated') if l_0_adjudicated is missing else l_0_adjudicated):
            pass
            yield '  \n*Adjudicated '
            yield str(environment.finalize((undefined(name='adjudicated') if l_0_adjudicated is missing else l_0_adjudicated)))
            yield '*'
        yield '\n'
        if ((undefined(name='record_kind') if l_0_record_kind is missing else l_0_record_kind) == 'draw'):
            pass
            yield '\n'
            yield str(environment.finalize(('The players have agreed to' if ((undefined(name='record_by') if l_0_record_by is missing else l_0_record_by) == 'vote') else 'The moderator has declared')))
            yield ' a draw in '
            yield str(environment.finalize(environment.getattr((undefined(name='phase') if l_0_phase is missing else l_0_phase), 'name')))
            yield '.\n'
        if (undefined(name='orders') if l_0_orders is missing else l_0_orders):
            pass
            yield '\n## Orders\n'
            def t_5(fiter):
                for l_1_p in fiter:
                    if environment.getattr(l_1_p, 'orders'):
                        yield l_1_p
            for l_1_p in t_5((undefined(name='powers') if l_0_powers is missing else l_0_powers)):
                _loop_vars = {}
                pass
                yield '\n### '
                yield str(environment.finalize(environment.getattr(l_1_p, 'name')))
                if environment.getattr(l_1_p, 'player'):
                    pass
                    yield ' ('
                    yield str(environment.finalize(environment.getattr(l_1_p, 'player')))
                    yield ')'
                if environment.getattr(l_1_p, 'nmr'):
                    pass
                    yield ' *(no orders received)*'
                yield '\n\n'
                for l_2_o in environment.getattr(l_1_p, 'orders'):
                    _loop_vars = {}
                    pass
                    yield '- '
                    yield str(environment.finalize(environment.getattr(l_2_o, 'description')))
                    if environment.getattr(l_2_o, 'marker'):
                        pass
                        yield ' **('
                        yield str(environment.finalize(environment.getattr(l_2_o, 'marker')))
                        yield ')**'
                    yield '\n'
                l_2_o = missing
            l_1_p = missing
        if (undefined(name='nmr') if l_0_nmr is missing else l_0_nmr):
            pass
            yield '\n**No orders received from** '
            yield str(environment.finalize(t_2((undefined(name='nmr') if l_0_nmr is missing else l_0_nmr), 'and')))
            yield '. Default orders were used.\n'
        if (undefined(name='setup') if l_0_setup is missing else l_0_setup):
            pass
            yield '\n'
            for l_1_line in (undefined(name='setup') if l_0_setup is missing else l_0_setup):
                _loop_vars = {}
                pass
                yield '- '
                yield str(environment.finalize(l_1_line))
                yield '\n'
            l_1_line = missing
        if (undefined(name='dislodged') if l_0_dislodged is missing else l_0_dislodged):
            pass
            yield '\n## Dislodged units\n\n'
            for l_1_d in (undefined(name='dislodged') if l_0_dislodged is missing else l_0_dislodged):
                _loop_vars = {}
                pass
                yield '- The '
                yield str(environment.finalize(environment.getattr(l_1_d, 'adjective')))
                yield ' '
                yield str(environment.finalize(environment.getattr(l_1_d, 'unit_name')))
                yield ' in '
                yield str(environment.finalize(environment.getattr(l_1_d, 'loc_name')))
                if environment.getattr(l_1_d, 'attacker_from_name'):
                    pass
                    yield ' (dislodged from '
                    yield str(environment.finalize(environment.getattr(l_1_d, 'attacker_from_name')))
                    yield ')'
                yield ' '
                if environment.getattr(l_1_d, 'civil_disorder'):
                    pass
                    yield 'was disbanded (civil disorder).'
                elif environment.getattr(l_1_d, 'destroyed'):
                    pass
                    yield 'had no valid retreat and was destroyed.'
                else:
                    pass
                    yield 'can retreat to '
                    yield str(environment.finalize(t_2(environment.getattr(l_1_d, 'retreat_names'), 'or')))
                    yield '.'
                yield '\n'
            l_1_d = missing
        if (undefined(name='centre_changes') if l_0_centre_changes is missing else l_0_centre_changes):
            pass
            yield '\n## Supply centre changes\n\n'
            for l_1_c in (undefined(name='centre_changes') if l_0_centre_changes is missing else l_0_centre_changes):
                _loop_vars = {}
                pass
                yield '- '
                if (environment.getattr(l_1_c, 'new') and environment.getattr(l_1_c, 'old')):
                    pass
                    yield str(environment.finalize(environment.getattr(l_1_c, 'new')))
                    yield ' takes '
                    yield str(environment.finalize(environment.getattr(l_1_c, 'name')))
                    yield ' from '
                    yield str(environment.finalize(environment.getattr(l_1_c, 'old')))
                    yield '.'
                elif environment.getattr(l_1_c, 'new'):
                    pass
                    yield str(environment.finalize(environment.getattr(l_1_c, 'new')))
                    yield ' takes '
                    yield str(environment.finalize(environment.getattr(l_1_c, 'name')))
                    yield '.'
                else:
                    pass
                    yield str(environment.finalize(environment.getattr(l_1_c, 'old')))
                    yield ' loses '
                    yield str(environment.finalize(environment.getattr(l_1_c, 'name')))
                    yield '.'
                yield '\n'
            l_1_c = missing
        yield '\n## Supply centres and units\n\n| Power | Centres | Units | '
        yield str(environment.finalize(('Adjustment' if (undefined(name='adjustments') if l_0_adjustments is missing else l_0_adjustments) else 'Notes')))
        yield ' |\n|:--|--:|--:|:--|\n'
        def t_6(fiter):
            for l_1_p in fiter:
                if environment.getattr(l_1_p, 'active'):
                    yield l_1_p
        for l_1_p in t_6((undefined(name='powers') if l_0_powers is missing else l_0_powers)):
            _loop_vars = {}
            pass
            yield '| '
            yield str(environment.finalize(environment.getattr(l_1_p, 'name')))
            yield ' | '
            yield str(environment.finalize(environment.getattr(l_1_p, 'centres')))
            if environment.getattr(l_1_p, 'centre_delta'):
                pass
                yield ' ('
                yield str(environment.finalize(t_4(t_1('%+d', environment.getattr(l_1_p, 'centre_delta')))))
                yield ')'
            yield ' | '
            yield str(environment.finalize(environment.getattr(l_1_p, 'units')))
            yield ' | '
            if (environment.getattr(l_1_p, 'adjustment') > 0):
                pass
                yield str(environment.finalize(t_3(environment.getattr(l_1_p, 'adjustment'), 'build')))
            elif (environment.getattr(l_1_p, 'adjustment') < 0):
                pass
                yield str(environment.finalize(t_3((-environment.getattr(l_1_p, 'adjustment')), 'removal')))
            elif environment.getattr(l_1_p, 'eliminated'):
                pass
                yield 'eliminated'
            yield ' |\n'
        l_1_p = missing
        for l_1_e in (undefined(name='eliminated') if l_0_eliminated is missing else l_0_eliminated):
            _loop_vars = {}
            pass
            yield '\n**'
            yield str(environment.finalize(l_1_e))
            yield ' has been eliminated.**\n'
        l_1_e = missing
        if (undefined(name='result') if l_0_result is missing else l_0_result):
            pass
            yield '\n**'
            yield str(environment.finalize(environment.getattr((undefined(name='result') if l_0_result is missing else l_0_result), 'text')))
            yield '**\n'
        elif (undefined(name='next_phase') if l_0_next_phase is missing else l_0_next_phase):
            pass
            yield '\nNext phase: **'
            yield str(environment.finalize(environment.getattr((undefined(name='next_phase') if l_0_next_phase is missing else l_0_next_phase), 'name')))
            yield '** ('
            yield str(environment.finalize(environment.getattr((undefined(name='next_phase') if l_0_next_phase is missing else l_0_next_phase), 'code')))
            yield ')'
            if environment.getattr((undefined(name='next_phase') if l_0_next_phase is missing else l_0_next_phase), 'deadline'):
                pass
                yield ', orders due by **'
                yield str(environment.finalize(environment.getattr((undefined(name='next_phase') if l_0_next_phase is missing else l_0_next_phase), 'deadline')))
                yield '**'
            yield '.\n'

    blocks = {}
    debug_info = '4=52&6=54&7=57&10=60&11=67&13=70&15=73&17=77&20=80&22=88&25=98&26=102&31=111&33=114&35=116&37=119&38=123&41=126&45=129&46=133&50=157&54=160&55=164&62=187&64=189&65=197&67=219&69=223&71=226&73=229&74=231&76=234'
    return root, blocks
