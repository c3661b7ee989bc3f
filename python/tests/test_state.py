"""One position: values, text, moves, the kit, errors."""

from __future__ import annotations

import copy
import pickle
from fractions import Fraction

import numpy as np
import pytest

import tabletop_rules as tr


def test_games_lists_every_game() -> None:
    assert tr.games() == ["domination", "explocus", "focus", "hex", "hexplocus"]


def test_open_gives_the_start() -> None:
    s = tr.open("hex(size=7)")
    assert s.spec == "hex(size=7,swap=sides)"
    assert str(s) == "7/7/7/7/7/7/7 b -"
    assert (s.seats, s.to_move, s.ply) == (2, 0, 0)
    assert not s.is_terminal and not s.is_chance
    assert s.result == "*" and s.reason == "" and s.returns() == (0.0, 0.0)
    assert s.num_actions == 50 and s.num_chance_actions == 0
    assert s.observation_shape == (10, 7, 7)
    assert s.symmetries == 2


def test_play_returns_a_new_state_and_keeps_the_old() -> None:
    s = tr.open("hex(size=7)")
    t = s.play("D4")
    assert str(s) == "7/7/7/7/7/7/7 b -"
    assert str(t) == "7/7/7/3B3/7/7/7 w -"
    assert t.ply == 1 and t.to_move == 1
    assert "swap" in t.moves()
    assert t.canonical("D4") == "d4"


def test_states_are_values() -> None:
    a = tr.open("focus").play_action(tr.open("focus").legal_actions()[0])
    b = tr.open_position("focus", str(a))
    assert a == b and a is not b and hash(a) == hash(b)
    assert a != tr.open("focus") and a != "not a state"
    assert len({a, b}) == 1
    assert pickle.loads(pickle.dumps(a)) == a
    assert copy.copy(a) is a and copy.deepcopy(a) is a
    assert tr.from_json(a.to_json()) == a == tr.State.from_json(a.to_json().encode())
    assert eval(repr(a), {"tabletop_rules": tr}) == a
    with pytest.raises(AttributeError):
        a.ply = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        tr.State()


def test_hex_win_by_connection() -> None:
    s = tr.open("hex(size=2,swap=none)").play("a1").play("b1").play("a2")
    assert s.is_terminal and s.to_move == tr.TERMINAL
    assert s.result == "1-0" and s.reason == "connection" and s.returns() == (1.0, -1.0)
    assert s.moves() == [] and s.legal_actions().size == 0
    assert not s.legal_action_mask().any()
    assert not s.legal("b2"), "after the end no move is legal"
    with pytest.raises(tr.GameOverError) as e:
        s.play("b2")
    assert e.value.code == "game-over"
    with pytest.raises(tr.GameOverError):
        s.play_action(0)


def test_domination_chance_has_exact_probabilities() -> None:
    s = tr.open("domination")
    assert s.is_chance and s.to_move == tr.CHANCE
    chances = s.chances()
    assert [m for m, _ in chances] == s.moves()
    assert sum(p for _, p in chances) == 1
    assert all(isinstance(p, Fraction) for _, p in chances)
    assert s.legal_action_mask().size == s.num_chance_actions
    first = s.legal_actions()[0]
    t = s.play_action(first)
    assert t.ply == 1 and not t.is_chance
    assert s.action_move(first, chance=True) == chances[0][0]
    with pytest.raises(ValueError, match="pass seat="):
        s.observation()
    assert s.observation(0).shape == s.observation_shape


def test_legal_agrees_with_moves() -> None:
    s = tr.open("hex(size=3)").play("b2")
    for m in ["a1", "b2", "c3", "swap"]:
        assert s.legal(m) == (m in s.moves())
    with pytest.raises(tr.MoveSyntaxError) as e:
        s.legal("zz9")
    assert e.value.code == "syntax" and isinstance(e.value, ValueError)


def test_observation_is_from_the_mover_by_default() -> None:
    s = tr.open("hex(size=5)").play("c3")
    assert s.observation().dtype == np.float32
    np.testing.assert_array_equal(s.observation(), s.observation(1))
    assert not np.array_equal(s.observation(0), s.observation(1))
    a, b = s.observation(), s.observation()
    a[:] = 7
    assert b.max() <= 1, "each call returns its own array"


def test_transform_and_action_permutation() -> None:
    s = tr.open("hex(size=4,swap=none)").play("a1")
    t = s.transform(1)
    assert str(t) == "hex(size=4,swap=none) 4/4/4/3B w -"
    perm = s.action_permutation(1)
    assert perm.dtype == np.int32 and sorted(perm.tolist()) == list(range(s.num_actions))
    policy = s.legal_action_mask().astype(np.float32)
    moved = np.empty_like(policy)
    moved[perm] = policy
    np.testing.assert_array_equal(moved, t.legal_action_mask().astype(np.float32))
    with pytest.raises(tr.OutOfRangeError):
        s.transform(2)
    with pytest.raises(IndexError):
        s.action_permutation(-1)


def test_bad_spec_raises_value_error_with_offset() -> None:
    with pytest.raises(tr.SpecError) as e:
        tr.open("hex(size=99)")
    assert isinstance(e.value, ValueError) and e.value.code == "bad-spec" and e.value.offset == 4
    with pytest.raises(tr.UnknownGameError) as e:
        tr.open("chess")
    assert e.value.code == "unknown-game" and e.value.offset == 0
    with pytest.raises(tr.SpecError):
        tr.open("hex(")


def test_bad_position_raises_value_error_with_offset() -> None:
    with pytest.raises(tr.PositionError) as e:
        tr.open_position("hex(size=3)", "3/3/4 b -")
    assert e.value.code == "bad-position" and e.value.offset == 4 and isinstance(e.value, ValueError)
    assert "row 3" in e.value.reason
    with pytest.raises(tr.PositionError) as e:
        tr.open_position("hex(size=3)", "3/3/3 é -")
    assert e.value.offset == 6, "a byte offset: é is two bytes"
    with pytest.raises(tr.PositionError):
        tr.from_json('{"spec": "hex"}')
    with pytest.raises(tr.PositionError):
        tr.from_json("not json")


def test_every_go_code_has_its_exception() -> None:
    """Each stable code of rules.ErrorCode maps to its exception, the kit
    of a game with only the rules (none is linked here) included."""
    for code, cls in [("not-supported", tr.NotSupportedError), ("out-of-range", tr.OutOfRangeError),
                      ("illegal", tr.IllegalMoveError), ("game-over", tr.GameOverError),
                      ("unknown-game", tr.UnknownGameError), ("other", tr.RulesError)]:
        e = tr.errors.from_info({"code": code, "message": "m", "reason": "r"})
        assert type(e) is cls and e.code == code, code


def test_illegal_move_carries_code_and_reason() -> None:
    s = tr.open("hex(size=7)").play("d4")
    with pytest.raises(tr.IllegalMoveError) as e:
        s.play("d4")
    assert e.value.code == "illegal" and e.value.reason == "cell is occupied"
    assert isinstance(e.value, tr.RulesError)
    with pytest.raises(tr.OutOfRangeError) as e:
        s.play_action(50)
    assert e.value.code == "out-of-range"
    with pytest.raises(tr.OutOfRangeError, match=r"action 1099511627776 is outside \[0, 50\)"):
        s.play_action(2**40)
    with pytest.raises(tr.OutOfRangeError, match=r"seat 2147483648 is outside \[0, 2\)"):
        s.observation(seat=2**31)
    with pytest.raises(TypeError, match="chance must be a bool"):
        s.action_move(0, chance="no")  # type: ignore[arg-type]
    with pytest.raises(tr.OutOfRangeError):
        s.play_action(-(2**70))
    with pytest.raises(tr.IllegalMoveError):
        s.play_action(s.action_index("d4"))


def test_arguments_of_the_wrong_type_raise_type_error() -> None:
    s = tr.open("hex")
    for bad in [1.0, "3", None, True, np.float32(2)]:
        with pytest.raises(TypeError):
            s.play_action(bad)  # type: ignore[arg-type]
    assert s.play_action(np.int64(3)) == s.play_action(3)
    for bad in [3, None, b"a1"]:
        with pytest.raises(TypeError):
            s.play(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        tr.open(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        tr.from_json(5)  # type: ignore[arg-type]


def test_lone_surrogates_are_refused_not_crashed_on() -> None:
    with pytest.raises(tr.MoveSyntaxError):
        tr.open("hex").play("a\ud8001")
    with pytest.raises(tr.SpecError):
        tr.open("hex\udfff")


def test_every_game_plays_a_random_game_to_the_end_or_a_bound() -> None:
    rng = np.random.default_rng(5)
    for spec in tr.games():
        s = tr.open(spec)
        for _ in range(300):
            if s.is_terminal:
                break
            s = s.play_action(rng.choice(s.legal_actions()))
        assert s.ply > 0
