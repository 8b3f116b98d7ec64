""""Did you mean ...?" for names a player mistyped.

Game-agnostic on purpose: the Diplomacy parser feeds it province names and aliases, the Axis &
Allies parser territory names, both get back the *display* names a player recognises
("Burgundy", not ``bur``). Matching ignores case, spaces and punctuation, because players on
phones drop them freely ("stpetersburg", "Mid Atlantic").
"""

from __future__ import annotations

import difflib
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
