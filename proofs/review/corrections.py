"""Corrected hypotheses, checked: the smallest set of added hypotheses the prover still proves a
statement under.

For a statement refuted for want of hypotheses its proof uses (the hypothesis flow names them),
:func:`minimal` proves the statement with every needed hypothesis added, then drops each one in
turn while the prover (:func:`numeric.prover.engine.prove`, the fact blackboard) still proves
it (:func:`proofs.tools.fewest.fewest`). What is left is a corrected form that is **proved**; a
dropped hypothesis is implied by the others for this statement (``α ≥ e^{−R²}`` follows from
``‖A‖ ≤ R`` and ``‖x‖₂ ≤ R``, Lemma 3.3). A kept one is one the prover could not do without
(not a proof that the statement needs it). When even the full set is not proved, nothing is
dropped and the record says why.

:func:`attach` puts each entry's :class:`~proofs.review.model.Correction` on its first
``missing-hypothesis`` finding. Corrections are kept in the run's results store (``store``),
keyed by the statement, the hypotheses and the toolkit's source, so a second ``errata`` pays
nothing.

Example:
    >>> from proofs.papers.closeness import PAPER
    >>> from symbolic import Prop, opnorm
    >>> from proofs.papers.closeness.section5 import A, R
    >>> entry = PAPER.entry("closeness:lemma-5.5:part-3")
    >>> rec = minimal(entry, [Prop(opnorm(A), "<=", R)])
    >>> rec.proved, rec.added
    (True, ['‖A‖ ≤ R'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from numeric.budget import Budget
from numeric.prover.engine import prove
from numeric.prover.focus import prove_or_focus
from proofs.executors import LocalExecutor
from proofs.model import Lemma
from proofs.model.results import Result, form, refuted_forms
from proofs.review.findings import paper_of
from proofs.review.model import Correction, Finding
from proofs.store.cache import ResultStore, content_digest
from proofs.tools.fewest import fewest
from proofs.tools.hypothesis_flow import needed
from symbolic.claim import Claim, Prop
from symbolic.latex import latex
from symbolic.pretty import pretty

_MEMO: dict[tuple, Correction] = {}

#: one entry's correction to compute: the entry and the hypotheses its proof needs
Work = tuple[Lemma, list[Prop]]


def attach(flow: Sequence[Finding], results: Sequence[Result] = (), *,
           store: ResultStore | None = None, jobs: int = 1, book: Any = None) -> list[Finding]:
    """``flow`` with the checked correction of each entry (:func:`minimal`: the fewest needed
    hypotheses under which the prover proves the statement) on the entry's first finding; a
    correction the prover does not prove names the check among ``results`` of the same
    statement under the same hypotheses (``support``). The corrections not known yet (to this
    process or ``store``) are computed in ``jobs`` worker processes, without the proofs that
    ``book`` (the certificates, :class:`~proofs.store.certificates.Book`) says this prover
    does not find."""
    out = list(flow)
    todo = work(out)
    prefetch([(e, n) for e, n, _ in todo], jobs=jobs, store=store,
             refuted=refuted_forms(list(results)), book=book)
    for entry, needs, at in todo:
        rec = minimal(entry, needs, store=store)
        if not rec.proved:
            rec = replace(rec, support=_support(entry, needs, results))
        out[at[0]] = replace(out[at[0]], correction=rec)
    return out


def work(flow: Sequence[Finding]) -> list[tuple[Lemma, list[Prop], list[int]]]:
    """The ``(entry, needed hypotheses, positions of its findings in flow)`` of each entry
    whose statement the ``flow`` findings (not corrected yet) say lacks hypotheses its proof
    uses."""
    groups: dict[str, list[int]] = {}
    for k, f in enumerate(flow):
        chk = f.check or {}
        if chk.get("type") == "flow" and f.correction is None:
            groups.setdefault(chk["entry"], []).append(k)
    paper = paper_of(groups)
    if paper is None:
        return []
    out: list[tuple[Lemma, list[Prop], list[int]]] = []
    for eid, at in groups.items():
        entry = paper.entry(eid)
        if entry is None or entry.statement_claim() is None:
            continue
        props = [h for _, _, h in needed(paper, entry)]
        needs: list[Prop] = []
        for k in at:
            chk = flow[k].check or {}
            h = next((h for h in props if str(h.lhs) == chk["lhs"] and h.rel.value == chk["rel"]
                      and str(h.rhs) == chk["rhs"]), None)
            if h is not None and h not in needs:
                needs.append(h)
        if needs:
            out.append((entry, needs, at))
    return out


def _support(entry: Lemma, needs: list[Prop], results: Sequence[Result]) -> str:
    """The verdict of the run's check of ``entry``'s statement under its listed hypotheses and
    ``needs`` (an encoding's ``extra`` claim), as words; empty when the run has none."""
    want = {str(h) for h in (*entry.hypotheses, *needs)}
    for r in results:
        c = r.claim
        if c is not None and r.id != entry.id and str(c.prop) == str(entry.statement) \
                and {str(h) for h in c.hypotheses} == want:
            return f"{r.status.value} by the run's check of this form ({r.verdict.method})"
    return ""


def _claim(entry: Lemma, hyps: list[Prop]) -> Claim:
    c = entry.statement_claim()
    assert c is not None
    return Claim(c.id, c.lhs, c.rel, c.rhs, (*entry.hypotheses, *hyps), source=c.source,
                 dims=c.dims, ranges=c.ranges)


def _compute(entry: Lemma, needs: list[Prop], budget: str,
             refuted: frozenset[tuple] = frozenset(), book: Any = None,
             failed: list[str] | None = None) -> Correction:
    """The correction of :func:`minimal`. The prover does not try a form a witness refutes
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
    ok = bool(full and full.proved) or alone
    shown = [pretty(h) for h in needs]
    if not ok:
        return Correction(entry.id, False, budget, shown, shown, [latex(h) for h in needs],
                          [], [], (full.reason if full else "a witness refutes it")
                          or "the prover does not prove it")
    keep = [] if alone else fewest(needs, lambda trial, _dropped: proved(_claim(entry, trial)))
    used = prove_or_focus(_claim(entry, keep), b).relies_on  # the facts of the set kept
    return Correction(
        entry.id, True, budget, shown, [pretty(h) for h in keep], [latex(h) for h in keep],
        [pretty(h) for h in needs if h not in keep], list(used), "",
        proof_needs=[pretty(h) for h in _independent(entry, needs, b)] if not keep else [])


def _independent(entry: Lemma, needs: list[Prop], b: Budget) -> list[Prop]:
    """``needs`` without those the others imply (with the listed hypotheses), as the prover
    shows (:func:`~proofs.tools.fewest.fewest`): what a proof that uses them all must list
    (``α ≥ e^{−R²}`` follows from the norm bounds)."""
    def implied(rest: list[Prop], h: Prop) -> bool:
        c = Claim(f"{entry.id.split(':')[0]}:extra-implied-hypothesis", h.lhs, h.rel, h.rhs,
                  (*entry.hypotheses, *rest), dims=entry.dims, ranges=entry.ranges)
        return prove(c, b, relies=False).proved

    return fewest(needs, implied)


def prefetch(work: list[Work], budget: str = "quick", jobs: int = 1,
             store: ResultStore | None = None, refuted: frozenset[tuple] = frozenset(),
             book: Any = None) -> None:
    """Compute the corrections :func:`minimal` would, for every ``(entry, needs)`` of ``work``
    not yet known (to this process or ``store``), in ``jobs`` forked workers (each is a
    function of its entry alone, so they do not depend on ``jobs``); :func:`minimal` then
    finds them. ``refuted``: the forms a witness refutes
    (:func:`~proofs.model.results.refuted_forms`), which the prover does not try (their
    proofs fail; a correction whose full form is refuted gives "a witness refutes it" as its
    reason instead of the prover's). ``book``: the certificates, whose list of
    :func:`unproved` forms the prover does not try either (the same corrections, sooner)."""
    todo = []
    for entry, needs in work:
        key = _key(entry, needs, budget)
        if key in _MEMO:
            continue
        if store is None or not store.memo_has("corrections", _parts(key)):
            todo.append((entry, needs))
    recs = LocalExecutor(jobs).map(
        lambda job: _compute(job[0], job[1], budget, refuted, book).to_json(), todo)
    for (entry, needs), rec in zip(todo, recs, strict=True):
        key = _key(entry, needs, budget)
        _MEMO[key] = Correction.from_json(
            rec if store is None else store.memo("corrections", _parts(key), lambda r=rec: r))


def unproved(work: list[Work], budget: str = "quick", jobs: int = 1,
             refuted: frozenset[tuple] = frozenset()) -> list[str]:
    """The content digests of the forms whose proofs the prover tries and does not find
    while it computes the corrections of ``work`` (in ``jobs`` forked workers), sorted: what
    ``certify`` lists, so that an ``errata`` with this prover need not try them again (the
    hypotheses a correction keeps are those whose drop these proofs fail)."""
    def failed(job: Work) -> list[str]:
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
            store: ResultStore | None = None) -> Correction:
    """The smallest subset of ``needs`` (greedy, in order) under which the prover proves
    ``entry``'s statement with its listed hypotheses (kept in ``store`` when given)."""
    key = _key(entry, needs, budget)
    if key in _MEMO:
        return _MEMO[key]
    if store is None:
        rec = _compute(entry, needs, budget)
    else:
        rec = Correction.from_json(store.memo("corrections", _parts(key),
                                              lambda: _compute(entry, needs, budget).to_json()))
    _MEMO[key] = rec
    return rec
