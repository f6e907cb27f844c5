"""The plain exhaustive search the solver is checked against: every legal move, nothing pruned.

Its only merging of positions is the exact one: two positions the rules see alike (the waste's
fan is display only, and with unlimited passes the number already made limits nothing), up to the
order of the columns (no rule names a column, so a win from one is a win from the other).
"""

from solitaire_klondike.core import NO_LIMIT, Position


def reference_winnable(position: Position, limit: int = 2_000_000) -> bool:
    """Whether any sequence of legal moves wins; ``AssertionError`` past ``limit`` positions."""
    p = position.copy()
    unlimited = p.recycle_limit == NO_LIMIT

    def key() -> tuple:
        columns = tuple(sorted(zip(p.hidden, map(tuple, p.tableau))))
        talon = (tuple(p.stock), tuple(p.waste), tuple(p.foundations))
        return (columns, talon) if unlimited else (columns, talon, p.recycles)

    seen = {key()}
    frames = [iter(p.legal_moves())]
    made: list[tuple] = []
    while frames:
        move = next(frames[-1], None)
        if move is None:
            frames.pop()
            if made:
                p.unmake(*made.pop())
            continue
        token = p.make(move)
        if p.is_won():
            return True
        state = key()
        if state in seen:
            p.unmake(move, token)
            continue
        seen.add(state)
        assert len(seen) < limit, "endgame too big for the reference search"
        made.append((move, token))
        frames.append(iter(p.legal_moves()))
    return False
