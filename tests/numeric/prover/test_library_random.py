"""The library, entry by entry, on random instances (issue 43, item 3): every entry of
:data:`numeric.prover.facts.LIBRARY` (the blackboard's, the hypothesis entries, the
definitional ones and the whole-claim entries the lemma schemas match) declares its side
conditions, a source and a check; the check holds, in mpmath, at 1,000 instances drawn from
the declaration, with sizes 1 (and 0 where allowed), zero vectors, non-symmetric matrices and
magnitudes from 1e-300 to 1e300. A new entry without a declaration fails the conformance test.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import mpmath
import numpy as np
import pytest
import sympy as sp
import z3

from numeric.prover import facts
from numeric.prover.atoms import Atoms
from numeric.stages.schemas import SCHEMAS
from symbolic import exp_, max_entry, n, norm2, norminf, sum_entries, vector

INSTANCES = 1000
TOL = mpmath.mpf(10) ** -20
ALL = {f"fact {k}": v for k, v in facts.LIBRARY.items()}


# -- conformance -----------------------------------------------------------------------------

def test_every_entry_has_a_declaration():
    names = set(facts.FACTS) | set(facts.PAIR_FACTS) | set(facts.HYPOTHESIS_FACTS)
    given = {g for gs in facts.GIVES.values() for g in gs}
    assert names | given | facts.DEFINITIONAL <= set(facts.LIBRARY)
    assert set(facts.LIBRARY) == set(facts.DESCRIPTIONS)
    assert {entry for _, entry in SCHEMAS.values()} <= set(facts.LIBRARY)
    for name, e in facts.LIBRARY.items():
        assert e.name == name


@pytest.mark.parametrize("name", sorted(ALL))
def test_each_declaration_is_complete(name):
    entry = ALL[name]
    assert entry.statement and entry.source and entry.side, name
    assert callable(entry.check) and entry.variables
    assert entry.min_size in (0, 1)
    for v in entry.variables:
        _kind(v)  # parses


# -- drawing instances from a declaration ----------------------------------------------------

def _kind(spec: str) -> tuple[str, str, tuple[str, ...]]:
    """``("vector" | "matrix" | "scalar", name, sizes or sign)`` of a variable spec."""
    name, _, rest = spec.partition(":")
    if rest in ("", "+", "0+"):
        return "scalar", name, (rest,)
    sizes = tuple(rest.split(","))
    assert len(sizes) in (1, 2) and all(s.isalpha() for s in sizes), spec
    return ("vector" if len(sizes) == 1 else "matrix"), name, sizes


def _magnitude(rng: np.random.Generator) -> Any:
    return mpmath.mpf(10) ** mpmath.mpf(float(rng.uniform(-300, 300)))


def _scalar(rng: np.random.Generator, sign: str) -> Any:
    r = rng.random()
    if r < 0.05 and sign != "+":
        return mpmath.mpf(0)
    v = _magnitude(rng) if r < 0.5 else mpmath.mpf(float(rng.uniform(0, 5)))
    if v == 0:
        v = _magnitude(rng)
    return v if sign in ("+", "0+") or rng.random() < 0.5 else -v


def _entries(rng: np.random.Generator, count: int, stats: dict) -> list:
    """``count`` numbers of one vector or matrix: zero, one-hot, constant, at one random
    magnitude, or each at its own."""
    mode = rng.random()
    if mode < 0.08:
        stats["zero"] += 1
        return [mpmath.mpf(0)] * count
    if mode < 0.16:
        out = [mpmath.mpf(0)] * count
        if count:
            out[int(rng.integers(count))] = _scalar(rng, "")
        return out
    if mode < 0.24:
        return [_scalar(rng, "")] * count
    scale = _magnitude(rng)
    if mode < 0.7:
        return [scale * mpmath.mpf(float(rng.standard_normal())) for _ in range(count)]
    return [_scalar(rng, "") for _ in range(count)]


def _instance(entry: Any, rng: np.random.Generator, stats: dict) -> SimpleNamespace:
    sizes: dict[str, int] = {}
    small = [1, 1, 1, 2, 3, 4] + ([0] if entry.min_size == 0 else [])

    def size(s: str) -> int:
        if s not in sizes:
            sizes[s] = int(rng.choice(small)) if s == "k" else int(rng.choice([1, 1, 2, 3]))
        return sizes[s]

    x = SimpleNamespace()
    for spec in entry.variables:
        kind, name, rest = _kind(spec)
        if kind == "scalar":
            setattr(x, name, _scalar(rng, rest[0]))
        elif kind == "vector":
            setattr(x, name, _entries(rng, size(rest[0]), stats))
        else:
            r, c = size(rest[0]), size(rest[1])
            flat = _entries(rng, r * c, stats)
            m = [flat[i * c:(i + 1) * c] for i in range(r)]
            if r == c and any(m[i][j] != m[j][i] for i in range(r) for j in range(i)):
                stats["non-symmetric"] += 1
            setattr(x, name, m)
    for s, k in sizes.items():
        setattr(x, s, k)
        stats["size 1"] += k == 1
        stats["size 0"] += k == 0
    for v in vars(x).values():
        for a in (v if isinstance(v, list) else [v]):
            for b in (a if isinstance(a, list) else [a]):
                if isinstance(b, mpmath.mpf) and b != 0:
                    stats["smallest"] = min(stats["smallest"], abs(b))
                    stats["largest"] = max(stats["largest"], abs(b))
    return x


def _holds(lhs: Any, rel: str, rhs: Any) -> bool:
    lhs, rhs = mpmath.mpf(lhs), mpmath.mpf(rhs)
    scale = max(abs(lhs), abs(rhs))
    near = abs(rhs - lhs) <= TOL * scale
    if rel == "=":
        return bool(near)
    if rel == "<":
        return bool(lhs < rhs or (near and lhs != 0 and rhs != 0))
    return bool(lhs <= rhs or near)


@pytest.mark.parametrize("name", sorted(ALL))
def test_each_entry_holds_on_random_instances(name):
    entry = ALL[name]
    rng = np.random.default_rng(sorted(ALL).index(name))
    stats = {"zero": 0, "non-symmetric": 0, "size 1": 0, "size 0": 0,
             "smallest": mpmath.inf, "largest": mpmath.mpf(0)}
    checked = drawn = 0
    with mpmath.workdps(30):
        while checked < INSTANCES and drawn < 5 * INSTANCES:
            drawn += 1
            x = _instance(entry, rng, stats)
            out = entry.check(x)
            if out is None:  # the instance fails a side condition
                continue
            checked += 1
            for lhs, rel, rhs in out:
                assert _holds(lhs, rel, rhs), (name, vars(x), lhs, rel, rhs)
    assert checked >= INSTANCES, (name, checked, drawn)
    assert stats["smallest"] < 1e-250 and stats["largest"] > 1e250, stats
    kinds = [_kind(v)[0] for v in entry.variables]
    if "vector" in kinds or "matrix" in kinds:
        assert stats["size 1"] > 0 and stats["zero"] > 0, stats
        if entry.min_size == 0:
            assert stats["size 0"] > 0, stats
    if "matrix" in kinds and name != "fact loewner-norm":  # ⪯ needs symmetric differences
        assert stats["non-symmetric"] > 0, stats


def test_a_wrong_statement_fails_the_check():
    """The test catches a false entry: ‖v‖₂ ≤ ‖v‖∞ fails on some instance."""
    entry = facts.entry("wrong", "‖v‖₂ ≤ ‖v‖∞", ("none",), "none", "u:k",
                        lambda x: [(facts.MP.n2(x.u), "<=", facts.MP.ninf(x.u))], min_size=1)
    rng, stats = np.random.default_rng(0), {"zero": 0, "non-symmetric": 0, "size 1": 0,
                                            "size 0": 0, "smallest": mpmath.inf,
                                            "largest": mpmath.mpf(0)}
    with mpmath.workdps(30):
        assert not all(_holds(*t) for _ in range(200)
                       for t in entry.check(_instance(entry, rng, stats)))


# -- side conditions at instantiation --------------------------------------------------------

def _names(term: Any, dims: dict | None = None) -> set[str]:
    t = Atoms({n: z3.Real("n")}, dims=dims)
    t(term)
    return {name for name, _ in facts.blackboard(t)}


def test_entries_about_an_entry_need_a_known_size():
    e, u = vector("e", n - 1), vector("u", n)
    assert "exp-vector" not in _names(sum_entries(exp_(e)))
    assert "exp-vector" in _names(sum_entries(exp_(u)))
    assert "exp-vector" in _names(sum_entries(exp_(e)), {"n": (2, 9)})
    assert "exp-vector" not in _names(sum_entries(exp_(vector("z", 0))))
    assert "entry-extremes" not in _names(max_entry(e))
    assert "exp-sup-norm" not in _names(norminf(exp_(e)))
    # norms of an empty vector are 0: the norm entries hold at every size
    assert "norm-equivalence" in _names(norm2(e))


def test_log_domain_only_outside_a_disjunction():
    from symbolic import Claim, Prop, scalar

    x = scalar("x")
    plain = Claim("t:extra-1", x, ">", 0, (Prop(sp.log(x), ">", 1),))
    either = Claim("t:extra-1", x > 0, hypotheses=[sp.Or(x < 0, sp.log(x) > 1)])
    t = Atoms({x: z3.Real("x")})
    assert [f for f, _ in facts.hypothesis_facts(plain.hypotheses, t)] == ["log-domain"]
    assert facts.hypothesis_facts(either.hypotheses, t) == []


def test_issue_43_cases_5_and_6():
    from numeric.budget import Budget
    from numeric.prover.engine import prove
    from symbolic import Claim, scalar

    quick = Budget.get("quick")
    e = vector("e", n - 1)
    # Σ exp(e) > 0 is false at n = 1 (an empty sum), and for a vector of size 0
    assert not prove(Claim("t:c5", sum_entries(exp_(e)), ">", 0), quick).proved
    assert not prove(Claim("t:c5", sum_entries(exp_(vector("z", 0))), ">", 0), quick).proved
    out = prove(Claim("t:c5", sum_entries(exp_(e)), ">", 0, dims={"n": (2, 9)}), quick)
    assert out.proved and "exp-vector" in out.relies_on
    # x = -1 satisfies "x < 0 or log x > 1": the log of a branch gives no domain fact
    x = scalar("x")
    assert not prove(Claim("t:c6", x > 0, hypotheses=[sp.Or(x < 0, sp.log(x) > 1)]),
                     quick).proved
    out = prove(Claim("t:c6", x > 0, hypotheses=[sp.log(x) > 1]), quick)
    assert out.proved and out.relies_on == ["log-domain"]
