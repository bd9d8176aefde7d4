"""How far proofcheck reads real papers nobody encoded: the public corpus, source by source.

For every source folder of the corpus (``../shared/corpus`` beside the project, or
``--corpus DIR``), read in place and never copied, this runs ``proofcheck extract``'s reader
(:func:`proofs.tools.extract.extract`) on each ``.tex`` file as a user would today (one file at a
time: ``\\input`` is not followed yet) and prints, per source:

- ``envs``: theorem-like environments (``\\begin{X}`` with ``X`` declared by a ``\\newtheorem``
  anywhere in the source, or one of the usual names: theorem, lemma, proposition, corollary,
  claim, fact, definition, assumption, remark, and their abbreviations);
- ``with``: environments in which the reader found a statement;
- ``found``: statements the reader found in them (read or not);
- ``read``: statements that build as claims;
- ``complete``: read statements whose environment left no condition unread or unused;
- with ``--check``: the verdicts of the read statements at ``--budget`` (``refuted`` ones are
  listed: each is a finding or a misreading to audit);
- ``s``: seconds.

Usage: ``python benchmarks/bench_corpus.py [--corpus DIR] [--check] [--budget quick]
[--json FILE]``. Issue 45 measures its progress with it.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import re
import sys
import time
from collections import Counter
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from proofs.tools.extract import extract, strip_comments, theorem_declarations  # noqa: E402

#: theorem-like environment names counted when no \newtheorem declares them
USUAL = {"theorem", "lemma", "proposition", "corollary", "claim", "fact", "definition",
         "assumption", "remark", "thm", "lem", "prop", "cor", "coro", "defn", "defi", "conj",
         "conjecture", "example", "observation", "exercise", "problem"}


def sources(corpus: pathlib.Path) -> list[pathlib.Path]:
    return sorted(p for p in corpus.iterdir() if p.is_dir())


def _texts(source: pathlib.Path) -> dict[pathlib.Path, str]:
    out = {}
    for p in sorted(source.rglob("*.tex")):
        try:
            out[p] = p.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
    return out


def count_environments(texts: dict[pathlib.Path, str]) -> int:
    """Theorem-like environments over the source's files (declarations from any of them)."""
    declared: set[str] = set()
    for t in texts.values():
        declared |= set(theorem_declarations(strip_comments(t)))
    names = {n.rstrip("*") for n in declared} | USUAL
    total = 0
    for t in texts.values():
        for m in re.finditer(r"\\begin\s*\{([^}]*)\}", strip_comments(t)):
            if m.group(1).strip().rstrip("*") in names:
                total += 1
    return total


def measure(source: pathlib.Path, check: bool, budget: str) -> dict[str, Any]:
    """The figures of one source (see the module docstring)."""
    t0 = time.perf_counter()
    texts = _texts(source)
    found = read = complete = 0
    with_statements: set[str] = set()
    verdicts: Counter[str] = Counter()
    refuted: list[str] = []
    claims = []
    for path, text in texts.items():
        key = re.sub(r"[^a-z0-9]+", "-", path.stem.lower()).strip("-") or "paper"
        try:
            ex = extract(text, str(path), paper=key)
        except Exception as exc:
            verdicts[f"extract error: {type(exc).__name__}"] += 1
            continue
        found += len(ex.read) + len(ex.unread)
        read += len(ex.read)
        with_statements |= {f"{path}:{_env(c.claim_id)}" for c in [*ex.read, *ex.unread]}
        incomplete_envs = {_env(cid) for cid, _, _ in ex.unread_conditions} | {
            _env(cid) for cid, _ in ex.unused_conditions} | {_env(u.claim_id) for u in ex.unread}
        for r in ex.read:
            if _env(r.claim_id) not in incomplete_envs and not r.unread_conditions:
                complete += 1
            claims.append((path, r))
    if check:
        verdicts.update(_check(claims, budget, refuted))
    return {"source": source.name, "files": len(texts), "envs": count_environments(texts),
            "with": len(with_statements), "found": found, "read": read, "complete": complete,
            "verdicts": dict(verdicts),
            "refuted": refuted, "seconds": round(time.perf_counter() - t0, 1)}


def _env(claim_id: str) -> str:
    """The environment's id of a statement's id (its parts and items dropped)."""
    return claim_id.rsplit(":part-", 1)[0].rsplit(":item-", 1)[0]


def _check(claims: list, budget: str, refuted: list[str]) -> Counter[str]:
    from numeric.budget import Budget
    from numeric.stages.cascade import decide
    from proofs.tools.extract import objects
    from symbolic.claim import Claim

    out: Counter[str] = Counter()
    b = Budget.get(budget)
    for path, r in claims:
        try:
            c = Claim.from_latex(r.claim_id, r.statement, where=objects(r.where),
                                 hypotheses=list(r.hypotheses))
            v = decide(c, b, seed=0)
        except Exception as exc:
            out[f"error: {type(exc).__name__}"] += 1
            continue
        out[v.status.value] += 1
        if v.status.value == "refuted":
            refuted.append(f"{path.name}: {r.claim_id}: {r.statement}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", default=str(ROOT.parent / "shared" / "corpus"))
    ap.add_argument("--check", action="store_true", help="decide the read statements")
    ap.add_argument("--budget", default="quick")
    ap.add_argument("--json", metavar="FILE", help="write the figures as JSON")
    args = ap.parse_args(argv)
    corpus = pathlib.Path(args.corpus)
    if not corpus.is_dir():
        print(f"bench_corpus: no corpus at {corpus}", file=sys.stderr)
        return 2
    rows = [measure(s, args.check, args.budget) for s in sources(corpus)]
    head = (f"{'source':48} {'files':>5} {'envs':>5} {'with':>5} {'found':>5} {'read':>5} "
            f"{'compl':>5} {'s':>6}")
    print(head + ("  verdicts" if args.check else ""))
    for r in rows:
        line = (f"{r['source'][:48]:48} {r['files']:5} {r['envs']:5} {r['with']:5} {r['found']:5} "
                f"{r['read']:5} {r['complete']:5} {r['seconds']:6}")
        if args.check:
            line += "  " + ", ".join(f"{k} {v}" for k, v in sorted(r["verdicts"].items()))
        print(line)
    tot = {k: sum(r[k] for r in rows)
           for k in ("files", "envs", "with", "found", "read", "complete")}
    print(f"{'all':48} {tot['files']:5} {tot['envs']:5} {tot['with']:5} {tot['found']:5} "
          f"{tot['read']:5} "
          f"{tot['complete']:5} {round(sum(r['seconds'] for r in rows), 1):6}")
    envs = max(tot["envs"], 1)
    print(f"statements found in {100 * tot['with'] / envs:.0f}% of the environments; "
          f"read {tot['read']} of {tot['found']} found, {tot['complete']} completely")
    for r in rows:
        for line in r["refuted"]:
            print(f"refuted: {r['source']}: {line}")
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
