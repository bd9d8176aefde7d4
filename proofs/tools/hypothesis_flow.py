"""Hypothesis flow: does every step of a proof stand on hypotheses its entry lists?

For each proof step, two kinds of needed hypotheses are collected:

* those of every cited lemma or fact, instantiated as the step uses it (``Link.bind``);
* those the step assumes without citing anything (``Link.extra_hypotheses``, e.g. "the
  assumption on A and x" in a lemma that lists no bound on A or x).

Constants the proof introduces (``Chain(..., let={beta: exp(-R**2)})``) are substituted by their
definitions first. A needed hypothesis about a symbol that neither the statement nor its listed
hypotheses contain is a proof obligation (status ``proof-local``), never a missing hypothesis of
the statement.

Each is compared with the hypotheses the entry lists (in force where it is cited): first
structurally (the same proposition, definitions unfolded), then by the checker: a claim "listed
hypotheses imply the needed one" (with the results store the caller passes). A confirmed
counterexample makes it a ``missing-hypothesis`` finding with a witness
(:func:`proofs.review.findings.flow_findings`); the finding also reports whether the entry's own
statement, checked without it, is refuted.

Example:
    >>> import sympy as sp
    >>> from symbolic import Prop, scalar
    >>> from proofs.model import Chain, Lemma, Link, Paper
    >>> from proofs.tools.hypothesis_flow import flow
    >>> t = scalar("t")
    >>> tool = Lemma("toy:lemma-1", "tool", Prop(t, "<=", 1), hypotheses=(Prop(t, "<=", 0),))
    >>> user = Lemma("toy:lemma-2", "user", Prop(t, "<=", 2), hypotheses=(Prop(t, "<=", 3),),
    ...              proof=Chain(t, [Link("<=", 2, "Lemma 1", cites=("toy:lemma-1",))]))
    >>> items = flow(Paper("toy", "", "", [tool, user]), budget="quick")
    >>> [(i.citing, str(i.hypothesis), i.status) for i in items]
    [('toy:lemma-2:step-1', 't <= 0', 'missing')]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import sympy as sp

from proofs import registry
from proofs.model import Lemma, Paper
from proofs.model.citing import bindings, instantiate
from proofs.model.results import Result
from proofs.runner import check_claim
from proofs.store.cache import ResultStore
from symbolic.claim import Claim, Prop
from symbolic.objects import (
    symbols_of,
    unwrap,
)
from symbolic.relation import Relation
from symbolic.verdict import Status, Verdict
from symbolic.vocabulary import NORM, having


@dataclass
class FlowItem:
    """One needed hypothesis at one proof step, and whether the listed ones imply it."""

    entry: str  # the entry (or part) whose proof needs it
    citing: str  # the step's claim id
    source: str  # where the need comes from: a cited id, or "assumed by the step"
    hypothesis: Prop
    status: str  # "listed", "implied", "missing", "undecided", "proof-local"
    verdict: Verdict | None = None
    statement_status: str | None = None
    sites: list[str] = field(default_factory=list)


def symmetric_form(e: Any) -> Any:
    """``e`` with the argument of every norm and absolute value in one sign, so that
    ``‖A(x_t - x_{t+1})‖`` and ``‖A(x_{t+1} - x_t)‖`` (or ``|a - b|``, ``|b - a|``) coincide.

    >>> from symbolic import scalar
    >>> a, b = scalar("a"), scalar("b")
    >>> symmetric_form(sp.Abs(a - b)) == symmetric_form(sp.Abs(b - a))
    True
    """
    def canon(node: Any) -> Any:
        v = node.args[0]
        forms = [sp.expand(v), sp.expand(-v)]
        return node.func(min(forms, key=sp.default_sort_key), *node.args[1:])

    kinds = (*having(NORM), sp.Abs)
    return unwrap(e).replace(lambda x: isinstance(x, kinds), canon)


def _key(p: Prop) -> tuple:
    """``a >= b`` and ``b <= a`` are one hypothesis, and so are ``‖u - v‖`` and ``‖v - u‖``."""
    flip = {Relation.GE: Relation.LE, Relation.GT: Relation.LT}
    lhs, rhs = symmetric_form(p.lhs), symmetric_form(p.rhs)
    if p.rel in flip:
        return (rhs, flip[p.rel], lhs)
    return (lhs, p.rel, rhs)


def needed(paper: Paper, entry: Lemma) -> list[tuple[str, str, Prop]]:
    """``(step id, source, hypothesis)`` for every hypothesis the proof of ``entry`` needs, with
    the proof's local constants replaced by their definitions."""
    out: list[tuple[str, str, Prop]] = []
    if entry.proof is None:
        return out
    local = entry.proof.substitution()
    for k, link in enumerate(entry.proof.links, start=1):
        sid = f"{entry.id}:step-{k}"
        for h in link.extra_hypotheses:
            out.append((sid, "assumed by the step", h))
        for cid in link.cites:
            cited = paper.entry(cid)
            if cited is None or cited.id == entry.id:
                continue
            for bind in bindings(link, cid):
                out += [(sid, cid, instantiate(h, bind)) for h in cited.hypotheses]
    if local:
        out = [(sid, src, Prop(h.lhs.xreplace(local), h.rel, h.rhs.xreplace(local)))
               for sid, src, h in out]
    return out


def statement_symbols(entry: Lemma) -> set:
    """The variables of ``entry`` as printed: its statement's and its listed hypotheses'
    symbols (named definitions unfolded), without the proof's local constants."""
    out: set = set()
    st = entry.statement
    exprs = ([st.lhs, st.rhs] if isinstance(st, Prop) else
             [st.start, *[lk.expr for lk in st.links]] if st is not None else [])
    for h in entry.hypotheses:
        exprs += [h.lhs, h.rhs]
    for e in exprs:
        out |= symbols_of(unwrap(e))
    return out


def foreign_symbols(entry: Lemma, h: Prop) -> set:
    """Symbols of the needed hypothesis ``h`` that ``entry``'s statement does not contain.

    >>> from symbolic import scalar
    >>> from proofs.model import Lemma
    >>> t, beta = scalar("t"), scalar("beta")
    >>> sorted(map(str, foreign_symbols(Lemma("toy:lemma-1", "L1", Prop(t, "<=", 1)),
    ...                                 Prop(beta, ">", 0))))
    ['beta']
    """
    return (symbols_of(unwrap(h.lhs)) | symbols_of(unwrap(h.rhs))) - statement_symbols(entry)


def _implication(entry: Lemma, h: Prop) -> Claim:
    return Claim(entry.id, h.lhs, h.rel, h.rhs, hypotheses=entry.hypotheses,
                 source=f"{entry.source}: do the listed hypotheses imply {h}?",
                 dims=entry.dims, ranges=entry.ranges)


def flow(paper: Paper, entries: list[Lemma] | None = None, budget: str = "quick",
         seed: int = 0, statements: dict[str, Status] | None = None,
         jobs: int = 1, store: ResultStore | None = None) -> list[FlowItem]:
    """Every needed hypothesis that is not among the listed ones, with its verdict.

    ``statements`` maps entry ids to the status of their statement as printed (from a check
    run), reported with each missing hypothesis. ``jobs``: the implications are checked in
    that many forked worker processes (:class:`proofs.executors.LocalExecutor`; the same
    verdicts: each check is a pure job). ``store``: the run's results store, whose verdicts
    of the implications are reused and which keeps the new ones (None: none).
    """
    from proofs.executors import LocalExecutor

    # first what to check (each implication once), then the checks, then the items in order:
    # plan rows (entry, step id, source, hypothesis, its key, what: "again" for a hypothesis
    # this entry needed before, "proof-local", or the implication's cache key to check)
    plan: list[tuple[Lemma, str, str, Prop, tuple, Any]] = []
    todo: dict[tuple, Claim] = {}
    for top in entries if entries is not None else paper.entries:
        for entry in top.all_entries():
            listed = {_key(h) for h in entry.hypotheses}
            seen: set[tuple] = set()
            for sid, src, h in needed(paper, entry):
                k = _key(h)
                if k in listed:
                    continue
                if k in seen:
                    plan.append((entry, sid, src, h, k, "again"))
                    continue
                seen.add(k)
                if foreign_symbols(entry, h):
                    # about a constant the proof introduces: the proof's obligation
                    plan.append((entry, sid, src, h, k, "proof-local"))
                    continue
                ck = (tuple(sorted(map(str, listed))), k)
                todo.setdefault(ck, _implication(entry, h))
                plan.append((entry, sid, src, h, k, ck))
    keys = list(todo)
    checked = LocalExecutor(jobs).map(
        lambda ck: check_claim(todo[ck], budget, seed, store=store), keys) \
        if jobs > 1 else [check_claim(todo[ck], budget, seed, store=store) for ck in keys]
    cache = dict(zip(keys, checked))
    items: list[FlowItem] = []
    first: dict[tuple[str, tuple], FlowItem] = {}  # (entry id, hypothesis key) -> its item
    for entry, sid, src, h, k, what in plan:
        site = f"{sid} ({src})"
        if what == "again":
            first[(entry.id, k)].sites.append(site)
            continue
        if what == "proof-local":
            item = FlowItem(entry.id, sid, src, h, "proof-local", sites=[site])
        else:
            v = cache[what]
            status = {Status.REFUTED: "missing", Status.PROVED: "implied",
                      Status.SUPPORTED: "implied"}.get(v.status, "undecided")
            st = (statements or {}).get(entry.id)
            item = FlowItem(entry.id, sid, src, h, status, v,
                            st.value if st is not None else None, [site])
        first[(entry.id, k)] = item
        items.append(item)
    return items


def summary(items: list[FlowItem]) -> str:
    """One line per needed hypothesis that is not listed.

    >>> summary([])
    ''
    """
    return "\n".join(f"{it.entry}: {it.hypothesis} [{it.status}] needed at {', '.join(it.sites)}"
                     for it in items)


__all__ = ["FlowItem", "flow", "flow_items", "needed", "summary"]


def papers_of(results: list[Result]) -> list[tuple[Paper, list[Lemma]]]:
    """The registered papers of ``results``, each with its entries among them (a user's claims
    file, which has no registered paper, is left out)."""
    ids = {r.id for r in results}
    out = []
    for key in sorted({i.split(":", 1)[0] for i in ids}):
        try:
            paper = registry.paper(key)
        except (registry.UnknownTarget, AttributeError, ImportError):
            continue
        entries = [e for e in paper.entries if any(q.id in ids for q in e.all_entries())]
        if entries:
            out.append((paper, entries))
    return out


def flow_items(results: list[Result], budget: str = "quick", seed: int = 0, jobs: int = 1,
               store: ResultStore | None = None) -> list[FlowItem]:
    """The :func:`flow` of the registered papers' entries among ``results`` (the implications
    it needs checked at ``budget``, in ``jobs`` worker processes, with the run's ``store``),
    each missing hypothesis with the run's status of its entry's statement; the
    ``missing-hypothesis`` findings are :func:`proofs.review.findings.flow_findings` of them."""
    statuses = {r.id: r.status for r in results}
    return [it for paper, entries in papers_of(results)
            for it in flow(paper, entries, budget, seed, statuses, jobs, store)]
