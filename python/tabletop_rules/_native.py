"""The ctypes layer over the Go library: loading it, its signatures, and
turning its errors into exceptions. Nothing here is public."""

from __future__ import annotations

import ctypes
import json
import os
import sys
import threading
from ctypes import POINTER, c_bool, c_char_p, c_double, c_float, c_int32, c_int64, c_uint64
from pathlib import Path
from typing import Callable

from . import errors

_LIB_ENV = "TABLETOP_RULES_LIB"


def _library_path() -> str:
    path = os.environ.get(_LIB_ENV)
    if path:
        return path
    name = {"darwin": "libtabletop_rules.dylib", "win32": "tabletop_rules.dll"}.get(
        sys.platform, "libtabletop_rules.so"
    )
    return str(Path(__file__).with_name(name))


def _load() -> ctypes.CDLL:
    path = _library_path()
    try:
        # CDLL releases the GIL around every call.
        return ctypes.CDLL(path)
    except OSError as e:
        raise ImportError(
            f"tabletop_rules: cannot load its Go library {path!r} ({e}); build it with "
            f"'pip install --no-build-isolation ./python' from the repository, or point "
            f"{_LIB_ENV} at a library built with 'go build -buildmode=c-shared'"
        ) from e


lib = _load()

_I = c_int64
_S = c_char_p
_SIGNATURES: dict[str, list] = {
    "tr_error": [_I, _S, _I],
    "tr_games": [_S, _I],
    "tr_live": [],
    "tr_open": [_S, _I],
    "tr_open_position": [_S, _I, _S, _I],
    "tr_from_json": [_S, _I],
    "tr_free": [_I],
    "tr_abi": [],
    "tr_info": [_I, POINTER(c_int64), _I],
    "tr_text": [_I, _I, _S, _I],
    "tr_returns": [_I, POINTER(c_double), _I],
    "tr_legal": [_I, _S, _I],
    "tr_play": [_I, _S, _I],
    "tr_canonical": [_I, _S, _I, _S, _I],
    "tr_action_index": [_I, _S, _I],
    "tr_action_move": [_I, _I, _I, _S, _I],
    "tr_legal_mask": [_I, ctypes.c_void_p, _I],
    "tr_transform": [_I, _I],
    "tr_action_permutation": [_I, _I, ctypes.c_void_p, _I],
    "tr_equal": [_I, _I],
    "tr_env_new": [_I, _I, c_uint64, _I, _I] + [ctypes.c_void_p] * 6,
    "tr_env_free": [_I],
    "tr_env_reset": [_I],
    "tr_env_step": [_I, ctypes.c_void_p, _I],
    "tr_env_state": [_I, _I],
    "tr_bench_go_loop": [_I, _I, c_uint64],
}
for _name, _args in _SIGNATURES.items():
    _fn = getattr(lib, _name)
    _fn.argtypes = _args
    _fn.restype = c_int64

# The hot paths take C ints (handles stay below 2**31) and declare no
# argument types, which ctypes then converts fastest: the callers pass
# Python ints known to fit, and ctypes instances for pointers.
HOT = ("tr_play_action", "tr_observation", "tr_free_many")
for _name in HOT:
    getattr(lib, _name).restype = c_int64
INT32 = (-(1 << 31), (1 << 31) - 1)

# The layout this module reads; a library of another refuses to load.
ABI_VERSION = 3
if lib.tr_abi() != ABI_VERSION:
    raise ImportError(
        f"tabletop_rules: its Go library {_library_path()!r} speaks ABI {lib.tr_abi()}, "
        f"this package {ABI_VERSION}: rebuild it from the same checkout"
    )

# The fields of tr_info, in order.
INFO_LEN = 11
(SEATS, TO_MOVE, PLY, NUM_ACTIONS, NUM_CHANCE_ACTIONS, SYMMETRIES, PLANES, ROWS, COLS,
 HASH_HIGH, HASH_LOW) = range(INFO_LEN)

# The texts of tr_text.
(TEXT_POSITION, TEXT_SPEC, TEXT_RESULT, TEXT_JSON, TEXT_MOVES, TEXT_CHANCES, TEXT_REASON,
 TEXT_DIAGRAM) = range(8)

_local = threading.local()


def _buffer(size: int) -> ctypes.Array:
    buf = getattr(_local, "buf", None)
    if buf is None or len(buf) < size:
        buf = ctypes.create_string_buffer(max(size, 4096))
        _local.buf = buf
    return buf


def encode(text: str, what: str) -> bytes:
    """Text as UTF-8; a str that has none (a lone surrogate) is refused
    with the error its reader would give."""
    if not isinstance(text, str):
        raise TypeError(f"{what} must be a str, not {type(text).__name__}")
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as e:
        cls = {"spec": errors.SpecError, "position": errors.PositionError}.get(what, errors.MoveSyntaxError)
        offset = len(text[: e.start].encode("utf-8", "surrogatepass"))
        raise cls("syntax", f"{what} {text!r} at offset {offset}: not UTF-8 text", "not UTF-8 text", offset) from None


def check(ret: int, what: str = "") -> int:
    """Returns ret, or raises the error whose id is -ret."""
    if ret >= 0:
        return ret
    raise error(-ret, what)


def error(errid: int, what: str = "") -> Exception:
    """The exception for the Go error of id errid."""
    buf = _buffer(4096)
    n = lib.tr_error(errid, buf, len(buf))
    if n > len(buf):
        buf = _buffer(n)
        n = lib.tr_error(errid, buf, len(buf))
    info = json.loads(buf.raw[:n].decode("utf-8", "replace"))
    return errors.from_info(info, what)


def text(call: Callable[[ctypes.Array, int], int], what: str = "") -> str:
    """The text a tr_ function writes into a buffer: call(buf, cap)."""
    buf = _buffer(4096)
    n = check(call(buf, len(buf)), what)
    if n > len(buf):
        buf = _buffer(n)
        n = check(call(buf, len(buf)), what)
    return buf.raw[:n].decode("utf-8")


def info(handle: int) -> list[int]:
    arr = (c_int64 * INFO_LEN)()
    check(lib.tr_info(handle, arr, INFO_LEN))
    return list(arr)


class _Forked:
    """Stands for the library in a forked child: the Go runtime does not
    survive fork (its threads are gone), so every call raises."""

    def __getattr__(self, name: str) -> Callable[..., int]:
        return forked

    def __call__(self, *args: object) -> int:
        return forked()


def forked(*args: object) -> int:
    raise errors.ForkError(
        "tabletop_rules cannot be used in a process forked from the one that loaded it "
        "(the Go runtime does not survive fork): use multiprocessing's 'spawn' or "
        "'forkserver' start method, or import tabletop_rules only in the child"
    )


_after_fork: list[Callable[[], None]] = []


def on_fork(f: Callable[[], None]) -> None:
    """Runs f in a forked child (to rebind the module's names to forked)."""
    _after_fork.append(f)


def _in_child() -> None:
    global lib
    lib = _Forked()  # type: ignore[assignment]
    for f in _after_fork:
        f()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_in_child)


__all__ = ["lib", "check", "error", "text", "encode", "info", "c_bool", "c_float", "c_int32"]


class Uncopyable:
    """A mixin for an object that owns a Go handle: it refuses copy,
    deepcopy and pickle (a copy would share the handle, and a second
    close would free it twice), saying to make another."""

    __slots__ = ()

    def __copy__(self) -> object:
        raise TypeError(f"a {type(self).__name__} cannot be copied: make another with the same arguments")

    def __deepcopy__(self, memo: dict[int, object]) -> object:
        raise TypeError(f"a {type(self).__name__} cannot be copied: make another with the same arguments")

    def __reduce__(self) -> object:
        raise TypeError(f"a {type(self).__name__} cannot be pickled: make another with the same arguments")
