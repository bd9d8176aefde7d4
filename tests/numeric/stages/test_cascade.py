"""The stage cascade: cheapest first, the budget resolved once, a record per stage, the first
rigorous decision or a confirmed refutation wins, and seconds cover every stage that ran."""

from __future__ import annotations

import inspect
import time
from dataclasses import dataclass, field, replace

import pytest
import sympy as sp

from numeric.budget import Budget
from numeric.stages.cascade import STAGES, decide
from numeric.stages.exact import ExactStage
from numeric.stages.interval import IntervalStage
from numeric.stages.protocol import CheckContext, Stage
from numeric.stages.sampling import SamplingStage
from symbolic import Claim, Prop, n, norm2, norminf, scalar, vector
from symbolic.verdict import Status, Verdict

x = scalar("x")
CLAIM = Claim("t:extra-1", x, "<=", 1)


@dataclass
class Fake:
    """A stage that answers ``answer`` (or does not apply) and logs its calls."""

    name: str
    answer: Verdict | None = None
    rigorous: bool = True
    reason: str | None = None
    sleep: float = 0.0
    log: list = field(default_factory=list)

    def applies(self, claim: Claim) -> str | None:
        self.log.append(("applies", self.name))
        return self.reason

    def run(self, claim: Claim, budget: Budget, seed: int) -> Verdict | None:
        self.log.append(("run", self.name, budget, seed))
        time.sleep(self.sleep)
        return self.answer


def _outcomes(v: Verdict) -> list[tuple[str, str]]:
    return [(r["stage"], r["outcome"]) for r in v.details["stages"]]


#: The three original stages, so that these tests do not depend on the stages added later.
BASIC = (ExactStage(), IntervalStage(), SamplingStage())


def test_stages_are_ordered_by_cost_and_follow_the_protocol() -> None:
    names = [s.name for s in STAGES]
    assert names[:5] == ["ground", "unfold", "identity", "probe", "exact"]
    assert names[-2:] == ["sampling", "calculus"]  # a proof search only where no violation
    assert names.index("interval") < names.index("sampling")
    assert len(set(names)) == len(names)
    assert all(isinstance(s, Stage) for s in STAGES)


def test_stages_run_cheapest_first_and_each_is_recorded() -> None:
    log: list = []
    stages = [Fake("a", reason="not for this claim", log=log),
              Fake("b", Verdict(Status.UNKNOWN, "b", False, "ran out of boxes"), log=log),
              Fake("c", Verdict(Status.SUPPORTED, "c", False, "no violation"), log=log)]
    v = decide(CLAIM, Budget.get("quick"), seed=7, stages=stages)
    assert [e[1] for e in log if e[0] == "run"] == ["b", "c"]
    assert [e[1] for e in log if e[0] == "applies"] == ["a", "b", "c"]
    assert _outcomes(v) == [("a", "did not apply: not for this claim"),
                            ("b", "no decision: unknown: ran out of boxes"),
                            ("c", "no decision: supported: no violation")]
    assert v.status is Status.SUPPORTED and v.method == "c"
    assert v.details["b"] == "ran out of boxes"  # a non-supported verdict's message: details
    assert v.seed == 7


def test_budget_is_resolved_once_at_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = Budget.get

    def counting(name: str) -> Budget:
        calls.append(name)
        return real(name)

    monkeypatch.setattr(Budget, "get", staticmethod(counting))
    log: list = []
    stages = [Fake("a", Verdict(Status.UNKNOWN, "a", False, "?"), log=log),
              Fake("b", Verdict(Status.SUPPORTED, "b", False, "ok"), log=log)]
    decide(CLAIM, Budget.get("quick"), seed=0, stages=stages)
    assert calls == ["quick"]
    budgets = [e[2] for e in log if e[0] == "run"]
    assert budgets == [real("quick")] * 2 and all(isinstance(b, Budget) for b in budgets)


def test_budget_arrives_resolved_before_any_stage() -> None:
    log: list = []
    with pytest.raises(TypeError, match="expected a resolved Budget, got 'quick'"):
        decide(CLAIM, "quick", stages=[Fake("a", log=log)])  # names are resolved where runs start
    assert log == []
    with pytest.raises(ValueError, match="unknown budget 'fast'"):
        Budget.resolve("fast")


def test_first_rigorous_proof_wins_and_later_stages_do_not_run() -> None:
    log: list = []
    proved = Verdict(Status.PROVED, "p", True, "holds")
    stages = [Fake("a", Verdict(Status.PROVED, "guess", False, "not rigorous"), log=log),
              Fake("b", proved, log=log), Fake("c", log=log)]
    v = decide(CLAIM, Budget.get("quick"), stages=stages)
    assert v is proved
    assert _outcomes(v) == [("a", "no decision: proved: not rigorous"),
                            ("b", "decided: proved (rigorous)"),
                            ("c", "not run: decided by b")]
    assert ("run", "c") not in [e[:2] for e in log]


def test_proof_from_a_non_rigorous_stage_does_not_decide() -> None:
    stages = [Fake("a", Verdict(Status.PROVED, "a", True, "?"), rigorous=False),
              Fake("b", Verdict(Status.SUPPORTED, "b", False, "ok"))]
    assert decide(CLAIM, Budget.get("quick"), stages=stages).status is Status.SUPPORTED


def test_certified_refutation_wins_and_its_seconds_include_earlier_stages() -> None:
    refuted = Verdict(Status.REFUTED, "r", True, "violated", witness={"x": 2.0}, seconds=0.001)
    stages = [Fake("slow", Verdict(Status.UNKNOWN, "slow", False, "?"), sleep=0.3),
              Fake("r", refuted), Fake("never")]
    v = decide(CLAIM, Budget.get("quick"), stages=stages, shrink=False)
    assert v.status is Status.REFUTED and v.witness == {"x": 2.0} and v.rigorous
    assert v.seconds >= 0.3
    assert _outcomes(v)[1] == ("r", "decided: refuted (rigorous)")
    assert sum(r["seconds"] for r in v.details["stages"]) <= v.seconds


def test_an_uncertified_violation_is_a_candidate_never_a_refutation() -> None:
    log: list = []
    # a point where the claim in fact holds (the kernel, which certifies a candidate it can,
    # finds no violation there either)
    candidate = Verdict(Status.REFUTED, "sampling, confirmed by mpmath", False,
                        "violated at the witness: lhs=-1e-1303, rhs=0", witness={"x": 1.0},
                        details={"confirmation_notes": ["margin -1e-1303 lies within the "
                                                        "rounding error at 4096 bits"]})
    stages = [Fake("a", candidate, log=log), Fake("b", Verdict(Status.SUPPORTED, "b", False,
                                                              "ok"), log=log)]
    v = decide(CLAIM, Budget.get("quick"), stages=stages, shrink=False)
    assert ("run", "b") in [e[:2] for e in log]  # the other stages still run
    assert v.status is Status.UNKNOWN and not v.rigorous and v.witness is None
    assert v.details["candidate"] == {"x": 1.0}
    assert v.details["uncertified"] == "margin -1e-1303 lies within the rounding error at 4096 bits"
    assert "not a refutation" in v.message
    # a real violation that the stage could not certify, the kernel does
    real = Verdict(Status.REFUTED, "sampling, confirmed by mpmath", False, "violated",
                   witness={"x": 2.0})
    v = decide(CLAIM, Budget.get("quick"), stages=[Fake("a", real)], shrink=False)
    assert v.status is Status.REFUTED and v.rigorous and v.witness == {"x": 2.0}
    assert v.method == "sampling, confirmed by mpmath; certified by the kernel (arb)"
    # a rigorous proof after it wins: the candidate was rounding noise
    proved = Verdict(Status.PROVED, "p", True, "holds")
    assert decide(CLAIM, Budget.get("quick"), stages=[Fake("a", candidate), Fake("p", proved)],
                  shrink=False) is proved


def test_supported_evidence_is_prefixed_onto_the_last_verdict() -> None:
    stages = [Fake("exact", Verdict(Status.SUPPORTED, "grid", False, "identity on the grid")),
              Fake("sampling", Verdict(Status.SUPPORTED, "sampling", False, "no violation"))]
    v = decide(CLAIM, Budget.get("quick"), stages=stages)
    assert v.method == "grid; sampling"
    assert v.message == ("identity on the grid; no violation; no proof: exact: "
                         "identity on the grid")
    assert v.details["no_proof"] == "exact: identity on the grid"


def test_a_stage_that_breaks_is_recorded_and_the_others_decide() -> None:
    class Broken(Fake):
        def run(self, claim, budget, seed):  # type: ignore[override]
            raise TypeError("Mix of Matrix and Scalar symbols")

    stages = [Broken("schemas"), Fake("sampling", Verdict(Status.SUPPORTED, "s", False, "ok"))]
    v = decide(CLAIM, Budget.get("quick"), stages=stages)
    assert v.status is Status.SUPPORTED
    assert v.details["stages"][0]["outcome"] == (
        "error: TypeError: Mix of Matrix and Scalar symbols")
    assert v.message == "ok; no proof: schemas: error: TypeError: Mix of Matrix and Scalar symbols"


def test_no_stage_applies_gives_skipped_with_the_reasons() -> None:
    stages = [Fake("a", reason="no"), Fake("b", Verdict(Status.SKIPPED, "b", False, "cannot"))]
    v = decide(CLAIM, Budget.get("quick"), stages=stages)
    assert v.status is Status.SKIPPED
    assert "a: did not apply: no" in v.message and "b: did not apply: cannot" in v.message


def test_progress_reaches_stages_through_the_checks_context() -> None:
    seen: list[str] = []
    contexts: list[CheckContext] = []

    @dataclass
    class Talking(Fake):
        context: CheckContext | None = None

        def with_context(self, context: CheckContext) -> Talking:
            contexts.append(context)
            return replace(self, context=context)

        def run(self, claim, budget, seed):  # type: ignore[override]
            assert self.context is not None and (budget, seed) == (self.context.budget,
                                                                   self.context.seed)
            self.context.progress("hello")
            return Verdict(Status.SUPPORTED, "t", False, "ok")

    talking = Talking("talking")
    for _ in range(2):
        decide(CLAIM, Budget.get("quick"), seed=5, progress=seen.append,
               stages=[Fake("quiet", Verdict(Status.UNKNOWN, "q", False, "?")), talking])
    assert seen == ["hello", "hello"] and talking.context is None  # STAGES' entry unchanged
    # one context per check, made by the cascade
    assert len(contexts) == 2 and contexts[0] is not contexts[1] and contexts[0].seed == 5


def test_every_stage_takes_the_same_arguments() -> None:
    from numeric.stages.protocol import UsesContext

    for s in STAGES:
        assert list(inspect.signature(s.run).parameters) == ["claim", "budget", "seed"], s.name
    assert {s.name for s in STAGES if isinstance(s, UsesContext)} == {"probe", "sampling"}


def test_the_cascade_and_the_runner_do_not_inspect_signatures() -> None:
    import ast
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[3]
    for rel in ("numeric/stages/cascade.py", "numeric/stages/protocol.py", "proofs/runner.py"):
        tree = ast.parse((root / rel).read_text(encoding="utf-8"))
        names = {a.name for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
                 for a in n.names} | {n.module for n in ast.walk(tree)
                                      if isinstance(n, ast.ImportFrom)}
        assert "inspect" not in names, rel
        assert not any(isinstance(n, ast.Name) and n.id == "inspect" for n in ast.walk(tree))


def test_real_cascade_interval_proof_records_every_stage() -> None:
    box = (Prop(x, ">=", 0), Prop(x, "<=", 1))
    v = decide(Claim("t:extra-1", x * (1 - x), "<=", sp.Rational(1, 4), box), Budget.get("quick"), seed=3,
               stages=BASIC)
    assert v.status is Status.PROVED and v.rigorous and v.seed == 3
    assert _outcomes(v)[0] == ("exact", "did not apply: not an equality")
    assert _outcomes(v)[1][0] == "interval" and _outcomes(v)[1][1].startswith("decided: proved")
    assert _outcomes(v)[2] == ("sampling", "not run: decided by interval")


def test_real_cascade_exact_proof_and_sampling_fallback() -> None:
    v = decide(Claim("t:extra-1", sp.exp(2 * x), "=", sp.exp(x) ** 2), Budget.get("quick"), stages=BASIC)
    assert v.status is Status.PROVED and _outcomes(v)[0][1] == "decided: proved (rigorous)"
    u = vector("u", n)
    w = decide(Claim("t:extra-2", norminf(u), "<=", norm2(u)), Budget.get("quick"), seed=0, stages=BASIC)
    assert w.status is Status.SUPPORTED
    assert _outcomes(w)[1] == ("interval", "did not apply: has vector or matrix symbols")
    assert _outcomes(w)[2][1].startswith("no decision: supported")


def test_real_cascade_refutation_counts_the_earlier_stages_time() -> None:
    # only sampling refutes ||u||_2 <= ||u||_inf (vectors); a slow stage before it does not
    # decide: the refutation's seconds include that stage's time
    slow = Fake("slow", Verdict(Status.UNKNOWN, "slow", False, "timed out"), sleep=0.2)
    u = vector("u", n)
    v = decide(Claim("t:extra-3", norm2(u), "<=", norminf(u)), Budget.get("quick"), seed=0,
               stages=(slow, *BASIC))
    assert v.status is Status.REFUTED and v.rigorous
    rec = {r["stage"]: r for r in v.details["stages"]}
    assert rec["sampling"]["outcome"] == "decided: refuted (rigorous)"
    assert v.seconds >= 0.2 + rec["sampling"]["seconds"]


@pytest.mark.parametrize(("lhs", "rel", "rhs", "status"), [
    (sp.log(2), "<", sp.Rational(7, 10), Status.PROVED),
    (sp.log(2), ">", sp.Rational(7, 10), Status.REFUTED),
    (sp.pi**2 / 6, "<=", sp.Rational(164, 100), Status.REFUTED),
    (sp.exp(1), "=", sp.E, Status.PROVED),  # arb cannot separate them: the exact stage proves it
])
def test_a_claim_without_variables_is_decided_rigorously(lhs, rel, rhs, status) -> None:
    v = decide(Claim("t:extra-ground", lhs, rel, rhs), Budget.get("quick"))
    assert v.status is status and v.rigorous
