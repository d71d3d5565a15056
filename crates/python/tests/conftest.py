"""Shared fixtures: the conformance corpus (outside the repository) and the reference
implementation, sokoenginepy 1.0.3, for the differential tests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[3]


def corpus_path() -> Path:
    configured = os.environ.get("SOKOENGINE_CORPUS")
    return Path(configured) if configured else REPOSITORY.parent / "shared" / "corpus"


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The corpus folder; tests that need it are skipped (with the reason) when it is
    missing and SOKOENGINE_CORPUS is unset, and fail when the variable names a missing
    folder."""
    path = corpus_path()
    if not path.is_dir():
        if os.environ.get("SOKOENGINE_CORPUS"):
            pytest.fail(f"SOKOENGINE_CORPUS={path} is not a folder")
        pytest.skip(f"needs the corpus: none at {path} and SOKOENGINE_CORPUS is unset")
    return path


@pytest.fixture(scope="session")
def reference():
    """sokoenginepy 1.0.3, the reference of the differential tests."""
    sokoenginepy = pytest.importorskip("sokoenginepy")
    assert sokoenginepy.__version__ == "1.0.3"
    return sokoenginepy
