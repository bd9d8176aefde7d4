"""CPU seconds of high-precision confirmation and of shrinking, over the calls a cold
``check all --budget quick`` makes; before and after side by side with ``--against REV``.

``--record FILE`` runs ``check all --budget quick --no-cache -j 1`` in this process (in a
scratch directory) and pickles the input of every top-level call of
:func:`numeric.search.confirm.confirm` (the sampling stage's candidates, the exact stage's
mismatches, each re-confirmation of a JSON witness) and of
:func:`numeric.search.shrink.shrink_verdict` (the refuted claims' witnesses).
``--replay FILE`` times those calls again, in the tree on ``PYTHONPATH``: the confirmations not
made by a shrink, then the shrinks (each with the confirmations it makes), and prints their CPU
seconds with a digest of every result (verdict, margins, sides, notes, shrunk witness, its
counts). The default mode records once with this tree (or reads ``--cases``), then replays in
this tree and, with ``--against REV``, in a worktree of commit REV, alternating, ``--repeat``
times; it prints the medians side by side and whether the digests agree (they must: the
results may not change).

Usage::

    python benchmarks/bench_confirm.py --against 1cde697 [--repeat 3] [--cases FILE]
    python benchmarks/bench_confirm.py --record cases.pkl
    python benchmarks/bench_confirm.py --replay cases.pkl

Example (not run by pytest: recording takes minutes):
    >>> import benchmarks.bench_confirm as b  # doctest: +SKIP
    >>> b.main(["--against", "HEAD~1", "--repeat", "1"])  # doctest: +SKIP
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import pickle
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

from worktrees import trees

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def record(path: str) -> int:
    """Run ``check all --budget quick`` in this process and pickle the calls to ``path``;
    the number of calls."""
    import numpy as np

    import numeric.search.confirm as conf
    import numeric.search.shrink as shr
    import numeric.stages.sampling.candidates as cand

    calls: list[tuple] = []
    depth = [0]  # confirmations inside a shrink (or inside another call) are not recorded
    confirm, shrink_verdict = conf.confirm, shr.shrink_verdict

    def rec_confirm(claim: Any, layout: Any, values: dict, indices: dict, dps: int = 50,
                    bits: int = 256) -> Any:
        if depth[0] == 0:
            calls.append(("confirm", claim.id, dict(layout.dims),
                          {str(s): np.array(v, dtype=float) for s, v in values.items()},
                          {str(i): v for i, v in indices.items()}, dps, bits))
        depth[0] += 1
        try:
            return confirm(claim, layout, values, indices, dps, bits)
        finally:
            depth[0] -= 1

    def rec_shrink(claim: Any, v: Any, max_confirms: int = shr.MAX_CONFIRMS) -> Any:
        if depth[0] == 0 and v.witness:
            calls.append(("shrink", claim.id, json.loads(json.dumps(v.witness)), v.rigorous,
                          v.status.value, max_confirms))
        depth[0] += 1
        try:
            return shrink_verdict(claim, v, max_confirms)
        finally:
            depth[0] -= 1

    conf.confirm = cand.confirm = rec_confirm
    shr.shrink_verdict = rec_shrink
    import numeric.stages.exact as exact

    if hasattr(exact, "confirm"):
        exact.confirm = rec_confirm
    from proofs.cli.main import main as cli

    here = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        try:
            cli(["check", "all", "--budget", "quick", "--no-cache", "-q", "-j", "1",
                 "--json", "r.json"])
        finally:
            os.chdir(here)
    with open(path, "wb") as f:
        pickle.dump(calls, f)
    return len(calls)


def _claims() -> dict[str, Any]:
    """Every claim of the registered papers (and the conclusions their proofs owe), by id."""
    from proofs import registry
    from proofs.model.conclusion import conclusion_claim

    out: dict[str, Any] = {}
    for key in registry.paper_keys():
        for e in registry.paper(key).entries:
            for sub in e.all_entries():
                for c, _ in sub.own_annotated():
                    out[c.id] = c
                cc = conclusion_claim(sub)
                if cc is not None:
                    out.setdefault(cc.id, cc)
    return out


def replay(path: str) -> dict[str, Any]:
    """Time the recorded calls in this process's tree: CPU seconds of the confirmations and
    of the shrinks, and a digest of their results."""
    import numpy as np

    from numeric.layout import Layout
    from numeric.search.confirm import confirm
    from numeric.search.shrink import shrink_verdict
    from symbolic.verdict import Status, Verdict

    with open(path, "rb") as f:
        calls = pickle.load(f)
    claims = _claims()
    results: list[Any] = []
    cpu = {"confirm": 0.0, "shrink": 0.0}
    done = {"confirm": 0, "shrink": 0, "skipped": 0}
    for call in calls:
        claim = claims.get(call[1])
        if claim is None:
            done["skipped"] += 1
            continue
        if call[0] == "confirm":
            _, cid, dims, vals, idx, dps, bits = call
            lay = Layout.of(claim, dims)
            values = {s: np.array(vals[str(s)]) for s in lay.symbols}
            indices = {i: idx[str(i)] for i in lay.indices}
            t = time.process_time()
            try:
                r = confirm(claim, lay, values, indices, dps, bits)
                out: Any = [r.violated, r.rigorous, r.hypotheses_hold, r.margin, r.lhs, r.rhs,
                            r.notes, r.undecided]
            except Exception as exc:  # the same exception is part of the result
                out = f"{type(exc).__name__}: {exc}"
            cpu["confirm"] += time.process_time() - t
        else:
            _, cid, witness, rigorous, status, max_confirms = call
            v = Verdict(Status(status), "bench", rigorous, "violated", witness=dict(witness))
            t = time.process_time()
            v = shrink_verdict(claim, v, max_confirms)
            cpu["shrink"] += time.process_time() - t
            out = [v.witness, v.rigorous, v.message, v.slack, v.method,
                   {k: v.details.get(k) for k in ("shrink", "witness_sides", "notes")}]
        done[call[0]] += 1
        results.append([call[0], cid, out])
    text = json.dumps(results, sort_keys=True, default=str)
    return {**cpu, **{f"n_{k}": v for k, v in done.items()},
            "digest": hashlib.sha256(text.encode()).hexdigest()[:16]}


def _replay_in(tree: str, cases: str) -> dict[str, Any]:
    """:func:`replay` in a fresh process importing ``tree`` (this script run by its path:
    its own directory, not this tree, goes on ``sys.path``)."""
    env = {**os.environ, "PYTHONPATH": tree}
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--replay", cases],
                          capture_output=True, text=True, env=env, cwd=tempfile.gettempdir())
    if proc.returncode != 0:
        raise RuntimeError(f"replay in {tree} failed: {proc.stderr.strip()[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def compare(args: argparse.Namespace) -> None:
    """Record (or read ``--cases``), replay in this tree and in ``--against``, side by side."""
    tmp = tempfile.mkdtemp(prefix="bench-confirm-")
    try:
        cases = args.cases or os.path.join(tmp, "cases.pkl")
        if not args.cases:
            env = {**os.environ, "PYTHONPATH": HERE}
            subprocess.run([sys.executable, os.path.abspath(__file__), "--record", cases],
                           check=True, env=env)
        with trees(args.against, HERE) as paths:
            runs: dict[str, list[dict[str, Any]]] = {k: [] for k in paths}
            for _ in range(args.repeat):
                for name, tree in paths.items():
                    runs[name].append(_replay_in(tree, cases))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    first = runs["now"][0]
    print(f"confirmation and shrinking over check all --budget quick: {first['n_confirm']} "
          f"confirmations, {first['n_shrink']} shrinks ({first['n_skipped']} calls of claims "
          f"not found skipped); CPU seconds, median of {args.repeat}")
    print(f"{'':10s} {'confirm':>9s} {'shrink':>9s} {'total':>9s}   digest")
    med = {}
    for name, rs in runs.items():
        c = statistics.median(r["confirm"] for r in rs)
        s = statistics.median(r["shrink"] for r in rs)
        t = statistics.median(r["confirm"] + r["shrink"] for r in rs)
        med[name] = t
        digests = sorted({r["digest"] for r in rs})
        print(f"{name[:10]:10s} {c:8.2f}s {s:8.2f}s {t:8.2f}s   {', '.join(digests)}")
    if args.against:
        same = {r["digest"] for rs in runs.values() for r in rs}
        print(f"faster: {med[args.against] / med['now']:.2f}x; results "
              + ("identical" if len(same) == 1 else "DIFFER"))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--record", metavar="FILE", help="record the calls of a check to FILE")
    p.add_argument("--replay", metavar="FILE", help="time the recorded calls in FILE")
    p.add_argument("--cases", metavar="FILE", help="recorded calls to use (default: record)")
    p.add_argument("--against", metavar="REV", help="also time commit REV (a worktree)")
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args(argv)
    if args.record:
        print(f"{record(args.record)} calls recorded in {args.record}")
    elif args.replay:
        print(json.dumps(replay(args.replay)))
    else:
        compare(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
