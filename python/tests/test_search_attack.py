"""Attacks on tabletop_rules.Search: odd dtypes and layouts of the
network's answers, closing and copying mid-search, threads, many
searches, pickling."""

from __future__ import annotations

import copy
import gc
import pickle
import threading

import numpy as np
import pytest

import tabletop_rules as tr


def uniform(obs: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return masks.astype(np.float32), np.zeros(len(masks), np.float32)


def test_feed_takes_any_numeric_layout() -> None:
    """int, float64, bool, Fortran-ordered, strided and list answers are
    read as the float32 arrays they stand for: the same move and visits
    as the plain answer."""
    s = tr.open("hex(size=4)")

    def run(convert) -> tuple[str, np.ndarray]:
        search = tr.Search(s, simulations=40, batch=3, seed=1)
        search.begin(s)
        while (leaves := search.next()) is not None:
            obs, masks = leaves
            k = len(masks)
            policy = (masks * (1 + np.arange(masks.shape[1]) % 5)).astype(np.int64)
            values = (np.arange(k) % 3 - 1).astype(np.int64)
            search.feed(*convert(policy, values))
        move = search.result()
        return move, search.visits()

    want = run(lambda p, v: (p.astype(np.float32), v.astype(np.float32)))
    for name, convert in {
        "int": lambda p, v: (p, v),
        "float64": lambda p, v: (p.astype(np.float64), v.astype(np.float64)),
        "fortran": lambda p, v: (np.asfortranarray(p.astype(np.float32)), v.astype(np.float32)),
        "strided": lambda p, v: (np.repeat(p.astype(np.float32), 2, axis=1)[:, ::2], np.repeat(v, 2)[::2]),
        "lists": lambda p, v: (p.tolist(), v.tolist()),
        "column values": lambda p, v: (p, v.reshape(-1, 1)),
        "int8": lambda p, v: (p.astype(np.int8), v.astype(np.int8)),
    }.items():
        got = run(convert)
        assert got[0] == want[0], name
        assert (got[1] == want[1]).all(), name


def test_feed_refuses_what_is_no_answer() -> None:
    """Strings, None, complex numbers, 3-d values, a 0-d policy: errors
    that say so, and the batch still awaits its answer."""
    s = tr.open("hex(size=3)")
    search = tr.Search(s, simulations=5)
    search.begin(s)
    obs, masks = search.next()
    good_p, good_v = uniform(obs, masks)
    for policy, values in [
        ("x", good_v),
        (good_p, "x"),
        (None, good_v),
        (good_p, None),
        (np.float32(1), good_v),
        (good_p, np.zeros((1, 1, 1))),
        (good_p[:, :, None], good_v),
        ([[1] * 3], good_v),
        (good_p, [0.0, 0.0]),
        (good_p.astype(complex) + 1j, good_v),
        (good_p, good_v.astype(complex)),
        (np.ma.array(good_p, mask=True), good_v),
        (good_p, np.ma.array(good_v, mask=True)),
        (np.full(good_p.shape, "1"), good_v),
        (good_p, ["0"]),
        (good_p, np.zeros(1, "timedelta64[s]")),
        (good_p.astype("datetime64[s]"), good_v),
        (good_p, np.zeros((1, 4))),
        (good_p, np.float64(1 + 1e-9)),
        (good_p, [-1 - 1e-8]),
    ]:
        with pytest.raises((ValueError, TypeError)):
            search.feed(policy, values)
    with pytest.raises(TypeError, match="policy must be an array of real numbers"):
        search.feed(np.array([[None] * good_p.shape[1]]), good_v)
    with pytest.raises(TypeError, match="values must be a plain array"):
        search.feed(good_p, np.ma.array(good_v))
    # a 0-d value for a batch of one leaf is that leaf's value
    search.feed(good_p, np.float32(0.5))
    assert search.next() is not None
    if np.finfo(np.longdouble).eps < np.finfo(np.float64).eps:  # a wider long double: checked in its own precision
        with pytest.raises(ValueError, match="is not in"):
            search.feed(good_p, np.array([1], np.longdouble) + np.longdouble(1e-19))
        with pytest.raises(ValueError, match="too large for float32"):
            search.feed(good_p.astype(np.longdouble) * np.longdouble("1e400"), good_v)


def test_a_thread_refused_during_choose_does_not_end_it() -> None:
    """Another thread calling the search in a loop while choose runs is
    refused every time, and choose finishes undisturbed."""
    s = tr.open("hex(size=5)")
    fresh = tr.Search(s, simulations=200, batch=4, seed=3, keep_tree=False)
    fresh.choose(s, uniform)
    search = tr.Search(s, simulations=200, batch=4, seed=3, keep_tree=False)
    stop = threading.Event()
    refused = []

    def intruder() -> None:
        while not stop.is_set() and len(refused) < 100_000:
            try:
                search.next()
            except tr.BusyError:
                refused.append(1)
            except (tr.RulesError, RuntimeError):
                pass  # before choose began or after it ended

    t = threading.Thread(target=intruder)
    t.start()
    try:
        move = search.choose(s, uniform)
    finally:
        stop.set()
        t.join()
    assert move in s.moves()
    assert (search.visits() == fresh.visits()).all()


def test_feed_float64_beyond_float32() -> None:
    """A float64 weight too large for float32 is refused (it would be
    infinite), and weights so small that float32 makes them all 0 too,
    each with a message that says so."""
    s = tr.open("hex(size=3)")
    search = tr.Search(s, simulations=5)
    search.begin(s)
    obs, masks = search.next()
    big = masks.astype(np.float64) * 1e39
    with pytest.raises(ValueError, match=r"policy\[0, 0\] = 1e\+39 at a legal action is too large for float32"):
        search.feed(big, [0.0])
    tiny = masks.astype(np.float64) * 1e-300
    with pytest.raises(ValueError, match=r"are 0 in float32 \(the largest is 1e-300\): scale them up"):
        search.feed(tiny, [0.0])
    with pytest.raises(ValueError, match="every legal action weight 0"):
        search.feed(masks * 0.0, [0.0])
    search.feed(masks.astype(np.float64) * 3e38, [1.0])  # finite in float32
    assert search.next() is not None


def test_close_mid_search() -> None:
    """Closing between next and feed or before result: every later call
    says the search is closed. Inside choose's network, close is refused
    (BusyError) and choose finishes; the search closes after."""
    s = tr.open("hex(size=4)")
    search = tr.Search(s, simulations=20)
    search.begin(s)
    search.next()
    search.close()
    for call in [lambda: search.feed(*uniform(*search_next_arrays(s))), search.next, search.result, search.visits,
                 lambda: search.begin(s)]:
        with pytest.raises(tr.ClosedError):
            call()

    inner = tr.Search(s, simulations=20)
    refused = []

    def closing(obs, masks):
        with pytest.raises(tr.BusyError, match="choose"):
            inner.close()
        refused.append(1)
        return uniform(obs, masks)

    assert inner.choose(s, closing) in s.moves()
    assert refused
    inner.close()
    with pytest.raises(tr.ClosedError):
        inner.begin(s)


def search_next_arrays(s: tr.State) -> tuple[np.ndarray, np.ndarray]:
    return np.zeros((1, *s.observation_shape), np.float32), np.ones((1, s.num_actions), np.bool_)


def test_network_raising_leaves_a_search_that_works() -> None:
    s = tr.open("hex(size=4)")
    search = tr.Search(s, simulations=20, batch=4)

    def boom(obs, masks):
        raise KeyError("boom")

    with pytest.raises(KeyError):
        search.choose(s, boom)
    assert search.choose(s, uniform) in s.moves()
    assert search.visits().sum() == 20


def test_network_reentering_the_search() -> None:
    """A network that drives the same search from inside choose (choose,
    begin, next, feed, result, close) is told the search is busy, and
    choose goes on to the move and visits of an undisturbed search."""
    s = tr.open("hex(size=4)")
    other = tr.open_position("hex(size=4)", "4/1W2/1B2/BW2 b -")
    want_move = tr.Search(s, simulations=40, seed=0, keep_tree=False).choose(s, uniform)
    fresh = tr.Search(s, simulations=40, seed=0, keep_tree=False)
    fresh.choose(s, uniform)
    search = tr.Search(s, simulations=40, seed=0, keep_tree=False)
    refused = []

    def meddler(obs, masks):
        for call in (lambda: search.choose(other, uniform), lambda: search.begin(other), search.next,
                     lambda: search.feed(*uniform(obs, masks)), search.result, search.visits, search.close):
            try:
                call()
            except tr.BusyError as e:
                refused.append(e)
        search.movers  # reading the movers is allowed
        return uniform(obs, masks)

    assert search.choose(s, meddler) == want_move
    assert (search.visits() == fresh.visits()).all()
    assert len(refused) % 7 == 0 and refused
    assert "choose" in str(refused[0])


def test_another_thread_cannot_take_over_choose() -> None:
    """While choose waits for its network, another thread's begin and next
    are refused (BusyError): the answer choose feeds is for its own batch."""
    s = tr.open("hex(size=4)")
    other = tr.open_position("hex(size=4)", "4/1W2/1B2/BW2 b -")
    fresh = tr.Search(s, simulations=30, seed=0, keep_tree=False)
    fresh.choose(s, uniform)
    search = tr.Search(s, simulations=30, seed=0, keep_tree=False)
    errors = []

    def intruder() -> None:
        for call in (lambda: search.begin(other), search.next):
            try:
                call()
            except tr.BusyError as e:
                errors.append(e)

    started = []

    def network(obs, masks):
        if not started:  # once: a broken guard must not restart the search forever
            started.append(1)
            t = threading.Thread(target=intruder)
            t.start()
            t.join()
        return uniform(obs, masks)

    search.choose(s, network)
    assert len(errors) == 2
    assert (search.visits() == fresh.visits()).all()


def test_copies_and_pickles() -> None:
    """A search neither pickles nor copies (a copy would share the Go
    search): TypeErrors that say to make another."""
    s = tr.open("hex(size=3)")
    search = tr.Search(s, simulations=5)
    for f in (pickle.dumps, copy.copy, copy.deepcopy):
        with pytest.raises(TypeError, match="make another with the same arguments"):
            f(search)
    search.close()
    gc.collect()


def test_huge_batch() -> None:
    """The largest batch: the search hands out no more leaves than it
    has simulations to spend."""
    s = tr.open("hex(size=5)")
    search = tr.Search(s, simulations=30, batch=1 << 16)
    search.begin(s)
    sizes = []
    while (leaves := search.next()) is not None:
        sizes.append(len(leaves[1]))
        search.feed(*uniform(*leaves))
    assert sizes[0] == 1
    assert sum(sizes) <= 31
    assert search.result() in s.moves()


def test_threads_with_their_own_searches() -> None:
    s = tr.open("hex(size=5)")
    moves: list[str] = []
    errors: list[BaseException] = []

    def run(seed: int) -> None:
        try:
            with tr.Search(s, simulations=200, batch=8, seed=seed, temperature=1) as search:
                for _ in range(3):
                    moves.append(search.choose(s, uniform))
        except BaseException as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(moves) == 18 and all(m in s.moves() for m in moves)


def test_close_while_another_thread_calls() -> None:
    """close() racing another thread's calls: it closes the search or
    says it is busy; a search it said was busy can still be closed (its
    Go memory is not lost)."""
    s = tr.open("hex(size=5)")
    busy = 0
    for _ in range(200):
        search = tr.Search(s, simulations=10)
        search.begin(s)
        stop = threading.Event()

        def spin() -> None:
            while not stop.is_set():
                try:
                    search.next()
                except (tr.ClosedError, tr.BusyError, tr.RulesError):
                    return

        t = threading.Thread(target=spin)
        t.start()
        try:
            search.close()
        except tr.BusyError:
            busy += 1
            stop.set()
            t.join()
            # the search said busy: it must still be open, and close now
            assert search._h, "close() said busy but forgot the handle: the Go search leaks"
            search.close()
        stop.set()
        t.join()
    print("busy", busy)


def test_many_searches_without_close_are_freed() -> None:
    """Searches dropped without close are freed by the collector: the
    table of handles does not grow without end."""
    from tabletop_rules import _native as n

    s = tr.open("hex(size=3)")
    for _ in range(3000):
        search = tr.Search(s, simulations=2)
        search.choose(s, uniform)
        del search
    gc.collect()
    # a fresh search still works
    assert tr.Search(s, simulations=2).choose(s, uniform) in s.moves()
    del n


def test_raw_feed_twice_is_refused() -> None:
    """tr_search_feed answers the batch tr_search_next handed out, once:
    a second feed, before the next batch is handed out, is refused rather
    than read as the answer to a batch nobody has seen."""
    from tabletop_rules import _native as n

    lib = n.lib
    s = tr.open("hex(size=4)")
    h = n.check(lib.tr_search_new(s._h, 20, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0))
    try:
        n.check(lib.tr_search_begin(h, s._h))
        obs = np.zeros((1, *s.observation_shape), np.float32)
        masks = np.zeros((1, s.num_actions), np.bool_)
        movers = np.zeros(1, np.int32)
        policy = np.ones((1, s.num_actions), np.float32)
        values = np.zeros(1, np.float32)
        assert n.check(lib.tr_search_next(h, obs.ctypes.data, masks.ctypes.data, movers.ctypes.data)) == 1
        n.check(lib.tr_search_feed(h, policy.ctypes.data, values.ctypes.data, 1))
        assert lib.tr_search_feed(h, policy.ctypes.data, values.ctypes.data, 1) < 0, "fed twice"
    finally:
        n.check(lib.tr_search_free(h))
