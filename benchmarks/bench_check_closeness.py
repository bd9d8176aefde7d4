"""Time ``proofcheck check closeness`` cold and warm, errata/report after it, and mutation;
print the figures beside the ones measured before the results store and the speed-ups.

``--compare`` (the default when no other mode is given) runs, in a fresh working directory:
a cold ``check`` at the quick budget (and at the default budget with ``--with-default``), the
same ``check`` again (warm: every verdict from ``.proofcheck/results/``), ``errata`` and
``report`` after it, and ``mutate --limit N`` (seconds per mutant). ``--cold`` runs only the
cold checks (quick and default), each ``--repeat`` times, and prints wall and CPU (user + sys
of the command and its workers) beside the figures measured before the faster fresh runs of
issue 16; with ``--against REV`` it times commit REV (a git worktree of it) alternating with
this tree in the same run and prints the medians side by side. ``--breakdown`` runs one
``check`` and says where its time goes (by section, method, phase, claim).

Usage::

    python benchmarks/bench_check_closeness.py [--with-default] [--mutants 12]
    python benchmarks/bench_check_closeness.py --cold [--repeat 3] [--jobs auto]
    python benchmarks/bench_check_closeness.py --cold --against ee79cc9 [--budgets quick] \
        [--uncertified]
    python benchmarks/bench_check_closeness.py --breakdown [--budget default] [--top 12]

Example (not run by pytest: it takes minutes):
    >>> import benchmarks.bench_check_closeness as b  # doctest: +SKIP
    >>> b.main(["--mutants", "6"])  # doctest: +SKIP
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict

from worktrees import trees

TARGET_SECONDS = 120.0

#: cold ``check closeness --no-cache`` (no store, no witness database) before and after the
#: faster fresh runs of issue 16, item 2, measured on this shared 2-core machine with
#: ``--jobs auto`` (two workers): (wall seconds, CPU seconds user + sys of all processes).
#: The "before" code is commit fb2484d (numeric/ as it was), with the same proofs/ and
#: symbolic/ as "after", measured back to back with it (see docs/runs.md); each the mean of
#: two runs (wall: quick 47.1 and 46.0 s before, 25.4 and 25.8 s after; default 116.8 and
#: 109.0 s before, 69.8 and 60.6 s after). "After" now includes the SymEngine pass of the
#: exact stage (session 5: quick 19.6 and 20.0 s, default 47.2 and 48.4 s; 25.6 and 65.2 s
#: without it) and session 6's faster walker, log-space products, gmpy2 and arb-first
#: confirmation, measured alternating with session 5's code on a machine then about 8 % slower
#: (quick 21.0 and 20.2 s against 21.1 and 21.5 s; default 50.3 s against 52.2 s), and
#: session 7's cheapest-corners-first settings and faster random matrices, alternating with
#: session 6's code (quick 19.1, 18.3, 18.2 s against 22.1, 22.2, 21.3 s; default 48.9 s
#: against 48.5 s), and session 8's float64-first log space, alternating with session 7's
#: code on a machine then about 10 % slower (quick, five runs each: mean 18.3 s against
#: 20.6 s, CPU 33.1 s against 37.6 s; default, two each: 50.6 and 45.1 s against 62.4 and
#: 54.8 s; 41.8 s alone when the machine was quieter), and session 9's ties from arb, arb
#: margins of overflowed rows and the parent's shorter tail, alternating with session 8's code
#: on an idle machine (quick, three runs each: 18.6, 18.0, 18.2 s against 21.6, 20.8, 20.3 s,
#: CPU 34.3 s against 38.2 s; default: 48.0 s against 50.9 s, CPU 93.3 s against 98.1 s).
COLD_BEFORE = {"quick": (46.5, 88.4), "default": (112.9, 219.0)}
COLD_AFTER = {"quick": (18.3, 34.3), "default": (48.0, 93.3)}

#: measured on this 2-core machine before the results store and the speed-ups (issue 16, and
#: the baseline run of /tmp/before: quick, seed 0, --jobs auto)
BEFORE = {
    # cold checks: before the faster fresh runs of issue 16, item 2 (COLD_BEFORE, wall); the
    # earlier checker took 33.7 s and 66 s, with fewer stages and fewer claims decided
    "check quick (cold)": COLD_BEFORE["quick"][0],
    "check default (cold)": COLD_BEFORE["default"][0],
    "check quick (warm)": 33.7,  # nothing was reused: a second run cost the same
    "errata after check": 190.0,  # re-ran the paper at the default budget (190-281 s)
    "report after check": 168.0,
    "mutate: s per mutant (quick)": 18.1,  # 50 mutants in 907 s
    "mutate: pool generation": 18.0,  # 18-43 s per call whatever --limit
}
TARGETS = {"check quick (cold)": 8.0, "check default (cold)": 20.0, "errata after check": 5.0,
           "report after check": 5.0, "mutate: s per mutant (quick)": 2.0}


def _timed(cmd: list[str], cwd: str) -> tuple[float, subprocess.CompletedProcess]:
    wall, _, proc = _timed_cpu(cmd, cwd)
    return wall, proc


def _timed_cpu(cmd: list[str], cwd: str, env: dict[str, str] | None = None
               ) -> tuple[float, float, subprocess.CompletedProcess]:
    """Wall seconds, CPU seconds (user + sys of the command and every worker it waited
    for) and the finished process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "proofs", *cmd], cwd=cwd, capture_output=True,
                          text=True, env=env or {**os.environ, "PROOFCHECK_CACHE": "on"})
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc


def cold(args: argparse.Namespace) -> dict[str, list[tuple[float, float]]]:
    """Cold ``check`` at the quick and default budgets (``--repeat`` times each, a fresh
    directory every time, ``--no-cache``); print wall and CPU beside the figures before."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = {**os.environ, "PYTHONPATH": here + os.pathsep + os.environ.get("PYTHONPATH", "")}
    runs: dict[str, list[tuple[float, float]]] = {}
    for budget in ("quick", "default"):
        for _ in range(args.repeat):
            with tempfile.TemporaryDirectory() as tmp:
                wall, cpu, proc = _timed_cpu(["check", args.target, "--budget", budget,
                                              "--no-cache", "--seed", "0", "--jobs", args.jobs,
                                              "-q", "--json", "r.json"], tmp, env)
                if proc.returncode != 0:
                    print(f"check {args.target} --budget {budget}: exit {proc.returncode}")
            runs.setdefault(budget, []).append((wall, cpu))
    print(f"cold check {args.target} --no-cache --jobs {args.jobs}"
          f"{'' if args.target == 'closeness' else ' (before/after figures are closeness)'}")
    print(f"{'budget':8s} {'before: wall':>13s} {'CPU':>7s}   {'recorded after: wall':>20s} "
          f"{'CPU':>7s}   {'now: wall':>10s} {'CPU':>7s}   {'target wall':>11s}")
    for budget, rows in runs.items():
        (bw, bc), (aw, ac) = COLD_BEFORE[budget], COLD_AFTER[budget]
        for w, c in rows:
            print(f"{budget:8s} {bw:12.1f}s {bc:6.1f}s   {aw:19.1f}s {ac:6.1f}s   {w:9.1f}s "
                  f"{c:6.1f}s   {TARGETS[f'check {budget} (cold)']:10.1f}s")
    return runs


def against(args: argparse.Namespace) -> dict[str, dict[str, list[tuple[float, float]]]]:
    """Cold ``check`` at quick and default, this tree and commit ``args.against`` (a worktree
    of it) alternating, ``--repeat`` runs each; print the medians of wall and CPU side by side
    with their ratio (the load of the machine falls on both alike)."""
    runs: dict[str, dict[str, list[tuple[float, float]]]] = {}
    with trees(args.against) as paths:
        series = [(name, path, []) for name, path in paths.items()]
        if args.uncertified:  # this tree again, every proof searched afresh
            series.append(("uncertified", paths["now"], ["--no-certificates"]))
        for budget in args.budgets.split(","):
            for _ in range(args.repeat):
                for name, path, extra in series:
                    env = {**os.environ, "PYTHONPATH": path}
                    with tempfile.TemporaryDirectory() as tmp:
                        cache = [] if args.with_store else ["--no-cache"]
                        wall, cpu, proc = _timed_cpu(
                            ["check", args.target, "--budget", budget, *cache, "--seed",
                             "0", "--jobs", args.jobs, "-q", "--json", "r.json", *extra],
                            tmp, env)
                    if proc.returncode not in (0, 1):
                        print(f"{name}: check --budget {budget}: exit {proc.returncode}: "
                              f"{proc.stderr.strip().splitlines()[-1:]}")
                    runs.setdefault(budget, {}).setdefault(name, []).append((wall, cpu))
    how = "in a fresh directory, with the results store" if args.with_store else "--no-cache"
    print(f"cold check {args.target} {how} --jobs {args.jobs}, median of {args.repeat}")
    print(f"{'budget':8s} {args.against[:12]:>12s} {'wall':>6s} {'CPU':>7s}   {'now: wall':>10s} "
          f"{'CPU':>7s}   {'faster (wall)':>13s}")
    for budget, by in runs.items():
        (bw, bc), (nw, nc) = (_median(by[args.against]), _median(by["now"]))
        print(f"{budget:8s} {'':12s} {bw:5.1f}s {bc:6.1f}s   {nw:9.1f}s {nc:6.1f}s   "
              f"{bw / nw:12.1f}x")
        if "uncertified" in by:
            uw, uc = _median(by["uncertified"])
            print(f"{'':8s} {'':12s} {'':6s} {'':7s}   {uw:9.1f}s {uc:6.1f}s   "
                  f"{bw / uw:12.1f}x  (now, --no-certificates)")
    return runs


def _median(rows: list[tuple[float, float]]) -> tuple[float, float]:
    """Medians of the walls and of the CPUs."""
    import statistics

    return statistics.median(w for w, _ in rows), statistics.median(c for _, c in rows)


def compare(args: argparse.Namespace) -> dict[str, float]:
    """Run the measured commands in a fresh directory; print before/after side by side."""
    after: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        base = ["--jobs", args.jobs, "-q"]
        after["check quick (cold)"], _ = _timed(["check", args.target, "--budget", "quick",
                                                  "--json", "q.json", *base], tmp)
        after["check quick (warm)"], _ = _timed(["check", args.target, "--budget", "quick",
                                                  "--json", "q2.json", *base], tmp)
        if args.with_default:
            after["check default (cold)"], _ = _timed(["check", args.target, "--json",
                                                        "d.json", *base], tmp)
        # each the first command after the check, in its own copy of the directory: the
        # first one also runs the hypothesis-flow checks that both need (and the report
        # builds the derivations once)
        for name, cmd in (("errata after check", ["errata", args.target, "--format", "json",
                                                  "-o", "e.json", "-q"]),
                          ("report after check", ["report", args.target, "-o", "r.tex",
                                                  "-q"])):
            copy = os.path.join(tmp, name.split()[0])
            shutil.copytree(os.path.join(tmp, ".proofcheck"), os.path.join(copy, ".proofcheck"))
            after[name], _ = _timed(cmd, copy)
        if args.mutants:
            # one process, as the figure before was measured: the mutants' phase (after the
            # pool and the originals) divided by their number
            _, proc = _timed(["mutate", args.target, "--limit", str(args.mutants), "--json",
                              "m.json", "-j", "1"], tmp)
            after["mutate: pool generation"] = _pool_seconds(proc.stderr)
            after["mutate: s per mutant (quick)"] = _mutant_seconds(proc.stderr)
    print(f"{'measure':32s} {'before':>9s} {'after':>9s} {'target':>8s}")
    for k, v in after.items():
        before = BEFORE.get(k)
        tgt = TARGETS.get(k)
        print(f"{k:32s} {before if before is not None else float('nan'):8.1f}s {v:8.1f}s "
              + (f"{tgt:7.1f}s" if tgt else "       -"))
    return after


def _mutant_seconds(stderr: str) -> float:
    """Seconds per mutant from the last progress line ``N mutants in X s``."""
    for line in reversed(stderr.splitlines()):
        if " mutants in " in line:
            try:
                n, rest = line.split("] ", 1)[1].split(" mutants in ")
                return float(rest.split()[0]) / max(1, int(n))
            except (IndexError, ValueError):
                pass
    return float("nan")


def _pool_seconds(stderr: str) -> float:
    for line in stderr.splitlines():
        if "to build the pool" in line:
            try:
                return float(line.rsplit("(", 1)[1].split()[0])
            except (IndexError, ValueError):
                pass
    return 0.0


def _section(cid: str) -> str:
    body = cid.split(":")[1]
    num = body.split("-", 1)[1] if "-" in body else body
    return "extra" if body.startswith("extra") else f"section {num.split('.')[0]}"


def breakdown(results: list[dict]) -> dict:
    """Seconds by section, by method and the slowest claims; back-end totals."""
    by_section: dict[str, float] = defaultdict(float)
    by_method: dict[str, float] = defaultdict(float)
    backends: dict[str, int] = defaultdict(int)
    phases: dict[str, float] = defaultdict(float)
    for r in results:
        for k, v in ((r.get("details") or {}).get("seconds") or {}).items():
            phases[k] += float(v)
        sec = float(r.get("seconds") or 0.0)
        by_section[_section(r["id"])] += sec
        by_method[(r.get("method") or "-").split(",")[0].split(";")[0]] += sec
        for k, v in ((r.get("details") or {}).get("backends") or {}).items():
            backends[k] += int(v)
    slow = sorted(results, key=lambda r: -float(r.get("seconds") or 0.0))
    return {"by_section": dict(by_section), "by_method": dict(by_method),
            "slowest": [(r["id"], r.get("seconds")) for r in slow], "backends": dict(backends),
            "phases": dict(phases)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--budget", default="default")
    p.add_argument("--target", default="closeness")
    p.add_argument("--top", type=int, default=12)
    p.add_argument("--jobs", default="auto", help="passed to proofcheck check --jobs")
    p.add_argument("--json", metavar="FILE", help="keep the run's JSON results here")
    p.add_argument("--from-json", metavar="FILE", help="analyse an existing --json output "
                   "instead of running (wall time then unknown)")
    p.add_argument("--breakdown", action="store_true", help="one check, where its time goes")
    p.add_argument("--cold", action="store_true",
                   help="only cold checks (quick and default), wall and CPU beside the figures "
                        "before the faster fresh runs")
    p.add_argument("--repeat", type=int, default=3, help="--cold: runs per budget")
    p.add_argument("--with-store", action="store_true",
                   help="--cold --against: run as a user does in a fresh directory (writing "
                        "the results store) instead of --no-cache")
    p.add_argument("--against", metavar="REV", help="--cold: time commit REV (a git worktree "
                   "of it) alternating with this tree, side by side")
    p.add_argument("--budgets", default="quick,default", help="--cold --against: budgets")
    p.add_argument("--uncertified", action="store_true", help="--cold --against: also time "
                   "this tree with --no-certificates (every proof searched afresh)")
    p.add_argument("--with-default", action="store_true",
                   help="--compare also times a cold check at the default budget")
    p.add_argument("--mutants", type=int, default=12,
                   help="mutants for the seconds-per-mutant figure (0: skip)")
    args = p.parse_args(argv)
    if args.cold:
        if args.against:
            against(args)
        else:
            cold(args)
        return 0
    if not args.breakdown and not args.from_json:
        compare(args)
        return 0
    if args.from_json:
        res = json.load(open(args.from_json))["results"]
        report(res, None, 0, args)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "results.json")
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "proofs", "check", args.target, "--budget",
                               args.budget, "--json", out, "-q", "--jobs", args.jobs,
                               "--no-cache"], capture_output=True, text=True)
        wall = time.perf_counter() - t0
        data = json.load(open(out)) if os.path.exists(out) else {"results": []}
        if args.json and os.path.exists(out):
            shutil.copyfile(out, args.json)
    report(data["results"], wall, proc.returncode, args)
    return 0


def report(res: list[dict], wall: float | None, code: int, args: argparse.Namespace) -> None:
    """Print the breakdown."""
    b = breakdown(res)
    total = sum(float(r.get("seconds") or 0.0) for r in res)
    print(f"proofcheck check {args.target} --budget {args.budget}: "
          + (f"{wall:.1f} s wall, " if wall is not None else "")
          + f"{total:.1f} s in claims (summed over workers), {len(res)} results, exit {code} "
          f"(target <= {TARGET_SECONDS:.0f} s)")
    print("by section:", ", ".join(f"{k} {v:.1f} s" for k, v in sorted(b["by_section"].items())))
    print("by method: ", ", ".join(f"{k} {v:.1f} s" for k, v in
                                   sorted(b["by_method"].items(), key=lambda kv: -kv[1])))
    phases = sorted(b["phases"].items(), key=lambda kv: -kv[1])
    print("numeric checks by phase:", ", ".join(f"{k} {v:.1f} s" for k, v in phases))
    print("instances decided by:", ", ".join(f"{k} {v}" for k, v in b["backends"].items()))
    print("slowest claims:")
    for cid, sec in b["slowest"][: args.top]:
        print(f"  {sec:7.2f} s  {cid}")


if __name__ == "__main__":
    sys.exit(main())
