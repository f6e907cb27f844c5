"""The command line's words in the user's language."""

LANGUAGES = ("en", "ca", "el", "es", "it")


def _(message: str) -> str:
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


def set_language(language: str | None) -> str:
    return language or "en"
