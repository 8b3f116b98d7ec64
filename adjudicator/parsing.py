"""The lenient-parsing machinery every game's order parser shares.

Both parsers read a submission the same way: split it into lines, cut comments, parse each
order on its own with an LALR Lark grammar whose post-lexer folds runs of words into name
tokens, and turn whatever goes wrong into an :class:`OrderError` at the right column, in words
a player understands, with "did you mean" suggestions for a mistyped name. Keeping that here,
once, is what makes the games report errors alike (see :mod:`adjudicator.errors`).

Players do not send clean order lists. They greet, sign off, explain, paste the judge's results
with its remarks ("Bounced with mar (2 against 2)."), quote the rulebook, and mistype names. How
a line is told apart from conversation, how remarks are cut off an order, and how a mistyped
name is read (only when one name surely fits, and always said) is the same for every game, so
it lives here too (see "Conversation and remarks" below); a game supplies only its vocabulary.

This module knows no game: grammars, name tables, post-lexers, transformers, the wording of
expected words and the messages about unknown names stay in the game packages, which subclass
:class:`ItemParser`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator, Mapping
from enum import Enum
from typing import Any, NamedTuple

from adjudicator import lalr
from adjudicator.errors import OrderError
from adjudicator.lalr.runtime import (
    Token,
    Transformer,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)
from adjudicator.suggest import Suggester, normalize

# --------------------------------------------------------------------------------------------
# Lines
# --------------------------------------------------------------------------------------------

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_COMMENT = re.compile(r"#|//")


# Phones and word processors "improve" what players type: quotes around an order become
# typographic quotes (mere decoration: read as spaces) and "->" may become an en or em dash
# followed by ">". Each replacement is one character for one, so columns stay true.
_TYPOGRAPHY = str.maketrans({
    "\u201c": " ", "\u201d": " ", "\u201e": " ", "\u201f": " ", '"': " ",
    "\u00ab": " ", "\u00bb": " ", "\u2018": " ", "\u2019": " ", "\u201a": " ", "\u201b": " ",
    "\u2013": "-", "\u2014": "-", "\u2212": "-", "\u00a0": " ",
})


def numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """``(1-based line number, line)``; any line ending counts, as players paste from anywhere.
    Typographic quotes and dashes are read as plain ones (see ``_TYPOGRAPHY``)."""
    return enumerate(_LINE_BREAK.split(text.translate(_TYPOGRAPHY)), start=1)


def strip_comment(line: str, comment: re.Pattern[str] = _COMMENT) -> str:
    """The line without its comment. Cutting (not rewriting) keeps the columns of ``line``."""
    m = comment.search(line)
    return line[: m.start()] if m else line


def blank(text: str, start: int, end: int) -> str:
    """``text`` with ``[start, end)`` replaced by spaces: removes without moving any column."""
    return text[:start] + " " * (end - start) + text[end:]


# --------------------------------------------------------------------------------------------
# Conversation and remarks
#
# A submission is read the way a careful moderator reads a mail: orders are taken, the rest is
# put aside, and only what *looks like an order but is not one* is an error. Putting aside is
# never silent: the lines put aside are listed once in the acknowledgement (ParseResult.ignored).
#
# The order of the steps matters, and each is cheap (a few dictionary lookups per word, never
# a scan of the map), because every submission goes through them:
#
# 1. a quoted line ("> ...", a reply quoting someone else's mail) is never read;
# 2. banner decoration goes ("-----", "**"), then remarks in brackets or stars are cut
#    (strip_notes): "(*Fails*)", "(2 against 1)", "[6 units]", "*bounce*"; the game says which
#    brackets hold order material ("Spa(sc)", "A(Mun)", "(via convoy)") and are kept or merely
#    unwrapped;
# 3. a leading label ("Current orders:", "Spring 1901 moves:") is set aside (Conversation.label);
# 4. a line that is a sentence (Conversation.sentence: it opens like one, "I was thinking
#    A Ber - Sil", or most of its words are not order words) is conversation as a whole, even if
#    an order could be read out of it: a quoted order in a sentence is not an order;
# 5. each item is parsed; a short greeting or a results remark standing alone is conversation;
# 6. a failed item is forgiven what a human reader forgives (ItemParser.read): a name one slip
#    away from exactly one name is read as that name (and said), a results remark after a
#    complete order is dropped ("A kie - ber Bounced with pru"), two orders run together
#    without a separator are read as two;
# 7. what still fails is conversation if it reads like it (Conversation.sentence again, on
#    the item), else an error at its column, with "did you mean".
#
# The Axis & Allies parser can reuse all of it: give Conversation its vocabulary, give
# strip_notes its idea of order material in brackets, and call ItemParser.read.
# --------------------------------------------------------------------------------------------

_QUOTED = re.compile(r"^\s*>")


def is_quoted(line: str) -> bool:
    """A line quoting an earlier mail or post ("> A Par - Bur"): someone else's words, perhaps
    someone else's orders, so never read."""
    return bool(_QUOTED.match(line))


# Banners and emphasis: "----- AUSTRIA -----", "=====", "**COMMENTARY**", "___".
_DECORATION = re.compile(r"\*\*|-{3,}|={3,}|_{3,}|~{3,}")


def strip_decoration(line: str) -> str:
    """The line with banner dashes and markdown emphasis blanked (columns kept)."""
    for m in list(_DECORATION.finditer(line)):
        line = blank(line, m.start(), m.end())
    return line


class NoteKind(Enum):
    """What a bracketed (or starred) part of a line is."""

    KEEP = "keep"  # part of the order as written: "Spa(sc)", "(via convoy)"
    UNWRAP = "unwrap"  # order material in brackets: "A(Mun)", "(F Rum->Bul(ec))"; brackets go
    DROP = "drop"  # a remark: "(*Fails*)", "(2 against 1)", "[6 units]", "*bounce*"


_BRACKETS = {"(": ")", "[": "]", "{": "}", "<": ">"}
_ANY_BRACKET = re.compile(r"[(\[{<]")
_OPENING = {v: k for k, v in _BRACKETS.items()}
# "*bounce*", "*Fails* SEE BELOW*"... a star followed by a non-space, closed on the same line.
# "* A Par - Bur" (a bullet) does not open one.
_STARRED = re.compile(r"\*(?=[^\s*])[^*\n]*?(?<=[^\s*])\*|\*[^\s*]\*")


def strip_notes(line: str, classify: Callable[[str], NoteKind], brackets: str = "([{<") -> str:
    """``line`` with its remarks blanked (columns kept).

    Remarks are bracketed groups ``(...)``, ``[...]``, ``{...}``, ``<...>`` and starred groups
    ``*...*``; ``classify`` (the game's) says for each group's content whether it is a remark,
    order material to unwrap, or part of the order to keep. Groups are taken outermost first,
    and an unwrapped group's content is looked at again ("((A Ser S A Bul))"). An arrow's
    ``>`` never closes a ``<``, and unbalanced brackets are left for the parser to report.
    ``brackets`` lists the opening brackets that make groups: a game whose orders compare
    numbers ("retreat if units < 3 or loss > 20") leaves ``<`` out.
    """
    if "*" not in line and not any(b in line for b in brackets):
        return line  # the usual case, and a submission's every line comes here
    for m in list(_STARRED.finditer(line)):
        kind = classify(m.group()[1:-1])
        if kind is NoteKind.DROP:
            line = blank(line, m.start(), m.end())
        elif kind is NoteKind.UNWRAP:
            line = blank(blank(line, m.start(), m.start() + 1), m.end() - 1, m.end())
    return _strip_groups(line, 0, len(line), classify, brackets)


# BBCode tags are left alone: a forum post is cleaned by the desk (adjudicator.desk.forum), and
# in a text that was not, "[quote]A Mun - Bur[/quote]" must not become someone else's order.
_BBCODE_TAG = re.compile(
    r"/?(?:quote|b|i|u|s|strike|code|colou?r|size|font|url|img|spoiler|list|\*|center|left"
    r"|right|align|sup|sub|pre|hr|table|tr|td|indent|highlight|youtube|email)(?:[= ].*)?",
    re.IGNORECASE)


def _strip_groups(line: str, start: int, end: int, classify: Callable[[str], NoteKind],
                  brackets: str = "([{<") -> str:
    stack: list[tuple[str, int]] = []
    groups: list[tuple[int, int]] = []
    for i in range(start, end):
        ch = line[i]
        if ch in _BRACKETS and ch in brackets:
            stack.append((ch, i))
        elif ch in _OPENING and stack and stack[-1][0] == _OPENING[ch]:
            if ch == ">" and i > 0 and line[i - 1] in "-=–—":
                continue  # the head of an arrow ("->", "=>")
            _, s = stack.pop()
            if not stack:
                groups.append((s, i))
    for s, e in groups:
        if line[s] == "[" and _BBCODE_TAG.fullmatch(line[s + 1:e]):
            continue
        kind = classify(line[s + 1:e])
        if kind is NoteKind.DROP:
            line = blank(line, s, e + 1)
        elif kind is NoteKind.UNWRAP:
            line = blank(blank(line, s, s + 1), e, e + 1)
            line = _strip_groups(line, s + 1, e, classify, brackets)
    return line


class Label(NamedTuple):
    """A leading "label:" of a line: where the rest starts, and whether the label itself says
    the line is an example (then the whole line is conversation)."""

    rest: int
    example: bool


_LABEL = re.compile(r"^\s*(?P<label>[^:;,()\[\]\-–—>→⇒=]{1,60}?)\s*:(?=\s|$)")
# A word: letters, digits and "_" together ("Qm3k_x9", a password pasted by mistake, is one
# strange word, not three); apostrophes inside ("I'm", "Referee’s").
_WORD = re.compile(r"\w+(?:['’]\w+)*")

#: Words a label ("Current orders:", "Orders for Spring 1901:", "Order results:") is made of.
LABEL_WORDS = frozenset({
    "order", "orders", "move", "moves", "movement", "builds", "build", "adjustment",
    "adjustments", "retreat", "retreats", "disband", "disbands", "removal", "removals",
    "result", "results", "current", "final", "revised", "updated", "new", "my", "our", "here",
    "are", "is", "the", "for", "of", "this", "these", "turn", "phase", "season", "year",
    "submitted", "corrected"
})
_EXAMPLE_WORDS = frozenset({"example", "examples", "eg", "e", "g", "format", "syntax", "sample"})

#: First words of a sentence: a line opening with one is conversation (unless the word is
#: part of the game's order language, which the game's vocabulary decides).
OPENERS = frozenset({
    "i", "i'm", "im", "i'll", "i've", "i'd", "we", "we're", "we'll", "we've", "you", "you're",
    "you'll", "your", "yours", "my", "our", "me", "us", "he", "she", "they", "them", "it",
    "it's", "its", "this", "that", "these", "those", "there", "there's", "here", "here's",
    "what", "why", "how", "when", "where", "who", "which", "whose", "do", "does", "did",
    "don't", "doesn't", "didn't", "is", "isn't", "are", "aren't", "was", "wasn't", "were",
    "will", "won't", "would", "could", "should", "can", "can't", "cannot", "may", "might",
    "must", "shall", "please", "just", "also", "so", "but", "and", "or", "yet", "well", "ok",
    "okay", "sure", "yes", "yeah", "yep", "no", "nope", "sorry", "thanks", "thank", "cheers",
    "hi", "hello", "hey", "dear", "regards", "best", "sincerely", "note", "ps", "btw", "fyi",
    "lol", "haha", "the", "an", "as", "in", "on", "at", "for", "with", "from", "after",
    "before", "since", "because", "although", "though", "while", "unless", "until", "about",
    "then", "perhaps", "maybe", "hopefully", "unfortunately", "honestly", "actually",
    "basically", "congratulations", "congrats", "gg", "glhf", "gl", "wtf", "let's", "lets",
    "let", "sent", "sending", "send", "see", "talk", "looking", "hope", "good", "great", "nice",
    "anyway", "anyways"
})

#: First words of a greeting or sign-off: an item opening with one, a few words long, is
#: conversation on its own ("Hi all", "Thanks, Bob", "Cheers") and takes nothing else with it.
GREETINGS = frozenset({
    "hi", "hello", "hey", "dear", "greetings", "thanks", "thank", "thx", "ty", "cheers",
    "regards", "best", "sincerely", "yours", "love", "bye", "ciao", "gl", "glhf", "gg", "salut",
    "hallo"
})

# What a judge writes after an order in its results, and players paste back.
_RESULT_NOTE = re.compile(
    r"^[\s.;:,*-]*(?:bounced?|bounces|dislodged|destroyed|disbanded|annihilated|fail(?:s|ed)?"
    r"|failure|succeed(?:s|ed)?|success(?:ful)?|void|cut|illegal|invalid|ordered|standoff"
    r"|stand-off|no\s+(?:convoy|order|move|moves|support|effect)|not\s+(?:possible|connected)"
    r"|support\s+cut|convoy\s+path|unit\s+destroyed|retreat\s+to|resolved|ok)\b",
    re.IGNORECASE)


def is_result_note(text: str) -> bool:
    """A remark a judge writes after an order in its results ("Bounced with mar (2 against
    2).", "Dislodged from tri", "Support cut by Move from Tunis.", "Convoy path taken: ...")."""
    return bool(_RESULT_NOTE.match(text))


# An order operator: a dash or arrow between words.
_OPERATOR = re.compile(r"[-–—>→⇒=]")


class Conversation:
    """Tells conversation from orders, given the game's order vocabulary.

    ``vocabulary(word)`` says whether a (case-folded) word belongs to the game's order language:
    a keyword, a unit type, a word of a place or power name. Everything else here is
    game-agnostic English: what greetings, sentence openers and labels look like.
    """

    def __init__(self, vocabulary: Callable[[str], bool], label_words: Collection[str] = (),
                 openers: Collection[str] = (),
                 subject: Callable[[str], bool] | None = None) -> None:
        self.vocabulary = vocabulary
        self.label_words = LABEL_WORDS | frozenset(label_words)
        self.openers = OPENERS | frozenset(openers)
        # A name that can be the subject of a sentence ("Russia has ...", "France Occupies").
        self.subject = subject or (lambda w: False)

    @staticmethod
    def words(text: str) -> list[str]:
        """The words of ``text``, case-folded, typographic apostrophes made plain."""
        return [w.casefold().replace("’", "'") for w in _WORD.findall(text)]

    def greeting(self, text: str) -> bool:
        """A short item opening like a greeting or sign-off: "Hi all", "Thanks, Bob"."""
        words = self.words(text)
        return bool(words) and words[0] in GREETINGS and len(words) <= 5 \
            and not self.vocabulary(words[0])

    def opens_like_sentence(self, text: str) -> bool:
        """The first word is one that opens sentences and no order ("I", "The", "Please"), or
        a subject followed by a word of no order ("Russia has to remove one", "Italy owns
        Naples": a power followed by its order is "France: A Par - Bur")."""
        words = self.words(text)
        if not words:
            return False
        if words[0] in self.openers and not self.vocabulary(words[0]):
            return True
        return len(words) > 1 and self.subject(words[0]) and not words[1].isdigit() \
            and not self.vocabulary(words[1])

    def mostly_words(self, text: str) -> bool:
        """Most of the words are not order words: "France Occupies Iberia!", "signoff",
        "It is now Winter 1909". Numbers count for neither side; one stray word among order
        words ("A Par - Burgundi") does not make conversation, and neither does a lone unknown
        word next to an arrow (a mistyped order)."""
        known = unknown = 0
        for w in self.words(text):
            if w.isdigit():
                continue
            if self.vocabulary(w):
                known += 1
            else:
                unknown += 1
        if unknown >= 2 and unknown > known:
            return True
        return unknown >= 1 and known == 0 and not _OPERATOR.search(text)

    def sentence(self, text: str) -> bool:
        """Conversation as a whole: opens like a sentence or is mostly other words."""
        return self.opens_like_sentence(text) or self.mostly_words(text)

    def label(self, text: str) -> Label | None:
        """A leading "label:" made of label words, order words and numbers, at least one a
        label word ("Current orders:", "Orders for Spring 1901:", "Moves:"), or None. Labels
        that say "example" mark an example, not orders."""
        m = _LABEL.match(text)
        if not m:
            return None
        words = self.words(m["label"])
        if not words:
            return None
        example = any(w in _EXAMPLE_WORDS for w in words)
        if not example and not (any(w in self.label_words for w in words) and all(
                w.isdigit() or w in self.label_words or self.vocabulary(w) for w in words)):
            return None  # "A Par:" is an order gone wrong, not a label
        return Label(m.end(), example)


# --------------------------------------------------------------------------------------------
# Names in the token stream
# --------------------------------------------------------------------------------------------

_CHUNK = re.compile(r"[^\W_]+|-")


def chunks(text: str) -> tuple[str, ...]:
    """``"Mid-Atlantic Ocean"`` -> ``("mid", "-", "atlantic", "ocean")``: dots and spaces vanish,
    so every way of spacing and punctuating a name gives the same lookup key."""
    return tuple(_CHUNK.findall(text.casefold()))


def wordish(tok: Token) -> bool:
    """A token that may be (part of) a name: a plain word, or a keyword ("North" in a name)."""
    return tok.type == "WORD" or tok.value.replace("'", "").isalpha()


def _tight(a: Token, b: Token) -> bool:
    """No space between ``a`` and ``b``: tells the hyphen in "mid-atlantic" from a move dash."""
    return a.end_pos == b.start_pos


def span_token(kind: str, value: str, first: Token, last: Token) -> Token:
    """One token standing for ``first`` .. ``last``, so errors point at where the name starts."""
    return Token(kind, value, first.start_pos, first.line, first.column, last.end_line,
                 last.end_column, last.end_pos)


def name_chunks(toks: list[Token], i: int, dash: str, limit: int
                ) -> tuple[list[str], list[tuple[int, int, bool]]]:
    """The words from ``toks[i]`` on that may form a name, as chunks, and where a name may end.

    Returns ``(chunks, spans)``; each span is ``(end token index, chunk count, plain)``, where
    ``plain`` means no keyword so far (only plain words may be glued into a one-word alias).
    A ``dash`` token glued to words on both sides is a hyphen inside a name, not an operator.
    The caller tries the spans longest first against its own name tables.
    """
    out: list[str] = []
    spans: list[tuple[int, int, bool]] = []
    plain = True
    j = i
    while j < len(toks) and j - i < limit:
        t = toks[j]
        if wordish(t):
            plain = plain and t.type == "WORD"
            out.extend(_CHUNK.findall(t.value.casefold()))  # hot loop: no tuple, as in chunks()
        elif (t.type == dash and j > i and j + 1 < len(toks) and _tight(toks[j - 1], t)
              and _tight(t, toks[j + 1]) and wordish(toks[j + 1])):
            out.append("-")
        else:
            break
        j += 1
        if out[-1] != "-":
            spans.append((j, len(out), plain))
    return out, spans


def _as_is(key: tuple[str, ...]) -> list[tuple[str, ...]]:
    return [key, tuple(c for c in key if c != "-")]


class NameIndex:
    """Every spelling of one kind of name (provinces, territories, unit types), for lookup.

    A spelling is stored under its chunks (:func:`chunks`), under each variant the game's
    ``variants`` function derives from them (with and without hyphens by default;
    Diplomacy adds "Saint" for "St" and drops a trailing "Sea"), and under a compact key
    (the chunks glued, hyphens dropped) for the spaced form of a one-word alias ("Mid
    Atlantic" for "MidAtlantic"). The first identifier to claim a key keeps it, so the
    order of :meth:`add` calls settles (rare) collisions the same way on every load.
    Spellings added with a ``display`` name are offered as "did you mean" suggestions.
    """

    def __init__(self, variants: Callable[[tuple[str, ...]], list[tuple[str, ...]]] = _as_is
                 ) -> None:
        self.variants = variants
        self.keys: dict[tuple[str, ...], str] = {}
        self.compact: dict[str, str] = {}
        self._spellings: dict[str, str] = {}
        self._suggester: Suggester | None = None

    def add(self, spelling: str, ident: str, display: str | None = None) -> None:
        for variant in self.variants(chunks(spelling)):
            if variant:
                self.keys.setdefault(variant, ident)
                self.compact.setdefault("".join(c for c in variant if c != "-"), ident)
        if display is not None:
            self._spellings.setdefault(spelling, display)
            self._suggester = None

    def get(self, key: tuple[str, ...]) -> str | None:
        """The identifier a run of chunks spells exactly, or None."""
        return self.keys.get(key)

    def find(self, key: tuple[str, ...]) -> str | None:
        """:meth:`get`, also ignoring hyphens the player added ("u-boat")."""
        return self.keys.get(key) or self.keys.get(tuple(c for c in key if c != "-"))

    def find_compact(self, key: str) -> str | None:
        """The identifier whose glued spelling is ``key`` ("transjordan"), or None."""
        return self.compact.get(key)

    def prefix(self, key: str, minimum: int) -> str | None:
        """The one identifier with a glued spelling starting with ``key`` ("archan" ->
        archangel), None when there are none or several, or ``key`` is shorter than
        ``minimum``."""
        if len(key) < minimum:
            return None
        hits = {ident for k, ident in self.compact.items() if k.startswith(key)}
        return hits.pop() if len(hits) == 1 else None

    @property
    def suggester(self) -> Suggester:
        if self._suggester is None:
            self._suggester = Suggester(self._spellings)
        return self._suggester


class NamePostLexer:
    """Base of the games' post-lexers, which fold ``WORD`` runs into name tokens."""

    # No grammar rule uses WORD, so Lark would drop it from the terminals the post-lexer sees;
    # an unknown word must reach the parser to be reported at its own column.
    always_accept = ("WORD",)

    def __init__(self, table: Any) -> None:
        self.table = table


# --------------------------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------------------------


class Reading(NamedTuple):
    """A sure reading of a mistyped name: replace ``text[start:end]`` of the item by
    ``replacement`` (a spelling the parser knows, no longer than what it replaces, so columns
    stay true) and tell the player ``note`` ("'Sap' read as Spain")."""

    start: int
    end: int
    replacement: str
    note: str


class LocatedError(Exception):
    """An error at a 1-based column of the one item being parsed.

    Raised from deep inside (post-lexer, transformer) and caught per item, so one bad order is
    reported and its neighbours still count; :meth:`error` places it in the submitted text.
    ``reading`` is set when the game is sure what a mistyped name means (:meth:`ItemParser.read`
    then parses again with it).
    """

    def __init__(self, column: int, message: str, expected: tuple[str, ...] = (),
                 suggestions: tuple[str, ...] = (), reading: Reading | None = None) -> None:
        super().__init__(message)
        self.column = column
        self.message = message
        self.expected = expected
        self.suggestions = suggestions
        self.reading = reading

    def error(self, line: int, text: str, offset: int = 0) -> OrderError:
        """As an :class:`OrderError` on ``line``, the item starting ``offset`` into ``text``."""
        return OrderError(line=line, column=offset + self.column, text=text,
                          message=self.message, expected=self.expected,
                          suggestions=self.suggestions)


def categories(terminals: Collection[str]) -> set[str]:
    """Terminal categories: the name without leading ``_`` up to the next ``_``
    (``_MOVE_DASH`` -> ``MOVE``). The grammars name terminals so that a category is one thing a
    player can write, however many spellings it has."""
    return {t.lstrip("_").split("_", 1)[0] for t in terminals}


def words_for(cats: Collection[str], table: Mapping[str, str]) -> tuple[str, ...]:
    """The player's words for ``cats``, in the table's order, each wording once."""
    return tuple(dict.fromkeys(words for cat, words in table.items() if cat in cats))


def best_phrase(words: list[str], kinds: list[tuple[str, Suggester]], strict: bool = False,
                min_words: int = 1) -> tuple[str, str, tuple[str, ...]]:
    """Which leading words of ``words`` a player meant as one name, and what they meant.

    A mistyped name may span words ("Nrth Atlantic"), so every prefix of ``words`` is scored
    against every kind of name. Returns ``(phrase, kind, suggestions)``: the best-scoring prefix,
    its kind (the last kind when nothing is close) and up to three names of that kind.
    One- or two-letter words match too much, so they (and ``strict`` callers) need a closer hit.
    ``min_words`` skips shorter phrases (a first word that is a name by itself, read as unknown
    only because of the words after it).
    """
    cutoff = 0.7 if strict or len(normalize(words[0])) <= 2 else 0.6
    best: dict[str, tuple[float, str]] = {}
    phrase, phrase_score, phrase_kind = words[0], 0.0, kinds[-1][0]
    for kind, suggester in kinds:
        for k in range(min(min_words, len(words)), len(words) + 1):
            candidate = " ".join(words[:k])
            for score, display in suggester.scored(candidate, cutoff):
                if score > best.get(display, (0.0, ""))[0]:
                    best[display] = (score, kind)
                if score > phrase_score:
                    phrase, phrase_score, phrase_kind = candidate, score, kind
    ranked = sorted(best.items(), key=lambda d: -d[1][0])
    return phrase, phrase_kind, tuple(d for d, (_, kind) in ranked if kind == phrase_kind)[:3]


_PHRASE_WORD = re.compile(r"\s*([^\W\d_][\w']*(?:[.-][^\W\d_][\w']*)*)\.?")


class ItemParser:
    """A Lark LALR parser for one item (order, statement) that raises only :class:`LocatedError`.

    Subclasses give the grammar, post-lexer and transformer, and say how errors are worded:
    :meth:`expected_words` and :meth:`unknown_name`.
    """

    incomplete = "order"  # what a player calls one item: "incomplete order: expected ..."
    names: frozenset[str] = frozenset()  # terminals where a name belongs
    # Name tokens that are out of place rather than unknown (a name *of another kind* may
    # still be worth a suggestion, so this can be smaller than ``names``).
    known_names: frozenset[str] = frozenset()

    def __init__(self, grammar: str, postlex: NamePostLexer, builder: Transformer,
                 start: str | list[str] = "start") -> None:
        # Generated tables (adjudicator.lalr): no Lark import, no table building per process.
        self.lark, self.generated_tables = lalr.load(grammar, start, postlex=postlex)
        self.builder = builder
        # A mistyped name ends at a keyword: "Burgundi - Mun" is about "Burgundi" only.
        self.keywords = {t.pattern.value.casefold() for t in self.lark.terminals
                         if t.pattern.type == "str" and t.pattern.value.isalpha()}

    def parse(self, text: str, start: str = "start") -> Any:
        """Parse one item; raise :class:`LocatedError` with a column relative to ``text``."""
        try:
            return self.builder.transform(self.lark.parse(text, start=start))
        except VisitError as e:
            if isinstance(e.orig_exc, LocatedError):
                raise e.orig_exc from None
            raise
        except UnexpectedInput as e:
            raise self._explain(e, text) from None

    def read(self, text: str, start: str = "start",
             is_note: Callable[[str], bool] = is_result_note,
             max_readings: int = 3, max_items: int = 12,
             accept_head: Callable[[Any], bool] | None = None,
             run_together: bool = True) -> tuple[list[Any], list[str]]:
        """Parse one item forgiving what a careful human reader forgives: ``(results, notes)``.

        - a mistyped name the game is sure of (:attr:`LocatedError.reading`) is read as that
          name and noted, up to ``max_readings`` of them;
        - where a complete item is followed by a remark (``is_note``: "Bounced with ...",
          "Convoy path taken: ..."), the remark is dropped;
        - where a complete item is followed by another one without a separator ("A lon Holds
          F nth - eng"), both are read (up to ``max_items`` run together: a bound on the work).

        ``accept_head`` (optional) says which complete items may have something after them
        at all: a game whose sentences can start like an item ("Tanks may move ...") accepts
        only items that say enough to be an order on their own. ``run_together`` False
        reads no second item after the first (a game whose items are prefixes of one another,
        where a split would hide the real mistake).

        Raises the first error, on ``text`` as given, when the item is still not readable.
        """
        notes: list[str] = []
        work = text
        first: LocatedError | None = None
        for _ in range(max_readings + 1):
            try:
                return [self.parse(work, start)], notes
            except LocatedError as e:
                first = first or e
                r = e.reading
                if r is not None and len(r.replacement) <= r.end - r.start:
                    work = work[:r.start] + r.replacement.ljust(r.end - r.start) + work[r.end:]
                    notes.append(r.note)
                    continue
                tail = self._split_tail(work, e.column - 1, start, is_note, max_items - 1,
                                        accept_head, run_together) if max_items > 1 else None
                if tail is not None:
                    return tail[0], notes + tail[1]
                break
        assert first is not None
        raise first

    def _split_tail(self, text: str, cut: int, start: str, is_note: Callable[[str], bool],
                    max_items: int, accept_head: Callable[[Any], bool] | None = None,
                    run_together: bool = True) -> tuple[list[Any], list[str]] | None:
        """The item read as a complete item up to ``cut`` followed by a remark or by more
        items, or None. Only called on the failure path: a good item costs nothing. A comma
        or semicolon between the item and the remark belongs to neither."""
        head, rest = text[:cut].rstrip(" \t,;"), text[cut:]
        if not head.strip() or not rest.strip():
            return None
        try:
            first = self.parse(head, start)
        except LocatedError:
            return None
        if accept_head is not None and not accept_head(first):
            return None
        if is_note(rest):
            return [first], []
        if not run_together:
            return None
        try:
            more, notes = self.read(rest, start, is_note, max_items=max_items,
                                    accept_head=accept_head)
        except LocatedError:
            return None
        return [first, *more], notes

    def expected_words(self, terminals: Collection[str]) -> tuple[str, ...]:
        """What a player could have written instead of the terminals Lark expected."""
        raise NotImplementedError

    def unknown_name(self, tok: Token, text: str, terminals: Collection[str],
                     expected: tuple[str, ...]) -> LocatedError:
        """The error for an unknown word ``tok`` where one of :attr:`names` belongs."""
        raise NotImplementedError

    def _explain(self, e: UnexpectedInput, text: str) -> LocatedError:
        if isinstance(e, UnexpectedCharacters):
            return LocatedError(e.column, f"unexpected character {text[e.pos_in_stream]!r}")
        if isinstance(e, (UnexpectedToken, UnexpectedEOF)):
            expected = self.expected_words(e.expected)
            tok = getattr(e, "token", None)
            if tok is None or tok.type == "$END":
                return LocatedError(len(text.rstrip()) + 1, f"incomplete {self.incomplete}: "
                                    "expected " + " or ".join(expected), expected)
            if wordish(tok) and tok.type not in self.known_names \
                    and self.names & set(e.expected):
                return self.unknown_name(tok, text, e.expected, expected)
            shown = text[tok.start_pos:tok.end_pos] if tok.end_pos else tok.value
            return LocatedError(tok.column, f"unexpected {shown!r}: expected "
                                + " or ".join(expected), expected)
        return LocatedError(1, str(e))

    def phrase_words(self, tok: Token, text: str) -> tuple[list[str], int]:
        """Up to four words from ``tok`` on, stopping at a keyword, and where they end in
        ``text``: the raw text, since the post-lexer may have split or glued the tokens."""
        spans = self.phrase_spans(tok, text)
        return [w for w, _ in spans] or [tok.value], (spans[-1][1] if spans else tok.start_pos)

    def phrase_spans(self, tok: Token, text: str) -> list[tuple[str, int]]:
        """:meth:`phrase_words` word by word: ``(word, end offset of the word)``."""
        spans: list[tuple[str, int]] = []
        pos = tok.start_pos
        while len(spans) < 4:
            m = _PHRASE_WORD.match(text, pos)
            if not m or (spans and m[1].casefold() in self.keywords):
                break
            spans.append((m[1], m.start(1) + len(m[1])))
            pos = m.end()
        return spans
