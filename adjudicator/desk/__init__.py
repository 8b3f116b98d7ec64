"""The moderator's desk: many games in one judge folder, players with credentials, mail
intake and replies, deadlines driven by ``adj tick``, and a hash-chained audit log.

Everything here is game-agnostic: games are reached only through
:class:`adjudicator.game.BaseGame` (via the registry) and :mod:`adjudicator.service`. The
desk hears about every operation through the service's events (:mod:`adjudicator.events`);
importing this package subscribes it (:func:`adjudicator.desk.hooks.install`), so every
program that uses the desk, the ``adj`` command among them, keeps the audit log, the
deadlines and the results mail. See ``docs/moderator-desk.md``.
"""

from adjudicator.desk.hooks import install

install()
