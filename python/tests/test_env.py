"""The batched environment: shapes, the step's rules, seeds, errors, and
its games written as records for Go to replay."""

from __future__ import annotations

import os
import threading
import time

import numpy as np
import pytest

import tabletop_rules as tr

from conftest import all_specs


def pick(env: tr.VectorEnv, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action for each game."""
    mask = env.legal_action_mask
    return (mask * rng.random(mask.shape)).argmax(axis=1).astype(np.int32)


@pytest.mark.parametrize("spec", ["hex(size=11)", "focus", "domination", "explocus", "hexplocus"])
def test_shapes_per_game(spec: str) -> None:
    s = tr.open(spec)
    env = tr.VectorEnv(spec, 5)
    assert env.observation.shape == (5, *s.observation_shape) and env.observation.dtype == np.float32
    assert env.legal_action_mask.shape == (5, s.num_actions) and env.legal_action_mask.dtype == np.bool_
    assert env.current_player.shape == (5,) and env.current_player.dtype == np.int32
    assert env.rewards.shape == (5, s.seats) and env.rewards.dtype == np.float32
    assert env.terminated.shape == env.truncated.shape == (5,)
    for arr in (env.observation, env.legal_action_mask, env.current_player, env.rewards):
        assert not arr.flags.writeable


def test_arrays_agree_with_state_every_step() -> None:
    rng = np.random.default_rng(1)
    for spec in ["hex(size=5)", "domination", "focus(players=4,teams=true)", "explocus(plylimit=30)"]:
        env = tr.VectorEnv(spec, 4, seed=3, max_plies=80)
        for _ in range(60):
            env.step(pick(env, rng))
            for i in range(4):
                s = env.state(i)
                assert env.current_player[i] == s.to_move
                assert env.terminated[i] == s.is_terminal
                if s.is_terminal:
                    assert env.legal_action_mask[i].all()
                    assert tuple(env.rewards[i]) == s.returns()
                else:
                    assert not s.is_chance
                    assert not env.rewards[i].any()
                    if not env.truncated[i]:
                        np.testing.assert_array_equal(env.legal_action_mask[i], s.legal_action_mask())
                        np.testing.assert_array_equal(env.observation[i], s.observation())


def test_a_finished_game_restarts_on_the_next_step() -> None:
    env = tr.VectorEnv("hex(size=1)", 3)
    env.step(np.zeros(3, dtype=np.int32))
    assert env.terminated.all() and (env.rewards == [1, -1]).all()
    assert (env.current_player == tr.TERMINAL).all()
    env.step(np.array([1, 1, 1]))  # ignored: the games restart
    assert not env.terminated.any() and not env.rewards.any()
    assert env.state(0) == tr.open("hex(size=1)")


def test_max_plies_truncates() -> None:
    env = tr.VectorEnv("hex(size=9)", 2, max_plies=3)
    for k in range(3):
        assert not env.truncated.any()
        env.step(np.array([k, k + 10]))
    assert env.truncated.all() and not env.terminated.any()
    env.step(np.array([5, 5]))
    assert env.state(1).ply == 0


def test_same_seed_same_games_whatever_the_cores() -> None:
    runs = []
    for workers in (1, 2, None):
        env = tr.VectorEnv("domination", 96, seed=11, workers=workers)
        rng = np.random.default_rng(2)
        trace = []
        for _ in range(40):
            env.step(pick(env, rng))
            trace.append(env.observation.copy())
        runs.append(np.stack(trace))
    for run in runs[1:]:
        np.testing.assert_array_equal(runs[0], run)
    other = tr.VectorEnv("domination", 96, seed=12)
    assert not np.array_equal(other.observation, tr.VectorEnv("domination", 96, seed=11).observation)


def test_an_illegal_action_changes_nothing_and_names_its_game() -> None:
    env = tr.VectorEnv("hex(size=3,swap=none)", 4)
    env.step(np.zeros(4, dtype=np.int64))
    before = env.observation.copy()
    with pytest.raises(tr.IllegalMoveError) as e:
        env.step(np.array([1, 1, 0, 1]))
    assert e.value.game == 2 and e.value.code == "illegal"
    with pytest.raises(tr.OutOfRangeError) as e:
        env.step(np.array([1, 9, 1, 1]))
    assert e.value.game == 1
    with pytest.raises(tr.OutOfRangeError) as e:
        env.step(np.array([1, 1, 1, 2**40]))
    assert e.value.game == 3
    with pytest.raises(tr.OutOfRangeError, match=r"game 0: action 1180591620717411303424 is outside \[0, 9\)") as e:
        env.step([2**70, 1, 1, 1])  # a list numpy makes an object array of
    assert e.value.game == 0
    with pytest.raises(tr.OutOfRangeError) as e:
        env.step([1, 1, -(2**80), 1])
    assert e.value.game == 2
    with pytest.raises(TypeError, match=r"actions\[1\] must be an integer, not float"):
        env.step([2**70, 1.5, 1, 1])
    with pytest.raises(TypeError, match="not object"):
        env.step(np.array([1, 1, 1, 1], dtype=object))  # an object array of small ints: still refused
    np.testing.assert_array_equal(env.observation, before)
    assert env.state(0).ply == 1


def test_bad_actions_arrays_are_refused() -> None:
    env = tr.VectorEnv("hex(size=3)", 4)
    with pytest.raises(TypeError):
        env.step(np.zeros(4, dtype=np.float32))
    with pytest.raises(TypeError):
        env.step(np.zeros(4, dtype=bool))
    with pytest.raises(TypeError):
        env.step(["a", "b", "c", "d"])
    with pytest.raises(ValueError):
        env.step(np.zeros(3, dtype=np.int32))
    with pytest.raises(ValueError):
        env.step(np.zeros((4, 1), dtype=np.int32))
    env.step([0, 1, 2, 3])  # a list of ints is fine
    env.step(np.array([4, 0, 5, 0, 6, 0, 7, 0], dtype=np.int32)[::2])  # and a strided array
    assert env.state(3).ply == 2


def test_bad_constructor_arguments() -> None:
    for kwargs in [dict(num_envs=0), dict(num_envs=-1), dict(num_envs=1.5), dict(num_envs=2, seed=-1),
                   dict(num_envs=2, max_plies=0), dict(num_envs=2, workers=0), dict(num_envs=2, seed=2**64)]:
        with pytest.raises((ValueError, TypeError)):
            tr.VectorEnv("hex", **kwargs)  # type: ignore[arg-type]
    for kwargs in [dict(num_envs=2**64), dict(num_envs=2**40), dict(num_envs=2, max_plies=2**70),
                   dict(num_envs=2, workers=2**64)]:
        with pytest.raises(ValueError, match="is not in") as e:
            tr.VectorEnv("hex", **kwargs)  # type: ignore[arg-type]
        assert not isinstance(e.value, IndexError), "a count, not an index"
    with pytest.raises(TypeError, match="seed must be an integer, not float"):
        tr.VectorEnv("hex", 2, seed=1.0)  # type: ignore[arg-type]
    with pytest.raises(tr.SpecError):
        tr.VectorEnv("hex(size=0)", 2)
    with pytest.raises(tr.GameOverError):
        tr.VectorEnv(tr.open("hex(size=1)").play("a1"), 2)


def test_a_closed_env_refuses_every_call() -> None:
    env = tr.VectorEnv("hex", 2)
    env.close()
    env.close()  # a second close does nothing
    for call in (env.reset, lambda: env.step([0, 0]), lambda: env.state(0)):
        with pytest.raises(tr.ClosedError):
            call()
    with tr.VectorEnv("hex", 2) as env2:
        env2.step([0, 0])
    with pytest.raises(tr.ClosedError):
        env2.reset()


def test_state_index_out_of_range() -> None:
    env = tr.VectorEnv("hex", 2)
    for i in (2, -1, 2**40):
        with pytest.raises(tr.OutOfRangeError):
            env.state(i)


def test_two_threads_at_once_get_busy_error() -> None:
    env = tr.VectorEnv("hex(size=11)", 16384)
    errors: list[BaseException] = []
    stop = threading.Event()

    def stepper() -> None:
        a = np.zeros(env.num_envs, dtype=np.int32)
        while not stop.is_set():
            try:
                env.reset()
                env.step(a)
            except tr.BusyError:
                pass
            except BaseException as e:  # pragma: no cover - reported below
                errors.append(e)

    t = threading.Thread(target=stepper)
    t.start()
    busy = 0
    deadline = time.monotonic() + 20  # a bound, not a timing assertion
    try:
        while busy < 3 and time.monotonic() < deadline:
            try:
                env.state(0)
            except tr.BusyError:
                busy += 1
    finally:
        stop.set()
        t.join()
    assert not errors
    assert busy >= 1, "the main thread never met the stepping one"
    with pytest.raises(tr.BusyError):
        with env._lock:
            env.step(np.zeros(env.num_envs, dtype=np.int32))


def find_chance(before: tr.State, after: tr.State) -> list[str]:
    """The chance outcomes that lead from before to after (a breadth-first
    search over chance nodes)."""
    frontier = [(before, [])]
    while frontier:
        nxt = []
        for s, path in frontier:
            if s == after:
                return path
            if s.is_chance and s.ply < after.ply:
                for m in s.moves():
                    nxt.append((s.play(m), path + [m]))
        frontier = nxt
    raise AssertionError(f"no chance outcomes lead from {before} to {after}")


def test_games_replay_through_notation() -> None:
    """Each game the env plays is written as a record; the Go test replays
    them all with notation.Record.Replay and checks the results."""
    rng = np.random.default_rng(7)
    records = []
    for spec in all_specs():
        n = 3
        env = tr.VectorEnv(spec, n, seed=5, max_plies=120)
        start = tr.open(spec)
        # The draws the env made before the first decision, if any.
        moves = [find_chance(start, env.state(i)) for i in range(n)]
        ended = 0
        for _ in range(150):
            before = [env.state(i) for i in range(n)]
            finished = env.terminated | env.truncated
            actions = pick(env, rng)
            env.step(actions)
            for i in range(n):
                after = env.state(i)
                if finished[i]:
                    moves[i] = find_chance(start, after)
                    continue
                move = before[i].action_move(int(actions[i]))
                moves[i].append(move)
                moves[i].extend(find_chance(before[i].play(move), after))
                if env.terminated[i] or env.truncated[i]:
                    result = after.result if env.terminated[i] else "*"
                    if env.terminated[i]:
                        assert tuple(env.rewards[i]) == after.returns()
                        ended += 1
                    records.append(record(start.spec, moves[i], result))
        for i in range(n):
            if moves[i] and not (env.terminated[i] or env.truncated[i]):
                records.append(record(start.spec, moves[i], "*"))
    out = os.environ.get("TABLETOP_RECORDS")
    if out:
        with open(out, "w", encoding="utf-8") as f:
            f.write("\n".join(records))
    assert len(records) > 10


def record(spec: str, moves: list[str], result: str) -> str:
    return f'[Game "{spec}"]\n[Result "{result}"]\n\n' + " ".join(moves) + "\n"
