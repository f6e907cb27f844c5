"""A depth-first search of every position reachable from the given one.

First version: plain and exhaustive, nothing pruned but positions already searched.
"""

import time
from collections.abc import Callable

from solitaire_klondike.core import NO_LIMIT, UNDECIDED, UNWINNABLE, WINNABLE, Move, Position, Verdict

CHECK_EVERY = 512


def solve(position: Position, budget: float, cancel: Callable[[], bool]) -> Verdict:
    start = time.perf_counter()
    deadline = start + budget
    # With unlimited passes the number of recycles changes nothing that can be reached.
    unlimited = position.recycle_limit == NO_LIMIT

    def key() -> tuple[object, ...]:
        full = position.key()
        return full[:5] if unlimited else full[:5] + full[6:]

    if position.is_won():
        return Verdict(WINNABLE, (), None, 1, time.perf_counter() - start)
    if cancel():
        return Verdict(UNDECIDED, (), None, 0, time.perf_counter() - start)
    seen = {key()}
    line: list[Move] = []
    tokens: list[int] = []
    frames = [iter(position.legal_moves())]
    while frames:
        move = next(frames[-1], None)
        if move is None:
            frames.pop()
            if line:
                position.unmake(line.pop(), tokens.pop())
            continue
        token = position.make(move)
        if position.is_won():
            line.append(move)
            return Verdict(WINNABLE, tuple(line), None, len(seen), time.perf_counter() - start)
        state = key()
        if state in seen:
            position.unmake(move, token)
            continue
        seen.add(state)
        if len(seen) % CHECK_EVERY == 0 and (time.perf_counter() > deadline or cancel()):
            best = line[0] if line else move
            return Verdict(UNDECIDED, (), best, len(seen), time.perf_counter() - start)
        line.append(move)
        tokens.append(token)
        frames.append(iter(position.legal_moves()))
    return Verdict(UNWINNABLE, (), None, len(seen), time.perf_counter() - start)
