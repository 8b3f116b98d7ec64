"""The moderator's desk: many games in one judge folder, players with credentials, mail
intake and replies, deadlines driven by ``adj tick``, and a hash-chained audit log.

Everything here is game-agnostic: games are reached only through
:class:`adjudicator.game.Game` (via the registry) and :mod:`adjudicator.service`.
See ``docs/moderator-desk.md``.
"""
