"""The probe before the exact stage: refutes an equality only with an arb-certified witness,
stays cheap (small settings only), and otherwise leaves the decision to the stages after it."""

import sympy as sp

from numeric.budget import Budget
from numeric.stages import probe as probe_mod
from numeric.stages.cascade import decide
from numeric.stages.probe import ProbeStage
from numeric.stages.protocol import CheckContext
from symbolic import Claim, Prop, matrix, n, norm2, norminf, scalar, vector
from symbolic.verdict import Status

a = scalar("a")
QUICK = Budget.get("quick")


def test_false_identity_refuted_rigorously_before_the_exact_stage():
    c = Claim("t:extra-1", sp.exp(2 * a), "=", 2 * sp.exp(a))
    v = decide(c, Budget.get("quick"), seed=1)
    assert v.status is Status.REFUTED and v.rigorous
    assert v.method.startswith(probe_mod.METHOD)
    stages = {r["stage"]: r["outcome"] for r in v.details["stages"]}
    assert stages["probe"].startswith("decided: refuted") and stages["exact"].startswith("not run")


def test_true_identity_and_inequality_left_to_the_other_stages():
    assert ProbeStage().run(Claim("t:extra-1", sp.exp(2 * a), "=", sp.exp(a) ** 2), QUICK,
                            0) is None
    from symbolic import n, norm2, norminf, vector

    x = vector("x", n)
    assert ProbeStage().run(Claim("t:extra-1", norminf(x), "<=", norm2(x)), QUICK, 0) is None
    from numeric.stages.cascade import STAGES

    v = decide(Claim("t:extra-1", sp.exp(2 * a), "=", sp.exp(a) ** 2), Budget.get("quick"),
               seed=0, stages=[s for s in STAGES if s.name != "identity"])
    probe = next(r["outcome"] for r in v.details["stages"] if r["stage"] == "probe")
    assert v.status is Status.PROVED and probe == "no decision"


def test_a_refutation_arb_does_not_certify_is_no_decision(monkeypatch):
    from numeric.stages.sampling import candidates

    real = candidates.confirm

    def mpmath_only(*args, **kwargs):
        out = real(*args, **kwargs)
        out.rigorous = False
        return out

    monkeypatch.setattr(candidates, "confirm", mpmath_only)
    c = Claim("t:extra-1", sp.exp(2 * a), "=", 2 * sp.exp(a))
    assert ProbeStage().run(c, QUICK, 1) is None


def test_wide_settings_are_not_probed():
    x = vector("x", n)
    A = matrix("A", n, n)
    # false for n >= 2 only; the probe's settings of at most PROBE_WIDTH coordinates are n = 1
    # and n = 1000 (too wide: skipped), so it makes no decision
    c = Claim("t:extra-1", norm2(A * x), "=", norm2(x) * sp.Abs(sp.Symbol("t")),
              (Prop(sp.Symbol("t"), ">=", 0),), dims={"n": (1, 1000)})
    v = ProbeStage().run(c, QUICK, 0)
    assert v is None or v.witness["n"] * (v.witness["n"] + 1) + 1 <= probe_mod.PROBE_WIDTH


def test_false_inequality_refuted_by_the_first_sampling_pass_before_the_provers():
    from symbolic import n, norm2, vector

    x = vector("x", n)
    c = Claim("t:extra-1", norm2(x), "<=", sp.Rational(1, 2), dims={"n": (1, 4)})
    v = decide(c, QUICK, seed=0)
    stages = {r["stage"]: r["outcome"] for r in v.details["stages"]}
    assert v.status is Status.REFUTED and v.rigorous
    assert stages["probe"].startswith("decided: refuted")
    assert stages["blackboard"].startswith("not run")
    # the very witness the sampling stage finds on its own (same stream, setting and count)
    from numeric.stages.sampling import SamplingStage

    alone = SamplingStage().run(c, QUICK, 0)
    assert alone.witness == v.details.get("original_witness", v.witness)


def test_scalar_inequalities_are_left_to_the_interval_provers():
    assert ProbeStage().applies(Claim("t:extra-1", sp.exp(a), ">=", 3 * a)).startswith(
        "a scalar inequality")


def _same_verdict(a, b) -> bool:
    """Verdicts equal but for their timings."""
    da, db = dict(a.details), dict(b.details)
    for d in (da, db):
        d.pop("seconds", None)
    return (a.status, a.method, a.message, a.witness, a.slack, a.worst_margin,
            a.evaluations, da) == (b.status, b.method, b.message, b.witness, b.slack,
                                   b.worst_margin, b.evaluations, db)


def test_the_sampling_stage_goes_on_from_the_probes_first_pass():
    from numeric.stages.sampling import SamplingStage, core

    x = vector("x", n)
    c = Claim("t:extra-probe-kept", norminf(x), "<=", norm2(x), dims={"n": (1, 8)})
    b = Budget.get("quick")
    fresh = core.check_numeric(c, b, seed=3)
    ctx = CheckContext(b, 3)
    assert ProbeStage().with_context(ctx).run(c, b, 3) is None  # no decision: its pass is
    first = ctx.first_pass  # left in the check's context ...
    assert first is not None and first.claim is c and first.seed == 3
    after = SamplingStage().with_context(ctx).run(c, b, 3)  # ... and taken by the sampling stage
    assert ctx.first_pass is None
    assert after.status is Status.SUPPORTED and _same_verdict(fresh, after)
    # another seed (or claim) does not take it
    ProbeStage().with_context(ctx).run(c, b, 3)
    other = SamplingStage().with_context(ctx).run(c, b, 4)
    assert ctx.first_pass is None and _same_verdict(other, core.check_numeric(c, b, seed=4))
    # without a context (a stage run on its own) nothing is kept anywhere
    assert ProbeStage().run(c, b, 3) is None


def test_in_the_cascade_the_sampling_stage_gets_the_probes_pass(monkeypatch):
    import numeric.stages.sampling as sampling
    from numeric.stages.sampling import core

    got: list = []
    real = sampling.check_numeric

    def spy(claim, budget, seed, progress=None, first=None):
        got.append((claim, first))
        return real(claim, budget, seed, progress, first=first)

    monkeypatch.setattr(sampling, "check_numeric", spy)
    x = vector("x", n)
    c = Claim("t:extra-probe-cascade", norminf(x), "<=", 2 * norm2(x), dims={"n": (1, 8)})
    v = decide(c, QUICK, seed=3, stages=[ProbeStage(), sampling.SamplingStage()])
    assert v.status is Status.SUPPORTED
    (claim, first), = got
    assert claim is c and isinstance(first, core.FirstPass) and first.claim is c
    assert first.resumes(c, QUICK, 3)  # the claim's seed in the cascade is the one given


def test_a_refuting_probe_keeps_nothing():
    x = vector("x", n)
    ctx = CheckContext(QUICK, 0)
    v = ProbeStage().with_context(ctx).run(Claim("t:extra-probe-refuted", norm2(x), "<=", 1),
                                           QUICK, 0)
    assert v.status is Status.REFUTED and ctx.first_pass is None
