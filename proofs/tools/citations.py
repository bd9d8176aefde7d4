"""Citations checked: does each proof step follow from what it cites?

A step that cites facts or lemmas (``Link.cites``), or names hypotheses (``Link.uses``), is
proved by the prover (:mod:`numeric.prover`) from what it cites alone: the library entries that
prove each cited fact, each cited lemma's statement as a premise (instantiated by
``Link.bind``, under its hypotheses), the hypotheses it names (all the listed ones when it names
none) and the routine entries no referee asks to cite (signs, monotonicity, the calculus of
exp). Outcomes:

- ``ok``: the citation gives the step;
- ``invalid``: it does not, and the full library (with every listed hypothesis) proves the step:
  an ``invalid-citation`` finding (:func:`proofs.review.findings.citation_findings`) names what
  the step really needs (library entries, with the paper's own facts that state them, and
  hypotheses);
- ``relative``: the citation gives the step, but a cited statement is refuted as printed (the
  step is proved relative to a false lemma);
- ``unchecked``: the prover proves the step neither way (no finding: evidence is not proof).

Example:
    >>> import sympy as sp
    >>> from symbolic import Prop, matrix, vector, norm2, opnorm, scalar, n, d
    >>> from proofs.model import Chain, Lemma, Link, Paper
    >>> A, x, R = matrix("A", n, d), vector("x", d), scalar("R")
    >>> hyps = (Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R))
    >>> lem = Lemma("toy:lemma-1", "Lemma 1", Prop(norm2(A * x), "<=", R**2), hypotheses=hyps,
    ...             proof=Chain(norm2(A * x), [
    ...                 Link("<=", opnorm(A) * norm2(x), "operator norm"),
    ...                 Link("<=", R**2, "by ||A|| <= R", uses=hyps[:1])]))
    >>> [(c.step, c.outcome) for c in check(Paper("toy", "", "", [lem]))]
    [('toy:lemma-1:step-2', 'invalid')]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from numeric.budget import Budget
from numeric.prover.engine import prove
from numeric.prover.facts import DESCRIPTIONS, ENTAILS, ROUTINE
from proofs import registry
from proofs.model import Lemma, Link, Paper
from proofs.model.results import Result, form, refuted_forms
from proofs.tools.fewest import fewest
from proofs.tools.hypothesis_flow import bindings, instantiate, papers_of
from symbolic.claim import Claim, Prop
from symbolic.pretty import pretty
from symbolic.verdict import Status


@dataclass
class Citation:
    """One step's citation and what the prover made of it."""

    step: str  # the step's claim id
    source: str  # "Lemma 5.6, proof step 3"
    cited: list[str]  # cited ids, then the hypotheses the justification names
    outcome: str  # ok, invalid, relative, unchecked
    needs: list[str] = field(default_factory=list)  # what the step really uses (invalid)
    message: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "source": self.source, "cited": self.cited,
                "outcome": self.outcome, "needs": self.needs, "message": self.message}


def _statements(entry: Lemma) -> list[Claim]:
    """The statements an entry provides when cited: its own and its parts' (items)."""
    out = []
    for e in entry.all_entries():
        c = e.statement_claim()
        if c is not None:
            out.append(c)
        elif e.statement is not None and not e.parts:  # a chain statement: its links
            out += e.link_claims()
    return out


class _Library:
    """What each cited entry gives: the library entries that prove its statements, or (for a
    statement the prover does not prove) the statement itself as a premise."""

    def __init__(self, paper: Paper, budget: Budget, refuted: frozenset[tuple] = frozenset()):
        self.paper, self.budget, self.refuted = paper, budget, refuted
        self._memo: dict[str, tuple[set[str], bool]] = {}

    def entries(self, cid: str) -> tuple[set[str], bool]:
        """``(library entries, every statement proved)`` for the cited id (with what they
        entail)."""
        if cid not in self._memo:
            cited = _cited(self.paper, cid)
            names: set[str] = set()
            complete = bool(cited)
            for c in [c for e in cited for c in _statements(e)]:
                if form(c) in self.refuted:  # a witness refutes it: no proof to look for
                    complete = False
                    continue
                out = prove(c, self.budget)
                complete &= out.proved
                names |= set(out.relies_on)
            names |= {x for k in list(names) for x in ENTAILS.get(k, ())}
            self._memo[cid] = (names, complete)
        return self._memo[cid]

    def stating(self, name: str) -> list[str]:
        """The paper's facts whose proofs use library entry ``name`` (how the paper states
        it)."""
        out = []
        for e in self.paper.entries:
            for q in e.all_entries():
                if q.kind == "fact" and not q.parts and q.statement is not None:
                    names, _ = self.entries(q.id)
                    if name in names:
                        out.append(q.source)
        return out


def _cited(paper: Paper, cid: str) -> list[Lemma]:
    """The entries a cited id names: the entry, or (for a fact cited whole, "Fact 3.1") its
    items, in the paper the id belongs to (tensor-trick's steps cite closeness's facts).

    >>> from proofs.registry import paper
    >>> [e.source for e in _cited(paper("tensor-trick"), "closeness:fact-3.2:item-4")]
    ['Fact 3.2, bullet 4']
    """
    home = _home(paper, cid)
    entry = home.entry(cid)
    if entry is not None:
        return [entry]
    return [q for e in home.entries for q in e.all_entries() if q.id.startswith(cid + ":")]


def _home(paper: Paper, cid: str) -> Paper:
    """The registered paper of the id ``cid`` (``paper`` itself for its own ids, and for an id
    of no registered paper)."""
    key = cid.split(":", 1)[0]
    if key == paper.key:
        return paper
    try:
        return registry.paper(key)
    except (registry.UnknownTarget, AttributeError, ImportError):
        return paper


def _refuted(paper: Paper, cid: str, statuses: dict[str, Status]) -> bool:
    """Is the cited statement refuted as printed: by the run's verdict, or, for another
    paper's entry the run did not check, by the verdict its paper pins (``expect``)?"""
    if cid in statuses or _home(paper, cid) is paper:
        return statuses.get(cid) is Status.REFUTED
    return any(e.expect == "refuted" for e in _cited(paper, cid))


def _name(paper: Paper, cid: str) -> str:
    cited = _cited(paper, cid)
    if not cited:
        return cid
    return cited[0].source if len(cited) == 1 else cited[0].source.split(",")[0]


def _premises(paper: Paper, link: Link, cid: str) -> list[Prop]:
    """The cited entries' statements, bound as the step uses them: premises the step may
    assume (a false one makes the step ``relative``)."""
    out = []
    for entry in _cited(paper, cid):
        for c in _statements(entry):
            for bind in bindings(link, cid):
                out.append(instantiate(c.prop, bind))
    return out


def _restricted(claim: Claim, link: Link) -> Claim:
    """The step with only the hypotheses its justification names (all listed ones when it
    names none), and those the step itself assumes."""
    if not link.uses:
        return claim
    keep = (*link.uses, *link.extra_hypotheses)
    return Claim(claim.id, claim.lhs, claim.rel, claim.rhs, keep, source=claim.source,
                 dims=claim.dims, ranges=claim.ranges)


def _needed_hypotheses(claim: Claim, budget: Budget) -> list[Prop]:
    """The listed hypotheses the full proof needs (:func:`~proofs.tools.fewest.fewest`: each
    dropped in turn while the step is still proved)."""
    def proved(trial: list[Prop], _dropped: Prop) -> bool:
        c = Claim(claim.id, claim.lhs, claim.rel, claim.rhs, tuple(trial), source=claim.source,
                  dims=claim.dims, ranges=claim.ranges)
        return prove(c, budget, relies=False).proved

    return fewest(claim.hypotheses, proved)


def _cited_names(paper: Paper, link: Link) -> list[str]:
    return [_name(paper, cid) for cid in link.cites] + [pretty(h) for h in link.uses] + [
        DESCRIPTIONS.get(f, f) for f in link.facts]


def check(paper: Paper, entries: list[Lemma] | None = None, budget: str | Budget = "quick",
          statuses: dict[str, Status] | None = None, jobs: int = 1,
          refuted: frozenset[tuple] = frozenset(), read: bool = False) -> list[Citation]:
    """Every citing step of ``entries`` (default: the whole paper), checked in paper order.
    ``statuses``: the verdicts of a check run, for the cited statements (a refuted one makes
    the step ``relative``); ``refuted``: the forms a witness refutes
    (:func:`~proofs.model.results.refuted_forms`), which the prover does not try. ``jobs``:
    forked worker processes (each step's check is a function of the step alone: the same
    answers for any ``jobs``). ``read``: the paper was read from its source, not encoded: a
    step read incompletely, or citing a statement read incompletely or whose names the step
    neither shares nor binds, is not checked (nothing says how the citation applies)."""
    from proofs.executors import LocalExecutor

    b = Budget.get(budget) if isinstance(budget, str) else budget
    lib = _Library(paper, b, refuted)
    steps: list[tuple[Claim, Link]] = []
    for top in entries if entries is not None else paper.entries:
        for entry in top.all_entries():
            if not entry.chains():
                continue
            claims = entry.link_claims()
            steps += [(claim, link) for claim, (_k, _p, link) in zip(claims, entry.steps(),
                                                                     strict=True)
                      if (link.cites or link.uses or link.facts) and not (read and (
                          entry.left or link.left or _unbound(paper, claim, link)))]
    return LocalExecutor(jobs).map(
        lambda step: _check_step(paper, lib, step[0], step[1], statuses or {}), steps)


def _unbound(paper: Paper, claim: Claim, link: Link) -> bool:
    """Whether a cited statement of a step read from a source is read incompletely, or names
    something the step neither names nor binds (then how the citation applies is unknown)."""
    mine = {str(s) for s in claim.symbols}
    for cid in link.cites:
        cited = _cited(paper, cid)
        if not cited or any(e.left for e in cited):
            return True
        for bind in bindings(link, cid):
            for c in [c for e in cited for c in _statements(e)]:
                if {str(s) for s in c.symbols} - mine - set(bind):
                    return True
    return False


def _check_step(paper: Paper, lib: _Library, claim: Claim, link: Link,
                statuses: dict[str, Status]) -> Citation:
    cited = _cited_names(paper, link)
    allowed = set(ROUTINE) | set(link.facts)
    allowed |= {x for f in link.facts for x in ENTAILS.get(f, ())}
    premises: list[Prop] = []
    for cid in link.cites:
        names, complete = lib.entries(cid)
        allowed |= names
        if not complete:
            premises += _premises(paper, link, cid)
    here = Citation(claim.id, claim.source, cited, "ok")
    restricted = prove(_restricted(claim, link), lib.budget, extra=premises, library=allowed,
                       relies=False)
    false_cited = [c for c in link.cites if _refuted(paper, c, statuses)]
    if restricted.proved:
        if false_cited:
            here.outcome = "relative"
            here.message = ("follows from what it cites, but "
                            + ", ".join(_name(paper, c) for c in false_cited)
                            + " is refuted as printed: proved relative to a false statement")
        return here
    full = prove(claim, lib.budget, prefer=frozenset(allowed))
    if not full.proved:
        here.outcome = "unchecked"
        here.message = "the prover proves the step neither from its citation nor in full"
        return here
    here.outcome = "invalid"
    missing = [e for e in full.relies_on if e not in allowed]
    for e in missing:
        where = lib.stating(e)
        here.needs.append(f"{DESCRIPTIONS.get(e, e)}" + (f" ({'; '.join(where)})" if where
                                                           else ""))
    if link.uses:
        named = {str(h) for h in link.uses}
        used = [h for h in _needed_hypotheses(claim, lib.budget) if str(h) not in named]
        here.needs += [pretty(h) for h in used]
    here.message = (f"cites {', '.join(cited)}, which does not give this step; it needs "
                    + ("; ".join(here.needs) or "more than the citation"))
    return here


def citation_checks(results: list[Result], budget: str = "quick",
                    jobs: int = 1, paper: Paper | None = None) -> list[Citation]:
    """Every citing step of the registered papers' entries among ``results`` (and of
    ``paper``'s, when it is a paper read from its source), checked (in ``jobs`` worker
    processes)."""
    statuses = {r.id: r.status for r in results}
    refuted = refuted_forms(results)
    papers = [(p, entries, False) for p, entries in papers_of(results)]
    if paper is not None and not any(p.key == paper.key for p, _e, _r in papers):
        ids = {r.id for r in results}
        papers.append((paper, [e for e in paper.entries
                               if any(q.id in ids for q in e.all_entries())], True))
    return [c for p, entries, read in papers
            for c in check(p, entries, budget, statuses, jobs, refuted, read)]


def stored_checks(results: list[Result], store: Any = None, budget: str = "quick",
                  jobs: int = 1, paper: Paper | None = None) -> list[dict[str, Any]]:
    """:func:`citation_checks` as JSON records, kept in the results store (``store.memo``,
    keyed by every result's status and the toolkit's source): an errata or a report after a
    check reuses them."""
    def compute() -> list[dict[str, Any]]:
        return [c.to_json() for c in citation_checks(results, budget, jobs, paper)]

    if store is None:
        return compute()
    parts = [budget, *sorted(f"{r.id}={r.status.value}" for r in results)]
    if paper is not None:  # a paper read from its source: what its steps cite, as read
        parts += [repr((e.id, [(str(link.expr), link.cites, sorted(map(str, link.bind.items())))
                               for _k, _p, link in e.steps()])) for e in paper.entries]
    return store.memo("citations", parts, compute)
