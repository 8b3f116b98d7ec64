"""Orders pasted from a forum post: drop quoted posts and BBCode markup.

Forum players reply by quoting the previous post (often someone else's orders) and
decorate their own with ``[b]`` or ``[color=red]``. Only the poster's own text counts:
``[quote]...[/quote]`` blocks (nested too) and SMF-style "Quote from: X" headers are
removed, tags are stripped and their content kept (``[code]`` content included).
"""

from __future__ import annotations

import html
import re

_TAG_NAMES = (r"quote|b|i|u|s|strike|code|color|colour|size|font|url|img|spoiler|list|\*|center"
              r"|left|right|align|sup|sub|pre|hr|table|tr|td|indent|highlight|youtube|email")
_TAG = re.compile(rf"\[/?(?:{_TAG_NAMES})(?:[= ][^\]\n]*)?\]", re.IGNORECASE)
_QUOTE_TAG = re.compile(r"\[quote(?:[= ][^\]\n]*)?\]|\[/quote\]", re.IGNORECASE)
_DROP_WITH_CONTENT = re.compile(r"\[(img|youtube)(?:[= ][^\]\n]*)?\].*?\[/\1\]", re.IGNORECASE | re.DOTALL)
_QUOTE_HEADER = re.compile(r"^\s*Quote\s+from:.*$", re.IGNORECASE | re.MULTILINE)


def looks_like_bbcode(text: str) -> bool:
    return bool(_TAG.search(text))


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
    text = _DROP_WITH_CONTENT.sub("", text)
    text = _QUOTE_HEADER.sub("", text)
    text = re.sub(r"\[\*\]", "\n", text)
    text = _TAG.sub("", text)
    text = html.unescape(text) if "&" in text else text
    lines = [ln.rstrip() for ln in text.split("\n")]
    while lines and not lines[-1].strip():
        lines.pop()
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
