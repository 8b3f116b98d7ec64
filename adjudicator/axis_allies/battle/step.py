"""What a battle step is, and what the two engines that run a list of them offer it.

A battle is a list of steps (``Ruleset.battle_steps``, with any an effect in play adds). The
``opening`` steps run once before round 1 (shore bombardment, AA fire); the ``round`` steps
run in order, round after round, until a step ends the battle (an end check). The same list
is run by

* the dice engine (:class:`adjudicator.axis_allies.combat._Battle`): :meth:`BattleStep.fight`
  rolls the dice through the engine's ``volley``/``take_hits`` and logs what happened;
* the exact calculator (:class:`adjudicator.axis_allies.odds._Chain`): :meth:`BattleStep.spread`
  maps a probability distribution over the board to the next one. A step that is a plain
  function of the board (no dice: an end check, a retreat decision, the submarines' choice)
  sets ``per_state`` and implements :meth:`BattleStep.advance`; the calculator then memoises
  it per board, which keeps the chain fast.

Steps never import either engine: they call the methods each engine documents (duck typing),
so a ruleset module can list them without an import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal, NamedTuple

from adjudicator.record import record

if TYPE_CHECKING:
    from adjudicator.axis_allies.rules import Rules

Stage = Literal["opening", "round"]


@record(frozen=True)
class BattleInfo:
    """What a step may ask before the battle starts, to say whether it applies."""

    kind: Literal["land", "sea"]
    region: str
    attacker: str
    rules: Rules
    #: ships offer shore bombardment (an amphibious assault without a sea battle)
    bombarding: bool = False

    @property
    def sea(self) -> bool:
        return self.kind == "sea"


class Ended(NamedTuple):
    """The calculator's end of a battle: the side states left, the winner and the reason."""

    a: int
    d: int
    winner: str
    reason: str


class Part:
    """The calculator's distribution after some steps of a round, in factored form: with
    probability ``p`` the attacker's side is distributed as ``att`` and, independently, the
    defender's as ``dfn`` (side-state ids -> probability). ``att_base``/``dfn_base``: a side
    state whose units fire exactly as those of every state in the dict (the dict holds one
    state's variants with casualties marked that still fire back), or ``None``."""

    __slots__ = ("att", "att_base", "dfn", "dfn_base", "p")

    def __init__(self, p: Any, att: dict[int, Any], dfn: dict[int, Any],
                 att_base: int | None = None, dfn_base: int | None = None) -> None:
        self.p = p
        self.att = att
        self.dfn = dfn
        self.att_base = att_base if att_base is not None or len(att) != 1 else next(iter(att))
        self.dfn_base = dfn_base if dfn_base is not None or len(dfn) != 1 else next(iter(dfn))

    @classmethod
    def joint(cls, p: Any, a: int, d: int, one: Any) -> Part:
        return cls(p, {a: one}, {d: one})


class BattleStep:
    """One step of a battle. Subclasses set ``name`` and ``stage`` and implement
    :meth:`fight` and :meth:`spread` (or, for a ``per_state`` step, :meth:`advance`)."""

    #: what the step is called (docs, logs of the ruleset)
    name: ClassVar[str] = ""
    stage: ClassVar[Stage] = "round"
    #: a deterministic function of the board: :meth:`advance` says what it does
    per_state: ClassVar[bool] = False
    #: the rounds the step tells apart (a value that changes with the round): the exact
    #: calculator counts rounds up to this many, so ``rnd`` is exact up to ``rounds + 1``
    #: (1: the first round and the others); 0: the step is the same every round
    rounds: ClassVar[int] = 0

    def applies(self, battle: BattleInfo) -> bool:
        """Whether this step is part of the battle at all (its kind, the rules in force)."""
        return True

    def fight(self, b: Any) -> tuple[str, str] | None:
        """Run the step with dice on the engine ``b``; ``(winner, reason)`` ends the battle."""
        raise NotImplementedError(f"{type(self).__name__} cannot be fought with dice")

    def advance(self, c: Any, rnd: int, a: int, d: int) -> tuple[int, int] | Ended:
        """A ``per_state`` step on the calculator ``c``: the board (attacker and defender side
        states) after it, or how the battle ends; ``rnd`` is the round being fought."""
        raise NotImplementedError(f"{type(self).__name__} is not a per-state step")

    def spread(self, c: Any, parts: list[Part], rnd: int) -> list[Part]:
        """The distribution after the step. The default runs :meth:`advance` on every board;
        ends go to ``c.ended`` (end -> probability)."""
        out: list[Part] = []
        one = c.one
        for part in parts:
            for a, pa in part.att.items():
                for d, pd in part.dfn.items():
                    p = part.p * pa * pd
                    x = self.advance(c, rnd, a, d)
                    if type(x) is Ended:
                        c.ended[x] = c.ended.get(x, c.zero) + p
                    else:
                        out.append(Part.joint(p, x[0], x[1], one))
        return out

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"
