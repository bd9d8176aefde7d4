"""The same seed gives the same results (timings aside)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from proofs import registry
from proofs.cli import main
from proofs.runner import check_claim
from proofs.tools import mutation
from symbolic import Claim, n, norm2, norminf, vector


def _strip(x: Any) -> Any:
    """Drop the timing fields (``seconds``), which legitimately differ between runs."""
    if isinstance(x, dict):
        return {k: _strip(v) for k, v in x.items() if k != "seconds"}
    if isinstance(x, list):
        return [_strip(v) for v in x]
    return x


def test_check_json_is_identical_for_the_same_seed(tmp_path: Path) -> None:
    runs = []
    for k, jobs in enumerate(("1", "1", "2")):  # a parallel run gives the same JSON too
        out = tmp_path / f"r{k}.json"
        rc = main(["check", "closeness:fact-3.1", "--budget", "quick", "--json", str(out), "-q",
                   "--jobs", jobs])
        assert rc == 0
        runs.append(json.loads(out.read_text()))
    assert runs[0]["seed"] == 0 and len(runs[0]["results"]) >= 5
    assert _strip(runs[0]) == _strip(runs[1]) == _strip(runs[2])


def test_verdicts_do_not_depend_on_run_order() -> None:
    x = vector("x", n)
    a = Claim("t:extra-1", norm2(x), "<=", norminf(x), dims={"n": (1, 5)})
    b = Claim("t:extra-2", norminf(x), "<=", norm2(x), dims={"n": (1, 5)})
    first = [check_claim(c, "quick", 7).to_json() for c in (a, b)]
    second = [check_claim(c, "quick", 7).to_json() for c in (b, a)][::-1]
    assert _strip(first) == _strip(second)
    assert first[0]["status"] == "refuted" and first[0]["witness"]


def test_mutants_and_selection_are_reproducible() -> None:
    claims = mutation.claims_of(registry.resolve("closeness:fact-3"))
    one = [m.label + m.description for c in claims for m in mutation.mutants(c)]
    two = [m.label + m.description for c in claims for m in mutation.mutants(c)]
    assert one == two and len(one) > 50
    pool = [m for c in claims for m in mutation.mutants(c)]
    assert [m.label for m in mutation.select(pool, 10, 4)] == [
        m.label for m in mutation.select(pool, 10, 4)]
    assert [m.label for m in mutation.select(pool, 10, 4)] != [
        m.label for m in mutation.select(pool, 10, 5)]
