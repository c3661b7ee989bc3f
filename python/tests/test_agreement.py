"""Python and Go agree move for move: Go's random games of every
registered variant, replayed through the package, give the same texts,
moves, actions, masks, observations and results at every ply."""

from __future__ import annotations

import hashlib

import numpy as np

import tabletop_rules as tr


def digest(obs: np.ndarray) -> str:
    return hashlib.sha256(obs.astype("<f4").tobytes()).hexdigest()


def test_every_variant_agrees_ply_by_ply(fixture_games: list[dict]) -> None:
    specs = {g["spec"].split("(")[0] for g in fixture_games}
    assert specs == set(tr.games()), "the fixtures cover every game"
    for k, game in enumerate(fixture_games):
        s = tr.open(game["spec"])
        assert s.spec == game["spec"]
        for i, p in enumerate(game["plies"]):
            where = f"game {k} ({game['spec']}) ply {i}"
            assert str(s) == p["text"], where
            assert s == tr.open_position(game["spec"], p["text"]), where
            assert s.to_move == p["to_move"], where
            assert s.ply == p["ply"], where
            assert s.moves() == p["moves"], where
            assert s.legal_actions().tolist() == p["actions"], where
            mask = s.legal_action_mask()
            assert mask.dtype == np.bool_ and np.flatnonzero(mask).tolist() == p["actions"], where
            obs = s.observation(p["seat"])
            assert list(obs.shape) == p["shape"] == list(s.observation_shape), where
            assert digest(obs) == p["observation"], where
            assert s.result == p["result"], where
            assert list(s.returns()) == p["returns"], where
            assert s.is_terminal == (p["to_move"] == tr.TERMINAL), where
            if not p["move"]:
                break
            assert s.legal(p["move"]), where
            assert s.action_index(p["move"]) == p["action"], where
            assert s.action_move(p["action"], chance=s.is_chance) == p["move"], where
            # Alternate the two ways of playing: text and action index.
            nxt = s.play(p["move"]) if i % 2 else s.play_action(p["action"])
            assert str(s) == p["text"], "playing left the position as it was"
            s = nxt
