"""Built-in templates compiled ahead of time by ``tools/gen_templates.py``: do not edit.

Each module is Jinja's own compilation of one template, run on
:mod:`adjudicator.publish.templaterun`; see there why, and when Jinja renders instead.
"""
