"""How far proofcheck reads real papers nobody encoded: the public corpus, source by source.

For every source folder of the corpus (``../shared/corpus`` beside the project, or
``--corpus DIR``), read in place and never copied, this reads what a user would hand
``proofcheck check``: each document root (``\\input`` tree followed, macros expanded:
:func:`proofs.tex.paper.read_paper`), then each file with environments that no root brings
in, on its own. An environment is counted once (by file and line). Per source:

- ``envs``: theorem-like environments the reader found (every kind: theorems to remarks);
  ``counted`` in the JSON is an independent count from the raw text (``\\begin{X}`` with
  ``X`` declared by a ``\\newtheorem`` or one of the usual names);
- ``with``: environments in which the reader found a formula with a relation and gave it a
  role (statement, condition, definition, ...);
- ``found``: statements found (including existential and disjunctive ones, not checked);
- ``read``: statements read: as claims to check (``check``), or as written with what the
  checker cannot take (expectations, abstract functions, limits...: the reader's opaque mode,
  shown and not checked);
- ``check``: statements that build as claims;
- ``compl``: claims whose reading left nothing (``reading: complete``);
- ``rand``: statements recognised and not checked (random quantities, abstract functions,
  limits);
- with ``--check``: the verdicts of the read statements at ``--budget`` (incomplete readings
  counted apart; every ``refuted`` one is listed: a finding or a misreading to audit);
- ``s``: seconds;
- proofs (issue 46), in a second table: ``proofs`` environments, ``attach``ed to a statement,
  ``read`` (attached to a statement read as a claim), ``chains`` read, ``links`` found in
  their displays and prose, ``read`` as claims, ``compl``etely; with ``--check`` the links
  ``proved`` and ``refuted`` (``cand``idates: refuted and read incompletely) and the
  ``findings`` (refuted links read completely: each to audit).

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

from proofs.tex.source import strip_comments  # noqa: E402
from proofs.tex.theorems import declarations as theorem_declarations  # noqa: E402

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


def roots_and_fragments(source: pathlib.Path, texts: dict[pathlib.Path, str]) -> list[pathlib.Path]:
    """What a user would hand proofcheck: every document root (a file with
    ``\\begin{document}``), then every file with theorem-like environments that no root
    brings in (a fragment read on its own)."""
    from proofs.tex.source import SourceError, load

    roots = [p for p, t in texts.items() if re.search(r"\\begin\s*\{document\}",
                                                      strip_comments(t))
             and not re.search(r"\\documentclass\s*(\[[^\]]*\])?\s*\{\s*(subfiles|standalone)",
                               strip_comments(t))]
    covered: set[pathlib.Path] = set()
    brought: dict[pathlib.Path, set[pathlib.Path]] = {}
    for r in roots:
        try:
            doc = load(str(r))
        except SourceError:
            continue
        brought[r] = {(r.parent / f).resolve() for f in doc.files[1:]}
        covered |= brought[r] | {r.resolve()}
    # a root that another root brings in is read as part of it
    roots = [r for r in roots if not any(r.resolve() in b for q, b in brought.items() if q != r)]
    fragments = [p for p, t in texts.items() if p.resolve() not in covered and p not in roots
                 and re.search(r"\\begin\s*\{", t)]
    return roots + fragments


def measure(source: pathlib.Path, check: bool, budget: str) -> dict[str, Any]:
    """The figures of one source (see the module docstring)."""
    from proofs.tex.paper import read_paper
    from proofs.tex.source import SourceError

    t0 = time.perf_counter()
    texts = _texts(source)
    envs = with_statements = found = read = complete = random = words = other = shown = 0
    shown_complete = 0
    verdicts: Counter[str] = Counter()
    refuted: list[str] = []
    claims = []
    unread: list[dict[str, Any]] = []
    proofs: Counter[str] = Counter()
    steps: list[tuple[pathlib.Path, Any, Any]] = []  # (root, statement, step) read
    seen: set[tuple[str, int]] = set()  # (file, line) of environments already counted
    for path in roots_and_fragments(source, texts):
        try:
            paper = read_paper(str(path))
        except SourceError as exc:
            verdicts[f"source error: {str(exc)[:60]}"] += 1
            continue
        except Exception as exc:  # a crash of the reader is a bug to report, not to hide
            verdicts[f"extract error: {type(exc).__name__}: {str(exc)[:80]}"] += 1
            continue
        ex = paper.extraction
        fresh = set()
        in_words = {_env(u.claim_id) for u in ex.unread if u.category == "statement in words"}
        for e in ex.explained:
            place = e.source.rsplit(", ", 1)[-1]
            if place in seen:
                continue
            fresh.add(e.base or place)
            seen.add(place)
            envs += 1
            if any(role not in ("mention", "words") for role, _, _ in e.lines) and \
                    (e.base or place) not in in_words:  # its statement in words: counted there
                with_statements += 1
        other += len(ex.skipped)
        mine = [c for c in [*ex.read, *ex.unread] if _env(c.claim_id) in fresh]
        found += len(mine)
        read += sum(1 for c in ex.read if _env(c.claim_id) in fresh)
        random += sum(1 for u in ex.unread if u.category and u.category not in (
            "statement in words", "reader fault") and _env(u.claim_id) in fresh)
        faults = sum(1 for u in ex.unread if u.category == "reader fault"
                     and _env(u.claim_id) in fresh)
        if faults:  # a fault of the reader on an environment: shown as a crash was
            verdicts["reader fault"] += faults
        words += sum(1 for u in ex.unread if u.category == "statement in words"
                     and _env(u.claim_id) in fresh)
        shown += sum(1 for u in ex.unread if u.read_as and _env(u.claim_id) in fresh)
        shown_complete += sum(1 for u in ex.unread if u.read_as and not u.left
                              and _env(u.claim_id) in fresh)
        for r in ex.read:
            if _env(r.claim_id) in fresh:
                complete += not r.left
                claims.append((path, r))
        _count_proofs(ex, fresh, path, proofs, steps)
        unread += [{"root": str(path), "id": u.claim_id, "where": u.source.rsplit(", ", 1)[-1],
                    "printed": u.statement, "category": u.category or "not read",
                    "read_as": u.read_as, "reading": u.reading, "left": list(u.left),
                    "error": u.error}
                   for u in ex.unread if _env(u.claim_id) in fresh]
    records: list[dict[str, Any]] = []
    if check:
        verdicts.update(_check(claims, budget, refuted, records))
        _check_steps(steps, budget, proofs, refuted)
    else:
        records = [record(path, r) for path, r in claims]
    records += unread
    records += [step_record(path, r, st) for path, r, st in steps]
    return {"source": source.name, "files": len(texts), "envs": envs,
            "counted": count_environments(texts), "with": with_statements, "found": found,
            "checkable": read, "read": read + shown, "complete": complete,
            "written_complete": shown_complete,
            "not_checked": random, "words": words,
            "other": other,
            "verdicts": dict(verdicts), "refuted": refuted, "records": records,
            "proofs": dict(proofs),
            "seconds": round(time.perf_counter() - t0, 1)}


def _count_proofs(ex: Any, fresh: set[str], path: pathlib.Path, out: Counter[str],
                  steps: list[tuple[pathlib.Path, Any, Any]]) -> None:
    """The proof figures of one reading (its environments not counted before)."""
    from proofs.tex.proof_envs import attach

    bases = {id(e.env): e.base for e in ex.explained if e.base}
    for p in attach(ex.text, ex.environments):
        env = ex.environments[p.of] if p.of is not None else None
        if env is not None and bases.get(id(env)) not in fresh:
            continue  # its statement was counted with another reading
        out["proofs"] += 1
        out["attached"] += env is not None
    for r in ex.read:
        if r.proof is None or _env(r.claim_id) not in fresh:
            continue
        out["read"] += 1
        out["chains"] += len(r.proof.chains)
        out["links"] += len(r.proof.steps)
        out["links read"] += len(r.proof.read)
        out["complete"] += len(r.proof.complete)
        steps += [(path, r, st) for st in r.proof.read]


def step_record(path: pathlib.Path, r: Any, st: Any) -> dict[str, Any]:
    """One proof step read, as ``--dump`` writes it (for the audit)."""
    return {"root": str(path), "id": st.claim_id, "where": st.line, "printed": st.latex,
            "read_as": str(st.prop), "reason": st.reason, "hypotheses": [
                str(h) for h in (*r.claim.hypotheses, *st.extra, *st.given)],
            "left": list(dict.fromkeys([*r.left, *st.left])), "status": getattr(st, "status",
                                                                              None),
            "witness": getattr(st, "witness", None)}


def _check_steps(steps: list[tuple[pathlib.Path, Any, Any]], budget: str, out: Counter[str],
                 refuted: list[str]) -> None:
    """Decide each proof step read (under its statement's hypotheses, the proof's conditions
    and what it established before), as ``proofcheck check`` does."""
    from numeric.budget import Budget
    from numeric.stages.cascade import decide
    from proofs.tools.extract_proofs import entry

    b = Budget.get(budget)
    for path, r, st in steps:
        claims = {c.id: (c, a) for c, a in entry(r).link_annotated()}
        if st.claim_id not in claims:
            continue
        claim, note = claims[st.claim_id]
        try:
            v = decide(claim, b, seed=0)
        except Exception as exc:
            out[f"error: {type(exc).__name__}"] += 1
            continue
        st.status, st.witness = v.status.value, v.witness
        out[v.status.value] += 1
        if v.status.value == "refuted":
            kind = "finding" if not note.left else "candidate"
            out[kind + "s"] += 1
            refuted.append(f"{path.name}: {st.claim_id} [step, {kind}]: {st.latex}  read as "
                           f"{claim.prop} if {list(map(str, claim.hypotheses))}; witness "
                           f"{v.witness}")


def _env(claim_id: str) -> str:
    """The environment's id of a statement's id (:func:`proofs.tools.extract.environment_id`)."""
    from proofs.tools.extract import environment_id

    return environment_id(claim_id)


def record(source: pathlib.Path, r: Any, verdict: Any = None) -> dict[str, Any]:
    """One read statement as ``--dump`` writes it (for the audit): where, as printed, as
    read, how completely, and its verdict."""
    from proofs.model.results import read_as

    return {"root": str(source), "id": r.claim_id, "where": r.source.rsplit(", ", 1)[-1],
            "printed": r.statement, "read_as": read_as(r.claim), "reading": r.reading,
            "left": list(r.left),
            "status": None if verdict is None else verdict.status.value,
            "witness": None if verdict is None else verdict.witness}


def _check(claims: list, budget: str, refuted: list[str],
           records: list[dict[str, Any]] | None = None) -> Counter[str]:
    from numeric.budget import Budget
    from numeric.stages.cascade import decide

    out: Counter[str] = Counter()
    b = Budget.get(budget)
    for path, r in claims:
        try:
            v = decide(r.claim, b, seed=0)
        except Exception as exc:
            out[f"error: {type(exc).__name__}"] += 1
            continue
        if records is not None:
            records.append(record(path, r, v))
        status = v.status.value
        out[status + ("" if not r.left else " (incomplete)")] += 1
        if status == "refuted":
            refuted.append(f"{path.name}: {r.claim_id} [{r.reading}]: {r.statement}  "
                           f"read as {r.claim.prop} if {list(map(str, r.claim.hypotheses))}; "
                           f"witness {v.witness}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", default=str(ROOT.parent / "shared" / "corpus"))
    ap.add_argument("--check", action="store_true", help="decide the read statements")
    ap.add_argument("--budget", default="quick")
    ap.add_argument("--json", metavar="FILE", help="write the figures as JSON")
    ap.add_argument("--dump", metavar="FILE", help="write every read statement (where, as "
                    "printed, as read, reading, verdict) as JSON, for the audit; it holds "
                    "corpus text: keep it outside the project")
    args = ap.parse_args(argv)
    corpus = pathlib.Path(args.corpus)
    if not corpus.is_dir():
        print(f"bench_corpus: no corpus at {corpus}", file=sys.stderr)
        return 2
    rows = [measure(s, args.check, args.budget) for s in sources(corpus)]
    head = (f"{'source':36} {'files':>5} {'other':>5} {'envs':>5} {'with':>5} {'found':>5} "
            f"{'words':>5} {'read':>5} {'check':>5} {'compl':>5} {'rand':>5} {'s':>6}")
    print(head + ("  verdicts" if args.check else ""))
    keys = ("files", "other", "envs", "with", "found", "words", "read", "checkable",
            "complete", "not_checked")
    extra = ("written_complete",)
    for r in rows:
        line = f"{r['source'][:36]:36} " + " ".join(f"{r[k]:5}" for k in keys) + \
            f" {r['seconds']:6}"
        if args.check:
            line += "  " + ", ".join(f"{k} {v}" for k, v in sorted(r["verdicts"].items()))
        print(line)
    tot = {k: sum(r[k] for r in rows) for k in (*keys, *extra)}
    print(f"{'all':36} " + " ".join(f"{tot[k]:5}" for k in keys)
          + f" {round(sum(r['seconds'] for r in rows), 1):6}")
    envs = max(tot["envs"], 1)
    found_in = tot["with"] + tot["words"]
    found = max(tot["found"], 1)
    print(f"a statement found in {100 * found_in / envs:.0f}% of the theorem-like environments "
          f"({tot['with']} with formulas, {tot['words']} in words; remarks, examples and "
          f"exercises apart: {tot['other']}); read {tot['read']} of {tot['found']} found "
          f"({100 * tot['read'] / found:.0f}%): {tot['checkable']} as claims to check "
          f"({tot['complete']} completely), {tot['read'] - tot['checkable']} as written and "
          f"not checkable ({tot['written_complete']} completely); {tot['not_checked']} "
          f"recognised and not checked (random quantities, abstract functions, limits)")
    pkeys = ("proofs", "attached", "read", "chains", "links", "links read", "complete")
    ckeys = ("proved", "refuted", "candidates", "findings") if args.check else ()
    print()
    print(f"{'proofs (issue 46)':36} " + " ".join(f"{k.split()[-1][:6]:>6}" for k in
                                                (*pkeys, *ckeys)))
    for r in rows:
        print(f"{r['source'][:36]:36} " + " ".join(f"{r['proofs'].get(k, 0):6}"
                                                   for k in (*pkeys, *ckeys)))
    ptot = {k: sum(r["proofs"].get(k, 0) for r in rows) for k in (*pkeys, *ckeys)}
    print(f"{'all':36} " + " ".join(f"{ptot[k]:6}" for k in (*pkeys, *ckeys)))
    for r in rows:
        for line in r["refuted"]:
            print(f"refuted: {r['source']}: {line}")
    if args.dump:
        pathlib.Path(args.dump).write_text(json.dumps(
            [x for r in rows for x in r["records"]], indent=1), encoding="utf-8")
    if args.json:
        figures = [{k: v for k, v in r.items() if k != "records"} for r in rows]
        pathlib.Path(args.json).write_text(json.dumps(figures, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
