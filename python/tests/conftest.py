"""Shared fixtures. The Go test (python/python_test.go) sets
TABLETOP_RULES_LIB to the library it built, TABLETOP_FIXTURES to random
games Go played and TABLETOP_RECORDS to where these tests write the
VectorEnv's games for Go to replay."""

from __future__ import annotations

import json
import os

import pytest

import tabletop_rules as tr


@pytest.fixture(scope="session")
def fixture_games() -> list[dict]:
    path = os.environ.get("TABLETOP_FIXTURES")
    if not path:
        pytest.skip("TABLETOP_FIXTURES is not set: run these tests through go test ./python")
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def all_specs() -> list[str]:
    """Every game's bare name and the variants Go's fixtures cover."""
    path = os.environ.get("TABLETOP_FIXTURES")
    if path:
        with open(path, encoding="utf-8") as f:
            return sorted({json.loads(line)["spec"] for line in f})
    return tr.games()
