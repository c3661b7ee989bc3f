"""No leak: opening and dropping a million states keeps memory flat, and
so does making and closing environments."""

from __future__ import annotations

import gc
import os

import pytest

import tabletop_rules as tr
from tabletop_rules import _native, _state


pytestmark = pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads /proc (Linux)")


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 2**20


def live() -> int:
    gc.collect()
    _state._flush()
    return _native.lib.tr_live()


def test_a_million_states_keep_memory_flat() -> None:
    base = live()
    s = tr.open("hex(size=11)")
    for _ in range(100_000):  # warm up the allocators
        s.play_action(5)
    warm = rss_mb()
    for k in range(900_000):
        t = s.play_action(k % 121)
        if k % 3 == 0:
            tr.open("focus")
        del t
    grown = rss_mb() - warm
    assert live() - base <= 1, "every dropped State was freed in Go"
    assert grown < 20, f"memory grew {grown:.1f} MB over 900,000 states"


def test_environments_are_freed() -> None:
    base = live()
    warm = None
    for k in range(3000):
        env = tr.VectorEnv("hex(size=9)", 64, seed=k)
        env.step(env.legal_action_mask.argmax(axis=1))
        if k % 2:
            env.close()
        del env
        if k == 500:
            warm = rss_mb()
    assert live() == base
    assert rss_mb() - warm < 20
