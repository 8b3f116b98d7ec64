"""Games for fewer than seven players (``adj new diplomacy DIR --option players=N``).

The 2000/2008 rulebook's "alternate ways to play", as recorded with their sources and our
choices in ``docs/rulings.md`` (fewer players):

* 6 players: Italy is not played; 5 players: Italy and Germany are not played. A power not
  played is in civil disorder from the start: its units hold (and may be supported), its
  dislodged units are disbanded, it never builds, and owed removals are made by the
  civil-disorder rule.
* 4 players: one player has England; the others Austria+France, Germany+Turkey and
  Italy+Russia. 3 players: England+Germany+Austria, Russia+Italy, France+Turkey. Each power
  keeps its own units, centres, builds and the 18-centre victory.
* 2 players: England+France+Russia against Austria+Germany+Turkey; Italy is neutral (in
  civil disorder from the start, its units and centres on the board); the game starts in
  1914 and a player whose powers together own 24 centres at the end of a Fall wins.

The choice is a fact of the game: the state carries it under ``setup`` (only when fewer
than seven play, so seven-player states are as they always were) and replay reproduces it.
"""

from __future__ import annotations

from collections.abc import Mapping

#: The player counts ``--option players=N`` accepts; the first is the default.
PLAYER_COUNTS = (7, 6, 5, 4, 3, 2)

#: players -> (powers not played, the powers each player holds, first year, side victory).
_TABLE: dict[int, tuple[tuple[str, ...], tuple[tuple[str, ...], ...], int, int | None]] = {
    6: (("Italy",), (), 1901, None),
    5: (("Germany", "Italy"), (), 1901, None),
    4: ((), (("England",), ("Austria", "France"), ("Germany", "Turkey"),
             ("Italy", "Russia")), 1901, None),
    3: ((), (("Austria", "England", "Germany"), ("Italy", "Russia"), ("France", "Turkey")),
        1901, None),
    2: (("Italy",), (("England", "France", "Russia"), ("Austria", "Germany", "Turkey")),
        1914, 24),
}


def setup_for(players: int, powers: list[str] | tuple[str, ...]) -> dict | None:
    """The ``setup`` field of a new state for ``players`` players (None for seven).

    ``civil_disorder`` lists the powers not played; ``sides`` the powers each player holds
    (one list per player, in the rulebook's order); ``victory_centres``, when set, is the
    number of centres a player's powers must own together to win (the two-player game)."""
    if players == 7:
        return None
    cd, groups, year, side_victory = _TABLE[players]
    played = [p for p in powers if p not in cd]
    sides = [list(g) for g in groups] or [[p] for p in played]
    setup: dict = {"players": players, "civil_disorder": list(cd), "sides": sides,
                   "first_year": year}
    if side_victory is not None:
        setup["victory_centres"] = side_victory
    return setup


def civil_disorder(state: Mapping) -> list[str]:
    """The powers of ``state`` that nobody plays (in civil disorder from the start)."""
    return list((state.get("setup") or {}).get("civil_disorder") or [])


def side_of(state: Mapping, power: str) -> list[str]:
    """The powers held by the player who holds ``power`` (``[power]`` in a seven-player game
    and for a power nobody plays)."""
    for side in (state.get("setup") or {}).get("sides") or []:
        if power in side:
            return list(side)
    return [power]


def side_winner(state: Mapping, counts: Mapping[str, int]) -> list[str] | None:
    """The powers of the player whose powers together own the side victory's centres
    (the two-player game), or None. ``counts``: centres per power."""
    setup = state.get("setup") or {}
    need = setup.get("victory_centres")
    if not need:
        return None
    best = None
    for side in setup.get("sides") or []:
        total = sum(counts.get(p, 0) for p in side)
        if total >= need and (best is None or total > best[0]):
            best = (total, sorted(side))
    return best[1] if best else None


def describe(state: Mapping, names: Mapping[str, str] | None = None) -> list[str]:
    """Lines for people: who plays what and who is in civil disorder.

    ``["Italy: civil disorder (not played)", "Player 1: England, France, Russia", ...]``;
    empty for a seven-player game."""
    setup = state.get("setup") or {}
    if not setup:
        return []
    name = (lambda p: names.get(p, p)) if names else (lambda p: p)
    lines = [f"{name(p)}: civil disorder (not played)" for p in setup.get("civil_disorder", [])]
    sides = setup.get("sides") or []
    if any(len(s) > 1 for s in sides):
        lines += [f"Player {i}: " + ", ".join(name(p) for p in side)
                  for i, side in enumerate(sides, 1)]
    if setup.get("victory_centres"):
        lines.append(f"Victory: {setup['victory_centres']} supply centres owned by one "
                     "player's powers together")
    return lines
