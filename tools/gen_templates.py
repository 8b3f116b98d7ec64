"""Compile the built-in report and map templates ahead of time (issue 16).

    python tools/gen_templates.py           # regenerate every compiled template (needs Jinja)
    python tools/gen_templates.py --check   # exit 1 naming what is out of date, write nothing

Writes ``adjudicator/publish/compiled/<module>.py`` for every ``templates/<family>/report.*.j2``
and ``templates/<family>/map.svg.j2``: the Python code Jinja's own compiler makes of the
template, in the very environment :mod:`adjudicator.publish.reports` (or
:mod:`adjudicator.publish.svg`) renders it in, made to run on
:mod:`adjudicator.publish.templaterun` instead of ``jinja2.runtime``. Each module records the
SHA-256 of the template text it came from; a template edited later is rendered by Jinja until
this script runs again (``templaterun.load``), and ``tests/test_compiled_templates.py`` fails
meanwhile.

The script refuses a template that needs what the small runtime does not provide (macros,
imports, includes, a filter or test it lacks, a filter whose calling convention differs from
Jinja's), naming it: extend ``templaterun`` (with a test) or keep the template simpler.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import jinja2
from jinja2.utils import _PassArg

from adjudicator.canonical import sha256_text
from adjudicator.publish import reports, svg, templaterun

OUT = ROOT / "adjudicator" / "publish" / "compiled"
TEMPLATES = ROOT / "templates"
JINJA_IMPORT = ("from jinja2.runtime import LoopContext, Macro, Markup, Namespace, "
                "TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, "
                "identity, internalcode, markup_join, missing, str_join\n")
ENVIRONMENT_USES = {"getattr", "getitem", "filters", "tests", "finalize", "concat", "undefined"}
CONTEXT_USES = {"resolve_or_missing", "blocks", "eval_ctx", "call", "exported_vars", "vars"}
REFUSED_NAMES = ("Macro", "Namespace", "TemplateReference", "TemplateNotFound")
PASS_ARG = {None: None, _PassArg.context: "context", _PassArg.eval_context: "eval_context",
            _PassArg.environment: "environment"}
PACKAGE_DOC = '''"""Built-in templates compiled ahead of time by ``tools/gen_templates.py``: do not edit.

Each module is Jinja's own compilation of one template, run on
:mod:`adjudicator.publish.templaterun`; see there why, and when Jinja renders instead.
"""
'''


def builtin_templates() -> dict[str, tuple[jinja2.Environment, templaterun.Environment]]:
    """Every compiled template's name, with the Jinja environment it is compiled in and the
    runtime environment it renders on."""
    out = {}
    for family in sorted(p.name for p in TEMPLATES.iterdir() if p.is_dir()):
        for fmt in reports.FORMATS:
            name = reports.template_name(family, fmt)
            if (TEMPLATES / name).is_file():
                out[name] = (reports.environment(fmt), reports.compiled_environment(fmt))
        if (TEMPLATES / family / "map.svg.j2").is_file():
            out[f"{family}/map.svg.j2"] = (svg.environment(), svg.compiled_environment())
    return out


def _refuse(name: str, why: str) -> None:
    raise SystemExit(f"{name}: {why}; the compiled templates' runtime "
                     "(adjudicator/publish/templaterun.py) does not provide it")


def check_code(name: str, code: str, env: jinja2.Environment,
               runtime: templaterun.Environment) -> None:
    """Refuse generated code that reaches beyond :mod:`templaterun`."""
    if not code.startswith(JINJA_IMPORT):
        _refuse(name, "Jinja's generated code starts differently (a new Jinja version?)")
    body = code[len(JINJA_IMPORT):]
    for refused in REFUSED_NAMES:
        if re.search(rf"\b{refused}\b", body):
            _refuse(name, f"{refused} (macros, imports, includes or extends)")
    for attr in set(re.findall(r"\benvironment\.(\w+)", body)) - ENVIRONMENT_USES:
        _refuse(name, f"environment.{attr}")
    for attr in set(re.findall(r"\bcontext\.(\w+)", body)) - CONTEXT_USES:
        _refuse(name, f"context.{attr}")
    for test in set(re.findall(r"environment\.tests\['(\w+)'\]", body)):
        if test not in templaterun.BUILTIN_TESTS:
            _refuse(name, f"the test {test!r}")
    for flt in set(re.findall(r"environment\.filters\['(\w+)'\]", body)):
        if flt not in runtime.filters:
            _refuse(name, f"the filter {flt!r}")
        jinja_pass = PASS_ARG[_PassArg.from_obj(env.filters[flt])]
        builtin = templaterun.BUILTIN_FILTERS.get(flt)
        ours = builtin[0] if builtin and runtime.filters[flt] is builtin[1] else None
        if ours != jinja_pass:
            _refuse(name, f"the filter {flt!r} called with the {jinja_pass} first")
        if builtin is None and runtime.filters[flt] is not env.filters[flt]:
            _refuse(name, f"the filter {flt!r} as the report environment has it")


def module_text(name: str, env: jinja2.Environment, runtime: templaterun.Environment) -> str:
    source = (TEMPLATES / name).read_text(encoding="utf-8")
    code = env.compile(source, name=name, raw=True)
    check_code(name, code, env, runtime)
    body = code[len(JINJA_IMPORT):].strip("\n")
    indented = "\n".join(("    " + line) if line else "" for line in body.split("\n"))
    names = JINJA_IMPORT.removeprefix("from jinja2.runtime import ").strip()
    return (
        "# ruff: noqa\n"
        f'"""``templates/{name}`` compiled by Jinja {jinja2.__version__} '
        '(tools/gen_templates.py): do not edit."""\n'
        f"from adjudicator.publish.templaterun import {names}\n\n"
        f"TEMPLATE = {name!r}\n"
        f"SOURCE_SHA256 = {sha256_text(source)!r}\n\n\n"
        "def make(environment):\n"
        f"{indented}\n"
        "    return root, blocks\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="report what is out of date")
    args = ap.parse_args(argv)
    wanted = {OUT / "__init__.py": PACKAGE_DOC}
    for name, (env, runtime) in builtin_templates().items():
        wanted[OUT / f"{templaterun.module_name(name)}.py"] = module_text(name, env, runtime)
    stale = [p for p, text in wanted.items()
             if not p.is_file() or p.read_text(encoding="utf-8") != text]
    extra = [p for p in OUT.glob("*.py") if p not in wanted] if OUT.is_dir() else []
    if args.check:
        for p in stale + extra:
            print(f"out of date: {p.relative_to(ROOT)}")
        return 1 if stale or extra else 0
    OUT.mkdir(exist_ok=True)
    for p in stale:
        p.write_text(wanted[p], encoding="utf-8")
        print(f"wrote {p.relative_to(ROOT)}")
    for p in extra:
        p.unlink()
        print(f"removed {p.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
