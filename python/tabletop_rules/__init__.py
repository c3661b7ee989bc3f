"""tabletop_rules: the exact rules of Hex, Focus, Domination, Explocus and
Hexplocus from Python, running the Go SDK tabletop-go/rules in-process.

One position::

    import tabletop_rules as tr

    s = tr.open("hex(size=7)")
    s = s.play("d4")               # a new State; the old one is unchanged
    s.moves()                      # ['a1', 'b1', ..., 'swap']
    s.legal_action_mask()          # numpy bool array over the action space
    s.observation()                # numpy float32 array, observation_shape

Many games at once, for training (pgx's field names)::

    env = tr.VectorEnv("hex(size=11)", num_envs=1024, seed=0)
    env.step(actions)              # int array of shape (1024,)
    env.observation, env.legal_action_mask, env.rewards, env.terminated

AlphaZero's search in Go, guided by a network in Python::

    search = tr.Search("hex(size=11)", simulations=800, batch=16)
    move = search.choose(s, network)   # network(observations, masks) -> (policy, values)

Every registered game and variant is available by its spec (see
:func:`games`). Errors are :class:`RulesError` subclasses with the SDK's
stable ``code``; text that cannot be read raises a :class:`ParseError`
(a ValueError) with the byte ``offset``. See the repository's README,
"From Python".
"""

from . import errors
from ._env import VectorEnv
from ._search import Search
from ._state import CHANCE, TERMINAL, State, from_json, games, open, open_position
from .errors import (
    BusyError,
    ClosedError,
    ForkError,
    GameOverError,
    IllegalMoveError,
    InternalError,
    MoveSyntaxError,
    NotSupportedError,
    OutOfRangeError,
    ParseError,
    PositionError,
    RulesError,
    SpecError,
    UnknownGameError,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Search",
    "State",
    "VectorEnv",
    "open",
    "open_position",
    "from_json",
    "games",
    *errors.__all__,
]
