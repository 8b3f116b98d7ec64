"""A generic guess-and-check resolver (Kruijswijk's algorithm, DATC section 5).

The resolver knows nothing about Diplomacy orders. It resolves boolean *decisions*,
each identified by a hashable key and able to compute its own outcome by asking the
resolver for the outcomes of other decisions. Order kinds (``kinds/``) supply those
decisions; this module only handles the order in which they are evaluated and the
dependency cycles between them.

Why guessing: orders depend on one another (a move succeeds if the unit in front
moves away, which may depend on the first move...). The algorithm resolves a decision
recursively; when it meets a decision that is already being resolved it returns the
current guess and records the dependency. If a decision depended on its own guess,
it is re-evaluated with the opposite guess: one consistent answer means that is the
answer; none or two consistent answers mean a cycle that the rules settle with a
*backup rule* (circular movement or convoy paradox), also supplied from outside.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from enum import Enum
from typing import Protocol


class Decision(Protocol):
    """Something the resolver can decide. ``adjudicate`` may call ``resolver.resolve``."""

    def adjudicate(self, resolver: Resolver) -> bool: ...


BackupRule = Callable[["Resolver", list[Hashable]], None]


class _State(Enum):
    UNRESOLVED = 0
    GUESSING = 1
    RESOLVED = 2


class Resolver:
    """Resolve decisions by key, guessing through dependency cycles."""

    def __init__(self, decisions: dict[Hashable, Decision], backup_rule: BackupRule) -> None:
        self.decisions = decisions
        self._backup_rule = backup_rule
        self._state: dict[Hashable, _State] = {k: _State.UNRESOLVED for k in decisions}
        self._result: dict[Hashable, bool] = {}
        self._deps: list[Hashable] = []

    # --- used by backup rules ---------------------------------------------
    def fix(self, key: Hashable, value: bool) -> None:
        """Settle a decision for good (backup rules use this to break a cycle)."""
        self._result[key] = value
        self._state[key] = _State.RESOLVED

    # --- the algorithm ------------------------------------------------------
    def resolve(self, key: Hashable) -> bool:
        state = self._state[key]
        if state is _State.RESOLVED:
            return self._result[key]
        if state is _State.GUESSING:
            # Someone depends on a guess: remember that so the guesser can check it.
            if key not in self._deps:
                self._deps.append(key)
            return self._result[key]

        old = len(self._deps)
        self._result[key] = False
        self._state[key] = _State.GUESSING
        first = self.decisions[key].adjudicate(self)

        if len(self._deps) == old:
            # No guess was used: the outcome is final (unless a backup rule fixed it).
            if self._state[key] is not _State.RESOLVED:
                self.fix(key, first)
            return self._result[key]

        if self._deps[old] != key:
            # We depend on an outer guess; our outcome stays a guess as well.
            self._deps.append(key)
            self._result[key] = first
            return first

        # We depended on our own guess: try the opposite one.
        self._reset(old)
        self._result[key] = True
        self._state[key] = _State.GUESSING
        second = self.decisions[key].adjudicate(self)

        if first == second:
            # Only one guess is consistent with itself.
            self._reset(old)
            self.fix(key, first)
            return first

        # No or two consistent outcomes: a cycle the rules must settle.
        cycle = self._deps[old:]
        if key not in cycle:
            cycle.insert(0, key)
        self._reset(old)
        self._state[key] = _State.UNRESOLVED
        self._backup_rule(self, list(cycle))
        return self.resolve(key)

    def _reset(self, old: int) -> None:
        for k in self._deps[old:]:
            if self._state[k] is not _State.RESOLVED:
                self._state[k] = _State.UNRESOLVED
        del self._deps[old:]

    def resolve_all(self) -> dict[Hashable, bool]:
        for key in self.decisions:
            self.resolve(key)
        return dict(self._result)
