# ruff: noqa
"""``templates/diplomacy/map.svg.j2`` compiled by Jinja 3.1.6 (tools/gen_templates.py): do not edit."""
from adjudicator.publish.templaterun import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join

TEMPLATE = 'diplomacy/map.svg.j2'
SOURCE_SHA256 = 'a91d9d9dbc43cad8610e7b5e68aa0dfa879eeca99d59e058e89823b17d54a577'


def make(environment):
    name = 'diplomacy/map.svg.j2'

    def root(context, missing=missing, environment=environment):
        resolve = context.resolve_or_missing
        undefined = environment.undefined
        concat = environment.concat
        cond_expr_undefined = Undefined
        if 0: yield None
        l_0_width = resolve('width')
        l_0_height = resolve('height')
        l_0_phase = resolve('phase')
        l_0_heading = resolve('heading')
        l_0_title = resolve('title')
        l_0_variant = resolve('variant')
        l_0_groups = resolve('groups')
        l_0_land_shapes = resolve('land_shapes')
        l_0_font = resolve('font')
        l_0_header = resolve('header')
        l_0_map_height = resolve('map_height')
        l_0_sea = resolve('sea')
        l_0_sea_line = resolve('sea_line')
        l_0_seas = resolve('seas')
        l_0_coast = resolve('coast')
        l_0_border = resolve('border')
        l_0_land = resolve('land')
        l_0_neutral = resolve('neutral')
        l_0_centres = resolve('centres')
        l_0_orders = resolve('orders')
        l_0_labels = resolve('labels')
        l_0_units = resolve('units')
        l_0_retreat_options = resolve('retreat_options')
        l_0_dislodged = resolve('dislodged')
        l_0_footer_y = resolve('footer_y')
        l_0_legend = resolve('legend')
        l_0_key = resolve('key')
        try:
            t_1 = environment.filters['float']
        except KeyError:
            @internalcode
            def t_1(*unused):
                raise TemplateRuntimeError("No filter named 'float' found.")
        pass
        yield '<svg xmlns="http://www.w3.org/2000/svg" width="'
        yield escape((undefined(name='width') if l_0_width is missing else l_0_width))
        yield '" height="'
        yield escape((undefined(name='height') if l_0_height is missing else l_0_height))
        yield '" viewBox="0 0 '
        yield escape((undefined(name='width') if l_0_width is missing else l_0_width))
        yield ' '
        yield escape((undefined(name='height') if l_0_height is missing else l_0_height))
        yield '" class="diplomacy-map" data-phase="'
        yield escape((undefined(name='phase') if l_0_phase is missing else l_0_phase))
        yield '" role="img" aria-label="'
        yield escape((undefined(name='heading') if l_0_heading is missing else l_0_heading))
        if (undefined(name='title') if l_0_title is missing else l_0_title):
            pass
            yield ' - '
            yield escape((undefined(name='title') if l_0_title is missing else l_0_title))
        if (undefined(name='variant') if l_0_variant is missing else l_0_variant):
            pass
            yield ' ('
            yield escape((undefined(name='variant') if l_0_variant is missing else l_0_variant))
            yield ')'
        yield '">\n<title>'
        yield escape((undefined(name='heading') if l_0_heading is missing else l_0_heading))
        if (undefined(name='title') if l_0_title is missing else l_0_title):
            pass
            yield ' - '
            yield escape((undefined(name='title') if l_0_title is missing else l_0_title))
        if (undefined(name='variant') if l_0_variant is missing else l_0_variant):
            pass
            yield ' ('
            yield escape((undefined(name='variant') if l_0_variant is missing else l_0_variant))
            yield ')'
        yield '</title>\n<defs>\n<pattern id="impassable" patternUnits="userSpaceOnUse" width="10" height="10" patternTransform="rotate(45)">\n<rect width="10" height="10" fill="#b9b5ad"/>\n<line x1="0" y1="0" x2="0" y2="10" stroke="#8c877d" stroke-width="4"/>\n</pattern>'
        yield escape(context.call((undefined(name='groups') if l_0_groups is missing else l_0_groups), (undefined(name='land_shapes') if l_0_land_shapes is missing else l_0_land_shapes)))
        yield '</defs>\n<rect class="background" x="0" y="0" width="'
        yield escape((undefined(name='width') if l_0_width is missing else l_0_width))
        yield '" height="'
        yield escape((undefined(name='height') if l_0_height is missing else l_0_height))
        yield '" fill="#f7f3e8"/>\n<g class="header">\n<text x="16" y="30" font-family="'
        yield escape((undefined(name='font') if l_0_font is missing else l_0_font))
        yield '" font-size="24" font-weight="bold" fill="#2b2b2b">'
        yield escape((undefined(name='heading') if l_0_heading is missing else l_0_heading))
        if (undefined(name='title') if l_0_title is missing else l_0_title):
            pass
            yield '&#160;—&#160;<tspan font-weight="normal" fill="#555555">'
            yield escape((undefined(name='title') if l_0_title is missing else l_0_title))
            yield '</tspan>'
        if (undefined(name='variant') if l_0_variant is missing else l_0_variant):
            pass
            yield '&#160;·&#160;<tspan class="variant" font-weight="normal" fill="#555555">'
            yield escape((undefined(name='variant') if l_0_variant is missing else l_0_variant))
            yield '</tspan>'
        yield '</text>\n</g>\n<g class="map" transform="translate(0 '
        yield escape((undefined(name='header') if l_0_header is missing else l_0_header))
        yield ')">\n<rect class="sea-background" x="0" y="0" width="'
        yield escape((undefined(name='width') if l_0_width is missing else l_0_width))
        yield '" height="'
        yield escape((undefined(name='map_height') if l_0_map_height is missing else l_0_map_height))
        yield '" fill="'
        yield escape((undefined(name='sea') if l_0_sea is missing else l_0_sea))
        yield '"/>\n<g class="layer regions">\n<g class="seas" fill="'
        yield escape((undefined(name='sea') if l_0_sea is missing else l_0_sea))
        yield '" stroke="'
        yield escape((undefined(name='sea_line') if l_0_sea_line is missing else l_0_sea_line))
        yield '" stroke-width="1" stroke-linejoin="round">\n'
        yield escape(context.call((undefined(name='groups') if l_0_groups is missing else l_0_groups), (undefined(name='seas') if l_0_seas is missing else l_0_seas)))
        yield '</g>'
        for l_1_el in (undefined(name='coast') if l_0_coast is missing else l_0_coast):
            l_1_coast_colour = resolve('coast_colour')
            l_1_shapes = resolve('shapes')
            _loop_vars = {}
            pass
            yield '<g class="'
            yield escape(environment.getattr(l_1_el, 'cls'))
            yield '" fill="'
            yield escape((undefined(name='coast_colour') if l_1_coast_colour is missing else l_1_coast_colour))
            yield '" stroke="'
            yield escape((undefined(name='coast_colour') if l_1_coast_colour is missing else l_1_coast_colour))
            yield '" stroke-width="3.2" stroke-linejoin="round">\n'
            yield escape(context.call((undefined(name='shapes') if l_1_shapes is missing else l_1_shapes), l_1_el, _loop_vars=_loop_vars))
            yield '</g>\n'
        l_1_el = l_1_coast_colour = l_1_shapes = missing
        yield '<g class="lands" stroke="'
        yield escape((undefined(name='border') if l_0_border is missing else l_0_border))
        yield '" stroke-width="0.9" stroke-linejoin="round">\n'
        yield escape(context.call((undefined(name='groups') if l_0_groups is missing else l_0_groups), (undefined(name='land') if l_0_land is missing else l_0_land)))
        yield '</g>\n</g>\n<g class="layer neutral">\n'
        yield escape(context.call((undefined(name='groups') if l_0_groups is missing else l_0_groups), (undefined(name='neutral') if l_0_neutral is missing else l_0_neutral)))
        yield '</g>\n<g class="layer centres">\n'
        yield escape(context.call((undefined(name='groups') if l_0_groups is missing else l_0_groups), (undefined(name='centres') if l_0_centres is missing else l_0_centres)))
        yield '</g>\n<g class="layer orders">\n'
        yield escape(context.call((undefined(name='groups') if l_0_groups is missing else l_0_groups), (undefined(name='orders') if l_0_orders is missing else l_0_orders)))
        yield '</g><g class="layer labels">\n'
        yield escape(context.call((undefined(name='groups') if l_0_groups is missing else l_0_groups), (undefined(name='labels') if l_0_labels is missing else l_0_labels)))
        yield '</g>\n<g class="layer units">\n'
        yield escape(context.call((undefined(name='groups') if l_0_groups is missing else l_0_groups), (undefined(name='units') if l_0_units is missing else l_0_units)))
        yield '</g>\n<g class="layer retreat-options">\n'
        yield escape(context.call((undefined(name='groups') if l_0_groups is missing else l_0_groups), (undefined(name='retreat_options') if l_0_retreat_options is missing else l_0_retreat_options)))
        yield '</g>\n<g class="layer dislodged">\n'
        yield escape(context.call((undefined(name='groups') if l_0_groups is missing else l_0_groups), (undefined(name='dislodged') if l_0_dislodged is missing else l_0_dislodged)))
        yield '</g>\n<rect x="0.5" y="0.5" width="'
        yield escape((t_1((undefined(name='width') if l_0_width is missing else l_0_width)) - 1))
        yield '" height="'
        yield escape((t_1((undefined(name='map_height') if l_0_map_height is missing else l_0_map_height)) - 1))
        yield '" fill="none" stroke="#5a5043" stroke-width="1"/>\n</g>\n<g class="legend" transform="translate(16 '
        yield escape((undefined(name='footer_y') if l_0_footer_y is missing else l_0_footer_y))
        yield ')">\n'
        l_1_loop = missing
        for l_1_item, l_1_loop in LoopContext((undefined(name='legend') if l_0_legend is missing else l_0_legend), undefined):
            _loop_vars = {}
            pass
            yield '<g class="legend-item '
            yield escape(environment.getattr(l_1_item, 'cls'))
            yield '" transform="translate('
            yield escape((environment.getattr(l_1_loop, 'index0') * 200))
            yield ' 0)">\n<rect x="0" y="11" width="20" height="20" rx="3" fill="'
            yield escape(environment.getattr(l_1_item, 'colour'))
            yield '" stroke="#1a1a1a" stroke-width="1.2"/>\n<text x="28" y="27" font-family="'
            yield escape((undefined(name='font') if l_0_font is missing else l_0_font))
            yield '" font-size="16" fill="#2b2b2b">'
            yield escape(environment.getattr(l_1_item, 'text'))
            yield '</text>\n</g>\n'
        l_1_loop = l_1_item = missing
        yield '</g>\n<g class="key">\n<line x1="16" x2="'
        yield escape((t_1((undefined(name='width') if l_0_width is missing else l_0_width)) - 16))
        yield '" y1="'
        yield escape((t_1((undefined(name='footer_y') if l_0_footer_y is missing else l_0_footer_y)) + 46))
        yield '" y2="'
        yield escape((t_1((undefined(name='footer_y') if l_0_footer_y is missing else l_0_footer_y)) + 46))
        yield '" stroke="#d6cfbf" stroke-width="1"/>\n'
        yield escape(context.call((undefined(name='groups') if l_0_groups is missing else l_0_groups), (undefined(name='key') if l_0_key is missing else l_0_key)))
        yield '</g>\n</svg>'

    blocks = {}
    debug_info = '5=45&6=66&13=77&15=79&17=83&19=97&20=99&22=105&23=109&26=111&27=117&28=123&30=127&31=129&35=131&38=133&41=135&45=137&48=139&51=141&54=143&56=145&58=149&59=152&60=156&61=160&62=162&67=168&68=174'
    return root, blocks
