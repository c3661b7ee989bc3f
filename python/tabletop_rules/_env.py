"""VectorEnv: many games of one variant, stepped together in Go."""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from . import _native as n
from ._native import lib
from ._state import State, _data, _index, _integer, open as _open
from .errors import BusyError, ClosedError, OutOfRangeError

_INT32 = np.iinfo(np.int32)


def _forked_child() -> None:
    global lib
    lib = n.lib


n.on_fork(_forked_child)


class VectorEnv(n.Uncopyable):
    """``num_envs`` games of one variant, stepped together in Go, with
    pgx's field names.

    After :meth:`reset` and each :meth:`step` these numpy arrays hold the
    games' state, game i's at ``[i]``:

    - ``observation``: float32, (num_envs, planes, rows, cols), each
      game's from the view of the seat to move (at a terminal position,
      of the seat that moved last);
    - ``legal_action_mask``: bool, (num_envs, num_actions); all True for a
      finished game (as pgx has it at a terminal state), whose next
      action is ignored;
    - ``current_player``: int32, (num_envs,), the seat to move, or
      :data:`~tabletop_rules.TERMINAL`;
    - ``rewards``: float32, (num_envs, seats), the returns of the games
      that ended on this step (1 win, -1 loss, 0 draw), 0 elsewhere;
    - ``terminated``: bool, (num_envs,), the game ended by its rules on
      this step;
    - ``truncated``: bool, (num_envs,), the game reached ``max_plies``
      unfinished on this step.

    A game that ended (terminated or truncated) restarts on the next
    :meth:`step`, which ignores its action and shows the new game's start
    (flags False, rewards 0). Chance outcomes (Domination's draws) are
    drawn inside, with their exact probabilities, from each game's own
    generator seeded by ``seed`` and the game's index: the same seed gives
    the same games whatever the number of cores.

    The arrays are read-only views that each call rewrites in place: copy
    what you keep. One ``step`` advances every game in Go, writes straight
    into the arrays, releases the GIL and spreads the games over the
    cores; it allocates nothing per game.

    Args:
        spec: the variant, e.g. ``"hex(size=11)"``, or a :class:`State`
            that every game starts (and restarts) from.
        num_envs: the number of games.
        seed: seeds the chance draws.
        max_plies: truncate a game after this many plies (chance outcomes
            included); None for no limit.
        workers: goroutines to spread the games over; None for every core,
            1 to step on the calling thread alone.
    """

    def __init__(
        self,
        spec: str | State,
        num_envs: int,
        seed: int = 0,
        max_plies: int | None = None,
        workers: int | None = None,
    ) -> None:
        self._h = 0
        start = spec if isinstance(spec, State) else _open(spec)
        num_envs = _integer(num_envs, "num_envs")
        seed = _integer(seed, "seed")
        if not 0 <= seed < 1 << 64:
            raise ValueError(f"seed {seed} is not in [0, 2**64)")
        if num_envs < 1 or num_envs > 1 << 24:
            raise ValueError(f"num_envs {num_envs} is not in [1, 2**24]")
        plies = 0 if max_plies is None else _integer(max_plies, "max_plies")
        if max_plies is not None and not 1 <= plies <= 1 << 30:
            raise ValueError(f"max_plies {plies} is not in [1, 2**30] (None for no limit)")
        w = 0 if workers is None else _integer(workers, "workers")
        if workers is not None and not 1 <= w <= 1024:
            raise ValueError(f"workers {w} is not in [1, 1024] (None for every core)")
        self._start = start
        self._spec: str = start.spec
        self._num_envs: int = num_envs
        self._num_actions: int = start.num_actions
        self._seats: int = start.seats
        self._observation_shape: tuple[int, int, int] = start.observation_shape
        self._max_plies: int | None = max_plies
        size = max(self._observation_shape[0] * self._observation_shape[1] * self._observation_shape[2],
                   self._num_actions)
        if num_envs * size > 1 << 31:
            raise ValueError(
                f"{num_envs} games of {self._spec} need arrays of more than 2**31 values: fewer games"
            )
        shape = (num_envs, *self._observation_shape)
        self._obs = np.zeros(shape, dtype=np.float32)
        self._mask = np.zeros((num_envs, self._num_actions), dtype=np.bool_)
        self._player = np.zeros(num_envs, dtype=np.int32)
        self._rewards = np.zeros((num_envs, self._seats), dtype=np.float32)
        self._terminated = np.zeros(num_envs, dtype=np.bool_)
        self._truncated = np.zeros(num_envs, dtype=np.bool_)
        self._actions = np.zeros(num_envs, dtype=np.int32)
        self._views = {}
        for name in ("_obs", "_mask", "_player", "_rewards", "_terminated", "_truncated"):
            view = getattr(self, name).view()
            view.flags.writeable = False
            self._views[name] = view
        self._lock = threading.Lock()
        self._h = n.check(
            lib.tr_env_new(
                start._h, num_envs, seed, plies, w,
                _data(self._obs), _data(self._mask), _data(self._player),
                _data(self._rewards), _data(self._terminated), _data(self._truncated),
            )
        )
        self.reset()

    # --- what the environment is -----------------------------------------

    @property
    def spec(self) -> str:
        """The variant's canonical spec."""
        return self._spec

    @property
    def num_envs(self) -> int:
        """The number of games."""
        return self._num_envs

    @property
    def num_actions(self) -> int:
        """The size of the action space, the width of legal_action_mask."""
        return self._num_actions

    @property
    def seats(self) -> int:
        """The number of seats, the width of rewards."""
        return self._seats

    @property
    def observation_shape(self) -> tuple[int, int, int]:
        """One game's observation shape: (planes, rows, cols)."""
        return self._observation_shape

    @property
    def max_plies(self) -> int | None:
        """The ply bound that truncates a game, or None."""
        return self._max_plies

    # --- the arrays -------------------------------------------------------

    @property
    def observation(self) -> np.ndarray:
        """float32 (num_envs, planes, rows, cols): each game from its mover's view."""
        return self._views["_obs"]

    @property
    def legal_action_mask(self) -> np.ndarray:
        """bool (num_envs, num_actions): the actions step takes for each game."""
        return self._views["_mask"]

    @property
    def current_player(self) -> np.ndarray:
        """int32 (num_envs,): the seat to move, or TERMINAL."""
        return self._views["_player"]

    @property
    def rewards(self) -> np.ndarray:
        """float32 (num_envs, seats): the returns of the games that ended on this step."""
        return self._views["_rewards"]

    @property
    def terminated(self) -> np.ndarray:
        """bool (num_envs,): the game ended by its rules on this step."""
        return self._views["_terminated"]

    @property
    def truncated(self) -> np.ndarray:
        """bool (num_envs,): the game reached max_plies on this step."""
        return self._views["_truncated"]

    # --- calls --------------------------------------------------------------

    def _enter(self, what: str) -> None:
        if not self._h:
            raise ClosedError(f"VectorEnv.{what}(): the environment is closed")
        if not self._lock.acquire(blocking=False):
            raise BusyError(f"VectorEnv.{what}(): another thread is calling this environment")

    def reset(self) -> None:
        """Restart every game."""
        self._enter("reset")
        try:
            n.check(lib.tr_env_reset(self._h))
        finally:
            self._lock.release()

    def step(self, actions: Any) -> None:
        """Play actions[i] (an action index) in game i, for every game.

        actions is any integer array (or sequence) of shape (num_envs,);
        a finished game's entry is ignored. If any action is out of range
        or illegal, nothing changes and the error names the first such
        game (its ``game`` attribute).
        """
        self._enter("step")
        try:
            a, wide = self._actions_array(actions)
            ret = lib.tr_env_step(self._h, _data(a), self._num_envs)
            if ret < 0:
                err = n.error(-ret, "move")
                if wide is not None and 0 <= err.game < len(wide) and wide[err.game]:
                    i = err.game  # an action past int32, passed as -1
                    err = OutOfRangeError(
                        "out-of-range",
                        f"game {i}: action {int(np.asarray(actions).reshape(-1)[i])} is outside "
                        f"[0, {self._num_actions})",
                        "out of range",
                        game=i,
                    )
                raise err
        finally:
            self._lock.release()

    def _actions_array(self, actions: Any) -> tuple[np.ndarray, np.ndarray | None]:
        """actions as a C-contiguous, aligned int32 array the env may pass
        to Go, and where an action did not fit in int32 (passed as -1,
        which Go refuses for a game in play and ignores for a finished
        one), or None."""
        if isinstance(actions, np.ma.MaskedArray):
            raise TypeError("actions must be a plain integer array, not a masked array")
        a = actions if isinstance(actions, np.ndarray) else np.asarray(actions)
        if a.dtype == object and a.ndim == 1:
            a = self._big_actions(a)
        if a.dtype.kind not in "iu":
            raise TypeError(f"actions must be an integer array, not {a.dtype}")
        if a.shape != (self._num_envs,):
            raise ValueError(f"actions has shape {a.shape}, want ({self._num_envs},)")
        if a.dtype == np.int32 and a.flags.c_contiguous and a.flags.aligned:
            return a, None
        wide = None
        if a.dtype.itemsize > 4 or a.dtype == np.uint32:
            wide = (a < _INT32.min) | (a > _INT32.max)
            if not wide.any():
                wide = None
        if wide is None:
            np.copyto(self._actions, a, casting="unsafe")  # every value fits: exact
        else:
            np.copyto(self._actions, np.where(wide, -1, a), casting="unsafe")
        return self._actions, wide

    def _big_actions(self, a: np.ndarray) -> np.ndarray:
        """An object array holding an integer past int32 (numpy makes one
        of a list with an integer past int64) as int64: each of those as
        2**40, which step refuses as out of range naming the game, the
        rest exact; any entry that is no integer a TypeError naming it.
        Any other object array is left for the dtype check."""
        if not any(isinstance(x, int) and not isinstance(x, bool) and not _INT32.min <= x <= _INT32.max for x in a):
            return a  # no integer past int32: the dtype check says what is wrong
        ints = [_integer(x, f"actions[{i}]") for i, x in enumerate(a)]
        return np.array([x if _INT32.min <= x <= _INT32.max else 1 << 40 for x in ints], dtype=np.int64)

    def state(self, i: int) -> State:
        """Game i's position, as a State."""
        i = _index(i, "game")
        self._enter("state")
        try:
            return State._wrap(n.check(lib.tr_env_state(self._h, i)), self._start._static)
        finally:
            self._lock.release()

    def close(self) -> None:
        """Free the games; the environment can no longer be used (a second
        close does nothing)."""
        if not self._h:
            return
        if not self._lock.acquire(blocking=False):
            raise BusyError("VectorEnv.close(): another thread is calling this environment")
        try:
            n.check(lib.tr_env_free(self._h))
            self._h = 0
        finally:
            self._lock.release()

    def __enter__(self) -> VectorEnv:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        h = getattr(self, "_h", 0)
        if h and lib is not None:
            try:
                lib.tr_env_free(h)
            except Exception:
                pass

    def __repr__(self) -> str:
        state = "closed" if not self._h else f"{self._num_envs} games"
        return f"<VectorEnv {self._spec} {state}>"

    def _bench_go_loop(self, steps: int, seed: int = 0) -> float:
        """Seconds spent inside Step by the Go loop doing this environment's
        work (random legal actions picked in Go, not timed): the figure
        step is measured against, in the same process."""
        self._enter("bench")
        try:
            return n.check(lib.tr_bench_go_loop(self._h, steps, seed)) / 1e9
        finally:
            self._lock.release()
