"""The Python examples of docs/python.md run as written (in order, in one namespace,
in a folder holding a small `levels.sok`)."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import REPOSITORY

LEVELS = """Level 1

#######
#@ $ .#
#######

Solution
rRR

Level 2

######
#@$ .#
######
"""


def test_docs_examples_run(tmp_path, monkeypatch):
    text = (REPOSITORY / "docs" / "python.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 3
    (tmp_path / "levels.sok").write_text(LEVELS)
    monkeypatch.chdir(tmp_path)
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, "docs/python.md", "exec"), namespace)
    assert namespace["result"].solved
