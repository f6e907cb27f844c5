"""How numbers, durations, scores and variants read for the player, in the current language.

One module for the desktop and the command line: numbers and percentages come from Babel for the
language set with :func:`solitaire_klondike.core.set_language`; a score is written by its scoring
plugin; a variant's name comes from its plugins' own catalogs.
"""

from solitaire_klondike.core import PluginError, Plugins, current_language


def number_text(number: float) -> str:
    from babel.numbers import format_decimal  # here: the game window's first frame needs no Babel

    return format_decimal(number, locale=current_language())


def percent_text(fraction: float) -> str:
    """``0.5`` → ``"50%"`` (``"50 %"`` in Spanish...)."""
    from babel.numbers import format_percent

    return format_percent(fraction, locale=current_language())


def duration_text(seconds: float) -> str:
    """A time as a clock reads it, to the nearest second (75.5 s is ``1:16``), with hours from an hour."""
    minutes, secs = divmod(int(seconds + 0.5), 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return f"{number_text(hours)}:{minutes:02}:{secs:02}"
    return f"{minutes}:{secs:02}"


def scoring_token(plugins: Plugins, key: str) -> str | None:
    """The installed scoring plugin's token that a variant key (``"D3V"``) or a token (``"V"``) ends
    with, the longest first; ``None`` when none does."""
    scorings = sorted(plugins.variants("scoring"), key=len, reverse=True)
    return next((token for token in scorings if key.endswith(token)), None)


def score_text(plugins: Plugins, key: str, score: int) -> str:
    """``score`` as the scoring plugin of ``key`` (a variant key or a scoring token) writes it; a
    plain number when that plugin is not installed or fails."""
    scoring = scoring_token(plugins, key)
    if scoring is not None:
        try:
            return plugins.format_score(scoring, score)
        except PluginError:
            pass
    return number_text(score)


def variant_text(plugins: Plugins, key: str) -> str:
    """``"D1N"`` → ``"Draw 1 · Normal"``, each name from its plugin's catalog; the key itself when
    its plugins are not installed."""
    scoring = scoring_token(plugins, key)
    draw = plugins.variants("draw").get(key[: -len(scoring)] if scoring else "")
    if scoring is None or draw is None or draw.variant is None:
        return key
    scoring_variant = plugins.variants("scoring")[scoring].variant
    assert scoring_variant is not None  # variants() lists plugins that declared one
    return f"{draw.variant.translated_name()} · {scoring_variant.translated_name()}"
