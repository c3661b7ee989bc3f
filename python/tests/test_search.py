"""The guided search driven from Python: agreement with Go's search, a
perfect network's play, and every kind of misuse."""

from __future__ import annotations

import json
import os
import threading
from functools import lru_cache

import numpy as np
import pytest

import tabletop_rules as tr


def count_net(obs: np.ndarray, masks: np.ndarray, movers: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The network of Go's search fixtures (python/search_fixtures_test.go),
    in exact arithmetic: s non-zero values in a leaf's observation give
    action a the weight 1 + (7a + s) mod 11 and the mover the value
    ((37s + 11 mover) mod 201 - 100) / 100."""
    k, actions = masks.shape
    s = (obs.reshape(k, -1) != 0).sum(axis=1).astype(np.int64)
    a = np.arange(actions, dtype=np.int64)
    policy = (1 + (a[None, :] * 7 + s[:, None]) % 11).astype(np.float32)
    values = (((s * 37 + movers.astype(np.int64) * 11) % 201 - 100) / 100).astype(np.float32)
    return policy, values


def drive(search: tr.Search, state: tr.State) -> str:
    search.begin(state)
    while (leaves := search.next()) is not None:
        search.feed(*count_net(*leaves, search.movers))
    return search.result()


def fixtures() -> list[dict]:
    path = os.environ.get("TABLETOP_SEARCHES")
    if not path:
        return []
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


@pytest.mark.parametrize("fx", fixtures() or [pytest.param(None, marks=pytest.mark.skip("no TABLETOP_SEARCHES"))])
def test_search_agrees_with_go(fx: dict) -> None:
    """The same network, seed and options give the root exactly Go's
    visits and Go's move: batches, noise and temperature included."""
    state = tr.open_position(fx["spec"], fx["text"])
    search = tr.Search(fx["spec"], simulations=fx["simulations"], batch=fx["batch"], seed=fx["seed"],
                       noise=fx["noise"], temperature=fx["temperature"], temperature_plies=fx["temperature_plies"])
    move = drive(search, state)
    assert search.visits().tolist() == fx["visits"]
    assert move == fx["move"]


def test_first_batch_is_the_root() -> None:
    s = tr.open("focus(players=4,plylimit=40)")
    s = s.play(s.moves()[0])
    search = tr.Search(s, simulations=20, batch=4)
    search.begin(s)
    obs, masks = search.next()
    assert obs.shape == (1, *s.observation_shape) and obs.dtype == np.float32
    assert np.array_equal(obs[0], s.observation())
    assert np.array_equal(masks[0], s.legal_action_mask())
    assert search.movers.tolist() == [s.to_move]
    assert not obs.flags.writeable and not masks.flags.writeable
    again = search.next()
    assert again is not None and np.array_equal(again[0], obs), "until feed, the same batch"


def test_a_search_of_the_same_state_again_keeps_the_tree() -> None:
    """As AlphaZero keeps the subtree of the move played: the same state
    searched again goes on from the last tree (no root evaluation, the
    visits adding up); keep_tree=False starts afresh."""
    s = tr.open("hex(size=5)").play("c3")
    for keep in (True, False):
        search = tr.Search(s, simulations=60, batch=1, keep_tree=keep)
        for again in (False, True):
            search.begin(s)
            first = search.next()
            assert first is not None
            root_first = not (keep and again)
            assert np.array_equal(first[0][0], s.observation()) == root_first
            search.feed(*count_net(*first, search.movers))
            while (leaves := search.next()) is not None:
                search.feed(*count_net(*leaves, search.movers))
            search.result()
        assert search.visits().sum() == (120 if keep else 60)
    with pytest.raises(TypeError):
        tr.Search(s, keep_tree=1)  # type: ignore[arg-type]
    tr.Search(s, keep_tree=np.True_)  # numpy's bool is a bool


def test_visits_sum_to_the_simulations_and_name_legal_actions() -> None:
    s = tr.open("hex(size=5)").play("c3")
    for batch in (1, 8):
        search = tr.Search(s, simulations=200, batch=batch)
        most = 0
        search.begin(s)
        while (leaves := search.next()) is not None:
            most = max(most, len(leaves[0]))
            search.feed(*count_net(*leaves, search.movers))
        move = search.result()
        v = search.visits()
        assert v.sum() == 200 and v.dtype == np.int32
        assert not (v[~s.legal_action_mask()]).any()
        assert s.action_index(move) == int(np.argmax(v)), "the most visited, the first of equals"
        assert most <= batch and (batch == 1 or most > 1)


@lru_cache(maxsize=None)
def _wins(state: tr.State) -> bool:
    """Whether the player to move wins (exact, by minimax)."""
    return any(nxt.is_terminal or not _wins(nxt) for nxt in (state.play_action(int(a)) for a in state.legal_actions()))


def test_perfect_network_plays_perfectly() -> None:
    """Given exact values and priors on the winning moves, the search
    plays a winning move in every won 3×3 position of a game against
    random moves."""
    rng = np.random.default_rng(4)
    search = tr.Search("hex(size=3,swap=none)", simulations=24, batch=4)
    states: dict[tuple[bytes, int], tr.State] = {}

    def perfect(obs: np.ndarray, masks: np.ndarray, movers: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        policy = np.where(masks, 0.01, 0).astype(np.float32)
        values = np.zeros(len(masks), dtype=np.float32)
        for i in range(len(masks)):
            s = states[obs[i].tobytes(), int(movers[i])]
            for a in np.flatnonzero(masks[i]):
                nxt = s.play_action(int(a))
                if nxt.is_terminal or not _wins(nxt):
                    policy[i, a] = 1
            values[i] = 1 if _wins(s) else -1
        return policy, values

    def remember(s: tr.State) -> None:
        """Every position reachable from s, keyed by its observation."""
        key = (s.observation().tobytes(), s.to_move) if not s.is_terminal else None
        if key is None or key in states:
            return
        states[key] = s
        for a in s.legal_actions():
            remember(s.play_action(int(a)))

    start = tr.open("hex(size=3,swap=none)")
    remember(start)
    for game in range(6):
        s = start
        while not s.is_terminal:
            if (s.ply + game) % 2 == 0:
                search.begin(s)
                while (leaves := search.next()) is not None:
                    search.feed(*perfect(*leaves, search.movers))
                move = search.result()
                if _wins(s):
                    after = s.play(move)
                    assert after.is_terminal or not _wins(after), f"{s}: {move} throws the win away"
                s = s.play(move)
            else:
                s = s.play_action(int(rng.choice(s.legal_actions())))


def test_chance_node_draws_an_outcome() -> None:
    s = tr.open("domination")
    assert s.to_move == tr.CHANCE
    search = tr.Search(s, simulations=10)
    search.begin(s)
    assert search.next() is None, "nothing to evaluate at a chance node"
    assert search.result() in s.moves()
    assert not search.visits().any()


def test_bad_answers_are_refused_and_the_batch_waits() -> None:
    s = tr.open("hex(size=4)")
    search = tr.Search(s, simulations=30, batch=2)
    search.begin(s)
    obs, masks = search.next()
    good_p, good_v = count_net(obs, masks, search.movers)
    nan = good_p.copy()
    nan[0, int(np.flatnonzero(masks[0])[0])] = np.nan
    negative = good_p.copy()
    negative[0, int(np.flatnonzero(masks[0])[1])] = -1
    zeros = np.where(masks, 0, 1).astype(np.float32)
    for policy, values, want in [
        (good_p[:, :-1], good_v, "policy has shape"),
        (good_p, good_v[:0], "values has shape"),
        (good_p, np.zeros((1, 2)), "values has shape"),
        (nan, good_v, "is not a finite weight"),
        (negative, good_v, "is not a finite weight"),
        (zeros, good_v, "every legal action weight 0"),
        (good_p, good_v + 2, "is not in [-1, 1]"),
        (good_p, np.full_like(good_v, np.nan), "is not in [-1, 1]"),
    ]:
        with pytest.raises(ValueError, match=want.replace("[", r"\[").replace("]", r"\]")):
            search.feed(policy, values)
    inf_outside = good_p.copy()
    inf_outside[~masks] = np.inf  # outside the mask: never read
    search.feed(inf_outside, good_v)
    with pytest.raises(RuntimeError, match="call next"):
        search.feed(good_p, good_v)
    while (leaves := search.next()) is not None:
        search.feed(*count_net(*leaves, search.movers))
    assert search.result() in s.moves()


def test_misuse_is_refused() -> None:
    s = tr.open("hex(size=4)")
    search = tr.Search(s, simulations=10)
    with pytest.raises(tr.RulesError):
        search.result()  # nothing begun
    with pytest.raises(ValueError, match="cannot search a position of"):
        search.begin(tr.open("hex(size=5)"))
    with pytest.raises(TypeError):
        search.begin("hex(size=4)")  # type: ignore[arg-type]
    over = tr.open_position("hex(size=1)", "1 b -").play("a1")
    with pytest.raises(tr.GameOverError) as info:
        tr.Search(over, simulations=1).begin(over)
    assert info.value.code == "game-over"
    search.begin(s)
    obs, masks = search.next()
    masks = masks.copy()
    with pytest.raises(tr.RulesError):
        search.result()  # the root not evaluated yet
    search.feed(masks, [0.0])  # the failed result() left the root's batch waiting
    for kwargs, err in [
        ({"simulations": 0}, ValueError), ({"batch": 0}, ValueError), ({"batch": 1 << 17}, ValueError),
        ({"simulations": 1.5}, TypeError), ({"noise": 2}, ValueError), ({"noise": float("nan")}, ValueError),
        ({"c_puct": -1}, ValueError), ({"temperature": -1}, ValueError), ({"seed": -1}, ValueError),
        ({"seed": True}, TypeError), ({"c_base": "x"}, TypeError), ({"temperature_plies": -1}, ValueError),
        ({"first_play": 5.0}, ValueError), ({"first_play": -1.5}, ValueError), ({"c_puct": 1e308}, ValueError),
        ({"simulations": 2**64}, ValueError), ({"batch": 2**70}, ValueError), ({"seed": 2**64}, ValueError),
    ]:
        with pytest.raises(err):
            tr.Search(s, **kwargs)
    with pytest.raises(TypeError, match="seed must be an integer, not float"):
        tr.Search(s, seed=1.0)
    search.close()
    search.close()
    with pytest.raises(tr.ClosedError):
        search.begin(s)
    with pytest.raises(tr.ClosedError):
        search.movers


def test_result_before_any_visit_is_the_policy_choice() -> None:
    """A search ended right after its root's evaluation plays the move
    the network's policy weighs most, not the first legal move; its
    visits are all 0."""
    s = tr.open("hex(size=5)")
    search = tr.Search(s, simulations=100, batch=8)
    search.begin(s)
    obs, masks = search.next()
    policy = masks * np.float32(0.01)
    policy[0, s.action_index("c3")] = 1
    search.feed(policy, [0.0])
    assert search.next() is not None
    assert search.result() == "c3"
    assert search.visits().sum() == 0


def test_one_search_at_a_time_per_object() -> None:
    """Two threads on one search: one of them is told it is busy, or
    they take turns; nothing breaks."""
    s = tr.open("hex(size=7)")
    search = tr.Search(s, simulations=2000, batch=16)
    errors: list[Exception] = []

    def run() -> None:
        try:
            for _ in range(3):
                drive(search, s)
        except tr.BusyError as e:
            errors.append(e)
        except (RuntimeError, ValueError, tr.RulesError):
            pass  # the other thread's calls came between this one's

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert drive(search, s) in s.moves()


def test_searches_do_not_leak() -> None:
    s = tr.open("hex(size=5)")
    for _ in range(2000):
        with tr.Search(s, simulations=2) as search:
            drive(search, s)


def test_raw_search_exports_refuse_junk() -> None:
    """The C functions behind Search, called with bad handles, null
    arrays and wrong lengths, return errors; none crashes."""
    from tabletop_rules import _native as n

    lib = n.lib
    s = tr.open("hex(size=4)")
    null = None
    for call in [
        lambda: lib.tr_search_new(0, 10, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0),
        lambda: lib.tr_search_new(s._h, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0),
        lambda: lib.tr_search_new(s._h, 10, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0),
        lambda: lib.tr_search_new(s._h, 10, 1, 0, -1, 1, 0, 0, 0, 0, 0, 0),
        lambda: lib.tr_search_new(s._h, 10, 1, 0, 0, 1, float("nan"), 0, 0, 0, 0, 0),
        lambda: lib.tr_search_new(s._h, 10, 1, 0, 0, 1, 0, 0, 0, 1.5, 0, 0),
        lambda: lib.tr_search_new(s._h, 10, 1, 0, 0, 2, 0, 0, 0, 0, 0, 0),
        lambda: lib.tr_search_new(s._h, 10, 1, 0, 0, -1, 0, 0, 0, 0, 0, 0),
        lambda: lib.tr_search_new(s._h, 10, 1, 0, 0, 1 << 40, 0, 0, 0, 0, 0, 0),
        lambda: lib.tr_search_free(1 << 40),
        lambda: lib.tr_search_begin(-5, s._h),
        lambda: lib.tr_search_next(12345, null, null, null),
        lambda: lib.tr_search_feed(12345, null, null, 1),
        lambda: lib.tr_search_result(12345, null, 0),
        lambda: lib.tr_search_visits(12345, null, 17),
    ]:
        ret = call()
        assert ret < 0
        n.error(-ret)  # the error reads
    h = n.check(lib.tr_search_new(s._h, 10, 2, 0, 0, 1, 0, 0, 0, 0, 0, 0))
    try:
        assert lib.tr_search_begin(h, 999999) < 0
        assert lib.tr_search_begin(h, tr.open("hex(size=5)")._h) < 0
        assert lib.tr_search_feed(h, null, null, 1) < 0, "nothing handed out"
        assert lib.tr_search_next(h, null, null, null) < 0, "null arrays"
        n.check(lib.tr_search_begin(h, s._h))
        obs = np.zeros((2, *s.observation_shape), np.float32)
        masks = np.zeros((2, s.num_actions), np.bool_)
        movers = np.zeros(2, np.int32)
        k = n.check(lib.tr_search_next(h, obs.ctypes.data, masks.ctypes.data, movers.ctypes.data))
        assert k == 1
        policy = np.ones((1, s.num_actions), np.float32)
        values = np.zeros(1, np.float32)
        assert lib.tr_search_feed(h, policy.ctypes.data, values.ctypes.data, 2) < 0, "the wrong count"
        assert lib.tr_search_feed(h, null, values.ctypes.data, 1) < 0, "a null policy"
        bad = np.full(1, 7, np.float32)
        assert lib.tr_search_feed(h, policy.ctypes.data, bad.ctypes.data, 1) < 0, "a value out of [-1, 1]"
        visits = np.zeros(3, np.int32)
        assert lib.tr_search_visits(h, visits.ctypes.data, 3) < 0, "the wrong length"
    finally:
        n.check(lib.tr_search_free(h))
    assert lib.tr_search_free(h) < 0, "freed twice"
