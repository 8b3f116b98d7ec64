"""Orders pasted from a forum post: drop quoted posts, forum headings and BBCode markup.

Forum players reply by quoting the previous post (often someone else's orders) and
decorate their own with ``[b]`` or ``[color=red]``. Only the poster's own text counts:
``[quote]...[/quote]`` blocks (nested too) and SMF-style "Quote from: X" headers are
removed, tags are stripped and their content kept (``[code]`` content included). What a
forum adds around a post when it is copied ("« Reply #3 on: ... »", "Post by X » date",
"Logged", "Click to expand...") is removed too: it is the forum's, not the player's.

The same post often arrives by mail (a player copies it into a message to the judge), so
the line-preserving helpers (:func:`bbcode_quote_lines`, :func:`strip_bbcode_line`,
:func:`is_forum_heading`) are used by the mail desk, whose replies count lines.
"""

from __future__ import annotations

import re

_TAG_NAMES = (r"quote|b|i|u|s|strike|code|color|colour|size|font|url|img|spoiler|list|\*|center"
              r"|left|right|align|sup|sub|pre|hr|table|tr|td|indent|highlight|youtube|email")
# Every pattern here runs on text a stranger sent: none may backtrack more than linearly
# (tests/desk/test_slow_patterns.py). So a tag's attribute stops at the next "[" as well as
# at "]" (else each "[b=" of a long line would scan to its end), and a leading "\s*" is
# never followed by another optional run that can match the same spaces.
_ATTR = r"(?:[= ][^\[\]\n]*)?"
_TAG = re.compile(rf"\[/?(?:{_TAG_NAMES}){_ATTR}\]", re.IGNORECASE)
_QUOTE_TAG = re.compile(rf"\[quote{_ATTR}\]|\[/quote\]", re.IGNORECASE)
_MEDIA_OPEN = re.compile(rf"\[(img|youtube){_ATTR}\]", re.IGNORECASE)
_MEDIA_CLOSE = {name: re.compile(rf"\[/{name}\]", re.IGNORECASE) for name in ("img", "youtube")}
_QUOTE_HEADER = re.compile(r"^[ \t]*(?:Quote\s+from:|Originally\s+Posted\s+by\b).*$",
                           re.IGNORECASE | re.MULTILINE)
_FORUM_HEADING = re.compile(
    r"""^\s*(?:
        (?:«\s*)?(?:Reply\s+\#\d+\s+on|Last\s+Edit|Quote\s+from)\s*:.*   # SMF
      | (?:Post\s+)?by\s+\S.{0,60}»\s*\w{3}\s+\w{3}\s+\d{1,2},\s+\d{4}.*   # phpBB
      | Originally\s+Posted\s+by\b.*                               # vBulletin
      | Logged | Click\s+to\s+expand\.\.\. | Report\s+post | Back\s+to\s+top
    )\s*$""", re.IGNORECASE | re.VERBOSE)


def drop_media(text: str) -> str:
    """Remove ``[img]...[/img]`` and ``[youtube]...[/youtube]`` with their content (a link
    is not an order). Without a closing tag the opening one is left to the tag stripper.

    A loop rather than a lazy ``.*?`` pattern: that one rescans to the end of the text
    for every unclosed ``[img]``, which is quadratic."""
    out: list[str] = []
    pos = 0
    unclosed: set[str] = set()  # no closing tag after this point: never look again
    while True:
        m = _MEDIA_OPEN.search(text, pos)
        if m is None:
            break
        name = m.group(1).lower()
        close = None if name in unclosed else _MEDIA_CLOSE[name].search(text, m.end())
        if close is None:
            unclosed.add(name)
            out.append(text[pos:m.end()])
            pos = m.end()
            continue
        out.append(text[pos:m.start()])
        pos = close.end()
    out.append(text[pos:])
    return "".join(out)


def looks_like_bbcode(text: str) -> bool:
    return bool(_TAG.search(text))


def is_forum_heading(line: str) -> bool:
    """Whether ``line`` is something a forum prints around a post (SMF's "« Reply #3 on:
    ... »", phpBB's "Post by X » Sat Mar 01, 2025", "Logged"...), not the poster's text."""
    return bool(_FORUM_HEADING.match(line))


def bbcode_quote_lines(lines: list[str]) -> set[int]:
    """Indices of the lines inside ``[quote]...[/quote]`` blocks (nested too; an unclosed
    quote runs to the end), the tag lines included: someone else's post, never read.
    A line holding text outside the quote as well is left to :func:`strip_bbcode_line`."""
    inside: set[int] = set()
    depth = 0
    for i, line in enumerate(lines):
        touched = depth > 0
        outside: list[str] = []
        pos = 0
        for m in _QUOTE_TAG.finditer(line):
            touched = True
            if depth == 0:
                outside.append(line[pos:m.start()])
            depth = max(0, depth - 1) if m.group(0).lower().startswith("[/") else depth + 1
            pos = m.end()
        if depth == 0:
            outside.append(line[pos:])
        if touched and not "".join(outside).strip():
            inside.add(i)
    return inside


def strip_bbcode_line(line: str) -> str:
    """One line without its BBCode: tags removed and their content kept, ``[img]`` and
    inline quotes dropped, list bullets ``[*]`` removed."""
    line = strip_quote_blocks(line)
    line = drop_media(line)
    line = _TAG.sub("", line)
    if "&" not in line:
        return line
    import html  # only for an entity: a plain submission need not load its tables

    return html.unescape(line)


def strip_quote_blocks(text: str) -> str:
    """Remove ``[quote]`` blocks, nested ones included; an unclosed quote runs to the end."""
    out: list[str] = []
    depth = 0
    pos = 0
    for m in _QUOTE_TAG.finditer(text):
        if depth == 0:
            out.append(text[pos:m.start()])
        if m.group(0).lower().startswith("[/"):
            depth = max(0, depth - 1)
        else:
            depth += 1
        pos = m.end()
    if depth == 0:
        out.append(text[pos:])
    return "".join(out)


def clean_forum_post(text: str) -> str:
    """The poster's own text from a pasted post, markup removed, one order per line kept."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = strip_quote_blocks(text)
    text = drop_media(text)
    text = _QUOTE_HEADER.sub("", text)
    text = "\n".join("" if is_forum_heading(ln) else ln for ln in text.split("\n"))
    text = re.sub(r"\[\*\]", "\n", text)
    text = _TAG.sub("", text)
    if "&" in text:
        import html

        text = html.unescape(text)
    lines = [ln.rstrip() for ln in text.split("\n")]
    while lines and not lines[-1].strip():
        lines.pop()
    while lines and not lines[0].strip():
        lines.pop(0)
    if lines and re.match(r"^\s*Re:\s", lines[0], re.IGNORECASE):
        lines.pop(0)  # the post's title ("Re: Spring 1901 orders"), copied with the post
        while lines and not lines[0].strip():
            lines.pop(0)
    return "\n".join(lines) + ("\n" if lines else "")


def prepare_forum_submission(folder, text: str, mode: str = "auto") -> tuple[str, str]:
    """Clean a pasted post for ``adj orders`` (``mode``: auto, forum, plain).

    Returns the text to submit and its source tag. The post as pasted is archived
    verbatim in the game's ``desk/inbox/`` so the moderator can always see what came in;
    the submission keeps only what counts (quoted orders of others must never be parsed).
    """
    from adjudicator.desk.audit import game_audit
    from adjudicator.store import atomic_write, file_stamp, sha256_text

    if mode == "plain" or (mode == "auto" and not looks_like_bbcode(text)):
        return text, "cli"
    cleaned = clean_forum_post(text)
    path = folder.path / "desk" / "inbox" / f"forum-{file_stamp()}-{sha256_text(text)[:12]}.txt"
    atomic_write(path, text, mode=0o600)
    game_audit(folder.path).append("forum-post", {"archive": path.name,
                                                  "sha256": sha256_text(text),
                                                  "cleaned_sha256": sha256_text(cleaned)})
    return cleaned, "forum"
