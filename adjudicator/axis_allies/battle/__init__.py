"""The steps of an Axis & Allies battle, one small module each (docs/aa-editions.md).

A ruleset lists its battle steps in order (``Ruleset.battle_steps``); each step decides whether
it applies to a battle (:meth:`~.step.BattleStep.applies`) and knows how to run with dice
(:meth:`~.step.BattleStep.fight`, driven by :mod:`adjudicator.axis_allies.combat`) and how to
spread a probability distribution (:meth:`~.step.BattleStep.spread`, driven by the exact
calculator :mod:`adjudicator.axis_allies.odds`). The rules themselves (who fires at what, what
a hit may take, when a battle ends) are the pure functions of
:mod:`adjudicator.axis_allies.battle_steps`, which both call.
"""
