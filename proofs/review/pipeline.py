"""The review of a paper's results, run once: the checks, the hypothesis flow, the citation
checks, the corrections (and the derivations a report shows), all on the run's executor and
results store, giving a :class:`~proofs.review.model.Review` that every view renders
(``errata``, ``report``, HTML, notebooks) without running anything.

1. **checks**: :func:`proofs.runner.run_entries` on the run's executor and store (the latest
   stored results when ``latest``), or the ``results`` given (e.g. read from a
   ``proofcheck check --json`` file);
2. **hypothesis flow** (:mod:`proofs.tools.hypothesis_flow`): the implications "the listed
   hypotheses imply what the cited lemma needs", checked at the quick budget with the run's
   seed and store; each confirmed counterexample is a ``missing-hypothesis`` finding;
3. **citations** (:mod:`proofs.tools.citations`): each citing step proved from what it cites
   (kept in the store); each step its citation does not give is an ``invalid-citation``
   finding;
4. **corrections** (:mod:`proofs.review.corrections`): for each entry missing hypotheses, the
   fewest of them under which the prover proves its statement;
5. the findings of the results themselves (:func:`proofs.review.findings.collect`) and their
   root causes (:func:`proofs.review.causes.causes`);
6. **narrowing** (:mod:`proofs.review.narrowing`): a false inequality in one variable on an
   interval that no encoding corrects gets, as its corrected form, the interval narrowed to
   where the cascade proves it (kept in the store).

Example:
    >>> from proofs import registry
    >>> rv = review(entries=registry.resolve("closeness:fact-3.2"), budget="quick",
    ...             flow=False, citations=False)
    >>> rv.ok, [f.id for f in rv.findings], [c.kind for c in rv.causes]
    (True, ['closeness:fact-3.2:item-5'], ['false-statement'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from numeric.budget import Budget
from proofs import runner
from proofs.executors import Executor, Forked, LocalExecutor
from proofs.model import Lemma, Paper
from proofs.model.results import Result
from proofs.review import corrections
from proofs.review.causes import causes
from proofs.review.derivations import shown
from proofs.review.findings import citation_findings, collect, flow_findings
from proofs.review.model import CitationCheck, Finding, Review, ShownDerivation, paper_order
from proofs.store.cache import ResultStore
from proofs.store.certificates import Book
from proofs.store.witnesses import WitnessDB
from proofs.tools.citations import stored_checks
from proofs.tools.hypothesis_flow import flow_items
from symbolic.claim import Claim

Progress = Callable[[str], None]

#: the budget of the flow's implications, the citation checks and the corrections (whatever
#: the budget of the checks: their verdicts do not change the findings' text)
ANALYSIS_BUDGET = "quick"


def review(paper: Paper | None = None, results: Sequence[Result] | None = None, *,
           entries: Iterable[Lemma | Claim] | None = None, budget: str | Budget | None = None,
           seed: int | str | None = None, versions: dict[str, str] | None = None,
           latest: bool = False, store: ResultStore | None = None,
           executor: Executor | None = None, jobs: int = 1, certificates: Book | None = None,
           witnesses: WitnessDB | None = None, progress: Progress | None = None,
           flow: bool = True, citations: bool = True, derivations: bool = False) -> Review:
    """Review ``paper`` (its ``entries``: by default all): check them, or take the
    ``results`` given, then run the hypothesis flow (``flow``), the citation checks
    (``citations``) and the corrections, and gather the findings and their causes; with
    ``derivations``, also the paper's symbolic derivations (kept in ``store``).

    The checks run at ``budget`` (default ``"default"``) and ``seed`` (default 0) on
    ``executor`` (default: a :class:`~proofs.executors.LocalExecutor` of ``jobs`` processes),
    with the results ``store`` (``latest``: the latest stored result of each claim, at any
    budget or seed), the proof ``certificates`` and the ``witnesses`` database, as
    :func:`proofs.runner.run_entries` takes them; the flow, the citations and the corrections
    use the same store and as many forked workers as the executor has. With ``results`` given,
    nothing is checked again: ``budget``, ``seed`` and ``versions`` then only describe them
    (the flow runs at ``seed`` when it is a number, else 0). The review's results are in the
    paper's order."""
    own = executor is None
    ex = LocalExecutor(jobs) if own else executor
    width = max(1, int(getattr(ex, "jobs", jobs)))
    try:
        pending = (_start_derivations(paper, store, width)
                   if derivations and paper is not None else None)
        if results is None:
            todo = list(entries) if entries is not None else list(
                paper.entries if paper is not None else [])
            rs, budget, seed = _check(todo, budget, seed, latest, store, ex, certificates,
                                      witnesses, progress)
            if versions is None:
                from proofs.store.provenance import versions as lib_versions

                versions = lib_versions()
        else:
            rs, budget = list(results), budget.name if isinstance(budget, Budget) else budget
        if paper is not None:
            rs = sorted(rs, key=paper_order(paper))
        fs, checks = _findings(rs, seed if isinstance(seed, int) else 0, store, width,
                               certificates, progress or (lambda _msg: None), flow, citations,
                               jobs_flow=1 if pending is not None else width, paper=paper)
        ders = (_finish_derivations(paper, store, pending)
                if derivations and paper is not None else [])
    finally:
        if own:
            ex.close()
    return Review(paper, rs, fs, causes(fs), checks, ders, budget, seed, versions)


def _check(entries: list[Lemma | Claim], budget: str | Budget | None, seed: int | str | None,
           latest: bool, store: ResultStore | None, executor: Executor, book: Book | None,
           witnesses: WitnessDB | None, progress: Progress | None
           ) -> tuple[list[Result], str, int | str]:
    """Step 1: the results of ``entries`` (:func:`proofs.runner.run_entries`), with the budget
    and seed they were checked at (:func:`_settings`)."""
    name = budget.name if isinstance(budget, Budget) else budget or "default"
    run_seed = seed if isinstance(seed, int) else 0
    rs = runner.run_entries(entries, name, run_seed, progress, executor=executor, store=store,
                            latest=latest, certificates=book, witnesses=witnesses)
    return (rs, *_settings(name, run_seed, store if latest else None))


def _findings(results: list[Result], seed: int, store: ResultStore | None, jobs: int,
              book: Book | None, say: Progress, flow: bool, citations: bool,
              jobs_flow: int, paper: Paper | None = None
              ) -> tuple[list[Finding], list[CitationCheck]]:
    """The findings of ``results`` (steps 2 to 5 of the module's pipeline) and the citation
    checks (of ``paper``'s steps too when it is not a registered paper: one read from its
    source)."""
    missing: list[Finding] = []
    if flow:
        say(f"hypothesis flow: checking the implications it needs ({ANALYSIS_BUDGET} budget)")
        missing = flow_findings(flow_items(results, ANALYSIS_BUDGET, seed, jobs_flow, store))
    checks: list[CitationCheck] = []
    if citations:
        say(f"citations: each citing step proved from what it cites ({ANALYSIS_BUDGET} "
            "budget)")
        checks = [CitationCheck.from_json(c)
                  for c in stored_checks(results, store, ANALYSIS_BUDGET, jobs, paper)]
    if missing:
        say("corrections: the fewest of the needed hypotheses under which each statement is "
            f"proved ({ANALYSIS_BUDGET} budget)")
        missing = corrections.attach(missing, results, store=store, jobs=jobs, book=book)
    found = collect(results, missing, citation_findings(checks))
    return _narrow(found, results, store, say), checks


def _narrow(found: list[Finding], results: list[Result], store: ResultStore | None,
            say: Progress) -> list[Finding]:
    """Step 6: a false inequality in one variable on an interval, with no correction from its
    encoding, gets the interval narrowed to where the prover proves it
    (:func:`proofs.review.narrowing.narrowed`), kept in ``store``."""
    from dataclasses import replace

    from sympy import srepr

    from proofs.review.narrowing import narrowed

    claims = {r.id: r.claim for r in results if r.claim is not None}
    todo = [k for k, f in enumerate(found) if f.kind == "false-statement" and not f.corrected
            and f.rigorous and f.witness and f.id in claims]
    if todo:
        say("corrections: false inequalities in one variable narrowed to where they are "
            f"proved ({ANALYSIS_BUDGET} budget)")
    for k in todo:
        f, c = found[k], claims[found[k].id]

        def compute(c: Claim = c, w: dict = f.witness) -> str | None:
            n = narrowed(c, w, ANALYSIS_BUDGET)
            return n.text if n else None
        parts = [srepr(c.prop), *[srepr(h) for h in c.hypotheses], repr(sorted(f.witness.items()))]
        text = store.memo("narrowing", parts, compute) if store is not None else compute()
        if text:
            found[k] = replace(f, corrected=text)
    return found


def _settings(budget: str, seed: int, store: ResultStore | None) -> tuple[str, int | str]:
    """The budget and seed of results just gathered: those asked, or (``store``: the latest
    stored results) those of the results the store held, joined when several."""
    if store is None or not store.used:
        return budget, seed
    seeds = sorted({s for _, s in store.used})
    return (", ".join(sorted({b for b, _ in store.used})),
            seeds[0] if len(seeds) == 1 else ", ".join(map(str, seeds)))


def _start_derivations(paper: Paper, store: ResultStore | None, jobs: int) -> Forked | None:
    """The paper's derivations, started in a forked process when the store does not hold them
    (they depend on the code and the paper only, and are the longest part of a report from
    stored results), so that they run while the results are gathered."""
    if store is not None and store.memo_has("derivations", [paper.key]):
        return None
    return Forked(lambda p: [d.to_json() for d in shown(p, jobs=jobs)], paper)


def _finish_derivations(paper: Paper, store: ResultStore | None,
                        pending: Forked | None) -> list[ShownDerivation]:
    """The derivations :func:`_start_derivations` started (or the store holds)."""
    def compute() -> list[dict[str, Any]]:
        return pending.result() if pending is not None else [d.to_json() for d in shown(paper)]

    data = compute() if store is None else store.memo("derivations", [paper.key], compute)
    return [ShownDerivation.from_json(d) for d in data]
