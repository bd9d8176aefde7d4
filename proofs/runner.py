"""The runner: each claim through the stage cascade (:mod:`numeric.stages.cascade`: exact
symbolic identity -> interval prover -> sampling, adversarial search and high-precision
confirmation, stopping at the first decision). A chain-statement entry (``a <= b <= c``)
gets a combined result from its links; a lemma with a proof gets notes on whether its chain
composes and concludes its statement.

What one run threads through its checks travels explicitly in a :class:`RunContext` (the
resolved budget, the seed, the progress callback, the results store), made where the run starts
(:func:`run_entries`, :func:`check_claim`) and carried by every :class:`_Job` to the worker
that checks it; no run state is kept in this module.

Example:
    >>> from symbolic import Claim, vector, norm2, norminf, n
    >>> from proofs.runner import check_claim
    >>> x = vector("x", n)
    >>> check_claim(Claim("t:extra-1", norminf(x), "<=", norm2(x)), "quick").status.value
    'proved'
"""

from __future__ import annotations

import os
import time
import traceback
import zlib
from collections.abc import Callable, Iterable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, replace

from numeric.budget import Budget
from numeric.kernel import admit
from numeric.prover.certificate import Certificate
from numeric.prover.focus import plain_routes
from numeric.stages.cascade import decide
from proofs.executors import Executor, LocalExecutor
from proofs.model import Chain, Lemma
from proofs.model.annotation import PLAIN, Annotation
from proofs.model.citing import premises
from proofs.model.conclusion import conclusion_annotation, conclusion_claim, entry_notes
from proofs.model.results import Result, combine
from proofs.premised import conditional, upgrade
from proofs.store.cache import ResultStore, content_digest, remember_digest
from proofs.store.certificates import Book
from proofs.store.witnesses import WitnessDB
from symbolic.claim import Claim
from symbolic.pretty import adopt_pretty, pretty
from symbolic.prop import Prop, adopt_text
from symbolic.verdict import Status, Verdict

Progress = Callable[[str], None]


def claim_seed(seed: int, claim_id: str) -> int:
    """A per-claim seed, independent of the order claims run in."""
    return (seed * 1_000_003 + zlib.crc32(claim_id.encode())) % (2**32)


@dataclass(frozen=True)
class RunContext:
    """What one run threads through its checks: the resolved ``budget``, the run's ``seed``
    (each claim draws from :func:`claim_seed`), the ``progress`` callback and the results
    ``store`` that :func:`_check` reads and writes (None: none). It pickles when ``progress``
    and ``store`` are None, as in the jobs sent to other machines (:meth:`for_jobs`).

    >>> from numeric.budget import Budget
    >>> run = RunContext(Budget.get("quick"), 3, progress=print)
    >>> job_run = run.for_jobs(local=False)
    >>> job_run.seed, job_run.progress, job_run.store
    (3, None, None)
    >>> run.for_jobs(local=True).progress is print
    True
    """

    budget: Budget
    seed: int = 0
    progress: Progress | None = None
    store: ResultStore | None = None

    def for_jobs(self, local: bool) -> RunContext:
        """What each job of the run carries: no store (the parent looks verdicts up and keeps
        them, :func:`_verdicts`), and the progress callback only when the workers are this
        process or forked from it (``local``): a callback does not cross processes."""
        return replace(self, store=None, progress=self.progress if local else None)


def check_claim(claim: Claim, budget: str | Budget = "default", seed: int = 0,
                progress: Progress | None = None,
                replay: Sequence[dict] | None = None,
                certificate: Certificate | None = None, searched: str | None = None,
                store: ResultStore | None = None) -> Verdict:
    """The verdict of the stage cascade for ``claim`` (:func:`numeric.stages.cascade.decide`)
    with the per-claim seed :func:`claim_seed`; an ``error`` verdict if a stage breaks. An
    unknown budget name raises ValueError. With ``store``, a stored verdict is returned as is
    and a new one is stored.
    ``replay``: witnesses stored by earlier runs, re-confirmed before any stage
    (:class:`numeric.stages.replay.ReplayStage`). ``certificate``: a proof certificate
    replayed first (:mod:`numeric.prover.certificate`). ``searched``: why the blackboard stage
    is not run (a deeper search found no proof of this claim,
    :meth:`proofs.store.certificates.Book.searched`).
    A run starts here: the budget's name is resolved once, into the :class:`RunContext`
    :func:`_check` gets."""
    run = RunContext(Budget.resolve(budget), seed, progress, store)
    return _check(claim, run, replay, certificate, searched)


def _check(claim: Claim, run: RunContext, replay: Sequence[dict] | None = None,
           certificate: Certificate | None = None, searched: str | None = None,
           premises: Sequence[tuple[str, Prop]] = ()) -> Verdict:
    """:func:`check_claim` in the run ``run`` (its budget resolved). ``premises``: the cited
    statements the claim (a proof step) may assume (:mod:`proofs.model.citing`); the stages
    then take the blackboard's plain routes only (:func:`numeric.prover.focus.plain_routes`),
    and a claim they leave open is proved from the premises if it can be, by every route, the
    proof recorded in ``details["conditional"]`` (:func:`conditional`) for
    :func:`run_entries` to keep once the cited statements are proved."""
    store, b = run.store, run.budget
    if store is not None:
        v = store.get(claim, b, run.seed)
        if v is not None:
            return v
    s = claim_seed(run.seed, claim.id)
    t0 = time.perf_counter()
    skip = {"blackboard": searched} if searched else None
    found = None
    try:
        # a step with premises: the stages search the blackboard's plain routes only, and
        # the proof from the premises takes every route
        with plain_routes() if premises else nullcontext():
            v = decide(claim, b, s, run.progress, replay=replay, certificate=certificate,
                       skip=skip)
        if premises and v.status in (Status.SUPPORTED, Status.UNKNOWN):
            found = conditional(claim, premises, b)
    except Exception as exc:
        return Verdict(Status.ERROR, "runner", False, f"{type(exc).__name__}: {exc}",
                       seed=s, details={"traceback": traceback.format_exc(limit=6)},
                       seconds=time.perf_counter() - t0)
    if found is not None and v.status in (Status.SUPPORTED, Status.UNKNOWN):
        v.details["conditional"] = found
    if store is not None:
        store.put(claim, b, run.seed, v)
    return v


def _conclusion_note(c: Result) -> str:
    verb = {Status.REFUTED: "fails", Status.PROVED: "holds (proved)",
            Status.SUPPORTED: "holds (supported)"}.get(c.status, c.status.value)
    note = f"the proof chain ends at {c.claim.lhs}; the needed implication {c.claim.prop} {verb}"
    if c.status is Status.REFUTED:
        note += ": the statement is stronger than what its proof reaches"
    return note


_Work = list[tuple[Lemma | None, Claim]]


@dataclass(frozen=True)
class _Attempt:
    """One claim a job checks, with what is replayed before its stages: the stored
    ``witnesses``, its proof ``certificate`` (or None) and why not to search for its blackboard
    proof (``searched``, or None); and the cited statements it may assume (``premises``,
    :func:`_check`)."""

    claim: Claim
    witnesses: Sequence[dict] = ()
    certificate: Certificate | None = None
    searched: str | None = None
    premises: tuple[tuple[str, Prop], ...] = ()

    def verdict(self, run: RunContext) -> Verdict:
        """The claim's verdict in the run ``run`` (:func:`_check`)."""
        v = _check(self.claim, run, self.witnesses, self.certificate, self.searched,
                   self.premises)
        if self.witnesses:
            v.details["replay_candidates"] = len(self.witnesses)  # see _stale
        return v


@dataclass(frozen=True)
class _Job:
    """One job of a run: the claim at position ``index`` of ``total`` and/or the conclusion its
    proof chain owes (either None: already known from the store), the run's context as the
    worker gets it (:meth:`RunContext.for_jobs`) and whether the results store keeps the
    verdicts (``digests``: the worker then computes the claims' content digests). Pure data:
    it pickles for remote workers when its context does.

    >>> import pickle
    >>> from numeric.budget import Budget
    >>> from symbolic import scalar
    >>> job = _Job(0, 1, _Attempt(Claim("t:extra-1", scalar("x") ** 2, ">=", 0)), None,
    ...            RunContext(Budget.get("quick"), 0))
    >>> pickle.loads(pickle.dumps(job)).attempt.claim.id
    't:extra-1'
    """

    index: int
    total: int
    attempt: _Attempt | None
    conclusion: _Attempt | None
    run: RunContext
    digests: bool = False

    @property
    def checked(self) -> tuple[Claim | None, Claim | None]:
        """The claim and the conclusion this job checks (None where it checks neither)."""
        return (None if self.attempt is None else self.attempt.claim,
                None if self.conclusion is None else self.conclusion.claim)


def _check_job(job: _Job) -> tuple[Verdict | None, Verdict | None, list[tuple[str, str]],
                                   list[str]]:
    """Verdicts of one job: a claim and/or the conclusion its proof chain owes (either may be
    None: already known from the store), the text and the Unicode of the claim's statement
    and hypotheses (SymPy's printers are slow: the workers print them, not the parent after
    the run; :func:`symbolic.prop.adopt_text`, :func:`symbolic.pretty.adopt_pretty`) and,
    when the results store keeps the verdicts, the content digests of the claims checked
    (``srepr`` is slow too; the parent's store keys use them,
    :func:`proofs.store.cache.remember_digest`). Pure: a function of the job alone."""
    claim, cc = job.checked
    progress = job.run.progress
    name = claim.id if claim is not None else cc.id if cc is not None else "?"
    if progress:
        progress(f"[{job.index + 1}/{job.total}] {name}")
    v = job.attempt.verdict(job.run) if job.attempt is not None else None
    cv = job.conclusion.verdict(job.run) if job.conclusion is not None else None
    digests = [content_digest(c) for c in (claim, cc) if c is not None] if job.digests else []
    return v, cv, [(str(p), pretty(p)) for p in _printed(claim, cc)], digests


def _printed(claim: Claim | None, cc: Claim | None) -> list[Prop]:
    """The propositions a result prints: the claim's statement and hypotheses, the
    conclusion's statement."""
    out = [] if claim is None else [claim.prop, *claim.hypotheses]
    return out + ([] if cc is None else [cc.prop])


def _stale(v: Verdict | None, stored: list[dict]) -> Verdict | None:
    """``v`` (a verdict from the results store), or None when the witness database now holds
    more witnesses of the claim than ``v`` replayed: a witness another run found since may
    refute what ``v`` did not. A stored refutation stays valid.

    >>> v = Verdict(Status.SUPPORTED, "sampling")
    >>> _stale(v, []) is v, _stale(v, [{"x": 2.0}]) is None
    (True, True)
    """
    if v is None or v.status is Status.REFUTED:
        return v
    return v if len(stored) <= int(v.details.get("replay_candidates", 0)) else None


def _verdicts(claims: _Work, run: RunContext, executor: Executor, latest: bool = False,
              witnesses: WitnessDB | None = None,
              certificates: Book | None = None,
              premises: dict[str, tuple[tuple[str, Prop], ...]] | None = None
              ) -> list[tuple[Verdict, Verdict | None]]:
    """The verdict of every claim of the work list and, for a statement, of its conclusion:
    from the run's store when it holds them (``latest``: the latest stored result at any
    budget or seed), else checked by ``executor`` (and then stored), the proof
    ``certificates`` and the witnesses they hold replayed first; a proof step with the cited
    statements it may assume (``premises``, by claim id)."""
    premises = premises or {}
    certs = certificates or Book()
    store, budget, seed = run.store, run.budget, run.seed
    want: list[tuple[Claim, Claim | None]] = []
    examples: list[list[dict]] = []  # the entry's own points to try first, for its statement
    for entry, claim in claims:
        own = entry is not None and claim.id == entry.id
        cc = conclusion_claim(entry) if own else None
        want.append((claim, cc))
        examples.append(list(entry.examples) if own else [])
    known: list[list[Verdict | None]] = []
    jobs: list[_Job] = []
    job_run = run.for_jobs(local=executor.name == "local")
    # a store that holds no result (a fresh directory) is not asked: each question costs
    # the claim's content digest
    asked = store if store is not None and store.holds_results() else None
    known_witnesses = witnesses if witnesses is not None and witnesses.holds_any() else None
    for k, (claim, cc) in enumerate(want):
        v = asked.lookup(claim, budget, seed, latest) if asked is not None else None
        cv = (asked.lookup(cc, budget, seed, latest) if asked is not None and cc is not None
              else None)
        stored = [*examples[k], *certs.witnesses_of(claim.id),
                  *(known_witnesses.get(claim) if known_witnesses is not None else [])]
        cstored = [*(certs.witnesses_of(cc.id) if cc is not None else []),
                   *(known_witnesses.get(cc) if known_witnesses is not None and cc is not None
                     else [])]
        if witnesses is not None:
            v = _stale(v, stored)
            cv = _stale(cv, cstored) if cc is not None else cv
        known.append([v, cv])
        if v is None or (cc is not None and cv is None):
            mine = None if v is not None else _Attempt(
                claim, stored, certs.proof(claim.id), certs.searched(claim, budget.name),
                premises.get(claim.id, ()))
            theirs = None if cc is None or cv is not None else _Attempt(
                cc, cstored, certs.proof(cc.id), certs.searched(cc, budget.name))
            jobs.append(_Job(k, len(want), mine, theirs, job_run, digests=store is not None))
    if run.progress and store is not None and len(jobs) < len(want):
        run.progress(f"{len(want) - len(jobs)} of {len(want)} claims from the results store "
                     f"({store.path}); checking {len(jobs)}")
    # SciPy's optimisers (SLSQP's polish, 0.6 s to import) are imported by the workers whose
    # searches polish, not here before the fork: with the certificates no claim of closeness
    # reaches the search at default, and a worker's import overlaps the others' work
    # each verdict is kept (stored, recorded) while the later jobs run
    for job, (*pair, texts, digests) in zip(jobs, executor.imap(_check_job, jobs),
                                            strict=True):
        _keep(job, pair, texts, digests, known, run, witnesses, certs)
    certs.flush()
    return [(v, cv) for v, cv in known]  # type: ignore[misc]


def _keep(job: _Job, pair: list[Verdict | None], texts: list[tuple[str, str]],
          digests: list[str], known: list[list[Verdict | None]], run: RunContext,
          witnesses: WitnessDB | None, certs: Book) -> None:
    """One job's verdicts, in ``known``, the run's results store, the witness database and
    the certificates' book, with the texts and digests its worker computed."""
    checked = job.checked
    for prop, (text, unicode) in zip(_printed(*checked), texts):
        adopt_text(prop, text)
        adopt_pretty(prop, unicode)
    for c, digest in zip([c for c in checked if c is not None], digests):
        remember_digest(c, digest)
    for slot, (claim, verdict) in enumerate(zip(checked, pair)):
        if claim is None:
            continue  # known from the store
        known[job.index][slot] = verdict
        if run.store is not None:
            run.store.put(claim, run.budget, run.seed, verdict)
        if witnesses is not None:
            witnesses.record(claim, verdict)
        certs.learn(claim.id, verdict)


#: the environment variable that sets ``--jobs auto`` (a positive integer)
JOBS_ENV = "PROOFCHECK_JOBS"


def default_jobs() -> int:
    """Worker processes for ``--jobs auto``: ``PROOFCHECK_JOBS`` when it is a positive
    integer (a process that already runs one per core, as a pytest-xdist worker does, sets
    1), else the CPUs this process may use, at most 8.

    >>> import os
    >>> os.environ[JOBS_ENV] = "3"; default_jobs()
    3
    >>> del os.environ[JOBS_ENV]; 1 <= default_jobs() <= 8
    True
    """
    given = os.environ.get(JOBS_ENV, "").strip()
    if given.isdigit() and int(given) >= 1:
        return int(given)
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    return max(1, min(cpus, 8))


def _from_chain(paper_entry: Lemma, rs: list[Result]) -> None:
    """A statement that no stage proved is proved from its proof chain when every step is
    proved (rigorous), no step assumes more than the listed hypotheses, the proof introduces no
    constant, and the chain concludes the statement (structurally, or by a proved
    implication). Never overrides a refutation."""
    head = rs[0] if rs else None
    steps = rs[1:]
    if head is None or head.id != paper_entry.id or head.status in (
            Status.PROVED, Status.REFUTED) or not steps:
        return
    if paper_entry.proof is None or paper_entry.proof.let:
        return
    if any(link.extra_hypotheses or link.left for _k, _p, link in paper_entry.steps()):
        return
    if not all(r.status is Status.PROVED and r.verdict.rigorous for r in steps):
        return
    concluded = "the proof chain concludes the statement" in head.notes or (
        head.conclusion is not None and head.conclusion.status is Status.PROVED
        and head.conclusion.verdict.rigorous)
    if not concluded:
        return
    cites = [c for _k, _p, link in paper_entry.steps() for c in link.cites]
    v = Verdict(Status.PROVED, "proved from its chain", True,
                f"every step of its proof is proved ({len(steps)} steps) and the chain "
                "concludes the statement", seed=head.verdict.seed,
                details={"relies_on": [r.id for r in steps] + cites,
                         "before": head.verdict.message})
    if head.claim is not None:  # the statement itself must be defined where it is claimed
        v = admit(head.claim, v)
    if v.status is Status.PROVED:
        head.verdict = v


def _combined(e: Lemma, parts: list[Result], what: str) -> Result:
    expect = e.expect or ("refuted" if any(q.expect == "refuted" for q in e.parts) else None)
    st = combine([p.status for p in parts])
    rig = all(p.verdict.rigorous for p in parts) if st is Status.PROVED else any(
        p.verdict.rigorous for p in parts if p.status is Status.REFUTED)
    worst = next((p for p in parts if p.status is st), parts[0] if parts else None)
    msg = "; ".join(f"{p.id.rsplit(':', 1)[-1]}: {p.status.value}" for p in parts)
    v = Verdict(st, f"combined {what}", rig, f"conjunction of its {what} ({msg})",
                slack=worst.verdict.slack if worst else None,
                witness=worst.verdict.witness if worst else None,
                seed=worst.verdict.seed if worst else None)
    return Result(e.id, e.kind, e.source, e.description, v, expect,
                  annotation=e.annotation().with_(expect=expect))


def _premises(entries: Sequence[Lemma | Claim]) -> dict[str, tuple[tuple[str, Prop], ...]]:
    """The cited statements each proof step of ``entries`` may assume
    (:func:`proofs.model.citing.premises`): those of the entries checked in this run."""
    lemmas = [sub for e in entries if isinstance(e, Lemma) for sub in e.all_entries()]
    by_id = {e.id: e for e in lemmas}
    out: dict[str, tuple[tuple[str, Prop], ...]] = {}
    for e in lemmas:
        if isinstance(e.statement, Chain) or not e.chains():
            continue
        for claim, (_k, _p, link) in zip(e.link_claims(), e.steps(), strict=True):
            if link.cites:
                given = tuple(premises(claim, link, by_id))
                if given:
                    out[claim.id] = given
    return out


def run_entries(entries: Iterable[Lemma | Claim], budget: str | Budget = "default", seed: int = 0,
                progress: Progress | None = None, jobs: int = 1,
                executor: Executor | None = None, store: ResultStore | None = None,
                latest: bool = False, witnesses: WitnessDB | None = None,
                certificates: Book | None = None) -> list[Result]:
    """Check every claim of ``entries`` (parts included); add combined results for chain
    statements and for entries made of parts, and check what each proof chain still owes
    its statement.

    Claims run on ``executor`` (default: a :class:`~proofs.executors.LocalExecutor` of
    ``jobs`` forked processes). Each claim has its own seed (:func:`claim_seed`), so the
    results are the same for any ``jobs`` or executor. With ``store``, verdicts already
    stored are reused (``latest``: the latest stored verdict of each claim, at any budget or
    seed, as ``errata`` and ``report`` read them) and new ones are stored. With
    ``witnesses`` (a :class:`~proofs.store.witnesses.WitnessDB`), each claim's stored
    witnesses are replayed before its stages and every new refutation's witness is stored:
    the same seed gives the same results for the same database, and a later run may refute a
    claim earlier (at a smaller budget) than the run that first found the witness.
    ``certificates`` (proof certificates and refuting witnesses by claim id, e.g. those the
    papers ship, :class:`proofs.store.certificates.Shipped`, and those earlier runs learned,
    :class:`~proofs.store.certificates.Learned`) are replayed before each claim's stages, and
    learn each new verdict.
    """
    entries = list(entries)
    claims: list[tuple[Lemma | None, Claim]] = []
    notes: list[Annotation] = []
    for e in entries:
        if isinstance(e, Claim):
            claims.append((None, e))
            notes.append(PLAIN)
        else:
            for sub in e.all_entries():
                for c, a in sub.own_annotated():
                    claims.append((sub, c))
                    notes.append(a)
    results: list[Result] = []
    by_entry: dict[str, list[Result]] = {}
    entry_of: dict[str, Lemma] = {}
    own = executor is None
    ex = LocalExecutor(jobs) if executor is None else executor
    run = RunContext(Budget.resolve(budget), seed, progress, store)
    premises = _premises(entries)
    try:
        verdicts = _verdicts(claims, run, ex, latest, witnesses, certificates, premises)
    finally:
        if own:
            ex.close()
    for (entry, claim), note, (v, cv) in zip(claims, notes, verdicts):
        r = Result.of(claim, v, note)
        if entry is not None and claim.id == entry.id:
            r.notes += entry_notes(entry)
            cc = conclusion_claim(entry)
            if cc is not None and cv is not None:
                c = Result.of(cc, cv, conclusion_annotation(cc, entry))
                r.conclusion = c
                r.notes.append(_conclusion_note(c))
        results.append(r)
        if entry is not None:
            by_entry.setdefault(entry.id, []).append(r)
            entry_of[entry.id] = entry
    def chains() -> None:
        for k, rs in by_entry.items():
            _from_chain(entry_of[k], rs)

    upgrade(results, premises, chains)
    out: list[Result] = []
    for e in entries:
        if isinstance(e, Claim):
            out += [r for r in results if r.id == e.id]
            continue
        for sub in e.all_entries():
            if isinstance(sub.statement, Chain):
                out.append(_combined(sub, by_entry.get(sub.id, []), "links"))
            elif sub.parts and sub.statement is None:
                heads = [r for p in sub.parts for r in by_entry.get(p.id, []) if r.id == p.id]
                heads += [r for p in sub.parts if isinstance(p.statement, Chain)
                          for r in [_combined(p, by_entry.get(p.id, []), "links")]]
                out.append(_combined(sub, heads, "parts"))
            out += by_entry.get(sub.id, [])
    return out
