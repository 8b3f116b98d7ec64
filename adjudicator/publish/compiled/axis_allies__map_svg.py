# ruff: noqa
"""``templates/axis_allies/map.svg.j2`` compiled by Jinja 3.1.6 (tools/gen_templates.py): do not edit."""
from adjudicator.publish.templaterun import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join

TEMPLATE = 'axis_allies/map.svg.j2'
SOURCE_SHA256 = 'fd993fed80834dd73c1a7512b4b5a7ae0f9f24dea13a4e0f29eb1fa2bd2db3aa'


def make(environment):
    name = 'axis_allies/map.svg.j2'

    def root(context, missing=missing, environment=environment):
        resolve = context.resolve_or_missing
        undefined = environment.undefined
        concat = environment.concat
        cond_expr_undefined = Undefined
        if 0: yield None
        l_0_width = resolve('width')
        l_0_height = resolve('height')
        l_0_edition = resolve('edition')
        l_0_phase = resolve('phase')
        l_0_heading = resolve('heading')
        l_0_title = resolve('title')
        l_0_stripes = resolve('stripes')
        l_0_map_width = resolve('map_width')
        l_0_map_height = resolve('map_height')
        l_0_paper = resolve('paper')
        l_0_font = resolve('font')
        l_0_header = resolve('header')
        l_0_sea = resolve('sea')
        l_0_groups = resolve('groups')
        l_0_seas = resolve('seas')
        l_0_lands = resolve('lands')
        l_0_links = resolve('links')
        l_0_captured = resolve('captured')
        l_0_arrows = resolve('arrows')
        l_0_leaders = resolve('leaders')
        l_0_blocks = resolve('blocks')
        l_0_arrow_labels = resolve('arrow_labels')
        l_0_battles = resolve('battles')
        l_0_footer = resolve('footer')
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
        yield '" class="axis-allies-map" data-edition="'
        yield escape((undefined(name='edition') if l_0_edition is missing else l_0_edition))
        yield '" data-phase="'
        yield escape((undefined(name='phase') if l_0_phase is missing else l_0_phase))
        yield '" role="img" aria-label="'
        yield escape((undefined(name='heading') if l_0_heading is missing else l_0_heading))
        if (undefined(name='title') if l_0_title is missing else l_0_title):
            pass
            yield ' - '
            yield escape((undefined(name='title') if l_0_title is missing else l_0_title))
        yield '">\n<title>'
        yield escape((undefined(name='heading') if l_0_heading is missing else l_0_heading))
        if (undefined(name='title') if l_0_title is missing else l_0_title):
            pass
            yield ' - '
            yield escape((undefined(name='title') if l_0_title is missing else l_0_title))
        yield '</title>\n<defs>\n<pattern id="impassable" patternUnits="userSpaceOnUse" width="9" height="9" patternTransform="rotate(45)">\n<rect width="9" height="9" fill="#dedcd4"/>\n<line x1="0" y1="0" x2="0" y2="9" stroke="#a8a59b" stroke-width="3.5"/>\n</pattern>\n'
        for l_1_s in (undefined(name='stripes') if l_0_stripes is missing else l_0_stripes):
            _loop_vars = {}
            pass
            yield '<pattern id="'
            yield escape(environment.getattr(l_1_s, 'id'))
            yield '" patternUnits="userSpaceOnUse" width="12" height="12" patternTransform="rotate(45)">\n<rect x="0" y="0" width="4" height="12" fill="'
            yield escape(environment.getattr(l_1_s, 'colour'))
            yield '" fill-opacity="0.75"/>\n</pattern>\n'
        l_1_s = missing
        yield '<clipPath id="map-clip"><rect x="0" y="0" width="'
        yield escape((undefined(name='map_width') if l_0_map_width is missing else l_0_map_width))
        yield '" height="'
        yield escape((undefined(name='map_height') if l_0_map_height is missing else l_0_map_height))
        yield '"/></clipPath>\n</defs>\n<rect class="background" x="0" y="0" width="'
        yield escape((undefined(name='width') if l_0_width is missing else l_0_width))
        yield '" height="'
        yield escape((undefined(name='height') if l_0_height is missing else l_0_height))
        yield '" fill="'
        yield escape((undefined(name='paper') if l_0_paper is missing else l_0_paper))
        yield '"/>\n<g class="header">\n<text x="16" y="28" font-family="'
        yield escape((undefined(name='font') if l_0_font is missing else l_0_font))
        yield '" font-size="22" font-weight="bold" fill="#2b2b2b">'
        yield escape((undefined(name='heading') if l_0_heading is missing else l_0_heading))
        if (undefined(name='title') if l_0_title is missing else l_0_title):
            pass
            yield '&#160;—&#160;<tspan font-weight="normal" fill="#555555">'
            yield escape((undefined(name='title') if l_0_title is missing else l_0_title))
            yield '</tspan>'
        yield '</text>\n</g>\n<g class="map" transform="translate(0 '
        yield escape((undefined(name='header') if l_0_header is missing else l_0_header))
        yield ')">\n<g clip-path="url(#map-clip)">\n<rect class="sea-background" x="0" y="0" width="'
        yield escape((undefined(name='map_width') if l_0_map_width is missing else l_0_map_width))
        yield '" height="'
        yield escape((undefined(name='map_height') if l_0_map_height is missing else l_0_map_height))
        yield '" fill="'
        yield escape((undefined(name='sea') if l_0_sea is missing else l_0_sea))
        yield '"/>\n<g class="layer seas">\n'
        yield escape(context.call((undefined(name='groups') if l_0_groups is missing else l_0_groups), (undefined(name='seas') if l_0_seas is missing else l_0_seas)))
        yield '</g>\n<g class="layer lands">\n'
        yield escape(context.call((undefined(name='groups') if l_0_groups is missing else l_0_groups), (undefined(name='lands') if l_0_lands is missing else l_0_lands)))
        yield '</g>\n<g class="layer links">\n'
        yield escape(context.call((undefined(name='groups') if l_0_groups is missing else l_0_groups), (undefined(name='links') if l_0_links is missing else l_0_links)))
        yield '</g>\n<g class="layer captured">\n'
        yield escape(context.call((undefined(name='groups') if l_0_groups is missing else l_0_groups), (undefined(name='captured') if l_0_captured is missing else l_0_captured)))
        yield '</g>\n<g class="layer arrows">\n'
        yield escape(context.call((undefined(name='groups') if l_0_groups is missing else l_0_groups), (undefined(name='arrows') if l_0_arrows is missing else l_0_arrows)))
        yield '</g>\n<g class="layer leaders">\n'
        yield escape(context.call((undefined(name='groups') if l_0_groups is missing else l_0_groups), (undefined(name='leaders') if l_0_leaders is missing else l_0_leaders)))
        yield '</g>\n<g class="layer blocks">\n'
        yield escape(context.call((undefined(name='groups') if l_0_groups is missing else l_0_groups), (undefined(name='blocks') if l_0_blocks is missing else l_0_blocks)))
        yield '</g>\n<g class="layer arrow-labels">\n'
        yield escape(context.call((undefined(name='groups') if l_0_groups is missing else l_0_groups), (undefined(name='arrow_labels') if l_0_arrow_labels is missing else l_0_arrow_labels)))
        yield '</g>\n<g class="layer battles">\n'
        yield escape(context.call((undefined(name='groups') if l_0_groups is missing else l_0_groups), (undefined(name='battles') if l_0_battles is missing else l_0_battles)))
        yield '</g>\n</g>\n<rect x="0.5" y="0.5" width="'
        yield escape((t_1((undefined(name='map_width') if l_0_map_width is missing else l_0_map_width)) - 1))
        yield '" height="'
        yield escape((t_1((undefined(name='map_height') if l_0_map_height is missing else l_0_map_height)) - 1))
        yield '" fill="none" stroke="#3b3328" stroke-width="1"/>\n</g>\n<g class="footer">\n'
        yield escape(context.call((undefined(name='groups') if l_0_groups is missing else l_0_groups), (undefined(name='footer') if l_0_footer is missing else l_0_footer)))
        yield '</g>\n</svg>'

    blocks = {}
    debug_info = '5=42&6=60&12=66&13=70&14=72&17=76&19=80&21=86&23=95&25=97&27=103&30=105&33=107&36=109&39=111&42=113&45=115&48=117&51=119&54=121&57=125'
    return root, blocks
