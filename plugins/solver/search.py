"""Searches in turns, and a verdict that is never wrong.

A depth-first search of the whole game (``depth_first`` on a full board) proves: every move of the
rules, partial runs (R7) and cards taken back from a foundation (R11) included, under the
position's own draw count and recycle limit, leaving out only what ``moves`` shows cannot matter.
"Unwinnable" is said only when that search ends without a win, or when ``deadlock`` proves that
some card can never leave its place, or when a proof of an easier game ends without a win.
Beside it, a best-first hunt (``finder``) looks for a win among the moves that usually win
(``moves``' restricted board): it finds easy wins first and short lines, and proves nothing when
it fails.  A depth-first hunt on the same restricted board digs into deep lines the best-first
one leaves for later.  The rest depends on the game:
- with draw one and unlimited passes, where most deals are won, the two hunts share their turns;
- otherwise the depth-first hunt has one turn only (it finds the quick deep wins, which the hint
  wants within a second), and the other turns go to the proof of an easier game, the same position
  with draw one and unlimited passes.
  The best-first hunt's turns grow, from one turn's worth to three: the first second goes mostly to the
  proofs, which settle most positions there (the hint wants them within a second), and later ones more
  to the hunt, which finds a hard win of draw three far sooner than the proof does.  (Measured on the
  bench's draw-three deals: 190 of 200 decided within 10 s against 185 with no growth; growing to six
  turns' worth decided 188, its hunt spending seconds on lost deals, until it gives up, that the proofs
  settle.)
  The easier game's wins hold every win of the real game: in any game the talon is a row that keeps
  its order (taps and turning the waste back never reorder it) and cards only leave it, one at a
  time, from wherever the waste's top stands; with draw one and no limit on passes any card of the
  row can be brought to the waste's top at any time, and every other move is the same.  So no win there means
  no win here; a win there proves nothing and ends that search.  Its search is far smaller
  (``moves``' rules 6 and 7 apply), so it settles many lost deals that the real game's proof does
  not settle in time.  (Measured on the bench's deals, it decides more of them than the
  depth-first hunt did with those turns.)

They take short turns (counted in positions, not seconds): the proof half of them, the others
the rest.  Most positions are settled a few hundred positions deep by a depth-first search, so the
proof goes first, with a short turn (``FIRST_TURN``), and a quick win or proof of a loss waits for
no hunt; then the hunts, so that a win the best-first one finds at once waits for no long proof turn.
(Measured on the bench, against the best-first hunt first: the same deals and hints decided, the
median time of a draw-three deal 0.041 s against 0.079 s, of a hint 0.010 s against 0.031 s.)  With
draw one and unlimited passes the best-first hunt's turns are longer (it gets twice the proof's
time), so there both depth-first searches have a short first turn before it.
A table of positions already searched (up to what ``moves`` shows makes no difference) keeps each
search from searching a position twice; positions on the current line are kept apart so a line
never loops, even after the table is emptied because it grew past its size.
"""

import gc
import os
import threading
import time
from collections.abc import Callable, Generator
from typing import Final

from solitaire_klondike.core import NO_LIMIT, UNDECIDED, UNWINNABLE, WINNABLE, Position, Verdict

from .deadlock import stuck
from .finder import best_first
from .moves import ALL_UP, Board, Child, Undo, written_out

TABLE_MB_VARIABLE: Final = "SOLITAIRE_KLONDIKE_SOLVER_MB"
TABLE_MB: Final = 512
ENTRY_BYTES: Final = 200  # a key of ~80 bytes, its object header and its share of the dict's slots
CHECK_EVERY: Final = 128  # positions between two looks at the clock
TURN: Final = 10          # yields (~0.2 s of the proof's searching) a search runs before the next one's turn:
                   # counted, not timed, so that a deal gets the same verdict, line and count on every machine
# With draw one and unlimited passes, most deals are won, the hard ones mostly by the best-first hunt
# within a few seconds: it gets 6/10 of the time, the proof 3/10 and the depth-first hunt 1/10 (the shares
# that decided most of the bench's deals, counted in positions).  A yield of the best-first hunt comes
# after about 1/8 of the time of one of the proof's, and one of the depth-first hunt (on a restricted
# board, fewer moves per position) after about 1/2.6 of it.
BEST_TURN, HUNTER_TURN = 32 * TURN, 17
FIRST_TURN: Final = 2     # yields of a depth-first search's short first turn (above)
# Otherwise the best-first hunt's turn grows by TURN yields each time, up to this (above)
BEST_GROWS_TO: Final = 3 * TURN

# A search yields now and then (to let the other one run) and returns the winning line or None.
Searching = Generator[None, None, list[Child] | None]


class _OutOfTime(Exception):
    """The budget is spent or the caller cancelled."""


def table_entries() -> int:
    """How many positions the tables hold before they are emptied (``SOLITAIRE_KLONDIKE_SOLVER_MB``)."""
    megabytes = float(os.environ.get(TABLE_MB_VARIABLE, TABLE_MB))
    return max(1000, int(megabytes * 1_000_000 / ENTRY_BYTES))


def solve(position: Position, budget: float, cancel: Callable[[], bool], entries: int | None = None,
          quick_proof: bool = True, finder: bool = True) -> Verdict:
    """Search ``position`` for at most ``budget`` seconds.  ``quick_proof`` first tries the proof of
    ``deadlock`` and ``finder`` runs the best-first search beside the proof (both off only to test
    the depth-first search alone)."""
    _COLLECTOR.pause()
    try:
        return _Solver(position, budget, cancel, entries or table_entries()).run(quick_proof, finder)
    finally:
        _COLLECTOR.resume()


class _Collector:
    """Python's cycle collector is paused while any search runs (searches may run in several threads): the
    searches make no reference cycles, and its passes over the positions a search keeps cost 3-6 % of the
    time of a long one (measured on KL1-D3N-BBBCQDT and XXYSVOB).  Left off if it was off."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.searches = 0
        self.was_on = False

    def pause(self) -> None:
        with self.lock:
            if not self.searches:
                self.was_on = gc.isenabled()
                gc.disable()
            self.searches += 1

    def resume(self) -> None:
        with self.lock:
            self.searches -= 1
            if not self.searches and self.was_on:
                gc.enable()


_COLLECTOR: Final = _Collector()


def easier_game(position: Position) -> Position:
    """The position with draw one and unlimited passes: its wins hold every win of ``position`` (above)."""
    easier = position.copy()
    easier.draw_count, easier.recycle_limit = 1, NO_LIMIT
    return easier


class _Solver:
    def __init__(self, position: Position, budget: float, cancel: Callable[[], bool], entries: int) -> None:
        self.root = position.copy()
        self.start = time.perf_counter()
        self.deadline = self.start + budget
        self.cancel = cancel
        self.entries = entries
        self.states = 0
        self.hidden_at_start = sum(position.hidden)
        self.best_progress = -1
        self.best_child: Child | None = None

    def run(self, quick_proof: bool, finder: bool) -> Verdict:
        p = self.root
        if p.is_won():
            return self.verdict(WINNABLE, [])
        if self.cancel():
            return self.verdict(UNDECIDED, [])
        if quick_proof and stuck(p):
            return self.verdict(UNWINNABLE, [])
        board = Board(p.copy())
        prover = self.depth_first(board, self.entries // 2)
        searches = [prover]
        easier = retiring = growing = None
        longer: dict[Searching, int] = {}       # yields per turn, where not TURN
        first_turns: dict[Searching, int] = {}  # yields of a search's first turn, where shorter
        if finder:
            # the proof takes half the turns and half the table; the others share the rest
            share = self.entries // (4 if board.free_talon else 6)
            best = best_first(self, Board(p.copy(), restricted=True), share)
            hunter = self.depth_first(Board(p.copy(), restricted=True), share)
            if board.free_talon:
                searches = [hunter, prover, best, prover]   # the depth-first ones first, for a short turn (above)
                longer = {best: BEST_TURN, hunter: HUNTER_TURN}
                first_turns = {hunter: FIRST_TURN, prover: FIRST_TURN}
            else:
                easier = self.depth_first(Board(easier_game(p)), share, easier=True)
                searches = [prover, hunter, best, prover, easier, prover, best, prover]
                retiring = hunter   # one turn only (see below)
                first_turns = {prover: FIRST_TURN}
                growing = best
        searched = dict.fromkeys(searches, 0)   # positions each search has searched
        turns = dict.fromkeys(searches, TURN) | longer
        turn = 0
        while True:
            search = searches[turn % len(searches)]
            before = self.states
            try:
                for _ in range(first_turns.pop(search, turns[search])):
                    next(search)
                    now = time.perf_counter()
                    if now > self.deadline or self.cancel():
                        break
            except StopIteration as stop:
                if stop.value is not None and search is not easier:
                    return self.verdict(WINNABLE, stop.value, searched[search] + self.states - before)
                if stop.value is None and search in (prover, easier):
                    return self.verdict(UNWINNABLE, [])
                # A win of the easier game proves nothing here.  A hunt ran out: the depth-first one has
                # then searched every position the moves of a restricted board reach, so the best-first
                # one (same moves) cannot win either.
                dropped = (search, best) if search is hunter else (search,)
                searches = [s for s in searches if s not in dropped]
                turn = 0
                continue
            searched[search] += self.states - before
            if search is growing:
                turns[search] = min(turns[search] + TURN, BEST_GROWS_TO)
            if search is retiring:
                # one turn of the depth-first hunt (the deep wins of the first second), then its table is
                # freed and its turns go to the easier game's proof, or to the others once that has ended
                # (an ended search is never put back: its next turn would end it again, as if it had lost)
                search.close()
                if easier in searches:
                    searches = [easier if s is search else s for s in searches]
                else:
                    searches.remove(search)
            if now > self.deadline or self.cancel():
                return self.verdict(UNDECIDED, [])
            turn += 1

    def seen(self, progress: int, first: Child) -> None:
        """Count a position searched, and keep the first move of the line that went farthest."""
        self.states += 1
        if progress > self.best_progress:
            self.best_progress, self.best_child = progress, first

    def depth_first(self, board: Board, entries: int, easier: bool = False) -> Searching:
        """Depth first from the position: the winning line, or ``None`` when there is none among the
        moves ``board`` tries (so none at all when it is not ``restricted``).  The table holds at most
        ``entries`` positions.  The moves of an ``easier`` game are never offered as the best one found.

        The table maps a key to the talon places already searched with it (bits, see
        ``Board.reached_from``): a position whose place taps reach from one of them is not searched.
        """
        p = board.p
        start = (board.key(), board.place())
        board.keep()
        table = dict([start])
        on_line = [start]
        frames = [(board.children(), [0])]
        line: list[Child] = []
        undos: list[list[Undo]] = []
        count = 0
        while frames:
            children, at = frames[-1]
            i = at[0]
            if i == len(children):
                frames.pop()
                on_line.pop()
                if line:
                    board.take_back(line.pop(), undos.pop())
                    board.leave()
                continue
            at[0] = i + 1
            child = children[i]
            undo = board.play(child)
            if p.foundations == ALL_UP:
                line.append(child)
                return line
            other = board.other_form(child)
            if other is not None:
                children.append(other)  # tried later, from the same position
            key = board.key(child)
            places = table.get(key, 0)
            if places & board.reached_from() or (board.one_pass and child[0][1] > len(undo[0][1]) and stuck(p)):
                # a position searched already, or (taps passed cards into a waste that never goes back)
                # one where some card can never leave its place: no win from there (``deadlock``)
                board.take_back(child, undo)
                continue
            if len(table) >= entries:
                table = {}  # emptied when full: the line's own positions stay
                for k, bit in on_line:
                    table[k] = table.get(k, 0) | bit
                places = table.get(key, 0)
            place = board.place()
            table[key] = places | place
            board.keep()
            line.append(child)
            undos.append(undo)
            on_line.append((key, place))
            if easier:
                self.states += 1
            else:
                self.seen(board.progress(self.hidden_at_start), line[0])
            count += 1
            if count % CHECK_EVERY == 0:
                yield
            frames.append((board.children(), [0]))
        return None

    def verdict(self, verdict: str, line: list[Child], found_after: int = 0) -> Verdict:
        moves = tuple(written_out(self.root, line))
        best = None
        if verdict == UNDECIDED and self.best_child is not None:
            best = written_out(self.root, [self.best_child])[0]
        return Verdict(verdict, moves, best, self.states, time.perf_counter() - self.start, found_after)
