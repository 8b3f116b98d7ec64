# ruff: noqa
"""``templates/diplomacy/report.txt.j2`` compiled by Jinja 3.1.6 (tools/gen_templates.py): do not edit."""
from adjudicator.publish.templaterun import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join

TEMPLATE = 'diplomacy/report.txt.j2'
SOURCE_SHA256 = '9b982530bde0ff28ce4bd5def39308ebc14f53daae2cc9283627a7c52792cfc1'


def make(environment):
    name = 'diplomacy/report.txt.j2'

    def root(context, missing=missing, environment=environment):
        resolve = context.resolve_or_missing
        undefined = environment.undefined
        concat = environment.concat
        cond_expr_undefined = Undefined
        if 0: yield None
        l_0_powers = resolve('powers')
        l_0_variant_title = resolve('variant_title')
        l_0_adjudicated = resolve('adjudicated')
        l_0_record_kind = resolve('record_kind')
        l_0_nmr = resolve('nmr')
        l_0_setup = resolve('setup')
        l_0_dislodged = resolve('dislodged')
        l_0_centre_changes = resolve('centre_changes')
        l_0_adjustments = resolve('adjustments')
        l_0_eliminated = resolve('eliminated')
        l_0_result = resolve('result')
        l_0_next_phase = resolve('next_phase')
        l_0_w = l_0_ordering = missing
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
            t_4 = environment.filters['list']
        except KeyError:
            @internalcode
            def t_4(*unused):
                raise TemplateRuntimeError("No filter named 'list' found.")
        try:
            t_5 = environment.filters['map']
        except KeyError:
            @internalcode
            def t_5(*unused):
                raise TemplateRuntimeError("No filter named 'map' found.")
        try:
            t_6 = environment.filters['max']
        except KeyError:
            @internalcode
            def t_6(*unused):
                raise TemplateRuntimeError("No filter named 'max' found.")
        try:
            t_7 = environment.filters['plural']
        except KeyError:
            @internalcode
            def t_7(*unused):
                raise TemplateRuntimeError("No filter named 'plural' found.")
        try:
            t_8 = environment.filters['selectattr']
        except KeyError:
            @internalcode
            def t_8(*unused):
                raise TemplateRuntimeError("No filter named 'selectattr' found.")
        try:
            t_9 = environment.filters['wrap']
        except KeyError:
            @internalcode
            def t_9(*unused):
                raise TemplateRuntimeError("No filter named 'wrap' found.")
        pass
        l_0_w = (t_6(environment, t_5(context, t_5(context, (undefined(name='powers') if l_0_powers is missing else l_0_powers), attribute='name'), 'length')) + 2)
        context.vars['w'] = l_0_w
        context.exported_vars.add('w')
        l_0_ordering = t_4(context.eval_ctx, t_8(context, (undefined(name='powers') if l_0_powers is missing else l_0_powers), 'orders'))
        context.vars['ordering'] = l_0_ordering
        context.exported_vars.add('ordering')
        l_1_title = resolve('title')
        t_10 = []
        pass
        t_10.append(
            str(environment.finalize((undefined(name='title') if l_1_title is missing else l_1_title))),
        )
        yield t_9(concat(t_10))
        l_1_title = missing
        yield '\n'
        if (undefined(name='variant_title') if l_0_variant_title is missing else l_0_variant_title):
            pass
            t_11 = []
            pass
            t_11.extend((
                'Variant: ',
                str(environment.finalize((undefined(name='variant_title') if l_0_variant_title is missing else l_0_variant_title))),
            ))
            yield t_9(concat(t_11))
            yield '\n'
        l_1_phase = resolve('phase')
        t_12 = []
        pass
        t_12.extend((
            str(environment.finalize(environment.getattr((undefined(name='phase') if l_1_phase is missing else l_1_phase), 'results_title'))),
            '.  (',
            str(environment.finalize(environment.getattr((undefined(name='phase') if l_1_phase is missing else l_1_phase), 'code'))),
            ')',
        ))
        yield t_9(concat(t_12))
        l_1_phase = missing
        yield '\n'
        if (undefined(name='adjudicated') if l_0_adjudicated is missing else l_0_adjudicated):
            pass
            yield 'Adjudicated '
            yield str(environment.finalize((undefined(name='adjudicated') if l_0_adjudicated is missing else l_0_adjudicated)))
            yield '.\n'
        if ((undefined(name='record_kind') if l_0_record_kind is missing else l_0_record_kind) == 'draw'):
            pass
            yield '\n'
            l_1_record_by = resolve('record_by')
            l_1_phase = resolve('phase')
            t_13 = []
            pass
            t_13.extend((
                str(environment.finalize(('The players have agreed to' if ((undefined(name='record_by') if l_1_record_by is missing else l_1_record_by) == 'vote') else 'The moderator has declared'))),
                ' a draw in ',
                str(environment.finalize(environment.getattr((undefined(name='phase') if l_1_phase is missing else l_1_phase), 'name'))),
                '.',
            ))
            yield t_9(concat(t_13))
            l_1_record_by = l_1_phase = missing
            yield '\n'
        for l_1_p in (undefined(name='ordering') if l_0_ordering is missing else l_0_ordering):
            _loop_vars = {}
            pass
            yield '\n'
            for l_2_o in environment.getattr(l_1_p, 'orders'):
                _loop_vars = {}
                pass
                t_14 = []
                pass
                t_14.extend((
                    str(environment.finalize(context.call(environment.getattr(str_join((environment.getattr(l_1_p, 'name'), ':', )), 'ljust'), (undefined(name='w') if l_0_w is missing else l_0_w)))),
                    str(environment.finalize(environment.getattr(l_2_o, 'description'))),
                    '.',
                ))
                if environment.getattr(l_2_o, 'marker'):
                    pass
                    t_14.extend((
                        '  (',
                        str(environment.finalize(environment.getattr(l_2_o, 'marker'))),
                        ')',
                    ))
                yield t_9(concat(t_14), hang=(undefined(name='w') if l_0_w is missing else l_0_w))
                yield '\n'
            l_2_o = missing
        l_1_p = missing
        if (undefined(name='nmr') if l_0_nmr is missing else l_0_nmr):
            pass
            yield '\n'
            t_15 = []
            pass
            t_15.extend((
                'No orders were received from ',
                str(environment.finalize(t_3((undefined(name='nmr') if l_0_nmr is missing else l_0_nmr), 'or'))),
                '; default orders were used and are marked "NMR default".',
            ))
            yield t_9(concat(t_15))
            yield '\n'
        if (undefined(name='setup') if l_0_setup is missing else l_0_setup):
            pass
            yield '\n'
            for l_1_line in (undefined(name='setup') if l_0_setup is missing else l_0_setup):
                _loop_vars = {}
                pass
                t_16 = []
                pass
                t_16.append(
                    str(environment.finalize(l_1_line)),
                )
                yield t_9(concat(t_16))
                yield '\n'
            l_1_line = missing
        if (undefined(name='dislodged') if l_0_dislodged is missing else l_0_dislodged):
            pass
            yield '\nThe following units were dislodged:\n\n'
            for l_1_d in (undefined(name='dislodged') if l_0_dislodged is missing else l_0_dislodged):
                _loop_vars = {}
                pass
                if environment.getattr(l_1_d, 'destroyed'):
                    pass
                    t_17 = []
                    pass
                    t_17.extend((
                        'The ',
                        str(environment.finalize(environment.getattr(l_1_d, 'adjective'))),
                        ' ',
                        str(environment.finalize(environment.getattr(l_1_d, 'unit_name'))),
                        ' in ',
                        str(environment.finalize(environment.getattr(l_1_d, 'loc_name'))),
                    ))
                    if environment.getattr(l_1_d, 'attacker_from_name'):
                        pass
                        t_17.extend((
                            ' (dislodged from ',
                            str(environment.finalize(environment.getattr(l_1_d, 'attacker_from_name'))),
                            ')',
                        ))
                    t_17.append(
                        ' ',
                    )
                    if environment.getattr(l_1_d, 'civil_disorder'):
                        pass
                        t_17.append(
                            'was disbanded (civil disorder).',
                        )
                    else:
                        pass
                        t_17.append(
                            'had no valid retreat and was destroyed.',
                        )
                    yield t_9(concat(t_17), hang=2)
                    yield '\n'
                else:
                    pass
                    t_18 = []
                    pass
                    t_18.extend((
                        'The ',
                        str(environment.finalize(environment.getattr(l_1_d, 'adjective'))),
                        ' ',
                        str(environment.finalize(environment.getattr(l_1_d, 'unit_name'))),
                        ' in ',
                        str(environment.finalize(environment.getattr(l_1_d, 'loc_name'))),
                    ))
                    if environment.getattr(l_1_d, 'attacker_from_name'):
                        pass
                        t_18.extend((
                            ' (dislodged from ',
                            str(environment.finalize(environment.getattr(l_1_d, 'attacker_from_name'))),
                            ')',
                        ))
                    t_18.extend((
                        ' can retreat to ',
                        str(environment.finalize(t_3(environment.getattr(l_1_d, 'retreat_names'), 'or'))),
                        '.',
                    ))
                    yield t_9(concat(t_18), hang=2)
                    yield '\n'
            l_1_d = missing
        if (undefined(name='centre_changes') if l_0_centre_changes is missing else l_0_centre_changes):
            pass
            yield '\nSupply centre changes:\n\n'
            for l_1_c in (undefined(name='centre_changes') if l_0_centre_changes is missing else l_0_centre_changes):
                _loop_vars = {}
                pass
                if (environment.getattr(l_1_c, 'new') and environment.getattr(l_1_c, 'old')):
                    pass
                    t_19 = []
                    pass
                    t_19.extend((
                        str(environment.finalize(environment.getattr(l_1_c, 'new'))),
                        ' takes ',
                        str(environment.finalize(environment.getattr(l_1_c, 'name'))),
                        ' from ',
                        str(environment.finalize(environment.getattr(l_1_c, 'old'))),
                        '.',
                    ))
                    yield t_9(concat(t_19), indent=2, hang=4)
                    yield '\n'
                elif environment.getattr(l_1_c, 'new'):
                    pass
                    t_20 = []
                    pass
                    t_20.extend((
                        str(environment.finalize(environment.getattr(l_1_c, 'new'))),
                        ' takes ',
                        str(environment.finalize(environment.getattr(l_1_c, 'name'))),
                        '.',
                    ))
                    yield t_9(concat(t_20), indent=2, hang=4)
                    yield '\n'
                else:
                    pass
                    t_21 = []
                    pass
                    t_21.extend((
                        str(environment.finalize(environment.getattr(l_1_c, 'old'))),
                        ' loses ',
                        str(environment.finalize(environment.getattr(l_1_c, 'name'))),
                        '.',
                    ))
                    yield t_9(concat(t_21), indent=2, hang=4)
                    yield '\n'
            l_1_c = missing
        if (undefined(name='centre_changes') if l_0_centre_changes is missing else l_0_centre_changes):
            pass
            yield '\nOwnership of supply centres:\n\n'
            def t_22(fiter):
                for l_1_p in fiter:
                    if (environment.getattr(l_1_p, 'centres') or environment.getattr(l_1_p, 'centres_before')):
                        yield l_1_p
            for l_1_p in t_22((undefined(name='powers') if l_0_powers is missing else l_0_powers)):
                _loop_vars = {}
                pass
                t_23 = []
                pass
                t_23.extend((
                    str(environment.finalize(context.call(environment.getattr(str_join((environment.getattr(l_1_p, 'name'), ':', )), 'ljust'), (undefined(name='w') if l_0_w is missing else l_0_w)))),
                    str(environment.finalize((t_2(context.eval_ctx, environment.getattr(l_1_p, 'centre_names'), ', ') if environment.getattr(l_1_p, 'centre_names') else 'none'))),
                    '.',
                ))
                yield t_9(concat(t_23), hang=(undefined(name='w') if l_0_w is missing else l_0_w))
                yield '\n'
            l_1_p = missing
        yield '\n'
        yield str(environment.finalize(context.call(environment.getattr('Power', 'ljust'), (undefined(name='w') if l_0_w is missing else l_0_w))))
        yield 'Centres  Units  '
        yield str(environment.finalize(('Adjustment' if (undefined(name='adjustments') if l_0_adjustments is missing else l_0_adjustments) else '')))
        yield '\n'
        def t_24(fiter):
            for l_1_p in fiter:
                if environment.getattr(l_1_p, 'active'):
                    yield l_1_p
        for l_1_p in t_24((undefined(name='powers') if l_0_powers is missing else l_0_powers)):
            _loop_vars = {}
            pass
            yield str(environment.finalize(context.call(environment.getattr(environment.getattr(l_1_p, 'name'), 'ljust'), (undefined(name='w') if l_0_w is missing else l_0_w), _loop_vars=_loop_vars)))
            yield str(environment.finalize(t_1('%3d', environment.getattr(l_1_p, 'centres'))))
            yield str(environment.finalize((t_1(' (%+d)', environment.getattr(l_1_p, 'centre_delta')) if environment.getattr(l_1_p, 'centre_delta') else '     ')))
            yield str(environment.finalize(t_1('%6d', environment.getattr(l_1_p, 'units'))))
            yield '  '
            if (environment.getattr(l_1_p, 'adjustment') > 0):
                pass
                yield str(environment.finalize(t_7(environment.getattr(l_1_p, 'adjustment'), 'build')))
            elif (environment.getattr(l_1_p, 'adjustment') < 0):
                pass
                yield str(environment.finalize(t_7((-environment.getattr(l_1_p, 'adjustment')), 'removal')))
            elif environment.getattr(l_1_p, 'eliminated'):
                pass
                yield 'eliminated'
            yield '\n'
        l_1_p = missing
        for l_1_e in (undefined(name='eliminated') if l_0_eliminated is missing else l_0_eliminated):
            _loop_vars = {}
            pass
            yield '\n'
            t_25 = []
            pass
            t_25.extend((
                str(environment.finalize(l_1_e)),
                ' has been eliminated.',
            ))
            yield t_9(concat(t_25))
            yield '\n'
        l_1_e = missing
        if (undefined(name='result') if l_0_result is missing else l_0_result):
            pass
            yield '\n'
            t_26 = []
            pass
            t_26.append(
                str(environment.finalize(environment.getattr((undefined(name='result') if l_0_result is missing else l_0_result), 'text'))),
            )
            yield t_9(concat(t_26))
            yield '\n'
        elif (undefined(name='next_phase') if l_0_next_phase is missing else l_0_next_phase):
            pass
            yield '\n'
            l_1_title = resolve('title')
            t_27 = []
            pass
            t_27.extend((
                "The next phase of '",
                str(environment.finalize((undefined(name='title') if l_1_title is missing else l_1_title))),
                "' will be ",
                str(environment.finalize(environment.getattr((undefined(name='next_phase') if l_0_next_phase is missing else l_0_next_phase), 'name'))),
                ' (',
                str(environment.finalize(environment.getattr((undefined(name='next_phase') if l_0_next_phase is missing else l_0_next_phase), 'code'))),
                ').',
            ))
            yield t_9(concat(t_27))
            l_1_title = missing
            yield '\n'
            if environment.getattr((undefined(name='next_phase') if l_0_next_phase is missing else l_0_next_phase), 'deadline'):
                pass
                t_28 = []
                pass
                t_28.extend((
                    'The deadline for orders is ',
                    str(environment.finalize(environment.getattr((undefined(name='next_phase') if l_0_next_phase is missing else l_0_next_phase), 'deadline'))),
                    '.',
                ))
                yield t_9(concat(t_28))
                yield '\n'

    blocks = {}
    debug_info = '3=78&4=81&5=88&7=93&8=99&11=107&13=115&14=118&16=120&18=128&21=136&23=140&24=146&28=161&30=168&33=173&35=176&36=182&40=187&44=190&45=193&46=199&49=233&54=254&58=257&59=260&60=265&62=274&63=279&66=291&71=299&75=302&76=312&81=320&82=324&83=331&86=347&88=354&91=360&93=366&95=370&97=378&99=388&100=394'
    return root, blocks
