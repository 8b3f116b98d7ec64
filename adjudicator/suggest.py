""""Did you mean ...?" for names a player mistyped.

Game-agnostic on purpose: the Diplomacy parser feeds it province names and aliases, the Axis &
Allies parser territory names, both get back the *display* names a player recognises
("Burgundy", not ``bur``). Matching ignores case, spaces and punctuation, because players on
phones drop them freely ("stpetersburg", "Mid Atlantic").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

_NON_ALNUM = re.compile(r"[\W_]+")


def normalize(name: str) -> str:
    """Lower-case and strip everything but letters and digits: the key names are compared on."""
    return _NON_ALNUM.sub("", name.casefold())


class Suggester:
    """Closest display names for a mistyped name.

    ``candidates`` maps every spelling we know (names, ids, aliases) to the display name to show.
    Several spellings may share one display name; each display name is suggested at most once.
    """

    def __init__(self, candidates: Mapping[str, str] | Iterable[str]) -> None:
        if not isinstance(candidates, Mapping):
            candidates = {c: c for c in candidates}
        self._display: dict[str, str] = {}
        for spelling, display in candidates.items():
            key = normalize(spelling)
            if key:
                self._display.setdefault(key, display)
        self._keys = list(self._display)

    def scored(self, name: str, cutoff: float = 0.6) -> list[tuple[float, str]]:
        """``(similarity, display name)`` pairs, best first, one per display name."""
        key = normalize(name)
        if not key:
            return []
        import difflib  # here: only a misspelt name pays for it (issue 16)

        best: dict[str, float] = {}
        matcher = difflib.SequenceMatcher(autojunk=False)
        matcher.set_seq2(key)
        for cand in self._keys:
            # A typed prefix of a long name ("Burg" for "Burgundy") is a good hint too.
            score = 0.8 if len(key) >= 3 and cand.startswith(key) else 0.0
            matcher.set_seq1(cand)
            if matcher.real_quick_ratio() >= cutoff and matcher.quick_ratio() >= cutoff:
                score = max(score, matcher.ratio())
            if score >= cutoff:
                display = self._display[cand]
                if score > best.get(display, 0.0):
                    best[display] = score
        return sorted(((s, d) for d, s in best.items()), key=lambda sd: (-sd[0], sd[1]))

    def suggest(self, name: str, n: int = 3, cutoff: float = 0.6) -> list[str]:
        """Up to ``n`` display names closest to ``name`` (empty when nothing is close)."""
        return [d for _, d in self.scored(name, cutoff)[:n]]

    def exact(self, name: str) -> str | None:
        """The display name when ``name`` is a known spelling (ignoring case/punctuation)."""
        return self._display.get(normalize(name))


def suggest(name: str, candidates: Mapping[str, str] | Iterable[str], n: int = 3,
            cutoff: float = 0.6) -> list[str]:
    """One-shot helper: ``suggest("Burgundi", {"bur": "Burgundy", ...}) -> ["Burgundy"]``."""
    return Suggester(candidates).suggest(name, n=n, cutoff=cutoff)


# QWERTY neighbours: a finger slipping to the next key is the one substitution worth reading as
# a typo ("Kie" typed "Lie"); any other changed letter is a different word.
_KEYBOARD_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")


def _keyboard_neighbours() -> dict[str, frozenset[str]]:
    pos = {ch: (r, c) for r, row in enumerate(_KEYBOARD_ROWS) for c, ch in enumerate(row)}
    out: dict[str, set[str]] = {ch: set() for ch in pos}
    for a, (ra, ca) in pos.items():
        for b, (rb, cb) in pos.items():
            # same row, next key; or the two keys the finger touches in the row above (each row
            # sits a little right of the one above: "s" touches "w", "e", "z" and "x")
            if a != b and ((ra == rb and abs(ca - cb) == 1)
                           or (abs(ra - rb) == 1 and cb - ca in ((-1, 0) if rb > ra else (0, 1)))):
                out[a].add(b)
    return {k: frozenset(v) for k, v in out.items()}


_NEIGHBOURS = _keyboard_neighbours()


class TypoIndex:
    """The one name a mistyped word surely means, or nothing.

    Suggestions ("did you mean ...?") may be loose; *reading* a typo as a name must not be,
    because the order is then carried out. A word is read as a name only when it is one
    slip away from it: two neighbouring letters swapped ("Sap" for Spa), one letter missing or
    doubled ("Sevastpol", "Vieni"), or one letter replaced by its neighbour on the keyboard
    ("Lie" for Kie). The kinds are tried in that order (the most common slips first) and the
    first kind that finds anything decides: exactly one identifier, or no reading at all.

    Lookups cost the same however many names there are: every spelling is stored under each
    of its one-letter deletions, so a word's candidates are found by a few dictionary hits
    (the "symmetric delete" idea), never by scanning the names.
    """

    def __init__(self, min_length: int = 3) -> None:
        self.min_length = min_length
        self._exact: dict[str, set[str]] = {}
        self._deletes: dict[str, set[str]] = {}  # spelling minus one letter -> spellings

    def add(self, spelling: str, ident: str) -> None:
        key = normalize(spelling)
        if not key:
            return
        self._exact.setdefault(key, set()).add(ident)
        for d in _deletions(key):
            self._deletes.setdefault(d, set()).add(key)

    def lookup(self, word: str) -> set[str]:
        """Identifiers ``word`` is a single slip away from, by the first kind of slip that
        finds any (empty when the word is too short or nothing is that close)."""
        w = normalize(word)
        if len(w) < self.min_length or w in self._exact:
            return set()
        swapped: set[str] = set()
        missing_or_extra: set[str] = set()
        neighbour: set[str] = set()
        for d in _deletions(w):
            missing_or_extra |= self._exact.get(d, set())  # the word has a letter too many
            for key in self._deletes.get(d, ()):  # same length as the word, one letter apart
                kind = _same_length_slip(w, key)
                if kind == "swap":
                    swapped |= self._exact[key]
                elif kind == "neighbour":
                    neighbour |= self._exact[key]
        for key in self._deletes.get(w, ()):  # the word lacks a letter
            missing_or_extra |= self._exact[key]
        for found in (swapped, missing_or_extra, neighbour):
            if found:
                return found
        return set()


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1:] for i in range(len(word))}


def _same_length_slip(a: str, b: str) -> str | None:
    """"swap" (two neighbouring letters exchanged), "neighbour" (one letter replaced by a
    key next to it), or None, for two words of the same length."""
    if len(a) != len(b) or a == b:
        return None
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    if len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] \
            and a[diff[1]] == b[diff[0]]:
        return "swap"
    if len(diff) == 1 and b[diff[0]] in _NEIGHBOURS.get(a[diff[0]], frozenset()):
        return "neighbour"
    return None
