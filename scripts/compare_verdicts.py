"""Compare two ``proofcheck check --json`` runs claim by claim: id, status, rigorous, witness.

Usage: ``python scripts/compare_verdicts.py BEFORE.json AFTER.json [--stages]``. Prints one line
per difference (and, with ``--stages``, the stage that decided each newly decided claim), then
a summary; exits 1 when any claim differs.

Example:
    >>> diff({"results": [{"id": "a", "status": "supported"}]},
    ...      {"results": [{"id": "a", "status": "proved", "method": "z3"}]})
    [('a', 'status', 'supported', 'proved', 'z3')]
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import Any

FIELDS = ("status", "rigorous", "witness")


def _by_id(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["id"]: r for r in doc.get("results", [])}


def diff(before: dict[str, Any], after: dict[str, Any]) -> list[tuple[str, ...]]:
    """``(id, field, before, after, deciding method)`` for every difference."""
    a, b = _by_id(before), _by_id(after)
    out: list[tuple[str, ...]] = []
    for cid in sorted(set(a) | set(b)):
        if cid not in a or cid not in b:
            out.append((cid, "presence", str(cid in a), str(cid in b), ""))
            continue
        for f in FIELDS:
            if a[cid].get(f) != b[cid].get(f):
                out.append((cid, f, str(a[cid].get(f)), str(b[cid].get(f)),
                            str(b[cid].get("method", ""))))
    return out


def counts(doc: dict[str, Any]) -> Counter:
    """Results by status."""
    return Counter(r["status"] for r in doc.get("results", []))


def main(argv: list[str]) -> int:
    with open(argv[0], encoding="utf-8") as f:
        before = json.load(f)
    with open(argv[1], encoding="utf-8") as f:
        after = json.load(f)
    rows = diff(before, after)
    for cid, field, old, new, method in rows:
        if field == "witness":
            print(f"{cid}: witness changed ({method})")
        else:
            print(f"{cid}: {field} {old} -> {new}  [{method}]")
    print(f"before: {dict(counts(before))}")
    print(f"after:  {dict(counts(after))}")
    print(f"{len({r[0] for r in rows})} claims differ")
    return 1 if rows else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
