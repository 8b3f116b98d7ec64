"""A generic guess-and-check resolver (Kruijswijk's algorithm, DATC section 5).

The resolver knows nothing about Diplomacy orders. It resolves boolean *decisions*,
each identified by a hashable key and able to compute its own outcome from the outcomes
of other decisions. Order kinds (``kinds/``) supply those decisions; this module only
handles the order in which they are evaluated and the dependency cycles between them.

Why guessing: orders depend on one another (a move succeeds if the unit in front
moves away, which may depend on the first move...). The algorithm resolves a decision
by first resolving what it needs; when it meets a decision that is already being
resolved it uses the current guess and records the dependency. If a decision depended
on its own guess, it is re-evaluated with the opposite guess: one consistent answer
means that is the answer; none or two consistent answers mean a cycle that the rules
settle with a *backup rule* (circular movement or convoy paradox), also supplied from
outside.

Decisions are objects with an ``adjudicate(resolver)`` method, or, with
:meth:`Resolver.of`, one function ``decide(key)`` for all of them (the order kinds use
that: no object per unit and phase). How a decision asks for other decisions: it either

* returns a generator that *yields* the key of each decision it needs, receives that
  decision's outcome back, and finally returns its own outcome (``ok = yield key``).
  The resolver then keeps the decisions being resolved on its own stack, so a chain of
  any length resolves (a line of 400 armies each moving into the next one's province
  nests 400 decisions; Python's call stack would overflow long before that). The order
  kinds are written this way; or
* returns the outcome directly, calling :meth:`Resolver.resolve` for what it needs.
  Simple, but each nested decision is a Python call: fine for small toy decisions.

Both forms visit the decisions in exactly the same order, so they give the same
outcomes, the same cycles and the same backup-rule calls.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Hashable, Iterable
from types import GeneratorType
from typing import Protocol

#: What ``adjudicate`` returns: the outcome, or a generator yielding needed keys.
Adjudication = bool | Generator[Hashable, bool, bool]


class Decision(Protocol):
    """Something the resolver can decide (see the module docstring for the two forms)."""

    def adjudicate(self, resolver: Resolver) -> Adjudication: ...


BackupRule = Callable[["Resolver", list[Hashable]], None]

# Decision states. Plain ints rather than an Enum: they are compared on every lookup.
_UNRESOLVED, _GUESSING, _RESOLVED = 0, 1, 2

# The resolver's own stack holds one entry per decision being evaluated by a generator:
# ``(key, generator, old, first)``. ``old`` is the length of the dependency list when the
# decision's resolution began; ``first`` is None while it is evaluated with the guess
# "fails", and that evaluation's outcome while it is evaluated again with "succeeds".
# (Plain tuples: an entry is made for most decisions of every phase.)


class Resolver:
    """Resolve decisions by key, guessing through dependency cycles."""

    def __init__(self, decisions: dict[Hashable, Decision], backup_rule: BackupRule) -> None:
        self.decisions = decisions
        self._decide: Callable[[Hashable], Adjudication] = self._adjudicate
        self._pure = False  # see of()
        self._backup_rule = backup_rule
        self._state: dict[Hashable, int] = dict.fromkeys(decisions, _UNRESOLVED)
        self._result: dict[Hashable, bool] = {}
        # Decisions that used a guess, in order; ``_listed`` counts each key's entries
        # so "is it listed?" costs O(1) however long a cycle gets.
        self._deps: list[Hashable] = []
        self._listed: dict[Hashable, int] = {}
        #: every resolved decision's outcome (see of(): a dict the caller may read)
        self._final: dict[Hashable, bool] = {}

    @classmethod
    def of(cls, keys: Iterable[Hashable], decide: Callable[[Hashable], Adjudication],
           backup_rule: BackupRule, final: dict[Hashable, bool] | None = None) -> Resolver:
        """A resolver whose decisions are one function of the key: ``decide(key)`` does
        what ``adjudicate`` does (no object is needed per decision), except that it never
        calls the resolver: it answers directly, or returns a generator asking by ``yield``.
        (So a direct answer is final at once: it cannot have used a guess.) ``keys`` gives
        the order in which :meth:`resolve_all` takes them.

        ``final``: outcomes known for good, kept up to date. The decisions given in it are
        known before resolving starts (what ``decide`` would answer at once, directly,
        whenever asked): they are resolved from the start and never decided (a direct
        answer leaves no trace but its outcome, so asking for one of them later gives
        what deciding it would have given). The resolver then adds to it each outcome as
        it becomes final (never to change again), so ``decide`` may read there what it
        would otherwise ask for: asking for a resolved decision only gives its outcome."""
        r = cls(dict.fromkeys(keys), backup_rule)  # type: ignore[arg-type]  # no objects
        r._decide = decide
        r._pure = True
        if final is not None:
            if final:
                r._result.update(final)
                r._state.update(dict.fromkeys(final, _RESOLVED))
            r._final = final
        return r

    def _adjudicate(self, key: Hashable) -> Adjudication:
        return self.decisions[key].adjudicate(self)

    # --- used by backup rules ---------------------------------------------
    def fix(self, key: Hashable, value: bool) -> None:
        """Settle a decision for good (backup rules use this to break a cycle)."""
        self._result[key] = value
        self._state[key] = _RESOLVED
        self._final[key] = value

    # --- the algorithm ------------------------------------------------------
    def resolve(self, key: Hashable) -> bool:
        """The outcome of ``key``, resolving whatever it depends on first."""
        return self._run((key,))  # type: ignore[return-value]

    def resolve_all(self) -> dict[Hashable, bool]:
        self._run(self.decisions)
        return dict(self._result)

    def _run(self, keys: Iterable[Hashable]) -> bool | None:
        """Resolve each of ``keys`` in turn; the outcome of the last one.

        This is the recursive algorithm with its own stack. The commonest steps (start a
        decision; a decision finished without using any guess) are written out here,
        every other step is in :meth:`_evaluated`; one loop serves all the keys, so
        resolving a whole phase sets this up once.
        """
        states, results, decide, deps = self._state, self._result, self._decide, self._deps
        pure, final = self._pure, self._final
        stack: list[tuple] = []
        value: bool | None = None  # what the innermost generator receives next
        for key in keys:
            state = states[key]
            if state == _RESOLVED:
                value = results[key]
                continue
            if state == _GUESSING:
                value = self._use_guess(key)
                continue
            need: Hashable | None = key  # a decision to start resolving
            if pure:
                # The commonest step of a phase written out once more: a decision that
                # answers at once (final) needs none of the loop below.
                out = decide(key)
                if out.__class__ is not GeneratorType:
                    value = results[key] = final[key] = bool(out)
                    states[key] = _RESOLVED
                    continue
                results[key] = False
                states[key] = _GUESSING
                stack.append((key, out, len(deps), None))
                value = None  # starts the generator
                need = None
            while True:
                if need is not None:
                    if pure:
                        # A direct answer is final; a generator is marked as guessing
                        # "fails" before it first runs.
                        out = decide(need)
                        if out.__class__ is GeneratorType:
                            results[need] = False
                            states[need] = _GUESSING
                            stack.append((need, out, len(deps), None))
                            value = None  # starts the generator
                        else:
                            value = results[need] = final[need] = bool(out)
                            states[need] = _RESOLVED
                            if not stack:
                                break
                    else:
                        # Guess that it fails, then evaluate.
                        results[need] = False
                        states[need] = _GUESSING
                        old = len(deps)
                        out = decide(need)
                        if out.__class__ is GeneratorType:
                            stack.append((need, out, old, None))
                            value = None  # starts the generator
                        elif len(deps) == old and states[need] != _RESOLVED:
                            value = results[need] = final[need] = bool(out)  # no guess used
                            states[need] = _RESOLVED
                        else:
                            value = self._evaluated(need, old, None, bool(out), stack)
                        if not stack:
                            break
                    need = None
                current, gen, old, first = stack[-1]
                try:
                    asked = gen.send(value)
                except StopIteration as done:
                    stack.pop()
                    if first is None and len(deps) == old:
                        # No guess was used: the outcome is final (unless a backup rule
                        # fixed it meanwhile).
                        if states[current] != _RESOLVED:
                            results[current] = final[current] = done.value
                            states[current] = _RESOLVED
                        value = results[current]
                    else:
                        value = self._evaluated(current, old, first, done.value, stack)
                    if not stack:
                        break
                    continue
                state = states[asked]
                if state == _RESOLVED:
                    value = results[asked]
                elif state == _GUESSING:
                    value = self._use_guess(asked)
                else:
                    need = asked
        return value

    def _use_guess(self, key: Hashable) -> bool:
        """Someone depends on a guess: remember that so the guesser can check it."""
        if not self._listed.get(key):
            self._list(key)
        return self._result[key]

    def _list(self, key: Hashable) -> None:
        self._deps.append(key)
        self._listed[key] = self._listed.get(key, 0) + 1

    def _evaluate(self, key: Hashable, old: int, first: bool | None,
                  stack: list[tuple]) -> bool | None:
        """Evaluate the decision once under the current guess. A generator is pushed and
        None returned (the running loop starts it); a direct answer is acted on at once."""
        out = self._decide(key)
        if out.__class__ is GeneratorType:
            stack.append((key, out, old, first))
            return None
        return self._evaluated(key, old, first, bool(out), stack)

    def _evaluated(self, key: Hashable, old: int, first: bool | None, outcome: bool,
                   stack: list[tuple]) -> bool | None:
        """An evaluation of ``key`` gave ``outcome``: settle the decision and return its
        value for whoever asked, or evaluate it again (then None, see _evaluate)."""
        deps = self._deps
        if first is None:
            if len(deps) == old:
                # No guess was used: the outcome is final (unless a backup rule fixed it).
                if self._state[key] != _RESOLVED:
                    self.fix(key, outcome)
                return self._result[key]
            if deps[old] != key:
                # We depend on an outer guess; our outcome stays a guess as well.
                self._list(key)
                self._result[key] = outcome
                return outcome
            # We depended on our own guess: try the opposite one.
            self._reset(old)
            self._result[key] = True
            self._state[key] = _GUESSING
            return self._evaluate(key, old, outcome, stack)

        if first == outcome:
            # Only one guess is consistent with itself.
            self._reset(old)
            self.fix(key, outcome)
            return outcome

        # No or two consistent outcomes: a cycle the rules must settle.
        cycle = deps[old:]
        if key not in cycle:
            cycle.insert(0, key)
        self._reset(old)
        self._state[key] = _UNRESOLVED
        self._backup_rule(self, list(cycle))
        # Then resolve the decision afresh, as a new request for it would.
        state = self._state[key]
        if state == _RESOLVED:
            return self._result[key]
        if state == _GUESSING:
            return self._use_guess(key)
        self._result[key] = False
        self._state[key] = _GUESSING
        return self._evaluate(key, len(deps), None, stack)

    def _reset(self, old: int) -> None:
        state, listed = self._state, self._listed
        for k in self._deps[old:]:
            listed[k] -= 1
            if state[k] != _RESOLVED:
                state[k] = _UNRESOLVED
        del self._deps[old:]
