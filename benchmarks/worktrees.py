"""The trees a benchmark times side by side: this checkout and, with ``--against REV``, a
temporary git worktree of commit REV, removed afterwards.

Example (from a benchmark script, which runs with ``benchmarks/`` on its path):
    >>> from worktrees import HERE, trees
    >>> with trees(None) as t:
    ...     list(t) == ["now"] and t["now"] == HERE
    True
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

#: the checkout these benchmarks belong to
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@contextmanager
def trees(against: str | None, here: str = HERE) -> Iterator[dict[str, str]]:
    """``{against: worktree, "now": here}`` (only ``{"now": here}`` without ``against``): the
    worktree of commit ``against`` exists inside the ``with`` block and is removed after it."""
    if not against:
        yield {"now": here}
        return
    base = tempfile.mkdtemp(prefix="bench-against-")
    tree = os.path.join(base, "tree")
    subprocess.run(["git", "-C", here, "worktree", "add", "-q", "--detach", tree, against],
                   check=True)
    try:
        yield {against: tree, "now": here}
    finally:
        subprocess.run(["git", "-C", here, "worktree", "remove", "--force", tree],
                       capture_output=True)
        shutil.rmtree(base, ignore_errors=True)
