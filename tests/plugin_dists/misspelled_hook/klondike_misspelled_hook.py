"""A scoring plugin whose author misspelled a hook name."""


def klondike_format_scroe(score: int) -> str:
    return f"{score} pts"
