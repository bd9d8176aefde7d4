"""The cascade: every stage in :data:`STAGES`, cheapest first, until one decides.

The budget arrives resolved (its name was resolved once, where the run started). A stage that
does not apply (``applies`` gives a reason, or ``run`` answers ``skipped``) is passed over; the
first rigorous ``proved`` wins, and so does a ``refuted`` whose witness arb certifies, from any
stage; the stages after a decision do not run. A violation that no enclosure certifies is a
candidate: it is held while the other stages run, shrunk (a simpler point may be certified), and
otherwise ends as ``unknown`` with the candidate point and the reason (:func:`uncertified`),
never as ``refuted``. The calculus stage comes after sampling, so that a claim sampling refutes
never costs its proof search. When no stage decides, sampling's verdict is the answer,
with the ``supported`` evidence of earlier stages prefixed to its method and message (exact
identity on a grid) and their other verdicts' messages in ``details[<stage name>]`` (e.g. the
interval prover's ``unknown``). ``details["stages"]`` records, for every stage, what it did or
why not (:class:`~numeric.stages.protocol.StageRecord`), and ``seconds`` covers every stage that
ran. Every stage runs as ``run(claim, budget, seed)``; what the stages of one check share (the
progress callback, the probe's first sampling pass) is in the
:class:`~numeric.stages.protocol.CheckContext` made for that check and given to the stages that
use it (:func:`~numeric.stages.protocol.for_check`).

Example:
    >>> from symbolic import Claim, vector, norm2, norminf, n
    >>> from numeric.budget import Budget
    >>> from numeric.stages.cascade import decide
    >>> x = vector("x", n)
    >>> v = decide(Claim("t:extra-1", norminf(x), "<=", norm2(x)), Budget.get("quick"), seed=0)
    >>> v.status.value, v.method
    ('proved', 'lemma schema norminf-le-norm2')
    >>> [(r["stage"], r["outcome"].split(":")[0]) for r in v.details["stages"]
    ...  if r["stage"] in ("exact", "schemas", "real-algebra")]
    [('exact', 'did not apply'), ('schemas', 'decided'), ('real-algebra', 'not run')]
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence

import sympy as sp

from numeric.budget import DEFAULT, Budget, require
from numeric.kernel import admit
from numeric.prover.certificate import Certificate
from numeric.stages.blackboard import BlackboardStage
from numeric.stages.calculus import CalculusStage
from numeric.stages.exact import ExactStage
from numeric.stages.ground import GroundStage
from numeric.stages.identity import IdentityStage
from numeric.stages.interval import IntervalStage
from numeric.stages.pep import PepStage
from numeric.stages.probe import ProbeStage
from numeric.stages.protocol import CheckContext, Progress, Stage, StageRecord, for_check
from numeric.stages.real_algebra import RealAlgebraStage
from numeric.stages.sampling import SamplingStage
from numeric.stages.schemas import SchemaStage
from numeric.stages.taylor import TaylorStage
from numeric.stages.unfold import UnfoldStage
from symbolic.claim import Claim
from symbolic.verdict import Status, Verdict

#: The stages, cheapest first. A new stage is one more entry at its place by cost.
STAGES: tuple[Stage, ...] = (
    GroundStage(),  # no variables at all: arb decides at once
    UnfoldStage(),  # a <= a once named definitions are unfolded
    IdentityStage(),  # both sides have one normal form, for every size
    ProbeStage(),  # a few samples of an equality, refuted only by an arb-certified witness
    ExactStage(),  # exact symbolic identity (equalities)
    SchemaStage(),  # vector claims as instances of proved lemma schemas (every size)
    RealAlgebraStage(),  # z3 nlsat: polynomial/rational scalar claims
    BlackboardStage(),  # z3 on atoms (norms, inner products, exp) and library facts
    IntervalStage(),  # arb branch and bound (scalar inequalities, <= 3 variables)
    TaylorStage(),  # arb branch and bound with Taylor arguments (<= 6 variables)
    SamplingStage(),  # sampling, adversarial search, high-precision confirmation
    CalculusStage(),  # signs of derivatives: runs only when sampling found no violation
)


#: The stages of a statement about every function of a class (``Claim.classes``).
CLASS_STAGES: tuple[Stage, ...] = (PepStage(),)


def _lost_class_reading(claim: Claim) -> bool:
    """Whether ``claim`` shows a class statement's sides (placeholders) without its reading:
    no stage may evaluate those symbols."""
    from symbolic.classes.statement import PLACEHOLDER

    props = [claim.prop, *claim.hypotheses]
    return any(str(s).startswith(PLACEHOLDER) for p in props
               for side in (p.lhs, p.rhs) if isinstance(side, sp.Basic)
               for s in side.free_symbols)


def decides(stage: Stage, v: Verdict) -> bool:
    """Does ``v`` end the cascade? An arb-certified refutation does, from any stage; ``proved``
    only from a rigorous stage with a rigorous verdict. A violation that arb does not certify
    is a candidate (:func:`uncertified`), never a decision."""
    if v.status is Status.REFUTED:
        return v.rigorous
    return v.status is Status.PROVED and v.rigorous and stage.rigorous


def uncertified(v: Verdict) -> Verdict:
    """A ``refuted`` verdict whose witness arb did not certify, as what it is: ``unknown``,
    with the candidate point (``details["candidate"]``, no ``witness``) and the reason.

    >>> v = uncertified(Verdict(Status.REFUTED, "sampling+adversarial, confirmed by mpmath",
    ...                         False, "violated at the witness: lhs=1, rhs=0", witness={"x": 1.0},
    ...                         details={"notes": ["arb enclosure too wide to certify"]}))
    >>> v.status.value, v.witness, v.details["candidate"]
    ('unknown', None, {'x': 1.0})
    >>> v.message  # doctest: +NORMALIZE_WHITESPACE
    'a candidate violation that arb does not certify (arb enclosure too wide to certify): not a
     refutation; at the candidate, mpmath finds lhs=1, rhs=0'
    """
    own = v.details.get("confirmation_notes")  # the candidate's own, not other points'
    notes = own if own is not None else [n for n in v.details.get("notes", [])
                                         if "arb" in n or "rigorous" in n]
    reason = notes[-1] if notes else "arb did not certify the violation"
    found = v.message.removeprefix("violated at the witness: ")
    details = {**v.details, "candidate": v.witness, "uncertified": reason,
               "candidate_method": v.method}
    return Verdict(Status.UNKNOWN, v.method.replace("confirmed by mpmath", "not certified"),
                   False, f"a candidate violation that arb does not certify ({reason}): not a "
                   f"refutation; at the candidate, mpmath finds {found}", slack=None,
                   witness=None, seed=v.seed, precision=v.precision, evaluations=v.evaluations,
                   worst_margin=v.worst_margin, details=details, seconds=v.seconds)


def _short(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def decide(claim: Claim, budget: Budget = DEFAULT, seed: int = 0,
           progress: Progress | None = None, stages: Sequence[Stage] | None = None,
           replay: Sequence[dict] | None = None, shrink: bool = True,
           certificate: Certificate | None = None,
           skip: Mapping[str, str] | None = None) -> Verdict:
    """The verdict of the first stage that decides ``claim`` (see the module docstring);
    ``stages`` defaults to :data:`STAGES` (read at each call).

    ``replay``: witnesses stored by earlier runs (JSON dicts), re-confirmed first by a
    :class:`~numeric.stages.replay.ReplayStage`; one that arb certifies refutes the claim at
    once (``details["replayed"]``). A violation confirmed by mpmath only (a replayed one or a
    fresh one) is held while the other stages run: a certified refutation or a rigorous proof
    takes its place; otherwise it ends as ``unknown`` (:func:`uncertified`). ``shrink``: a
    refutation found now has its witness shrunk (:func:`numeric.search.shrink.shrink_verdict`;
    the original stays in ``details["original_witness"]``). ``certificate``: a proof
    certificate (:mod:`numeric.prover.certificate`), replayed before any stage by a
    :class:`~numeric.stages.certificate.CertificateStage`; when it does not prove the claim,
    the stages run as without it. ``skip``: stages not to run, by name, with the reason
    (a search that found no proof of this claim before: ``certify``'s open claims).

    ``budget`` is resolved by the caller, where the run starts (a name raises TypeError,
    before any stage runs). The check's :class:`~numeric.stages.protocol.CheckContext`
    (``budget``, ``seed``, ``progress``) is made here and lives as long as the check.
    """
    b = require(budget)
    if claim.classes is None and _lost_class_reading(claim):
        return Verdict(Status.ERROR, "cascade", False, "a statement about a function class "
                       "lost its class reading on the way: not checked", seed=seed)
    big = _oversized(claim)
    if big:
        return Verdict(Status.ERROR, "cascade", False, big, seed=seed)
    ctx = CheckContext(b, seed, progress)
    if claim.classes is not None and stages is None:
        stages = CLASS_STAGES  # abstract functions: nothing else can evaluate them
    stages = tuple(for_check(s, ctx) for s in (STAGES if stages is None else stages))
    if replay:
        from numeric.stages.replay import ReplayStage

        stages = (ReplayStage(replay), *stages)
    if certificate is not None:
        from numeric.stages.certificate import CertificateStage

        stages = (CertificateStage(certificate), *stages)
    t0 = time.perf_counter()
    records: list[StageRecord] = []
    evidence: list[tuple[Stage, Verdict]] = []
    final: Verdict | None = None
    held: Verdict | None = None  # the first violation that arb did not certify
    for k, stage in enumerate(stages):
        if skip and stage.name in skip:
            records.append(StageRecord(stage.name, f"not run: {skip[stage.name]}"))
            continue
        reason = stage.applies(claim)
        if reason is not None:
            records.append(StageRecord(stage.name, f"did not apply: {reason}"))
            continue
        t = time.perf_counter()
        try:
            v = stage.run(claim, ctx.budget, ctx.seed)
        except Exception as exc:  # one stage's failure is recorded; the others still decide
            if k == len(stages) - 1 and not evidence:
                raise
            records.append(StageRecord(stage.name, f"error: {type(exc).__name__}: "
                                       f"{_short(str(exc))}", time.perf_counter() - t))
            continue
        dt = time.perf_counter() - t
        if v is None:
            records.append(StageRecord(stage.name, "no decision", dt))
        elif v.status is Status.SKIPPED:
            records.append(StageRecord(stage.name, f"did not apply: {v.message}", dt))
        elif v.status is Status.REFUTED and not v.rigorous:
            records.append(StageRecord(stage.name, "candidate violation, not certified by arb: "
                                       "held while the other stages look for a rigorous "
                                       "verdict", dt))
            held = held or v
        elif decides(stage, v):
            rig = "rigorous" if v.rigorous else "not rigorous"
            records.append(StageRecord(stage.name, f"decided: {v.status.value} ({rig})", dt))
            records += [StageRecord(s.name, f"not run: decided by {stage.name}")
                        for s in stages[k + 1:]]
            final = v
            break
        else:
            records.append(StageRecord(stage.name, f"no decision: {v.status.value}: "
                                       f"{_short(v.message)}", dt))
            evidence.append((stage, v))
    if final is None:
        final = _combine(evidence, records, seed)
    if held is not None and final.status is not Status.REFUTED and not (
            final.status is Status.PROVED and final.rigorous):
        final = held
    if shrink and final.status is Status.REFUTED and not final.details.get("replayed") \
            and claim.classes is None:  # class data are shrunk where they are made
        from numeric.search.shrink import shrink_verdict

        final = shrink_verdict(claim, final)  # may reach a point that arb certifies
    if final.status is Status.REFUTED and not final.rigorous:
        final = uncertified(final)
    # the trusted kernel re-checks every verdict (the interval prover may show a proof's
    # definedness obligations)
    final = admit(claim, final, b, provers=[s for s in stages if s.name == "interval"])
    if final.status is Status.REFUTED and final.witness and \
            "witness_sides" not in final.details:
        _record_sides(claim, final)
    if final.seed is None:
        final.seed = seed
    final.details["stages"] = [r.to_json() for r in records]
    final.seconds = time.perf_counter() - t0
    return final


def _oversized(claim: Claim) -> str | None:
    """Why ``claim`` cannot be checked when it holds an integer of more than 4300 digits
    (Python will not print it: no witness, table or report could show it), else None.

    >>> import sympy as sp
    >>> from symbolic import scalar
    >>> _oversized(Claim("t:extra-1", sp.exp(scalar("x")), ">", sp.Integer(10)**4400))
    'the claim holds an integer of 4401 digits: integers of more than 4300 digits are not supported'
    """
    from symbolic.prop import MAX_DIGITS, oversized

    most = max((oversized(e) or 0 for p in (claim.prop, *claim.hypotheses)
                for e in (p.lhs, p.rhs)), default=0)
    if not most:
        return None
    return (f"the claim holds an integer of {most} digits: integers of more than {MAX_DIGITS} "
            "digits are not supported")


def _record_sides(claim: Claim, v: Verdict) -> None:
    """Both sides at a refutation's witness (``details["witness_sides"]``), for a stage that
    certified the point without saying them (the interval and Taylor provers, z3)."""
    from numeric.search.confirm import confirm_json

    try:
        conf = confirm_json(claim, v.witness)
    except Exception:  # the sides are a courtesy: never cost a verdict
        return
    if conf.lhs or conf.rhs:
        v.details["witness_sides"] = {"lhs": conf.lhs, "rhs": conf.rhs}


def _combine(evidence: list[tuple[Stage, Verdict]], records: list[StageRecord],
             seed: int) -> Verdict:
    """No stage decided: the last stage's verdict, with the earlier stages' evidence."""
    if not evidence:
        reasons = "; ".join(f"{r.stage}: {r.outcome}" for r in records)
        return Verdict(Status.SKIPPED, "cascade", False, f"no stage applies ({reasons})",
                       seed=seed)
    *earlier, (_, v) = evidence
    supported = [e for _, e in earlier if e.status is Status.SUPPORTED]
    if supported:
        v.method = "; ".join([*(e.method for e in supported), v.method])
        v.message = "; ".join([*(e.message for e in supported), v.message])
    for stage, e in earlier:
        if e.status is not Status.SUPPORTED:
            v.details[stage.name] = e.message
    if v.status is Status.SUPPORTED:
        why = no_proof(records)
        v.details["no_proof"] = why
        v.message += f"; no proof: {why}"
    return v


def no_proof(records: list[StageRecord]) -> str:
    """Why no rigorous stage proved the claim, one clause per stage that tried or was passed
    over (the sampling stage, evidence only, aside).

    >>> no_proof([StageRecord("exact", "did not apply: not an equality"),
    ...           StageRecord("taylor", "no decision: unknown: 7 variables, limit 6")])
    'exact: not an equality; taylor: 7 variables, limit 6'
    """
    out = []
    for r in records:
        if r.stage == "sampling":
            continue
        text = r.outcome
        for prefix in ("did not apply: ", "no decision: unknown: ", "no decision: supported: ",
                       "no decision: "):
            if text.startswith(prefix):
                text = text[len(prefix):]
                break
        out.append(f"{r.stage}: {text}")
    return "; ".join(out)
