# ruff: noqa
"""``templates/diplomacy/report.bbcode.j2`` compiled by Jinja 3.1.6 (tools/gen_templates.py): do not edit."""
from adjudicator.publish.templaterun import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join

TEMPLATE = 'diplomacy/report.bbcode.j2'
SOURCE_SHA256 = '0698f61ab961a30b80808b4e4e9f8cc9c89f6d7a0a2f5c135430ced05cfc356e'


def make(environment):
    name = 'diplomacy/report.bbcode.j2'

    def root(context, missing=missing, environment=environment):
        resolve = context.resolve_or_missing
        undefined = environment.undefined
        concat = environment.concat
        cond_expr_undefined = Undefined
        if 0: yield None
        l_0_powers = resolve('powers')
        l_0_title = resolve('title')
        l_0_variant_title = resolve('variant_title')
        l_0_phase = resolve('phase')
        l_0_adjudicated = resolve('adjudicated')
        l_0_record_kind = resolve('record_kind')
        l_0_record_by = resolve('record_by')
        l_0_nmr = resolve('nmr')
        l_0_setup = resolve('setup')
        l_0_dislodged = resolve('dislodged')
        l_0_centre_changes = resolve('centre_changes')
        l_0_adjustments = resolve('adjustments')
        l_0_eliminated = resolve('eliminated')
        l_0_result = resolve('result')
        l_0_next_phase = resolve('next_phase')
        l_0_w = missing
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
            t_3 = environment.filters['map']
        except KeyError:
            @internalcode
            def t_3(*unused):
                raise TemplateRuntimeError("No filter named 'map' found.")
        try:
            t_4 = environment.filters['max']
        except KeyError:
            @internalcode
            def t_4(*unused):
                raise TemplateRuntimeError("No filter named 'max' found.")
        try:
            t_5 = environment.filters['plural']
        except KeyError:
            @internalcode
            def t_5(*unused):
                raise TemplateRuntimeError("No filter named 'plural' found.")
        pass
        l_0_w = (t_4(environment, t_3(context, t_3(context, (undefined(name='powers') if l_0_powers is missing else l_0_powers), attribute='name'), 'length')) + 2)
        context.vars['w'] = l_0_w
        context.exported_vars.add('w')
        yield '[b]'
        yield str(environment.finalize((undefined(name='title') if l_0_title is missing else l_0_title)))
        yield '[/b]\n'
        if (undefined(name='variant_title') if l_0_variant_title is missing else l_0_variant_title):
            pass
            yield '[i]Variant: '
            yield str(environment.finalize((undefined(name='variant_title') if l_0_variant_title is missing else l_0_variant_title)))
            yield '[/i]\n'
        yield '[b]'
        yield str(environment.finalize(environment.getattr((undefined(name='phase') if l_0_phase is missing else l_0_phase), 'results_title')))
        yield '[/b] ('
        yield str(environment.finalize(environment.getattr((undefined(name='phase') if l_0_phase is missing else l_0_phase), 'code')))
        yield ')\n'
        if (undefined(name='adjudicated') if l_0_adjudicated is missing else l_0_adjudicated):
            pass
            yield '[i]Adjudicated '
            yield str(environment.finalize((undefined(name='adjudicated') if l_0_adjudicated is missing else l_0_adjudicated)))
            yield '[/i]\n'
        if ((undefined(name='record_kind') if l_0_record_kind is missing else l_0_record_kind) == 'draw'):
            pass
            yield '\n'
            yield str(environment.finalize(('The players have agreed to' if ((undefined(name='record_by') if l_0_record_by is missing else l_0_record_by) == 'vote') else 'The moderator has declared')))
            yield ' a draw in '
            yield str(environment.finalize(environment.getattr((undefined(name='phase') if l_0_phase is missing else l_0_phase), 'name')))
            yield '.\n'
        def t_6(fiter):
            for l_1_p in fiter:
                if environment.getattr(l_1_p, 'orders'):
                    yield l_1_p
        for l_1_p in t_6((undefined(name='powers') if l_0_powers is missing else l_0_powers)):
            _loop_vars = {}
            pass
            yield '\n[b][color='
            yield str(environment.finalize(environment.getattr(l_1_p, 'colour')))
            yield ']'
            yield str(environment.finalize(environment.getattr(l_1_p, 'name')))
            yield '[/color][/b]'
            if environment.getattr(l_1_p, 'player'):
                pass
                yield ' ('
                yield str(environment.finalize(environment.getattr(l_1_p, 'player')))
                yield ')'
            if environment.getattr(l_1_p, 'nmr'):
                pass
                yield ' [i](no orders received)[/i]'
            yield '\n[list]\n'
            for l_2_o in environment.getattr(l_1_p, 'orders'):
                _loop_vars = {}
                pass
                yield '[*]'
                yield str(environment.finalize(environment.getattr(l_2_o, 'description')))
                if environment.getattr(l_2_o, 'marker'):
                    pass
                    yield ' [color='
                    yield str(environment.finalize(('#b03a2e' if (environment.getattr(l_2_o, 'status') == 'failure') else '#7f8c8d')))
                    yield ']('
                    yield str(environment.finalize(environment.getattr(l_2_o, 'marker')))
                    yield ')[/color]'
                yield '\n'
            l_2_o = missing
            yield '[/list]\n'
        l_1_p = missing
        if (undefined(name='nmr') if l_0_nmr is missing else l_0_nmr):
            pass
            yield '\n[b]No orders received from:[/b] '
            yield str(environment.finalize(t_2((undefined(name='nmr') if l_0_nmr is missing else l_0_nmr), 'and')))
            yield '. Default orders were used.\n'
        if (undefined(name='setup') if l_0_setup is missing else l_0_setup):
            pass
            yield '\n'
            for l_1_line in (undefined(name='setup') if l_0_setup is missing else l_0_setup):
                _loop_vars = {}
                pass
                yield str(environment.finalize(l_1_line))
                yield '\n'
            l_1_line = missing
        if (undefined(name='dislodged') if l_0_dislodged is missing else l_0_dislodged):
            pass
            yield '\n[b]Dislodged units[/b]\n[list]\n'
            for l_1_d in (undefined(name='dislodged') if l_0_dislodged is missing else l_0_dislodged):
                _loop_vars = {}
                pass
                yield '[*]The '
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
            yield '[/list]\n'
        if (undefined(name='centre_changes') if l_0_centre_changes is missing else l_0_centre_changes):
            pass
            yield '\n[b]Supply centre changes[/b]\n[list]\n'
            for l_1_c in (undefined(name='centre_changes') if l_0_centre_changes is missing else l_0_centre_changes):
                _loop_vars = {}
                pass
                yield '[*]'
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
            yield '[/list]\n'
        yield '\n[b]Supply centres and units[/b]\n[code]\n'
        yield str(environment.finalize(context.call(environment.getattr('Power', 'ljust'), (undefined(name='w') if l_0_w is missing else l_0_w))))
        yield 'Centres  Units  '
        yield str(environment.finalize(('Adjustment' if (undefined(name='adjustments') if l_0_adjustments is missing else l_0_adjustments) else '')))
        yield '\n'
        def t_7(fiter):
            for l_1_p in fiter:
                if environment.getattr(l_1_p, 'active'):
                    yield l_1_p
        for l_1_p in t_7((undefined(name='powers') if l_0_powers is missing else l_0_powers)):
            _loop_vars = {}
            pass
            yield str(environment.finalize(context.call(environment.getattr(environment.getattr(l_1_p, 'name'), 'ljust'), (undefined(name='w') if l_0_w is missing else l_0_w), _loop_vars=_loop_vars)))
            yield str(environment.finalize(t_1('%3d', environment.getattr(l_1_p, 'centres'))))
            yield str(environment.finalize((t_1(' (%+d)', environment.getattr(l_1_p, 'centre_delta')) if environment.getattr(l_1_p, 'centre_delta') else '     ')))
            yield str(environment.finalize(t_1('%6d', environment.getattr(l_1_p, 'units'))))
            yield '  '
            if (environment.getattr(l_1_p, 'adjustment') > 0):
                pass
                yield str(environment.finalize(t_5(environment.getattr(l_1_p, 'adjustment'), 'build')))
            elif (environment.getattr(l_1_p, 'adjustment') < 0):
                pass
                yield str(environment.finalize(t_5((-environment.getattr(l_1_p, 'adjustment')), 'removal')))
            elif environment.getattr(l_1_p, 'eliminated'):
                pass
                yield 'eliminated'
            yield '\n'
        l_1_p = missing
        yield '[/code]\n'
        for l_1_e in (undefined(name='eliminated') if l_0_eliminated is missing else l_0_eliminated):
            _loop_vars = {}
            pass
            yield '[b]'
            yield str(environment.finalize(l_1_e))
            yield ' has been eliminated.[/b]\n'
        l_1_e = missing
        if (undefined(name='result') if l_0_result is missing else l_0_result):
            pass
            yield '\n[b]'
            yield str(environment.finalize(environment.getattr((undefined(name='result') if l_0_result is missing else l_0_result), 'text')))
            yield '[/b]\n'
        elif (undefined(name='next_phase') if l_0_next_phase is missing else l_0_next_phase):
            pass
            yield '\nNext phase: [b]'
            yield str(environment.finalize(environment.getattr((undefined(name='next_phase') if l_0_next_phase is missing else l_0_next_phase), 'name')))
            yield '[/b] ('
            yield str(environment.finalize(environment.getattr((undefined(name='next_phase') if l_0_next_phase is missing else l_0_next_phase), 'code')))
            yield ')'
            if environment.getattr((undefined(name='next_phase') if l_0_next_phase is missing else l_0_next_phase), 'deadline'):
                pass
                yield ', orders due by [b]'
                yield str(environment.finalize(environment.getattr((undefined(name='next_phase') if l_0_next_phase is missing else l_0_next_phase), 'deadline')))
                yield '[/b]'
            yield '.\n'

    blocks = {}
    debug_info = '5=57&6=61&7=63&8=66&10=69&11=73&12=76&14=78&16=81&18=85&20=93&23=106&24=110&29=122&31=125&33=127&35=130&36=133&39=136&43=139&44=143&49=168&53=171&54=175&62=199&63=203&64=210&68=227&69=231&71=234&73=237&74=239&76=242'
    return root, blocks
