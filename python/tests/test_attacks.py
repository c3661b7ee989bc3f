"""Tests from an attack on the package: each is a bug found or a mutation
no other test caught."""

from __future__ import annotations

import copy
import os
import pickle
import sys
import threading
import time

import numpy as np
import pytest

import tabletop_rules as tr
from tabletop_rules import _native


def test_another_threads_busy_step_leaves_the_actions_alone() -> None:
    """A step refused as busy must not touch the actions a running step
    plays (it used to convert them into the env's shared buffer first)."""
    env = tr.VectorEnv("hex(size=11,swap=none)", 4096, seed=1)
    rng = np.random.default_rng(3)
    stop = threading.Event()

    def intruder() -> None:
        zeros = np.zeros(env.num_envs, dtype=np.int64)  # a1: taken after the first step
        while not stop.is_set():
            try:
                env.step(zeros)
            except (tr.BusyError, tr.IllegalMoveError):
                pass

    t = threading.Thread(target=intruder)
    t.start()
    try:
        for _ in range(30):
            mask = env.legal_action_mask.copy()
            actions = (mask * rng.random(mask.shape)).argmax(axis=1).astype(np.int64)
            try:
                env.step(actions)
            except tr.BusyError:
                pass
    finally:
        stop.set()
        t.join()
    for i in range(0, env.num_envs, 97):
        s = env.state(i)
        assert tr.open_position(s.spec, str(s)) == s


def test_a_forked_child_gets_fork_error_not_a_hang() -> None:
    if not hasattr(os, "fork"):
        pytest.skip("no fork")
    s = tr.open("hex(size=5)")
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: report and leave at once, whatever happens
        code = 3
        try:
            s.play_action(1)
        except tr.ForkError:
            try:
                tr.VectorEnv("hex", 2)
            except tr.ForkError:
                code = 0
        except BaseException:
            code = 4
        os.write(w, bytes([code]))
        os._exit(code)
    os.close(w)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.01)
    else:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        pytest.fail("the forked child hung")
    assert os.read(r, 1) == b"\x00" and os.WEXITSTATUS(status) == 0
    assert s.play_action(1).ply == 1, "the parent goes on"


def test_an_env_cannot_be_copied_or_pickled() -> None:
    env = tr.VectorEnv("hex", 2)
    for f in (copy.copy, copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError):
            f(env)


def test_a_freed_handle_is_closed_error() -> None:
    ghost = tr.State._wrap(2**30)  # a handle Go never gave
    with pytest.raises(tr.ClosedError):
        ghost.moves()
    with pytest.raises(tr.ClosedError):
        ghost.play_action(0)
    ghost._h = 0  # nothing to free


def test_env_attributes_are_read_only() -> None:
    env = tr.VectorEnv("hex", 2)
    for name in ("num_envs", "num_actions", "seats", "spec", "observation_shape", "max_plies"):
        with pytest.raises(AttributeError):
            setattr(env, name, 1)


def test_step_names_the_first_bad_game_whatever_its_width() -> None:
    env = tr.VectorEnv("hex(size=3,swap=none)", 3)
    env.step([0, 0, 0])
    with pytest.raises(tr.IllegalMoveError) as e:
        env.step(np.array([0, 1, 2**40]))  # game 0's a1 is taken: the first bad game
    assert e.value.game == 0
    with pytest.raises(tr.OutOfRangeError) as e:
        env.step(np.array([1, 2**40, 0]))
    assert e.value.game == 1 and "1099511627776" in str(e.value)
    env = tr.VectorEnv("hex(size=1)", 2)
    env.step([0, 0])  # both games over
    env.step(np.array([2**40, -(2**50)]))  # ignored, as any action of a finished game
    assert not env.terminated.any()


def test_too_many_games_is_value_error_before_any_allocation() -> None:
    with pytest.raises(ValueError):
        tr.VectorEnv("hexplocus", 2**24)
    with pytest.raises(ValueError):
        tr.VectorEnv("focus", 2**21)


def test_observation_seat_must_be_a_seat() -> None:
    s = tr.open("hex")
    for seat in (-1, -1000, 2, 2**31, -(2**40)):
        with pytest.raises(tr.OutOfRangeError) as e:
            s.observation(seat)
        assert str(seat) in str(e.value)


def test_returns_of_every_seat() -> None:
    """Four seats' returns, from the Go fixture's finished games of more
    than two seats (an ending is rare in random play, so Go searched)."""
    path = os.environ.get("TABLETOP_ENDINGS")
    if not path:
        pytest.skip("TABLETOP_ENDINGS is not set: run these tests through go test ./python")
    import json

    seen = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            e = json.loads(line)
            s = tr.open_position(e["spec"], e["text"])
            assert s.is_terminal and s.result == e["result"]
            assert list(s.returns()) == e["returns"]
            seen.add(s.seats)
    assert seen >= {2, 3, 4}


def test_actions_of_other_kinds_are_refused_or_copied() -> None:
    env = tr.VectorEnv("hex(size=3)", 4)
    with pytest.raises(TypeError):
        env.step(np.array([1, 2, 3, 4], dtype="timedelta64[s]"))
    with pytest.raises(TypeError):
        env.step(np.ma.masked_array([0, 1, 2, 3], mask=[0, 1, 0, 0]))
    raw = np.zeros(17, dtype=np.uint8)
    unaligned = np.frombuffer(raw.data, dtype=np.int32, count=4, offset=1)
    assert not unaligned.flags.aligned
    env.step(unaligned)  # copied, not handed to Go as it is
    strided = np.array([4, 0, 5, 0, 6, 0, 7, 0], dtype=np.int32)[::2]
    env.step(strided)
    assert [env.state(i).moves().count(m) for i, m in enumerate(["b2", "c2", "a3", "b3"])] == [0, 0, 0, 0]
    played = [str(env.state(i)) for i in range(4)]
    assert all("B" in p and "W" in p for p in played)


def test_wrong_node_is_an_illegal_move() -> None:
    s = tr.open("domination")
    s = s.play(s.moves()[0])  # the draw: now a decision
    with pytest.raises(tr.IllegalMoveError) as e:
        s.play("2-5")
    assert e.value.code == "wrong-node"
    assert not s.legal("2-5")


def test_legal_actions_are_int32() -> None:
    for spec in ("hex", "domination", "focus"):
        assert tr.open(spec).legal_actions().dtype == np.int32


def test_a_surrogate_offset_counts_bytes() -> None:
    with pytest.raises(tr.MoveSyntaxError) as e:
        tr.open("hex").play("é\ud800")
    assert e.value.offset == 2


def test_seeds_span_64_bits() -> None:
    tr.VectorEnv("domination", 2, seed=2**64 - 1)
    with pytest.raises(ValueError):
        tr.VectorEnv("domination", 2, seed=2**64)


def test_env_state_index_must_be_an_integer() -> None:
    env = tr.VectorEnv("hex", 3)
    for bad in (1.5, "1", None, True):
        with pytest.raises(TypeError):
            env.state(bad)  # type: ignore[arg-type]


def test_non_square_boards_have_their_shape() -> None:
    for spec, shape in [("hex(size=5x3)", (10, 3, 5)), ("explocus(rows=6,cols=8)", (9, 6, 8))]:
        s = tr.open(spec)
        assert s.observation_shape == shape and s.observation().shape == shape
        env = tr.VectorEnv(spec, 2)
        assert env.observation.shape == (2, *shape)


def test_the_abi_is_checked() -> None:
    assert _native.lib.tr_abi() == _native.ABI_VERSION


def test_free_refuses_a_busy_env() -> None:
    """tr_env_free while another thread is inside a step is refused (the
    arrays are still being written), beneath the Python lock that also
    makes sure of it."""
    import ctypes

    env = tr.VectorEnv("hex(size=11)", 8192, workers=1)
    lib = _native.lib
    h = env._h
    actions = np.zeros(env.num_envs, dtype=np.int32)
    started = threading.Event()

    def steps() -> None:
        started.set()
        for _ in range(200):
            if lib.tr_env_reset(h) < 0:
                return  # freed: the main thread's free went through
            lib.tr_env_step(h, actions.ctypes.data, env.num_envs)

    t = threading.Thread(target=steps)
    t.start()
    started.wait()
    outcomes = []
    while True:
        ret = lib.tr_env_free(h)
        if ret == 0:
            outcomes.append("freed")
            break
        outcomes.append(type(_native.error(-ret)).__name__)
    t.join()
    env._h = 0  # freed above
    assert set(outcomes[:-1]) <= {"BusyError"}
    if len(outcomes) == 1:
        pytest.skip("the free came between two steps")
