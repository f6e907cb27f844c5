"""What the catalogs (.po) say, read with polib: the words a test expects the player to read."""

from pathlib import Path

import polib
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).parents[1]


def catalog_paths(language: str) -> list[Path]:
    """The game's catalog and every built-in plugin's, in ``language``."""
    return [ROOT / "locales" / language / "LC_MESSAGES" / "game.po",
            *sorted(ROOT.glob(f"plugins/*/locales/{language}/LC_MESSAGES/*.po"))]


def read_catalog(language: str) -> dict[str, str]:
    """Every translated, non-fuzzy message without plural forms of the game and its built-in plugins."""
    return {entry.msgid: entry.msgstr for path in catalog_paths(language) for entry in polib.pofile(str(path))
            if entry.translated() and not entry.msgid_plural}


def _text(value: str | list[str] | tuple[str, ...] | None) -> str | tuple[str, ...]:
    """A message's id or text as a .mo holds it: a string, or a tuple of plural forms (none: "")."""
    if value is None:
        return ""
    return value if isinstance(value, str) else tuple(value)


def po_words(path: Path) -> dict[str | tuple[str, ...], str | tuple[str, ...]]:
    """A .po's translated, non-fuzzy messages (plural ones as tuples), as a compiled .mo should hold them."""
    with path.open("rb") as source:
        return {_text(m.id): _text(m.string) for m in read_po(source) if m.id and not m.fuzzy
                and all(_text(m.string))}


def mo_words(path: Path) -> dict[str | tuple[str, ...], str | tuple[str, ...]]:
    with path.open("rb") as source:
        return {_text(m.id): _text(m.string) for m in read_mo(source) if m.id}
