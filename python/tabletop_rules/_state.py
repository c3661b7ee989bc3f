"""State: one position of any registered game, an immutable value."""

from __future__ import annotations

import ctypes
import operator
from collections import deque
from fractions import Fraction
from typing import Any

import numpy as np

from . import _native as n
from ._native import lib

#: ``to_move`` at a chance node: the moves are chance outcomes.
CHANCE = -1
#: ``to_move`` once the game is over.
TERMINAL = -2

_INT64 = (-(1 << 63), (1 << 63) - 1)
_LO, _HI = n.INT32
# tr_observation's seat for "the seat to move".
_TO_MOVE = -1000
# Looked up once: the hot paths call them without attribute look-ups.
_new = object.__new__
_play_action = lib.tr_play_action
_observation = lib.tr_observation
_free_many = lib.tr_free_many

# Handles the collector dropped, freed in Go in bunches: one call for
# many, rather than one each.
_garbage: deque[int] = deque()
_BUNCH = 256


def _forked_child() -> None:
    global lib, _play_action, _observation, _free_many
    lib = n.lib
    _play_action = _observation = _free_many = n.forked
    _garbage.clear()  # the parent's handles: the child's Go runtime is gone


n.on_fork(_forked_child)


def _flush() -> None:
    """Free the handles dropped so far (thread-safe: popleft is atomic)."""
    ids = []
    try:
        while True:
            ids.append(_garbage.popleft())
    except IndexError:
        pass
    if ids:
        _free_many((ctypes.c_int32 * len(ids))(*ids), len(ids))


def _index(i: Any, what: str) -> int:
    """i as a Python int, for an index argument: any integer (numpy's
    included), never a float or bool; outside int64 an OutOfRangeError."""
    if isinstance(i, (bool, np.bool_)):
        raise TypeError(f"{what} must be an integer, not bool")
    try:
        i = operator.index(i)
    except TypeError:
        raise TypeError(f"{what} must be an integer, not {type(i).__name__}") from None
    if not _INT64[0] <= i <= _INT64[1]:
        _out_of_range(what, i)
    return i


def _out_of_range(what: str, i: int, end: int | None = None) -> None:
    from .errors import OutOfRangeError

    where = "out of range" if end is None else f"outside [0, {end})"
    raise OutOfRangeError("out-of-range", f"{what} {i} is {where}", f"{what} {i} is {where}")


def _integer(x: Any, what: str) -> int:
    """x as a Python int, for a count or an option (any integer, numpy's
    included; never a float or bool): its range is the caller's to check,
    with a ValueError."""
    if isinstance(x, (bool, np.bool_)):
        raise TypeError(f"{what} must be an integer, not bool")
    try:
        return operator.index(x)
    except TypeError:
        raise TypeError(f"{what} must be an integer, not {type(x).__name__}") from None


def _data(arr: np.ndarray) -> int:
    return arr.__array_interface__["data"][0]


class State:
    """A position of a game: an immutable value, like the Go positions.

    Playing returns a new State and leaves this one as it was. States
    compare equal (``==``) when they are the same position of the same
    variant, hash accordingly, pickle as their spec and text, and print
    (``str``) as the position text that :func:`open_position` reads back.

    Get one from :func:`open`, :func:`open_position` or :func:`from_json`;
    the constructor is not public.
    """

    __slots__ = ("_h", "_static", "_dynamic", "__weakref__")

    _h: int
    # What every position of the variant shares (seats, action spaces,
    # symmetries, observation shape), handed from a State to those it
    # plays to; and what is its own (to move, ply, hash): each fetched
    # from Go once, when first asked.
    _static: tuple[Any, ...] | None
    _dynamic: tuple[int, int, int] | None

    def __new__(cls, *args: object, **kwargs: object) -> State:
        raise TypeError("use tabletop_rules.open(spec) or open_position(spec, text) to get a State")

    @classmethod
    def _wrap(cls, handle: int, static: tuple[int, ...] | None = None) -> State:
        s = _new(cls)
        s._h = handle
        s._static = static
        s._dynamic = None
        return s

    def __del__(self) -> None:
        h = getattr(self, "_h", 0)
        if h > 0:
            _garbage.append(h)
            if len(_garbage) >= _BUNCH:
                try:
                    _flush()
                except Exception:  # interpreter shutdown: the library may be gone
                    pass

    def _fetch(self) -> None:
        i = n.info(self._h)
        shape = (i[n.PLANES], i[n.ROWS], i[n.COLS])
        size = shape[0] * shape[1] * shape[2]
        # [7:] serve observation(): its shape, a ctypes array type of its
        # size (to pass numpy's memory), the size.
        self._static = (i[n.SEATS], i[n.NUM_ACTIONS], i[n.NUM_CHANCE_ACTIONS], i[n.SYMMETRIES],
                        *shape, shape, ctypes.c_float * size, size)
        self._dynamic = (i[n.TO_MOVE], i[n.PLY], (i[n.HASH_HIGH] << 32) | i[n.HASH_LOW])

    def _s(self) -> tuple[Any, ...]:
        if self._static is None:
            self._fetch()
        return self._static  # type: ignore[return-value]

    def _d(self) -> tuple[int, int, int]:
        if self._dynamic is None:
            self._fetch()
        return self._dynamic  # type: ignore[return-value]

    # --- what the position is --------------------------------------------

    @property
    def spec(self) -> str:
        """The variant's canonical spec, e.g. ``"hex(size=11,swap=sides)"``."""
        return n.text(lambda b, c: lib.tr_text(self._h, n.TEXT_SPEC, b, c))

    @property
    def seats(self) -> int:
        """The number of seats."""
        return self._s()[0]

    @property
    def to_move(self) -> int:
        """The seat to move (0, 1, ...), or :data:`CHANCE` or :data:`TERMINAL`."""
        return self._d()[0]

    @property
    def ply(self) -> int:
        """Moves played since the start, chance outcomes included."""
        return self._d()[1]

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.to_move == TERMINAL

    @property
    def is_chance(self) -> bool:
        """Whether this is a chance node (its moves are chance outcomes)."""
        return self.to_move == CHANCE

    @property
    def result(self) -> str:
        """The result in record notation: ``"1-0"``, ``"0-1"``, ``"1/2-1/2"``,
        ``"1-0-1-0"``; ``"*"`` while the game goes on."""
        return n.text(lambda b, c: lib.tr_text(self._h, n.TEXT_RESULT, b, c))

    @property
    def reason(self) -> str:
        """Why the game ended, e.g. ``"connection"``; ``""`` while it goes on."""
        return n.text(lambda b, c: lib.tr_text(self._h, n.TEXT_REASON, b, c))

    def returns(self) -> tuple[float, ...]:
        """Each seat's return: 1 for a win, -1 for a loss, 0 for a draw (in
        games of more seats, the score less the others' mean); all 0 while
        the game goes on."""
        size = self.seats
        out = (ctypes.c_double * size)()
        n.check(lib.tr_returns(self._h, out, size))
        return tuple(out)

    # --- moves as text ----------------------------------------------------

    def moves(self) -> list[str]:
        """The legal moves (at a chance node, the chance outcomes) in
        canonical notation and order; none once the game is over."""
        s = n.text(lambda b, c: lib.tr_text(self._h, n.TEXT_MOVES, b, c))
        return s.split("\n") if s else []

    def chances(self) -> list[tuple[str, Fraction]]:
        """A chance node's outcomes with their exact probabilities, in the
        order of :meth:`moves`; none at other nodes."""
        s = n.text(lambda b, c: lib.tr_text(self._h, n.TEXT_CHANCES, b, c))
        out = []
        for line in s.split("\n") if s else []:
            move, prob = line.rsplit(" ", 1)
            out.append((move, Fraction(prob)))
        return out

    def legal(self, move: str) -> bool:
        """Whether move may be played here. Text that is no move of the
        game raises :class:`~tabletop_rules.MoveSyntaxError` (but once the
        game is over every move is simply not legal)."""
        from .errors import IllegalMoveError

        m = n.encode(move, "move")
        ret = lib.tr_legal(self._h, m, len(m))
        if ret == 0:
            return True
        err = n.error(-ret, "move")
        if isinstance(err, IllegalMoveError):
            return False
        raise err

    def play(self, move: str) -> State:
        """The position after move: a new State. Raises
        :class:`~tabletop_rules.IllegalMoveError` (or its subclass
        :class:`~tabletop_rules.GameOverError`) for a move that may not be
        played, :class:`~tabletop_rules.MoveSyntaxError` for text that is
        no move."""
        m = n.encode(move, "move")
        return State._wrap(n.check(lib.tr_play(self._h, m, len(m)), "move"), self._static)

    def canonical(self, move: str) -> str:
        """move in canonical notation (``"C4"`` becomes ``"c4"`` in Hex),
        without judging its legality."""
        m = n.encode(move, "move")
        return n.text(lambda b, c: lib.tr_canonical(self._h, m, len(m), b, c), "move")

    # --- the kit: actions, observations, symmetries ------------------------

    @property
    def num_actions(self) -> int:
        """The size of the variant's decision action space."""
        return self._s()[1]

    @property
    def num_chance_actions(self) -> int:
        """The size of the variant's chance action space (0 without chance)."""
        return self._s()[2]

    def legal_action_mask(self) -> np.ndarray:
        """A bool array over the node's action space (the chance space at a
        chance node): True at each legal action; all False once the game is
        over."""
        size = self.num_chance_actions if self.is_chance else self.num_actions
        buf = (ctypes.c_bool * size)()
        n.check(lib.tr_legal_mask(self._h, buf, size))
        return np.frombuffer(buf, dtype=np.bool_)

    def legal_actions(self) -> np.ndarray:
        """The legal actions' indices, ascending, as int32 (at a chance
        node, the chance indices of its outcomes)."""
        return np.flatnonzero(self.legal_action_mask()).astype(np.int32)

    def play_action(self, action: int) -> State:
        """The position after the move of index action (at a chance node,
        the chance outcome), as OpenSpiel's apply_action: a new State."""
        a = action if type(action) is int else _index(action, "action")
        if not _LO <= a <= _HI:
            _out_of_range("action", a, self.num_chance_actions if self.to_move == CHANCE else self.num_actions)
        h = _play_action(self._h, a)
        if h < 0:
            raise n.error(-h, "move")
        s = _new(State)
        s._h, s._static, s._dynamic = h, self._static, None
        return s

    def action_index(self, move: str) -> int:
        """move's index in its action space (the chance space for a chance
        outcome)."""
        m = n.encode(move, "move")
        return n.check(lib.tr_action_index(self._h, m, len(m)), "move")

    def action_move(self, action: int, chance: bool = False) -> str:
        """The canonical text of the decision move of index action (of the
        chance outcome, with chance=True)."""
        a = _index(action, "action")
        if not isinstance(chance, (bool, np.bool_)):
            raise TypeError(f"chance must be a bool, not {type(chance).__name__}")
        return n.text(lambda b, c: lib.tr_action_move(self._h, a, int(bool(chance)), b, c), "move")

    @property
    def observation_shape(self) -> tuple[int, int, int]:
        """The observation's shape: (planes, rows, cols)."""
        st = self._s()
        return (st[4], st[5], st[6])

    def observation(self, seat: int | None = None) -> np.ndarray:
        """The position as seen by seat (by default the seat to move): a
        float32 array of :attr:`observation_shape`, the planes each game's
        Go doc lists, seat's own pieces first. At a chance or terminal node
        pass the seat: there is none to move."""
        st = self._static or self._s()
        obs = np.empty(st[7], dtype=np.float32)
        if seat is None:
            ret = _observation(self._h, _TO_MOVE, st[8].from_buffer(obs), st[9])
            if ret < 0:
                err = n.error(-ret)
                if self.to_move < 0:
                    raise ValueError(
                        "observation(): no seat is to move at a chance or terminal node: pass seat="
                    ) from None
                raise err
        else:
            seat = _index(seat, "seat")
            if not 0 <= seat <= _HI:
                _out_of_range("seat", seat, self.seats)
            n.check(_observation(self._h, seat, st[8].from_buffer(obs), st[9]))
        return obs

    @property
    def symmetries(self) -> int:
        """The number of board transformations the rules keep, the identity
        first (k = 0)."""
        return self._s()[3]

    def transform(self, k: int) -> State:
        """The position under transformation k: the same game, its board
        transformed."""
        return State._wrap(n.check(lib.tr_transform(self._h, _index(k, "symmetry"))), self._static)

    def action_permutation(self, k: int) -> np.ndarray:
        """Transformation k as a permutation of the action space (int32):
        ``perm[i]`` is the index, in :meth:`transform`\\ (k)'s space, of the
        transformed move of index i, so ``policy_k[perm] = policy``."""
        size = self.num_actions
        perm = np.empty(size, dtype=np.int64)
        n.check(lib.tr_action_permutation(self._h, _index(k, "symmetry"), _data(perm), size))
        return perm.astype(np.int32)

    # --- value behaviour --------------------------------------------------

    def to_json(self) -> str:
        """``{"spec": ..., "position": ...}``, as the Go Dynamic marshals;
        :func:`from_json` reads it back."""
        return n.text(lambda b, c: lib.tr_text(self._h, n.TEXT_JSON, b, c))

    @staticmethod
    def from_json(data: str | bytes) -> State:
        """The State that :meth:`to_json` wrote."""
        return from_json(data)

    def diagram(self) -> str:
        """The game's text picture of the position ("" if it has none)."""
        return n.text(lambda b, c: lib.tr_text(self._h, n.TEXT_DIAGRAM, b, c))

    def __str__(self) -> str:
        return n.text(lambda b, c: lib.tr_text(self._h, n.TEXT_POSITION, b, c))

    def __repr__(self) -> str:
        return f"tabletop_rules.open_position({self.spec!r}, {str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self._h == other._h or n.check(lib.tr_equal(self._h, other._h)) == 1

    def __hash__(self) -> int:
        return hash(self._d()[2])

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return (open_position, (self.spec, str(self)))

    def __copy__(self) -> State:
        return self  # immutable

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self


def open(spec: str) -> State:  # noqa: A001 - the SDK's name, as rules.Open
    """The start position of the game and variant spec names, e.g.
    ``"hex(size=13)"`` or ``"focus(players=4,teams=true)"``."""
    s = n.encode(spec, "spec")
    return State._wrap(n.check(lib.tr_open(s, len(s)), "spec"))


def open_position(spec: str, text: str) -> State:
    """The position text describes, in the variant spec names."""
    s, t = n.encode(spec, "spec"), n.encode(text, "position")
    return State._wrap(n.check(lib.tr_open_position(s, len(s), t, len(t)), "position"))


def from_json(data: str | bytes) -> State:
    """The State that :meth:`State.to_json` wrote (exactly the fields
    ``spec`` and ``position``)."""
    if isinstance(data, str):
        data = n.encode(data, "position")
    elif not isinstance(data, (bytes, bytearray)):
        raise TypeError(f"from_json takes str or bytes, not {type(data).__name__}")
    return State._wrap(n.check(lib.tr_from_json(bytes(data), len(data)), "position"))


def games() -> list[str]:
    """The names of the games the library holds, sorted."""
    s = n.text(lambda b, c: lib.tr_games(b, c))
    return s.split("\n") if s else []
