"""The SVG element writer (adjudicator/publish/svg.py: group, groups, shapes, escape).

Maps were written by Jinja macros (``templates/publish/svg.j2``) until issue 16 moved the
writing into Python for speed. The macros are kept here, verbatim, as the reference: the
Python writer must produce the same bytes for every element, hostile text included, and
escape exactly as Jinja's autoescape does."""

from __future__ import annotations

import markupsafe
import pytest
from markupsafe import Markup

from adjudicator.publish.svg import Element, environment, escape, group, groups, shapes

# The macros the maps used before issue 16 (templates/publish/svg.j2), unchanged.
OLD_MACROS = """\
{% macro shapes(el) -%}
{% if el.title %}<title>{{ el.title }}</title>{% endif %}
{% for tag, attrs, text in el.shapes %}
<{{ tag }}{% for k, v in attrs.items() %} {{ k }}="{{ v }}"{% endfor %}\
{% if text %}>{{ text }}</{{ tag }}>{% else %}/>{% endif %}

{% endfor %}
{%- endmacro %}
{% macro group(el) -%}
<g class="{{ el.cls }}"{% if el.id %} id="{{ el.id }}"{% endif %}>
{{ shapes(el) }}</g>
{% endmacro %}
"""

HOSTILE = '<script>alert("x")</script> & "quotes" \'single\' ]]> <!-- &amp; \u2028'


def _elements() -> list[Element]:
    plain = Element("province land", id="prov-par", title="Paris")
    plain.add("polygon", points="1,2 3,4.5", fill="#baafa1", stroke_width=0.9)
    plain.add("text", "Par", x="10", y=-2.5, font_family="DejaVu Sans, Arial")
    bare = Element("layer")  # no id, no title, no shapes
    hostile = Element(HOSTILE, id=HOSTILE, title=HOSTILE)
    hostile.add("text", HOSTILE, x="1", data_name=HOSTILE)
    hostile.add("circle", cx=HOSTILE, r=3)
    hostile.add("path", "", d="M0,0")  # empty text: a self-closing tag
    markup = Element("m", title=Markup("<b>already markup</b>"))
    markup.add("text", Markup("A &amp; B"), x=1)
    only_title = Element("t", title="Trieste & Venice")
    return [plain, bare, hostile, markup, only_title]


def _old(expr: str, **ctx) -> str:
    return environment().from_string(OLD_MACROS + expr).render(**ctx)


@pytest.mark.parametrize("n", range(len(_elements())))
def test_group_and_shapes_write_what_the_macros_wrote(n):
    el = _elements()[n]
    assert str(group(el)) == _old("{{ group(el) }}", el=el)
    assert str(shapes(el)) == _old("{{ shapes(el) }}", el=el)


def test_groups_writes_what_a_loop_over_the_macro_wrote():
    els = _elements()
    old = _old("A\n{% for el in els %}{{ group(el) }}{% endfor %}\nB", els=els)
    new = environment().from_string("A\n{{ groups(els) -}}\nB").render(els=els)
    assert new == old
    assert environment().from_string("{{ groups(els) }}").render(els=[]) == ""


def test_hostile_text_is_escaped_everywhere():
    out = str(group(_elements()[2]))
    assert "<script" not in out and "<!--" not in out
    assert out.count("&lt;script&gt;") == 6  # class, id, title, text, data-name, cx
    assert '"quotes"' not in out and "&#34;quotes&#34;" in out and "&#39;single&#39;" in out
    assert "&amp;amp;" in out  # an entity a player typed is shown, not interpreted


def test_written_elements_are_markup_so_templates_do_not_escape_them_twice():
    el = _elements()[0]
    assert isinstance(group(el), Markup) and isinstance(shapes(el), Markup)
    assert isinstance(groups([el]), Markup)
    assert environment().from_string("{{ group(el) }}").render(el=el) == str(group(el))


@pytest.mark.parametrize("value", [
    "", "plain", HOSTILE, "&&<<>>\"\"''", 12, 0.5, -0.0, None, True,
    Markup("<b>x</b>"), markupsafe.escape("<i>"), ["<list>"],
])
def test_escape_is_markupsafe_escape(value):
    assert escape(value) == str(markupsafe.escape(value))
