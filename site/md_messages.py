"""Babel extractors for the site: Markdown pages (via mdpo) and mkdocs nav titles."""
import re

import yaml
from hook_reference import insert_reference
from mdpo.md2po import markdown_to_pofile

MARKUP = re.compile(r"[*_`\[\]]|\(.*?\)")
CODE_ONLY = re.compile(r"`[^`]*`( \{ #[\w-]+ \})?")  # code, maybe with a heading id


def _plain(text):
    return " ".join(MARKUP.sub("", text).split())


def _line_of(msgid, lines, start):
    """First line at or after `start` where the message begins (0 if not found)."""
    head = _plain(msgid)[:12]
    for number in range(start, len(lines)):
        if head and head in _plain(lines[number]):
            return number + 1
    return 0


def extract_markdown(fileobj, keywords, comment_tags, options):
    """Yield one message per Markdown block, skipping text without letters and lone code spans.

    The hook reference is put in first, so that the hook docstrings are translated too.
    """
    content = insert_reference(fileobj.read().decode("utf-8"))
    lines = content.splitlines()
    last_line = 0
    for entry in markdown_to_pofile(content, wrapwidth=0):
        if CODE_ONLY.fullmatch(entry.msgid) or not any(c.isalpha() for c in entry.msgid):
            continue
        lineno = _line_of(entry.msgid, lines, max(last_line - 1, 0))
        last_line = lineno or last_line
        yield lineno, None, entry.msgid, []


def _nav_titles(items):
    for item in items:
        if isinstance(item, dict):
            for title, target in item.items():
                yield title
                if isinstance(target, list):
                    yield from _nav_titles(target)


def extract_nav(fileobj, keywords, comment_tags, options):
    """Yield the navigation titles of an mkdocs.yml file."""
    config = yaml.safe_load(fileobj)
    for title in _nav_titles(config.get("nav", [])):
        yield 0, None, title, ["Navigation title"]
