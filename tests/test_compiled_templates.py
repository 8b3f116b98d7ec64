"""The built-in templates compiled ahead of time (``tools/gen_templates.py``) render exactly
what Jinja renders (issue 16, ``adjudicator/publish/templaterun.py``).

The demo games of every game kind are played as a moderator plays them: their reports and maps
are written by the compiled templates; each is then rendered again by Jinja and the bytes
compared. Hostile names, the runtime's filters, strictness and the fall-backs to Jinja (an
edited template, a feature beyond the runtime) are checked on their own."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import jinja2
import pytest
from jinja2 import filters as jf
from markupsafe import Markup

from adjudicator import service
from adjudicator.errors import ReportError
from adjudicator.publish import files, reports, svg, templaterun
from adjudicator.registry import game_kinds

ROOT = Path(__file__).resolve().parent.parent


def _generator():
    spec = importlib.util.spec_from_file_location("gen_templates",
                                                  ROOT / "tools" / "gen_templates.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_built_in_template_is_compiled_from_its_current_text():
    """A template edited without running tools/gen_templates.py fails here (and meanwhile is
    rendered by Jinja, never from stale code)."""
    gen = _generator()
    wanted = gen.builtin_templates()
    assert len(wanted) == 10  # two families: four report formats and a map each
    for name, (env, runtime) in wanted.items():
        assert templaterun.load(name) is not None, f"{name}: run python tools/gen_templates.py"
        if jinja2.__version__ in templaterun.load(name).__doc__:  # the code itself, too
            path = gen.OUT / f"{templaterun.module_name(name)}.py"
            assert path.read_text(encoding="utf-8") == gen.module_text(name, env, runtime)
    compiled = {p.stem for p in gen.OUT.glob("*.py")} - {"__init__"}
    assert compiled == {templaterun.module_name(n) for n in wanted}


@pytest.fixture(scope="module")
def demos(tmp_path_factory):
    """Every game kind's demo, played with the compiled templates writing its reports."""
    base = tmp_path_factory.mktemp("demos")
    mp = pytest.MonkeyPatch()
    mp.setenv("ADJ_NOW", "2025-03-01T12:00:00Z")
    mp.setenv("ADJ_JUDGE", "")
    used: list[str] = []
    real_load = templaterun.load
    mp.setattr(templaterun, "load", lambda name: used.append(name) or real_load(name))
    mp.setattr(reports, "_render_with_jinja", _no_jinja)
    mp.setattr(svg, "environment", _no_jinja)
    try:
        folders = [service.play_examples(base / kind, kind, log=lambda _: None)
                   for kind in game_kinds()]
    finally:
        mp.undo()
    return folders, used


def _no_jinja(*args, **kwargs):
    raise AssertionError("Jinja rendered a built-in template")


def test_demo_reports_and_maps_are_what_jinja_renders(demos, monkeypatch):
    folders, used = demos
    assert {templaterun.module_name(n) for n in used} == {
        templaterun.module_name(n) for n in _generator().builtin_templates()}
    monkeypatch.setattr(templaterun, "load", lambda name: None)  # Jinja renders below
    compared = 0
    for folder in folders:
        game = service.game_of(folder)
        for record in folder.history():
            written = folder.path / "reports" / record["phase"]
            if record.get("kind") not in files.REPORTED_KINDS or not written.is_dir():
                continue
            after = files.state_after(folder, record)
            context = files._context(folder, game, record, after)
            picture = files._record_map(folder, game, record, after=after)
            if picture is not None:
                assert (written / "map.svg").read_text(encoding="utf-8") == picture
                compared += 1
            for fmt, ext in reports.FORMATS.items():
                jinja_text = files.render_context(game, context, fmt, None, picture)
                assert (written / f"report.{ext}").read_text(encoding="utf-8") == jinja_text, \
                    f"{folder.path.name} {record['phase']} {fmt}"
                compared += 1
    assert compared > 200


HOSTILE = {
    "title": "<script>alert(1)</script> & [url=x]y[/url] *bold* `code` # h",
    "variant_title": "1. <b>'quoted'</b> \"dq\"\n- list",
}


def _last_reported(folders, kind: str):
    folder = next(f for f in folders if f.path.name == kind)
    game = service.game_of(folder)
    record = [r for r in folder.history() if r.get("kind") in files.REPORTED_KINDS][-1]
    return folder, game, record, files.state_after(folder, record)


@pytest.mark.parametrize("kind", ["diplomacy", "aa1942"])
@pytest.mark.parametrize("fmt", list(reports.FORMATS))
def test_hostile_names_are_escaped_alike(demos, kind, fmt, monkeypatch):
    folder, game, record, after = _last_reported(demos[0], kind)
    context = {**files._context(folder, game, record, after), **HOSTILE}
    compiled = files.render_context(game, context, fmt)
    monkeypatch.setattr(templaterun, "load", lambda name: None)
    assert compiled == files.render_context(game, context, fmt)
    if fmt == "html":
        assert "<script>" not in compiled and "&lt;script&gt;" in compiled


@pytest.mark.parametrize("kind", ["diplomacy", "aa1942"])
def test_hostile_map_titles_are_escaped_alike(demos, kind, monkeypatch):
    _, game, record, after = _last_reported(demos[0], kind)
    compiled = game.record_map_svg(record, after, title=HOSTILE["title"])
    monkeypatch.setattr(templaterun, "load", lambda name: None)
    assert compiled == game.record_map_svg(record, after, title=HOSTILE["title"])
    assert "<script>" not in compiled and "&lt;script&gt;" in compiled


def test_a_missing_field_is_the_same_clear_error(demos, monkeypatch):
    folder, game, record, after = _last_reported(demos[0], "diplomacy")
    context = files._context(folder, game, record, after)
    del context["title"]
    with pytest.raises(ReportError) as compiled:
        reports.render(game.family, "text", context)
    monkeypatch.setattr(templaterun, "load", lambda name: None)
    with pytest.raises(ReportError) as by_jinja:
        reports.render(game.family, "text", context)
    assert str(compiled.value) == str(by_jinja.value) == \
        "report template diplomacy/report.txt.j2: 'title' is undefined"


def test_an_edited_template_is_rendered_by_jinja(tmp_path, monkeypatch):
    """Compiled code is used only for the exact text it was compiled from."""
    import shutil

    from adjudicator.resources import templates_path

    copy = tmp_path / "templates"
    shutil.copytree(templates_path(), copy)
    assert templaterun.load("diplomacy/map.svg.j2") is not None
    monkeypatch.setattr(templaterun, "templates_path", lambda: copy)
    assert templaterun.load("diplomacy/map.svg.j2") is not None
    path = copy / "diplomacy" / "map.svg.j2"
    path.write_text(path.read_text() + "<!-- edited -->\n")
    assert templaterun.load("diplomacy/map.svg.j2") is None
    assert templaterun.load("diplomacy/no-such.j2") is None


def test_a_feature_beyond_the_runtime_falls_back_to_jinja(demos, monkeypatch):
    folder, game, record, after = _last_reported(demos[0], "diplomacy")
    context = files._context(folder, game, record, after)
    expected = reports.render(game.family, "markdown", context)
    env = reports.compiled_environment("markdown")

    def beyond(*args, **kwargs):
        raise templaterun.Unsupported("test")

    monkeypatch.setattr(env, "finalize", beyond)  # mid-render, at the first expression
    rendered = []
    real = reports._render_with_jinja
    monkeypatch.setattr(reports, "_render_with_jinja",
                        lambda *a: rendered.append(a) or real(*a))
    assert reports.render(game.family, "markdown", context) == expected
    assert rendered  # by Jinja


class _Obj:
    def __init__(self, **kw):
        self.__dict__.update(kw)


@pytest.mark.parametrize("autoescape", [False, True])
def test_the_runtime_filters_are_jinjas(autoescape):
    """Each filter the runtime has against Jinja's own, with Markup and plain values."""
    jenv = jinja2.Environment(autoescape=autoescape)
    renv = templaterun.Environment(autoescape=autoescape)
    jctx = jenv.from_string("").new_context({})
    rctx = templaterun.Context(renv, {}, {})
    items = [Markup("<b>a</b>"), "<i>", 3]
    assert templaterun.do_join(rctx.eval_ctx, items, ", ") == \
        jf.sync_do_join(jctx.eval_ctx, items, ", ")
    assert templaterun.do_join(rctx.eval_ctx, ["<x>", "y"], Markup("<br>")) == \
        jf.sync_do_join(jctx.eval_ctx, ["<x>", "y"], Markup("<br>"))
    assert templaterun.do_join(rctx.eval_ctx, [{"n": "a"}, {"n": "b"}], "-", "n") == \
        jf.sync_do_join(jctx.eval_ctx, [{"n": "a"}, {"n": "b"}], "-", "n")
    for s, old, new in [("a -> b <c>", " -> ", " → "), ("a<b", "<", Markup("&lt;!")),
                        (Markup("<p>x</p>"), "x", "<y>")]:
        assert templaterun.do_replace(rctx.eval_ctx, s, old, new) == \
            jf.do_replace(jctx.eval_ctx, s, old, new)
    words = ["b", "A", "c", "B"]
    for fn, jfn in [(templaterun.do_max, jf.do_max), (templaterun.do_min, jf.do_min)]:
        assert fn(renv, words) == jfn(jenv, words)
        assert fn(renv, words, case_sensitive=True) == jfn(jenv, words, case_sensitive=True)
        assert fn(renv, [3, 10, 2]) == jfn(jenv, [3, 10, 2])
        assert str(fn(renv, [])) == str(jfn(jenv, []))
    objs = [_Obj(name="Ab", on=True), {"name": "Cde", "on": False}, _Obj(name="F", on=1)]
    assert list(templaterun.do_map(rctx, objs, attribute="name")) == \
        list(jf.sync_do_map(jctx, objs, attribute="name"))
    assert list(templaterun.do_map(rctx, ["ab", "c"], "length")) == \
        list(jf.sync_do_map(jctx, ["ab", "c"], "length"))
    assert list(templaterun.do_selectattr(rctx, objs, "on")) == \
        list(jf.sync_do_selectattr(jctx, objs, "on"))
    assert list(templaterun.do_selectattr(rctx, objs, "on", "defined")) == \
        list(jf.sync_do_selectattr(jctx, objs, "on", "defined"))
    assert templaterun.do_format("%+d|%3d|%s", 4, 5, "<x>") == jf.do_format("%+d|%3d|%s", 4, 5,
                                                                           "<x>")
    for value in ("1.5", 2, "x", None):
        assert templaterun.do_float(value) == jf.do_float(value)


def test_undefined_values_behave_as_jinjas():
    for ours, theirs in [(templaterun.Undefined, jinja2.Undefined),
                         (templaterun.StrictUndefined, jinja2.StrictUndefined)]:
        for kwargs in [{"name": "x"}, {"obj": {}, "name": "y"}, {"obj": [1], "name": 3},
                       {"hint": "a hint"}]:
            for probe in (str, bool, list, len, lambda v: v + 1, lambda v: v.attr,
                          lambda v: v == 1):
                outcome = []
                for cls, error in [(ours, templaterun.UndefinedError),
                                   (theirs, jinja2.UndefinedError)]:
                    try:
                        outcome.append(("ok", probe(cls(**kwargs))))
                    except error as exc:
                        outcome.append(("error", str(exc)))
                assert outcome[0] == outcome[1], (ours, kwargs, probe)


def test_loop_variables_are_jinjas():
    source = ("{% for x in items %}{{ loop.index }}/{{ loop.index0 }}/{{ loop.first }}/"
              "{{ loop.last }}/{{ loop.length }}/{{ loop.revindex }}/{{ loop.revindex0 }}:"
              "{{ x }} {% endfor %}")
    env = jinja2.Environment()
    code = env.compile(source, raw=True).replace(
        "from jinja2.runtime import", "from adjudicator.publish.templaterun import", 1)
    namespace = {"environment": templaterun.Environment(autoescape=False)}
    exec(compile(code, "<loop>", "exec"), namespace)  # noqa: S102 - Jinja-generated code
    for items in ([], ["a"], ["a", "b", "c"]):
        ctx = templaterun.Context(namespace["environment"], {"items": items}, {})
        assert "".join(namespace["root"](ctx)) == env.from_string(source).render(items=items)
