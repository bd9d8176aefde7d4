"""Performance estimation on the catalogue of first-order results (tests/numeric/pep).

Prints, per group of the catalogue (the id's first word), how many entries were decided as
their truth says (true: ``proved``, false: ``refuted``), how many were not, and the seconds;
then the tight constant of gradient descent on convex L-smooth functions for N = 1..5 beside
the known L/(4N + 2), with the time of each solve. ``--json FILE`` writes the figures;
``--before FILE`` prints them side by side with an earlier run's.

Usage: ``python benchmarks/bench_pep.py [--only WORD] [--json FILE] [--before FILE]``.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time
from collections import defaultdict

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "numeric" / "pep"))


def catalogue(only: str | None) -> dict[str, dict[str, float]]:
    from catalogue import ENTRIES

    from numeric.pep.decide import decide

    out: dict[str, dict[str, float]] = defaultdict(lambda: {"right": 0, "wrong": 0, "s": 0.0})
    for e in ENTRIES:
        if only and only not in e.id:
            continue
        group = e.id.split("-")[0]
        t = time.perf_counter()
        v = decide(e.build())
        right = v.status.value == ("proved" if e.true else "refuted")
        out[group]["right" if right else "wrong"] += 1
        out[group]["s"] += time.perf_counter() - t
    return dict(out)


def tight() -> list[dict[str, float]]:
    from numeric.pep.sdp import worst_case
    from symbolic.classes import CLASSES, Function, gradient_descent

    rows = []
    for n in range(1, 6):
        f = Function("f", CLASSES["smooth-convex"].instance(L=1))
        x0, xs = f.point("x_0"), f.minimizer()
        xn = gradient_descent(f, x0, 1, n)[-1]
        t = time.perf_counter()
        value = worst_case([f], f(xn) - f(xs), (x0 - xs).norm2())
        rows.append({"N": n, "value": value, "known": 1 / (4 * n + 2),
                     "s": time.perf_counter() - t})
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", help="entries whose id contains this")
    ap.add_argument("--json", help="write the figures here")
    ap.add_argument("--before", help="an earlier --json to print side by side")
    args = ap.parse_args(argv)
    before = json.loads(pathlib.Path(args.before).read_text()) if args.before else None
    t0 = time.perf_counter()
    figures = {"catalogue": catalogue(args.only), "tight": tight()}
    figures["seconds"] = time.perf_counter() - t0
    old = (before or {}).get("catalogue", {})
    print(f"{'group':<14}{'right':>6}{'wrong':>6}{'s':>8}" + (f"{'before s':>10}" if before
                                                               else ""))
    for group, row in sorted(figures["catalogue"].items()):
        line = f"{group:<14}{row['right']:>6.0f}{row['wrong']:>6.0f}{row['s']:>8.1f}"
        if before:
            line += f"{old.get(group, {}).get('s', float('nan')):>10.1f}"
        print(line)
    print(f"\n{'N':>3}{'worst case':>14}{'L/(4N+2)':>14}{'s':>8}")
    for r in figures["tight"]:
        print(f"{r['N']:>3}{r['value']:>14.6g}{r['known']:>14.6g}{r['s']:>8.2f}")
    total = f"total {figures['seconds']:.1f} s"
    if before:
        total += f" (before: {before['seconds']:.1f} s)"
    print(f"\n{total}")
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(figures, indent=1))
    wrong = sum(r["wrong"] for r in figures["catalogue"].values())
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
