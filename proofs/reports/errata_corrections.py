"""Corrected hypotheses, checked: the smallest set of added hypotheses the prover still proves a
statement under.

For a statement refuted for want of hypotheses its proof uses (the hypothesis flow names them),
:func:`minimal` proves the statement with every needed hypothesis added, then drops each one in
turn while the prover (:func:`numeric.prover.engine.prove`, the fact blackboard) still proves
it. What is left is a corrected form that is **proved**; a dropped hypothesis is implied by the
others for this statement (``α ≥ e^{−R²}`` follows from ``‖A‖ ≤ R`` and ``‖x‖₂ ≤ R``, Lemma 3.3).
A kept one is one the prover could not do without (not a proof that the statement needs it).
When even the full set is not proved, nothing is dropped and the record says why.

Results are kept in the results store of the working directory (``.proofcheck/``, when a run
made one and ``PROOFCHECK_CACHE`` does not turn it off), keyed by the statement, the
hypotheses and the toolkit's source, so a second ``errata`` pays nothing.

Example:
    >>> from proofs.papers.closeness import PAPER
    >>> from symbolic import Prop, opnorm
    >>> from proofs.papers.closeness.section5 import A, R
    >>> entry = PAPER.entry("closeness:lemma-5.5:part-3")
    >>> rec = minimal(entry, [Prop(opnorm(A), "<=", R)], store=None)
    >>> rec["proved"], rec["added"]
    (True, ['‖A‖ ≤ R'])
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from numeric.budget import Budget
from numeric.prover.engine import prove
from numeric.prover.focus import prove_or_focus
from proofs.model import Lemma
from proofs.model.results import form
from proofs.store.cache import content_digest
from symbolic.claim import Claim, Prop
from symbolic.latex import latex
from symbolic.pretty import pretty

_MEMO: dict[tuple, dict[str, Any]] = {}


def default_store() -> Any:
    """The results store of the working directory when a run made one (else None)."""
    from proofs.store.cache import DIRECTORY, ResultStore, enabled_by_env

    if not enabled_by_env() or not (Path(".") / DIRECTORY).is_dir():
        return None
    return ResultStore(".")


def _claim(entry: Lemma, hyps: list[Prop]) -> Claim:
    c = entry.statement_claim()
    assert c is not None
    return Claim(c.id, c.lhs, c.rel, c.rhs, (*entry.hypotheses, *hyps), source=c.source,
                 dims=c.dims, ranges=c.ranges)


def _compute(entry: Lemma, needs: list[Prop], budget: str,
             refuted: frozenset[tuple] = frozenset(), book: Any = None,
             failed: list[str] | None = None) -> dict[str, Any]:
    """The record of :func:`minimal`. The prover does not try a form a witness refutes
    (in ``refuted``) or one that ``book`` says it does not prove (the certificates' list of
    :func:`unproved` forms); ``failed`` collects the content digests of the forms it tried
    and did not prove."""
    b = Budget.get(budget)

    def proved(claim: Claim) -> bool:  # a form a witness refutes has no proof to look for
        if form(claim) in refuted or (book is not None and book.unproved(claim, budget)):
            return False
        if prove_or_focus(claim, b, relies=False).proved:
            return True
        if failed is not None:
            failed.append(content_digest(claim))
        return False

    # the facts a proof relies on are worked out (engine.needed: a z3 check per library
    # entry) for the smallest set only, usually smaller than ``needs``
    full_claim = _claim(entry, needs)
    full = prove_or_focus(full_claim, b, relies=False) if form(full_claim) not in refuted \
        else None
    # more hypotheses can drown z3: then the statement alone may still be proved
    alone = (full is None or not full.proved) and bool(needs) and proved(_claim(entry, []))
    rec: dict[str, Any] = {"entry": entry.id, "proved": bool(full and full.proved) or alone,
                           "budget": budget, "needed": [pretty(h) for h in needs]}
    if not rec["proved"]:
        rec.update(added=[pretty(h) for h in needs],
                   added_latex=[latex(h) for h in needs], dropped=[], relies_on=[],
                   reason=(full.reason if full else "a witness refutes it")
                   or "the prover does not prove it")
        return rec
    keep = [] if alone else list(needs)
    for h in list(keep):
        trial = [k for k in keep if k is not h]
        if proved(_claim(entry, trial)):
            keep = trial
    used = prove_or_focus(_claim(entry, keep), b).relies_on  # the facts of the set kept
    rec.update(added=[pretty(h) for h in keep], added_latex=[latex(h) for h in keep],
               dropped=[pretty(h) for h in needs if h not in keep], relies_on=list(used),
               reason="", proof_needs=[pretty(h) for h in _independent(entry, needs, b)]
               if not keep else [])
    return rec


def _independent(entry: Lemma, needs: list[Prop], b: Budget) -> list[Prop]:
    """``needs`` without those the others imply (with the listed hypotheses), as the prover
    shows: what a proof that uses them all must list (``α ≥ e^{−R²}`` follows from the norm
    bounds)."""
    keep = list(needs)
    for h in list(needs):
        rest = tuple(k for k in keep if k is not h)
        c = Claim(f"{entry.id.split(':')[0]}:extra-implied-hypothesis", h.lhs, h.rel, h.rhs,
                  (*entry.hypotheses, *rest), dims=entry.dims, ranges=entry.ranges)
        if prove(c, b, relies=False).proved:
            keep = list(rest)
    return keep


def prefetch(work: list[tuple[Lemma, list[Prop]]], budget: str = "quick", jobs: int = 1,
             store: Any = "default", refuted: frozenset[tuple] = frozenset(),
             book: Any = None) -> None:
    """Compute the records :func:`minimal` would, for every ``(entry, needs)`` of ``work`` not
    yet known, in ``jobs`` forked workers (each record is a function of its entry alone, so the
    records do not depend on ``jobs``); :func:`minimal` then finds them. ``refuted``: the
    forms a witness refutes (:func:`~proofs.model.results.refuted_forms`), which the prover
    does not try (their proofs fail; a record whose full form is refuted gives "a witness
    refutes it" as its reason instead of the prover's). ``book``: the certificates, whose
    list of :func:`unproved` forms the prover does not try either (the same records, sooner)."""
    from proofs.executors import LocalExecutor

    st = default_store() if store == "default" else store
    todo = []
    for entry, needs in work:
        key = _key(entry, needs, budget)
        if key in _MEMO:
            continue
        if st is None or not st.memo_has("corrections", _parts(key)):
            todo.append((entry, needs))
    recs = LocalExecutor(jobs).map(lambda job: _compute(job[0], job[1], budget, refuted, book),
                                   todo)
    for (entry, needs), rec in zip(todo, recs, strict=True):
        key = _key(entry, needs, budget)
        _MEMO[key] = rec if st is None else st.memo("corrections", _parts(key), lambda r=rec: r)


def unproved(work: list[tuple[Lemma, list[Prop]]], budget: str = "quick", jobs: int = 1,
             refuted: frozenset[tuple] = frozenset()) -> list[str]:
    """The content digests of the forms whose proofs the prover tries and does not find
    while it computes the records of ``work`` (in ``jobs`` forked workers), sorted: what
    ``certify`` lists, so that an ``errata`` with this prover need not try them again (the
    hypotheses a correction keeps are those whose drop these proofs fail)."""
    from proofs.executors import LocalExecutor

    def failed(job: tuple[Lemma, list[Prop]]) -> list[str]:
        out: list[str] = []
        _compute(job[0], job[1], budget, refuted, failed=out)
        return out

    return sorted({d for ds in LocalExecutor(jobs).map(failed, work) for d in ds})


def _key(entry: Lemma, needs: list[Prop], budget: str) -> tuple:
    return (entry.id, str(entry.statement), tuple(str(h) for h in entry.hypotheses),
            tuple(str(h) for h in needs), budget)


def _parts(key: tuple) -> list[str]:
    return list(key[:2]) + list(key[2]) + ["|"] + list(key[3]) + [key[4]]


def minimal(entry: Lemma, needs: list[Prop], budget: str = "quick",
            store: Any = "default") -> dict[str, Any]:
    """The smallest subset of ``needs`` (greedy, in order) under which the prover proves
    ``entry``'s statement with its listed hypotheses: ``{"entry", "proved", "added",
    "added_latex", "dropped", "relies_on", "reason", "needed", "budget"}``."""
    key = _key(entry, needs, budget)
    if key in _MEMO:
        return _MEMO[key]
    st = default_store() if store == "default" else store
    if st is None:
        rec = _compute(entry, needs, budget)
    else:
        rec = st.memo("corrections", _parts(key), lambda: _compute(entry, needs, budget))
    _MEMO[key] = rec
    return rec
