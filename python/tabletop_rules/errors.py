"""The exceptions of tabletop_rules.

Every error the rules report is a :class:`RulesError` carrying the SDK's
stable error ``code`` (Go's ``rules.ErrorCode``: ``"illegal"``,
``"game-over"``, ``"out-of-range"``, ...) and its ``reason``. Text that
cannot be read (a spec, a position, a move) raises a :class:`ParseError`,
which is also a :class:`ValueError` and gives the byte ``offset`` of the
problem in the text's UTF-8 encoding. An index out of range is also an
:class:`IndexError`.

Misuse of a :class:`~tabletop_rules.VectorEnv` raises :class:`ClosedError`
(a closed environment) or :class:`BusyError` (two threads calling one
environment at once), both :class:`RuntimeError`; arrays of the wrong
dtype or shape raise :class:`TypeError` or :class:`ValueError`. Every call
in a process forked from the one that loaded the library raises
:class:`ForkError` (the Go runtime does not survive fork).
"""

from __future__ import annotations

from typing import Any


class RulesError(Exception):
    """An error the rules report.

    Attributes:
        code: the SDK's stable error code, e.g. ``"illegal"``.
        reason: why, in the game's words, e.g. ``"cell is occupied"``.
        game: for an error of one game of a VectorEnv, its index; else -1.
    """

    code: str
    reason: str
    game: int

    def __init__(self, code: str, message: str, reason: str = "", game: int = -1) -> None:
        super().__init__(message)
        self.code = code
        self.reason = reason or message
        self.game = game


class ParseError(RulesError, ValueError):
    """Text that cannot be read; ``offset`` is the byte offset of the
    problem in its UTF-8 encoding."""

    offset: int

    def __init__(self, code: str, message: str, reason: str = "", offset: int = 0, game: int = -1) -> None:
        super().__init__(code, message, reason, game)
        self.offset = offset


class SpecError(ParseError):
    """A game spec that cannot be read or names no variant (code
    ``"bad-spec"``)."""


class UnknownGameError(SpecError):
    """A spec whose game is not registered (code ``"unknown-game"``)."""


class PositionError(ParseError):
    """A position text that cannot be read or that its game cannot reach
    (code ``"bad-position"``), or JSON that is no stored position."""


class MoveSyntaxError(ParseError):
    """A move text that is no move of the game (code ``"syntax"``)."""


class IllegalMoveError(RulesError):
    """A move the rules do not allow here (code ``"illegal"``, or
    ``"wrong-node"`` for a decision at a chance node or the reverse)."""


class GameOverError(IllegalMoveError):
    """A move after the end of the game (code ``"game-over"``)."""


class OutOfRangeError(RulesError, IndexError):
    """An index outside its range: an action, a symmetry, a seat, a game
    of a VectorEnv (code ``"out-of-range"``)."""


class NotSupportedError(RulesError):
    """A call the game cannot serve (code ``"not-supported"``): a method of
    the search-and-learning kit (actions, observations, symmetries,
    VectorEnv) on a game that implements only the rules."""


class ClosedError(RuntimeError):
    """A VectorEnv used after close()."""


class BusyError(RuntimeError):
    """A VectorEnv called from one thread while another call on it is
    under way (code ``"busy"`` in Go)."""


class ForkError(RuntimeError):
    """A call in a process forked from the one that loaded the library:
    the Go runtime does not survive fork. Use multiprocessing's "spawn" or
    "forkserver" start method."""


class InternalError(RulesError):
    """A bug in the library (code ``"internal"``): please report it."""


_BY_CODE: dict[str, type[RulesError]] = {
    "unknown-game": UnknownGameError,
    "bad-spec": SpecError,
    "bad-position": PositionError,
    "syntax": MoveSyntaxError,
    "illegal": IllegalMoveError,
    "wrong-node": IllegalMoveError,
    "game-over": GameOverError,
    "out-of-range": OutOfRangeError,
    "not-supported": NotSupportedError,
    "internal": InternalError,
}


def from_info(info: dict[str, Any], what: str = "") -> Exception:
    """The exception for the error the Go library describes in info."""
    code, message = info.get("code", "other"), info.get("message", "")
    reason, game = info.get("reason", ""), info.get("game", -1)
    if code == "busy":
        return BusyError(message)
    if code == "bad-handle":
        return ClosedError(f"its Go value is freed (closed, or copied from one that was): {message}")
    cls = _BY_CODE.get(code, RulesError)
    if issubclass(cls, ParseError):
        if code == "syntax" and what in ("spec", "position"):
            cls = SpecError if what == "spec" else PositionError
        return cls(code, message, reason, max(info.get("offset", 0), 0), game)
    return cls(code, message, reason, game)


__all__ = [
    "RulesError",
    "ParseError",
    "SpecError",
    "UnknownGameError",
    "PositionError",
    "MoveSyntaxError",
    "IllegalMoveError",
    "GameOverError",
    "OutOfRangeError",
    "NotSupportedError",
    "ClosedError",
    "BusyError",
    "ForkError",
    "InternalError",
]
