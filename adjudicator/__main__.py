"""``python -m adjudicator`` is the ``adj`` command."""

from adjudicator.cli.main import main

main(prog_name="adj")
