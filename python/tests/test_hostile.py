"""A stranger's strings and integers: every call answers with one of the
documented exceptions, never a crash or another error (seeded random
inputs, mutated from real texts)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import tabletop_rules as tr

ALLOWED = (tr.RulesError, ValueError, TypeError, IndexError)


def mutate(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(4)
        pos = rng.randrange(len(chars) + 1)
        if op == 0 and chars:
            del chars[min(pos, len(chars) - 1)]
        elif op == 1:
            chars.insert(pos, rng.choice("()=,/0123456789abAB-*<> \x00\u00e9\ud800"))
        elif op == 2 and chars:
            chars[min(pos, len(chars) - 1)] = chr(rng.randrange(0x110000))
        else:
            chars = chars[:pos] * rng.randint(1, 3)
    return "".join(chars)


def attempt(f, *args) -> None:  # type: ignore[no-untyped-def]
    try:
        f(*args)
    except ALLOWED:
        pass


def test_strangers_texts_and_integers() -> None:
    rng = random.Random(2026)
    samples = []
    for spec in tr.games():
        s = tr.open(spec)
        for _ in range(20):
            if s.is_terminal:
                break
            samples.append((s.spec, str(s), s.moves()[:3]))
            s = s.play(rng.choice(s.moves()))
    ints = [0, 1, -1, 2**31 - 1, -(2**31), 2**31, 2**63 - 1, -(2**63), 2**64, -(2**100), 10**6]
    for _ in range(3000):
        spec, text, moves = rng.choice(samples)
        attempt(tr.open, mutate(rng, spec))
        attempt(tr.open_position, spec, mutate(rng, text))
        attempt(tr.open_position, mutate(rng, spec), text)
        attempt(tr.from_json, mutate(rng, f'{{"spec": "{spec}", "position": "{text}"}}'))
        s = tr.open_position(spec, text)
        move = mutate(rng, rng.choice(moves)) if moves else "x"
        for f in (s.play, s.legal, s.canonical, s.action_index):
            attempt(f, move)
        i = rng.choice(ints + [rng.randrange(-5, 3000)])
        for f in (s.play_action, s.action_move, s.transform, s.action_permutation, s.observation):
            attempt(f, i)
        attempt(s.action_move, i, True)


def test_strangers_vector_env_arguments() -> None:
    rng = np.random.default_rng(9)
    env = tr.VectorEnv("focus(players=3)", 8, seed=1)
    for _ in range(300):
        kind = rng.integers(6)
        if kind == 0:
            a = rng.integers(-(2**40), 2**40, size=8)
        elif kind == 1:
            a = rng.integers(-3, env.num_actions + 3, size=8).astype(np.int16)
        elif kind == 2:
            a = rng.integers(0, 3, size=int(rng.integers(0, 12)))
        elif kind == 3:
            a = rng.random(8)
        elif kind == 4:
            a = np.array(["x"] * 8)
        else:
            a = (env.legal_action_mask * rng.random(env.legal_action_mask.shape)).argmax(axis=1)
        try:
            env.step(a)
        except ALLOWED:
            pass
        attempt(env.state, int(rng.integers(-10, 20)))
    with pytest.raises(tr.ClosedError):
        env.close()
        env.step(np.zeros(8, dtype=np.int32))
