"""Search: AlphaZero's Monte Carlo tree search in Go, guided by a network
in Python."""

from __future__ import annotations

import math
import threading
from typing import Any, Callable

import numpy as np

from . import _native as n
from ._native import lib
from ._state import State, _data, _integer, open as _open
from .errors import BusyError, ClosedError

_SIGNATURES: dict[str, list[Any]] = {
    "tr_search_new": [n.c_int64, n.c_int64, n.c_int64, n.c_uint64, n.c_int64, n.c_int64] + [n.c_double] * 6,
    "tr_search_free": [n.c_int64],
    "tr_search_begin": [n.c_int64, n.c_int64],
    "tr_search_next": [n.c_int64] + [n.ctypes.c_void_p] * 3,
    "tr_search_feed": [n.c_int64, n.ctypes.c_void_p, n.ctypes.c_void_p, n.c_int64],
    "tr_search_result": [n.c_int64, n.c_char_p, n.c_int64],
    "tr_search_visits": [n.c_int64, n.ctypes.c_void_p, n.c_int64],
}
for _name, _args in _SIGNATURES.items():
    _fn = getattr(lib, _name)
    _fn.argtypes = _args
    _fn.restype = n.c_int64


def _forked_child() -> None:
    global lib
    lib = n.lib


n.on_fork(_forked_child)

#: A network for :meth:`Search.choose`: given a batch's observations
#: (float32, (k, planes, rows, cols)) and legal-action masks (bool,
#: (k, num_actions)), it returns the priors (k × num_actions weights, at
#: least 0, read at the legal actions) and the values (k, each the
#: mover's expected return in [-1, 1]).
Network = Callable[[np.ndarray, np.ndarray], "tuple[Any, Any]"]


_FLOAT32_MAX = float(np.finfo(np.float32).max)


def _real(x: Any, what: str) -> np.ndarray:
    """x as an array of real numbers (bool, integer or float; float32 or
    float64 kept), for feed to check before it converts to float32."""
    if isinstance(x, np.ma.MaskedArray):
        raise TypeError(f"{what} must be a plain array, not a masked array")
    a = np.asarray(x)
    if a.dtype.kind not in "biuf":
        raise TypeError(f"{what} must be an array of real numbers (bool, integer or float), not {a.dtype}")
    if a.dtype.kind != "f":
        a = a.astype(np.float64)  # exact for bool and for integers up to 2**53
    return a  # a float array keeps its precision: it is checked before float32


def _number(x: Any, what: str, default: float) -> float:
    if x is None:
        return default
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, float, np.integer, np.floating)):
        raise TypeError(f"{what} must be a number, not {type(x).__name__}")
    x = float(x)
    if not math.isfinite(x):
        raise ValueError(f"{what} must be finite, not {x}")
    return x


class Search(n.Uncopyable):
    """AlphaZero's Monte Carlo tree search, run in Go and guided by a
    network in Python: PUCT selection over the network's priors, its
    values backed up from each new leaf, leaves handed out in batches.

    Drive it by hand::

        search = tr.Search("hex(size=9)", simulations=800, batch=16)
        search.begin(state)
        while (leaves := search.next()) is not None:
            observations, masks = leaves          # numpy arrays, k leaves
            search.feed(policy, values)           # (k, num_actions), (k,)
        move = search.result()                    # the move, as text
        visits = search.visits()                  # int32, (num_actions,)

    or in one call, ``move = search.choose(state, network)``, with a
    function ``network(observations, masks) -> (policy, values)``.

    Each leaf is a position the search is about to expand, seen from its
    mover (:meth:`State.observation`), with its legal-action mask. The
    policy gives each legal action a weight (at least 0, finite, not all
    0 over the legal actions; the search normalises them; entries outside
    the mask are ignored), the value the mover's expected return in
    [-1, 1]. The first batch of a search is the root alone, unless the
    search keeps a subtree: as AlphaZero does, a search whose state the
    last search's tree holds within a few plies (the moves played since)
    goes on from that subtree, its visits and values, whose root was
    evaluated already (``keep_tree=False`` starts every search afresh).
    The search is Go's ``bot.Guided`` (see examples/bot): with the same
    answers it makes the same tree and the same move.

    Args:
        spec: the variant, e.g. ``"hex(size=9)"``, or a :class:`State`
            of it; every position searched must be of that variant.
        simulations: leaves evaluated per search (and finished games
            reached), after the root.
        batch: the most leaves handed out at once; above 1, paths are
            chosen under virtual losses.
        c_puct: AlphaZero's c_init (default 1.25; at most 1e6); the exploration
            weight is ``log((1 + N + c_base) / c_base) + c_puct``.
        c_base: AlphaZero's c_base (default 19652).
        first_play: the value of an unvisited child, in [-1, 1]
            (default 0).
        noise: the weight of the Dirichlet noise mixed into the root's
            priors (AlphaZero's self-play: 0.25; default 0).
        noise_alpha: the noise's concentration (default: 10 over the
            number of legal moves).
        temperature: draw the move with probability visits^(1/T)
            (default 0: the most visited).
        temperature_plies: draw by temperature only before this ply
            (default 0: at every ply).
        seed: seeds the noise, the temperature's draws and chance nodes.
        keep_tree: keep the subtree of the last search's tree that the
            new state roots, adding ``simulations`` to its visits
            (default True); False builds a new tree for every search.
    """

    def __init__(
        self,
        spec: str | State,
        simulations: int = 800,
        batch: int = 1,
        *,
        c_puct: float | None = None,
        c_base: float | None = None,
        first_play: float = 0.0,
        noise: float = 0.0,
        noise_alpha: float | None = None,
        temperature: float = 0.0,
        temperature_plies: int = 0,
        seed: int = 0,
        keep_tree: bool = True,
    ) -> None:
        self._h = 0
        start = spec if isinstance(spec, State) else _open(spec)
        sims = _integer(simulations, "simulations")
        size = _integer(batch, "batch")
        plies = _integer(temperature_plies, "temperature_plies")
        seed = _integer(seed, "seed")
        if not 0 <= seed < 1 << 64:
            raise ValueError(f"seed {seed} is not in [0, 2**64)")
        if not 1 <= sims <= 1 << 30:
            raise ValueError(f"simulations {sims} is not in [1, 2**30]")
        if not 1 <= size <= 1 << 16:
            raise ValueError(f"batch {size} is not in [1, 65536]")
        if not 0 <= plies <= 1 << 30:
            raise ValueError(f"temperature_plies {plies} is not in [0, 2**30]")
        puct = _number(c_puct, "c_puct", 0.0)
        base = _number(c_base, "c_base", 0.0)
        if c_puct is not None and not 0 < puct <= 1e6:
            raise ValueError(f"c_puct {puct} is not in (0, 1e6]")
        if c_base is not None and base <= 0:
            raise ValueError(f"c_base {base} must be above 0")
        fpu = _number(first_play, "first_play", 0.0)
        if not -1 <= fpu <= 1:
            raise ValueError(f"first_play {fpu} is not in [-1, 1], the range of a value")
        eps = _number(noise, "noise", 0.0)
        if not 0 <= eps <= 1:
            raise ValueError(f"noise {eps} is not in [0, 1]")
        alpha = _number(noise_alpha, "noise_alpha", 0.0)
        if noise_alpha is not None and alpha <= 0:
            raise ValueError(f"noise_alpha {alpha} must be above 0")
        tau = _number(temperature, "temperature", 0.0)
        if tau < 0:
            raise ValueError(f"temperature {tau} must be 0 or more")
        if not isinstance(keep_tree, (bool, np.bool_)):
            raise TypeError(f"keep_tree must be a bool, not {type(keep_tree).__name__}")
        self._spec: str = start.spec
        self._num_actions: int = start.num_actions
        self._observation_shape: tuple[int, int, int] = start.observation_shape
        self._batch = size
        self._h = n.check(lib.tr_search_new(start._h, sims, size, seed, plies, int(bool(keep_tree)), puct, base, fpu, eps, alpha, tau))
        self._obs = np.zeros((size, *self._observation_shape), dtype=np.float32)
        self._masks = np.zeros((size, self._num_actions), dtype=np.bool_)
        self._movers = np.zeros(size, dtype=np.int32)
        self._visits = np.zeros(self._num_actions, dtype=np.int32)
        self._pending = 0
        self._lock = threading.Lock()
        self._choosing = False  # choose() under way: other calls are refused

    @property
    def spec(self) -> str:
        """The variant searched."""
        return self._spec

    @property
    def batch(self) -> int:
        """The most leaves :meth:`next` hands out at once."""
        return self._batch

    def _call(self, f: Callable[[], Any], inner: bool = False) -> Any:
        if not self._h:
            raise ClosedError("the search is closed")
        # choose's own calls wait for the lock: another thread that takes
        # it meanwhile finds choose under way and lets go at once.
        if not self._lock.acquire(blocking=inner):
            raise BusyError("the search is in use by another thread")
        try:
            if self._choosing and not inner:
                raise BusyError("the search is running choose(): nothing else may call it until it returns")
            return f()
        finally:
            self._lock.release()

    def begin(self, state: State) -> None:
        """Starts a search from ``state`` (dropping one under way, and a
        batch handed out and not fed).

        Raises:
            GameOverError: the game is over.
            ValueError: ``state`` is of another variant.
            BusyError: another thread is calling the search, or
                :meth:`choose` is under way.
        """
        self._begin(state, False)

    def _begin(self, state: State, inner: bool) -> None:
        if not isinstance(state, State):
            raise TypeError(f"state must be a State, not {type(state).__name__}")
        if state.spec != self._spec:
            raise ValueError(f"a search of {self._spec} cannot search a position of {state.spec}")

        def go() -> None:
            self._pending = 0
            n.check(lib.tr_search_begin(self._h, state._h))

        self._call(go, inner)

    def next(self) -> tuple[np.ndarray, np.ndarray] | None:
        """The next batch of leaves to evaluate, as read-only arrays
        (observations, float32 (k, planes, rows, cols); masks, bool
        (k, num_actions)), or None when the search is done. Until
        :meth:`feed`, it returns the same batch. The arrays are rewritten
        by the next call: copy what you keep."""
        return self._next(False)

    def _next(self, inner: bool) -> tuple[np.ndarray, np.ndarray] | None:
        def go() -> tuple[np.ndarray, np.ndarray] | None:
            k = n.check(lib.tr_search_next(self._h, _data(self._obs), _data(self._masks), _data(self._movers)))
            self._pending = k
            if k == 0:
                return None
            obs, masks = self._obs[:k].view(), self._masks[:k].view()
            obs.flags.writeable = False
            masks.flags.writeable = False
            return obs, masks

        return self._call(go, inner)

    @property
    def movers(self) -> np.ndarray:
        """The seat to move at each leaf of the batch :meth:`next` gave
        (int32, (k,)): the seat whose value :meth:`feed` takes. A network
        that :meth:`choose` calls may read it."""
        if not self._h:
            raise ClosedError("the search is closed")
        return self._movers[: self._pending].copy()

    def feed(self, policy: Any, values: Any) -> None:
        """Backs up the network's answer for the batch :meth:`next` gave:
        ``policy`` (k × num_actions weights) and ``values`` (k values in
        [-1, 1], each for its leaf's mover; shape (k,) or (k, 1), or a
        single number when k is 1), arrays
        of real numbers (bool, integer or float), converted to float32
        after they are checked.

        Raises:
            RuntimeError: no batch awaits an answer.
            TypeError: a masked array, or one of other than real numbers
                (complex, strings, objects, dates).
            ValueError: a shape that is not the batch's, a weight at a
                legal action that is negative, not finite or too large for
                float32, weights all 0 over a leaf's legal actions (or so
                small that they are 0 in float32), a value outside
                [-1, 1]; the batch still awaits an answer.
            BusyError: another thread is calling the search, or
                :meth:`choose` is under way.
        """
        self._feed(policy, values, False)

    def _feed(self, policy: Any, values: Any, inner: bool) -> None:
        def go() -> None:
            k = self._pending
            if k == 0:
                raise RuntimeError("no batch awaits an answer: call next() first")
            p = _real(policy, "policy")
            v = _real(values, "values")
            if p.shape != (k, self._num_actions):
                raise ValueError(f"policy has shape {p.shape}, want {(k, self._num_actions)}")
            if v.shape not in ((k,), (k, 1)) and not (k == 1 and v.shape == ()):
                raise ValueError(f"values has shape {v.shape}, want ({k},) or ({k}, 1)")
            v = v.reshape(k)
            legal = self._masks[:k]
            bad = legal & ~((p >= 0) & (p <= _FLOAT32_MAX))
            if bad.any():
                i, a = np.argwhere(bad)[0]
                what = "too large for float32" if np.isfinite(p[i, a]) and p[i, a] > 0 else "not a finite weight of at least 0"
                raise ValueError(f"policy[{i}, {a}] = {p[i, a]} at a legal action is {what}")
            weights = np.where(legal, p, 0)
            empty = ~(weights.sum(axis=1, dtype=np.float64) > 0)
            if empty.any():
                raise ValueError(f"policy[{int(np.argmax(empty))}] gives every legal action weight 0")
            out = ~((v >= -1) & (v <= 1))
            if out.any():
                i = int(np.argmax(out))
                raise ValueError(f"values[{i}] = {v[i]} is not in [-1, 1]")
            with np.errstate(over="ignore", under="ignore"):  # checked above, or outside the mask
                p32 = np.ascontiguousarray(p, dtype=np.float32)
            if p32 is not p:
                gone = ~(np.where(legal, p32, 0).sum(axis=1, dtype=np.float64) > 0)
                if gone.any():
                    i = int(np.argmax(gone))
                    raise ValueError(
                        f"policy[{i}]'s weights at the legal actions are 0 in float32 (the largest is "
                        f"{weights[i].max()}): scale them up"
                    )
            v32 = np.ascontiguousarray(v, dtype=np.float32)
            self._pending = 0  # answered, or the search ends in Go's error
            n.check(lib.tr_search_feed(self._h, _data(p32), _data(v32), k))

        self._call(go, inner)

    def result(self) -> str:
        """Ends the search and returns its move as text: the most visited,
        or drawn by the temperature; at a chance node, an outcome drawn
        by its probability. It may end a search early, once the root has
        been fed; ended before any move has a visit, it returns the move
        the root's prior weighs most (the policy, with the root's noise
        when ``noise`` is on; :meth:`visits` is then all 0).

        Raises:
            RulesError: no search to end (none begun, the root not fed
                yet, or ended already); a batch handed out then still
                awaits its answer.
        """

        return self._result(False)

    def _result(self, inner: bool) -> str:
        def go() -> str:
            move = n.text(lambda buf, cap: lib.tr_search_result(self._h, buf, cap))
            self._pending = 0
            return move

        return self._call(go, inner)

    def visits(self) -> np.ndarray:
        """The root's visits by action index (int32, (num_actions,)) of
        the search :meth:`result` ended: the policy self-play records.
        All 0 when it did not search (a chance node)."""

        def go() -> np.ndarray:
            n.check(lib.tr_search_visits(self._h, _data(self._visits), self._num_actions))
            return self._visits.copy()

        return self._call(go)

    def choose(self, state: State, network: Network) -> str:
        """Searches from ``state`` with ``network`` answering every batch
        and returns the move: :meth:`begin`, then :meth:`next` and
        :meth:`feed` until done, then :meth:`result`. It waits for a
        call under way in another thread; then, until it returns, the
        search is the network's: any other call on it (from the network,
        or from another thread) raises BusyError, but for
        :attr:`movers`."""
        if not self._h:
            raise ClosedError("the search is closed")
        self._lock.acquire()  # after a call under way in another thread
        try:
            if self._choosing:
                raise BusyError("the search is running choose(): nothing else may call it until it returns")
            self._choosing = True
        finally:
            self._lock.release()
        try:
            self._begin(state, True)
            while (leaves := self._next(True)) is not None:
                policy, values = network(*leaves)
                self._feed(policy, values, True)
            return self._result(True)
        finally:
            self._choosing = False

    def close(self) -> None:
        """Frees the search's Go memory; it is closed after. Closing twice
        does nothing. While another thread's call is under way it raises
        BusyError and the search stays open, as it does while
        :meth:`choose` is under way."""
        if self._choosing:
            raise BusyError("the search is running choose(): close it after it returns")
        h, self._h = self._h, 0
        if h:
            try:
                n.check(lib.tr_search_free(h))
            except BusyError:
                self._h = h  # not freed: still open, for a later close
                raise

    def __enter__(self) -> Search:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        h = getattr(self, "_h", 0)
        if h:
            try:
                lib.tr_search_free(h)
            except Exception:
                pass
