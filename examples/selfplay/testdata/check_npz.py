#!/usr/bin/env python3
"""Check a training-data file written by `selfplay -data FILE.npz`.

    python3 check_npz.py FILE.npz [--shape P R C] [--actions A] [--seats S]

It loads the file with numpy, as a training script would, and checks what
selfplay's doc promises (see cli.Selfplay): the arrays and their dtypes,
one row count N for all, observations N×P×R×C and masks/policies N×A
(against the game's shape and action count when given), policies >= 0,
zero outside the mask and summing to 1, every action legal, values in
[-1, 1], plies increasing and one finished flag within each game (values
0 in an unfinished one), and, game by game, one value per seat whose values sum to 0 when
every seat of an S-seat game moved (returns are zero-sum: in a finished
two-player game the two movers' values are opposite, and an unfinished
game gives 0 to all). It prints one line and exits 0 if the file passes,
else prints the first failure and exits 1.
"""

import argparse
import sys

import numpy as np

DTYPES = {
    "observations": np.float32,
    "masks": np.bool_,
    "policies": np.float32,
    "values": np.float32,
    "actions": np.int32,
    "seats": np.int8,
    "games": np.int32,
    "plies": np.int32,
    "finished": np.bool_,
}


def fail(msg):
    print("check_npz: " + msg, file=sys.stderr)
    sys.exit(1)


def check(path, shape=None, actions=None, seats=None):
    with np.load(path) as f:
        data = {k: f[k] for k in f.files}
    for name, dtype in DTYPES.items():
        if name not in data:
            fail(f"no array {name} (arrays: {sorted(data)})")
        if data[name].dtype != dtype:
            fail(f"{name} is {data[name].dtype}, not {np.dtype(dtype)}")
    obs, masks, pol = data["observations"], data["masks"], data["policies"]
    vals, acts, who, games = data["values"], data["actions"], data["seats"], data["games"]
    n = len(vals)
    for name, a in data.items():
        if a.shape[:1] != (n,):
            fail(f"{name} has shape {a.shape}: not {n} rows")
    if obs.ndim != 4:
        fail(f"observations have shape {obs.shape}, not N×P×R×C")
    if shape is not None and obs.shape[1:] != tuple(shape):
        fail(f"observations have shape {obs.shape}, not N×{tuple(shape)}")
    if masks.ndim != 2 or pol.shape != masks.shape:
        fail(f"masks {masks.shape} and policies {pol.shape}: not both N×A")
    num_actions = masks.shape[1]
    if actions is not None and num_actions != actions:
        fail(f"{num_actions} actions, not {actions}")
    for name in ("values", "actions", "seats", "games", "plies", "finished"):
        if data[name].ndim != 1:
            fail(f"{name} has shape {data[name].shape}, not (N,)")
    if not np.isfinite(obs).all():
        fail("an observation is not finite")
    if n == 0:
        print(f"ok {path}: no positions")
        return
    if not masks.any(axis=1).all():
        fail(f"row {int(np.argmin(masks.any(axis=1)))} has no legal action")
    if (pol < 0).any():
        fail(f"a negative policy value in row {int(np.argwhere(pol < 0)[0][0])}")
    outside = (pol != 0) & ~masks
    if outside.any():
        fail(f"policy mass outside the mask in row {int(np.argwhere(outside)[0][0])}")
    sums = pol.sum(axis=1, dtype=np.float64)
    if not np.allclose(sums, 1, atol=1e-5):
        fail(f"row {int(np.argmax(np.abs(sums - 1)))} of policies sums to {sums[np.argmax(np.abs(sums - 1))]}")
    if ((acts < 0) | (acts >= num_actions)).any():
        fail(f"an action outside [0, {num_actions})")
    if not masks[np.arange(n), acts].all():
        fail(f"row {int(np.argmin(masks[np.arange(n), acts]))} played an action outside its mask")
    if not np.isfinite(vals).all() or (np.abs(vals) > 1).any():
        fail("a value outside [-1, 1]")
    if (who < 0).any() or (seats is not None and (who >= seats).any()):
        fail("a mover that is no seat")
    if (np.diff(games) < 0).any():
        fail("games out of order")
    # Within a game the plies increase and finished is one flag; a game
    # left unfinished gives every row the value 0.
    plies, finished = data["plies"], data["finished"]
    same = np.diff(games) == 0
    if (plies < 0).any() or (np.diff(plies)[same] <= 0).any():
        fail("plies that do not increase within a game")
    if (finished[1:] != finished[:-1])[same].any():
        fail("a game both finished and unfinished")
    if (vals[~finished] != 0).any():
        fail(f"row {int(np.argwhere(~finished & (vals != 0))[0][0])} of an unfinished game has a value")
    # One value per (game, seat): the outcome's return for that seat.
    key = games.astype(np.int64) * 64 + who
    uniq, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    if not (vals == vals[first][inverse]).all():
        fail("a seat has two values in one game")
    if seats is not None:
        # Returns sum to 0 over the seats: checkable where all of them moved.
        g = uniq // 64
        game_ids, counts = np.unique(g, return_counts=True)
        full = game_ids[counts == seats]
        sums = np.array([vals[first][g == k].sum(dtype=np.float64) for k in full])
        if len(sums) and not np.allclose(sums, 0, atol=1e-5):
            fail(f"the values of game {full[np.argmax(np.abs(sums))]} do not sum to 0 over its seats")
    print(f"ok {path}: {n} positions of {len(np.unique(games))} games, "
          f"observations {obs.shape[1:]}, {num_actions} actions")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--shape", type=int, nargs=3, metavar=("P", "R", "C"))
    ap.add_argument("--actions", type=int)
    ap.add_argument("--seats", type=int)
    args = ap.parse_args()
    check(args.file, args.shape, args.actions, args.seats)


if __name__ == "__main__":
    main()
