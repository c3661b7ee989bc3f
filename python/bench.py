"""Benchmarks of the Python package, each against the Go loop doing the same
work in the same process and run.

    python3 python/bench.py                 # after pip install
    python3 python/bench.py --steps 50      # a quick run

VectorEnv: random self-play with observations and masks, counting the time
inside step() alone (the actions are picked with numpy from the masks, not
timed: the first legal action at or after a random one); the Go loop steps
the same environment, picking the same way in Go (not timed either). One position: play_action + observation, round trip.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import tabletop_rules as tr


def pick(rng: np.random.Generator, mask: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """For each game, the first legal action at or after a random one
    (wrapping round): the Go loop's choice, with bool temporaries only,
    which leave the caches to the step as the Go loop does."""
    start = rng.integers(0, mask.shape[1], size=mask.shape[0])
    after = mask & (columns >= start[:, None])
    return np.where(after.any(axis=1), after.argmax(axis=1), mask.argmax(axis=1)).astype(np.int32)


def vector(spec: str, num_envs: int, steps: int, workers: int | None) -> tuple[float, float]:
    env = tr.VectorEnv(spec, num_envs, seed=1, workers=workers)
    rng = np.random.default_rng(1)
    columns = np.arange(env.num_actions)
    inside = 0.0
    for _ in range(steps):
        actions = pick(rng, env.legal_action_mask, columns)
        t = time.perf_counter()
        env.step(actions)
        inside += time.perf_counter() - t
    go = env._bench_go_loop(steps, seed=2)
    env.close()
    return num_envs * steps / inside, num_envs * steps / go


def single(spec: str, n: int) -> float:
    s = tr.open(spec)
    s.observation()
    actions = [int(a) for a in s.legal_actions()]
    t = time.perf_counter()
    for k in range(n):
        s.play_action(actions[k % len(actions)]).observation()
    return (time.perf_counter() - t) / n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--steps", type=int, default=500, help="steps per VectorEnv run")
    ap.add_argument("--envs", type=int, default=1024, help="num_envs")
    ap.add_argument("--workers", type=int, default=None, help="VectorEnv workers (default: every core)")
    ap.add_argument("--single", type=int, default=200_000, help="round trips of one position")
    ap.add_argument("--runs", type=int, default=3, help="runs of each measurement")
    args = ap.parse_args()
    print(f"VectorEnv, num_envs={args.envs}, {args.steps} steps a run, time inside step")
    print("| spec | Python, M steps/s | Go loop, M steps/s | Go / Python |")
    print("|---|---|---|---|")
    for spec in ["hex(size=11)", "focus"]:
        for _ in range(args.runs):
            py, go = vector(spec, args.envs, args.steps, args.workers)
            print(f"| `{spec}` | {py / 1e6:.2f} | {go / 1e6:.2f} | {go / py:.2f} |")
    print()
    print("One position: s.play_action(a).observation()")
    for spec in ["hex(size=11)", "focus"]:
        for _ in range(args.runs):
            print(f"| `{spec}` | {single(spec, args.single) * 1e6:.2f} µs |")


if __name__ == "__main__":
    main()
