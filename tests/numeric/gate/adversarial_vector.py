"""Adversarial vector claims with known truth: near misses of true vector, norm, softmax,
exp and Loewner facts (a constant off by a little, sqrt(n) for n, strict for non-strict where
equality is reached, a hypothesis dropped, a wrong index), for the gate test
``test_adversarial_vector.py``.

Every entry carries an independent ``check``: plain mpmath at 50 digits on lists built here
(never the project's code). For a FALSE entry, a witness (sizes and exact entries) where every
hypothesis holds and the claim fails (for ``definedness``, a point where the claim is undefined:
an undefined claim counts as not true); for a TRUE entry, at least 20 random and edge points
(size 1, zero vectors, entries near 1e-300 and 1e300, sizes up to 6) where it holds.

``certificates`` entries are FALSE edits of TRUE claims that the blackboard proves; the true
claim, with the same id, is ``CERT_SOURCE[id]`` (the gate builds its certificate and replays it
on the edit, which must not be proved).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import mpmath as mp
import sympy as sp

from symbolic import (
    Claim,
    Prop,
    col,
    d,
    entry,
    exp_,
    frob,
    hadamard,
    index,
    inner,
    log_,
    logsumexp,
    matrix,
    max_entry,
    min_entry,
    n,
    norm1,
    norm2,
    norminf,
    ones,
    opnorm,
    scalar,
    softmax,
    sum_entries,
    vector,
)


@dataclass(frozen=True)
class Entry:
    """One adversarial claim, its truth, its category, an independent check and why."""

    claim: Claim
    true: bool
    category: str
    check: Callable[[], bool]
    why: str


CATEGORIES = ("identity", "exact", "schemas", "blackboard", "empty-and-size-1", "ranges",
              "definedness", "loewner", "equality-hyp", "certificates")

# ---------------------------------------------------------------- the independent arithmetic
TOL = mp.mpf("1e-40")


class Undefined(Exception):
    """The claim (or a hypothesis) has no value at this point."""


def F(x):
    return x if isinstance(x, mp.mpf) else mp.mpf(x)


def vsum(u):
    return mp.fsum(u)


def ip(u, v):
    assert len(u) == len(v)
    return mp.fsum(a * b for a, b in zip(u, v))


def n2(u):
    return mp.sqrt(mp.fsum(a * a for a in u))


def n1(u):
    return mp.fsum(abs(a) for a in u)


def ninf(u):
    return max((abs(a) for a in u), default=mp.mpf(0))


def vmax(u):
    if not u:
        raise Undefined("max of no entries")
    return max(u)


def vmin(u):
    if not u:
        raise Undefined("min of no entries")
    return min(u)


def add(u, v):
    return [a + b for a, b in zip(u, v)]


def sub(u, v):
    return [a - b for a, b in zip(u, v)]


def scal(t, u):
    return [t * a for a in u]


def had(u, v):
    return [a * b for a, b in zip(u, v)]


def vexp(u):
    return [mp.exp(a) for a in u]


def vlog(u):
    if any(a <= 0 for a in u):
        raise Undefined("log of an entry <= 0")
    return [mp.log(a) for a in u]


def slog(a):
    if a <= 0:
        raise Undefined("log of a number <= 0")
    return mp.log(a)


def ssqrt(a):
    if a < 0:
        raise Undefined("square root of a negative number")
    return mp.sqrt(a)


def div(a, b):
    if b == 0:
        raise Undefined("division by 0")
    return a / b


def smax(u):
    m = vmax(u)
    ex = [mp.exp(a - m) for a in u]
    s = mp.fsum(ex)
    return [a / s for a in ex]


def lse(u):
    m = vmax(u)
    return m + mp.log(mp.fsum(mp.exp(a - m) for a in u))


def onesv(k):
    return [mp.mpf(1)] * k


def mv(A, x):
    return [mp.fsum(a * b for a, b in zip(row, x)) for row in A]


def mm(A, B):
    Bt = tr(B)
    return [[mp.fsum(a * b for a, b in zip(row, c)) for c in Bt] for row in A]


def tr(A):
    return [list(r) for r in zip(*A)]


def msub(A, B):
    return [[a - b for a, b in zip(r, s)] for r, s in zip(A, B)]


def madd(A, B):
    return [[a + b for a, b in zip(r, s)] for r, s in zip(A, B)]


def outer(u, v):
    return [[a * b for b in v] for a in u]


def eye(k, s=1):
    return [[F(s) if i == j else F(0) for j in range(k)] for i in range(k)]


def zeros(r, c):
    return [[F(0)] * c for _ in range(r)]


def frobn(A):
    return mp.sqrt(mp.fsum(a * a for r in A for a in r))


def opn(A):
    if not A or not A[0] or all(a == 0 for r in A for a in r):
        return mp.mpf(0)
    G = mm(tr(A), A)
    ev = mp.eigsy(mp.matrix(G), eigvals_only=True)
    return mp.sqrt(max(max(ev), 0))


def psd(S):
    """S symmetric (exactly) and positive semidefinite (to the tolerance)."""
    k = len(S)
    if any(S[i][j] != S[j][i] for i in range(k) for j in range(k)):
        return False
    if k == 0:
        return True
    scale = max((abs(a) for r in S for a in r), default=0)
    ev = mp.eigsy(mp.matrix(S), eigvals_only=True)
    return min(ev) >= -TOL * scale * k


def loe(A, B):
    """A ⪯ B: B - A symmetric positive semidefinite."""
    return psd(msub(B, A))


def _close(a, b, scale=0):
    return abs(a - b) <= TOL * max(abs(a), abs(b), scale)


def le(a, b, scale=0):
    return a <= b + TOL * max(abs(a), abs(b), scale)


def lt(a, b, scale=0):
    return a < b + TOL * max(abs(a), abs(b), scale)


def eq(a, b, scale=0):
    return _close(a, b, scale)


def holds(lhs, rel, rhs, scale=0):
    """The relation, up to the tolerance (a true claim's check)."""
    if rel == "<=":
        return le(lhs, rhs, scale)
    if rel == "<":
        return lt(lhs, rhs, scale)
    if rel == ">=":
        return le(rhs, lhs, scale)
    if rel == ">":
        return lt(rhs, lhs, scale)
    if rel == "=":
        return eq(lhs, rhs, scale)
    if rel == "⪯":
        return loe(lhs, rhs)
    raise ValueError(rel)


def fails(lhs, rel, rhs):
    """The relation fails beyond the tolerance (a false claim's witness); equality fails a
    strict relation."""
    t = TOL * max(abs(lhs), abs(rhs)) if rel != "⪯" else 0
    if rel == "<=":
        return lhs > rhs + t
    if rel == "<":
        return lhs >= rhs - t
    if rel == ">=":
        return rhs > lhs + t
    if rel == ">":
        return rhs >= lhs - t
    if rel == "=":
        return abs(lhs - rhs) > t
    if rel == "⪯":
        return not loe(lhs, rhs)
    raise ValueError(rel)


# ---------------------------------------------------------------- points
def _mag(pt) -> mp.mpf:
    m = mp.mpf(0)
    for k, v in pt.items():
        if k in ("n", "d") or isinstance(v, int):
            continue
        if isinstance(v, list):
            for a in v:
                for b in (a if isinstance(a, list) else [a]):
                    m = max(m, abs(b))
        else:
            m = max(m, abs(v))
    return m


def _size(kind, k, dd):
    return {"n": k, "n-1": k - 1, "d": dd, "1": 1}[kind] if isinstance(kind, str) else kind


def points(spec: dict, nr=(1, 6), big=True, trials=48, seed=0, dr=(1, 6)):
    """Random and edge points: zeros, size 1, entries near 1e-300 and 1e300 (``big``),
    integers, one-hot and constant vectors, mixed scales; sizes ``nr`` (n), 1..6 (d)."""
    rng = random.Random(seed)
    lo, hi = nr
    for t in range(trials):
        mode = t % 12
        k = lo if mode in (1, 9) else (hi if mode == 7 else rng.randint(lo, hi))
        dd = dr[0] if mode == 1 else rng.randint(*dr)
        const = F(rng.gauss(0, 2))

        def num(mode=mode, const=const):
            if mode == 0:
                return F(0)
            if mode == 2:
                return rng.choice([-1, 1]) * rng.randint(1, 9) * mp.mpf("1e-300")
            if mode == 3 and big:
                return rng.choice([-1, 1]) * rng.randint(1, 9) * mp.mpf("1e300")
            if mode == 4:
                return F(rng.randint(-3, 3))
            if mode == 5:
                return F(rng.randint(0, 1))
            if mode == 6:
                return const
            return F(rng.gauss(0, 1)) * mp.mpf(10) ** rng.randint(-3, 2)

        pt = {"n": k, "d": dd}
        for name, kind in spec.items():
            if kind == "s":
                pt[name] = num()
            elif kind == "s+":
                pt[name] = abs(num())
            elif isinstance(kind, str) and kind.startswith("i:"):
                size = _size(kind[2:], k, dd)
                pt[name] = size if mode in (7, 8, 10) else rng.randint(1, size)
            elif isinstance(kind, tuple):
                r, c = (_size(x, k, dd) for x in kind)
                pt[name] = [[num() for _ in range(c)] for _ in range(r)]
            else:
                pt[name] = [num() for _ in range(_size(kind, k, dd))]
        yield pt, rng


def _mk(witness):
    pt = witness() if callable(witness) else dict(witness)
    out = {}
    for k, v in pt.items():
        if k in ("n", "d") or (isinstance(v, int) and k in ("i", "j")):
            out[k] = v
        elif isinstance(v, list):
            out[k] = [[F(b) for b in a] if isinstance(a, list) else F(a) for a in v]
        else:
            out[k] = F(v)
    return out


def make_check(true, rel, f, spec, hyp=None, fix=None, witness=None, nr=(1, 6), big=True,
               deg=2, undefined=False, dr=(1, 6)):
    """The independent check of one entry (see the module docstring)."""
    hyp = hyp or (lambda p: True)

    def check() -> bool:
        with mp.workdps(50):
            if not true:
                p = _mk(witness)
                if not hyp(p):
                    return False
                try:
                    lhs, rhs = f(p)
                except Undefined:
                    return undefined  # undefined at the witness: a definedness entry's point
                return fails(lhs, rel, rhs)
            good = 0
            for p, rng in points(spec, nr, big, dr=dr):
                if fix is not None:
                    p = fix(p, rng)
                    if p is None:
                        continue
                try:
                    if not hyp(p):
                        continue
                except Undefined:
                    continue
                lhs, rhs = f(p)  # Undefined here: a true claim undefined at a valid point
                if not holds(lhs, rel, rhs, _mag(p) ** deg if rel != "⪯" else 0):
                    return False
                good += 1
            return good >= 20

    def guarded() -> bool:
        try:
            return check()
        except Undefined:
            return False

    return guarded


ENTRIES: list[Entry] = []
#: certificates: the TRUE claim (same id) whose blackboard certificate is replayed on the edit
CERT_SOURCE: dict[str, Claim] = {}
_CERT_CHECKS: dict[str, Callable[[], bool]] = {}


def E(cat, name, lhs, rel, rhs, hyps=(), *, true, f, why, spec, hyp=None, fix=None,
      witness=None, dims=None, nr=None, big=True, deg=2, undefined=False):
    dr = tuple(dims["d"]) if dims and "d" in dims else (1, 6)
    cid = f"adv:{cat}-{name}"
    claim = Claim(cid, lhs, rel, rhs, list(hyps), dims=dims or {})
    if nr is None:
        nr = tuple(dims["n"]) if dims and "n" in dims else (1, 6)
    chk = make_check(true, rel, f, spec, hyp, fix, witness, nr, big, deg, undefined, dr)
    ENTRIES.append(Entry(claim, true, cat, chk, why))
    return claim


# ---------------------------------------------------------------- symbols
u, v, w = vector("u", n), vector("v", n), vector("w", n)
e = vector("e", n - 1)
x = vector("x", d)
z = vector("z", 1)
A = matrix("A", n, d)
P, Q, S = matrix("P", n, n), matrix("Q", n, n), matrix("S", n, n)
M1 = matrix("M", 1, 1)
R, t, c = scalar("R"), scalar("t"), scalar("c")
i, j = index("i"), index("j")
one = ones(n)
Z = sp.ZeroMatrix(n, n)
I_n = sp.Identity(n)
half = sp.Rational(1, 2)
UV = {"u": "n", "v": "n"}
U = {"u": "n"}

# ================================================================ identity
C = "identity"
E(C, "expand-plus", norm2(u + v) ** 2, "=", norm2(u) ** 2 + 2 * inner(u, v) + norm2(v) ** 2,
  true=True, spec=UV, f=lambda p: (n2(add(p["u"], p["v"])) ** 2,
                                   n2(p["u"]) ** 2 + 2 * ip(p["u"], p["v"]) + n2(p["v"]) ** 2),
  why="bilinearity")
E(C, "expand-plus-coef1", norm2(u + v) ** 2, "=", norm2(u) ** 2 + inner(u, v) + norm2(v) ** 2,
  true=False, spec=UV, witness={"n": 1, "u": [1], "v": [1]},
  f=lambda p: (n2(add(p["u"], p["v"])) ** 2,
               n2(p["u"]) ** 2 + ip(p["u"], p["v"]) + n2(p["v"]) ** 2),
  why="u = v = (1): 4 vs 3")
E(C, "expand-minus", norm2(u - v) ** 2, "=", norm2(u) ** 2 - 2 * inner(u, v) + norm2(v) ** 2,
  true=True, spec=UV, f=lambda p: (n2(sub(p["u"], p["v"])) ** 2,
                                   n2(p["u"]) ** 2 - 2 * ip(p["u"], p["v"]) + n2(p["v"]) ** 2),
  why="bilinearity")
E(C, "expand-minus-sign", norm2(u - v) ** 2, "=", norm2(u) ** 2 + 2 * inner(u, v) + norm2(v) ** 2,
  true=False, spec=UV, witness={"n": 1, "u": [1], "v": [1]},
  f=lambda p: (n2(sub(p["u"], p["v"])) ** 2,
               n2(p["u"]) ** 2 + 2 * ip(p["u"], p["v"]) + n2(p["v"]) ** 2),
  why="u = v = (1): 0 vs 4")
E(C, "ones-sum", inner(u, one), "=", sum_entries(u), true=True, spec=U,
  f=lambda p: (ip(p["u"], onesv(p["n"])), vsum(p["u"])), why="definition of the sum")
E(C, "ones-sum-twice", inner(u, one), "=", 2 * sum_entries(u), true=False, spec=U,
  witness={"n": 1, "u": [1]}, f=lambda p: (ip(p["u"], onesv(p["n"])), 2 * vsum(p["u"])),
  why="u = (1): 1 vs 2")
E(C, "parallelogram", norm2(u + v) ** 2 + norm2(u - v) ** 2, "=",
  2 * norm2(u) ** 2 + 2 * norm2(v) ** 2, true=True, spec=UV,
  f=lambda p: (n2(add(p["u"], p["v"])) ** 2 + n2(sub(p["u"], p["v"])) ** 2,
               2 * n2(p["u"]) ** 2 + 2 * n2(p["v"]) ** 2), why="parallelogram law")
E(C, "parallelogram-half", norm2(u + v) ** 2 + norm2(u - v) ** 2, "=",
  norm2(u) ** 2 + norm2(v) ** 2, true=False, spec=UV, witness={"n": 1, "u": [1], "v": [0]},
  f=lambda p: (n2(add(p["u"], p["v"])) ** 2 + n2(sub(p["u"], p["v"])) ** 2,
               n2(p["u"]) ** 2 + n2(p["v"]) ** 2), why="u = (1), v = 0: 2 vs 1")
E(C, "scale-square", norm2(t * u) ** 2, "=", t ** 2 * norm2(u) ** 2, true=True,
  spec={"u": "n", "t": "s"}, deg=4,
  f=lambda p: (n2(scal(p["t"], p["u"])) ** 2, p["t"] ** 2 * n2(p["u"]) ** 2),
  why="homogeneity")
E(C, "scale-square-t", norm2(t * u) ** 2, "=", t * norm2(u) ** 2, true=False,
  spec={"u": "n", "t": "s"}, witness={"n": 1, "u": [1], "t": -1},
  f=lambda p: (n2(scal(p["t"], p["u"])) ** 2, p["t"] * n2(p["u"]) ** 2),
  why="t = -1, u = (1): 1 vs -1")
E(C, "self-inner", inner(u, u), "=", norm2(u) ** 2, true=True, spec=U,
  f=lambda p: (ip(p["u"], p["u"]), n2(p["u"]) ** 2), why="definition of the norm")
E(C, "self-inner-unsquared", inner(u, u), "=", norm2(u), true=False, spec=U,
  witness={"n": 1, "u": [2]}, f=lambda p: (ip(p["u"], p["u"]), n2(p["u"])),
  why="u = (2): 4 vs 2")
E(C, "ones-norm-square", norm2(one) ** 2, "=", n, true=True, spec={},
  f=lambda p: (n2(onesv(p["n"])) ** 2, F(p["n"])), why="n ones")
E(C, "ones-norm-n", norm2(one), "=", n, true=False, spec={}, witness={"n": 2},
  f=lambda p: (n2(onesv(p["n"])), F(p["n"])), why="n = 2: sqrt 2 vs 2")
E(C, "hadamard-sum", inner(hadamard(u, v), one), "=", inner(u, v), true=True, spec=UV,
  f=lambda p: (ip(had(p["u"], p["v"]), onesv(p["n"])), ip(p["u"], p["v"])),
  why="sum of products")
E(C, "hadamard-sum-product", inner(hadamard(u, v), one), "=", inner(u, one) * inner(v, one),
  true=False, spec=UV, witness={"n": 2, "u": [1, 0], "v": [0, 1]},
  f=lambda p: (ip(had(p["u"], p["v"]), onesv(p["n"])),
               ip(p["u"], onesv(p["n"])) * ip(p["v"], onesv(p["n"]))),
  why="u = e1, v = e2: 0 vs 1 (true at n = 1)")
E(C, "square-sum", norm2(u) ** 2, "=", sum_entries(hadamard(u, u)), true=True, spec=U,
  f=lambda p: (n2(p["u"]) ** 2, vsum(had(p["u"], p["u"]))), why="definition")
E(C, "square-of-sum", norm2(u) ** 2, "=", sum_entries(u) ** 2, true=False, spec=U,
  witness={"n": 2, "u": [1, -1]}, f=lambda p: (n2(p["u"]) ** 2, vsum(p["u"]) ** 2),
  why="u = (1, -1): 2 vs 0 (true at n = 1)")
E(C, "polarization", norm2(u + v) ** 2 - norm2(u - v) ** 2, "=", 4 * inner(u, v), true=True,
  spec=UV, f=lambda p: (n2(add(p["u"], p["v"])) ** 2 - n2(sub(p["u"], p["v"])) ** 2,
                        4 * ip(p["u"], p["v"])), why="polarization identity")
E(C, "polarization-2", norm2(u + v) ** 2 - norm2(u - v) ** 2, "=", 2 * inner(u, v), true=False,
  spec=UV, witness={"n": 1, "u": [1], "v": [1]},
  f=lambda p: (n2(add(p["u"], p["v"])) ** 2 - n2(sub(p["u"], p["v"])) ** 2,
               2 * ip(p["u"], p["v"])), why="u = v = (1): 4 vs 2")
E(C, "transpose", inner(A * x, u), "=", inner(x, A.T * u), true=True,
  spec={"A": ("n", "d"), "x": "d", "u": "n"}, deg=3,
  f=lambda p: (ip(mv(p["A"], p["x"]), p["u"]), ip(p["x"], mv(tr(p["A"]), p["u"]))),
  why="adjoint")
E(C, "transpose-sign", inner(A * x, u), "=", -inner(x, A.T * u), true=False,
  spec={"A": ("n", "d"), "x": "d", "u": "n"}, witness={"n": 1, "d": 1, "A": [[1]], "x": [1],
                                                      "u": [1]},
  f=lambda p: (ip(mv(p["A"], p["x"]), p["u"]), -ip(p["x"], mv(tr(p["A"]), p["u"]))),
  why="A = x = u = (1): 1 vs -1")

# ================================================================ exact
C = "exact"
E(C, "softmax-sums-to-1", inner(softmax(u), one), "=", 1, true=True, spec=U,
  f=lambda p: (ip(smax(p["u"]), onesv(p["n"])), F(1)), why="normalisation")
E(C, "softmax-sums-to-n", inner(softmax(u), one), "=", n, true=False, spec=U,
  witness={"n": 2, "u": [0, 0]}, f=lambda p: (ip(smax(p["u"]), onesv(p["n"])), F(p["n"])),
  why="n = 2: 1 vs 2 (true at n = 1)")
E(C, "softmax-norm1", norm1(softmax(u)), "=", 1, true=True, spec=U,
  f=lambda p: (n1(smax(p["u"])), F(1)), why="positive entries summing to 1")
E(C, "softmax-norm2-is-1", norm2(softmax(u)), "=", 1, true=False, spec=U,
  witness={"n": 2, "u": [0, 0]}, f=lambda p: (n2(smax(p["u"])), F(1)),
  why="n = 2, u = 0: 1/sqrt 2 vs 1")
E(C, "lse-shift", logsumexp(u + c * one), "=", logsumexp(u) + c, true=True,
  spec={"u": "n", "c": "s"}, big=False, deg=1,
  f=lambda p: (lse([a + p["c"] for a in p["u"]]), lse(p["u"]) + p["c"]),
  why="exp(u + c) = e^c exp(u)")
E(C, "lse-shift-2c", logsumexp(u + c * one), "=", logsumexp(u) + 2 * c, true=False,
  spec={"u": "n", "c": "s"}, witness={"n": 1, "u": [0], "c": 1},
  f=lambda p: (lse([a + p["c"] for a in p["u"]]), lse(p["u"]) + 2 * p["c"]),
  why="c = 1: 1 vs 2")
E(C, "softmax-shift", norm2(softmax(u + c * one) - softmax(u)), "=", 0, true=True,
  spec={"u": "n", "c": "s"}, big=False, deg=0,
  f=lambda p: (n2(sub(smax([a + p["c"] for a in p["u"]]), smax(p["u"]))), F(0)),
  why="shift invariance")
E(C, "softmax-scale", norm2(softmax(2 * u) - softmax(u)), "=", 0, true=False, spec=U,
  witness={"n": 2, "u": [0, 1]},
  f=lambda p: (n2(sub(smax(scal(2, p["u"])), smax(p["u"]))), F(0)),
  why="softmax is not scale invariant: u = (0, 1)")
E(C, "lse-max-log-n", logsumexp(t * one), "=", t + sp.log(n), true=True, spec={"t": "s"},
  big=False, deg=1, f=lambda p: (lse([p["t"]] * p["n"]), p["t"] + mp.log(p["n"])),
  why="n equal terms")
E(C, "lse-max-only", logsumexp(t * one), "=", t, true=False, spec={"t": "s"},
  witness={"n": 2, "t": 0}, f=lambda p: (lse([p["t"]] * p["n"]), p["t"]),
  why="n = 2: log 2 vs 0 (true at n = 1)")
E(C, "lse-not-max-plus-log", logsumexp(u), "=", max_entry(u) + sp.log(n), true=False, spec=U,
  witness={"n": 2, "u": [0, 1]}, f=lambda p: (lse(p["u"]), vmax(p["u"]) + mp.log(p["n"])),
  why="equal only for constant u: log(1 + e) vs 1 + log 2")
E(C, "exp-neg-inner", inner(exp_(u), exp_(-u)), "=", n, true=True, spec=U, big=False,
  f=lambda p: (ip(vexp(p["u"]), vexp(scal(-1, p["u"]))), F(p["n"])), why="e^a e^-a = 1")
E(C, "exp-neg-inner-1", inner(exp_(u), exp_(-u)), "=", 1, true=False, spec=U,
  witness={"n": 2, "u": [0, 0]}, f=lambda p: (ip(vexp(p["u"]), vexp(scal(-1, p["u"]))), F(1)),
  why="n = 2: 2 vs 1")
E(C, "softmax-times-partition", inner(softmax(u), exp_(-u)) * inner(exp_(u), one), "=", n,
  true=True, spec=U, big=False,
  f=lambda p: (ip(smax(p["u"]), vexp(scal(-1, p["u"]))) * ip(vexp(p["u"]), onesv(p["n"])),
               F(p["n"])), why="softmax_i e^-u_i = 1 / sum e^u")
E(C, "softmax-times-partition-1", inner(softmax(u), exp_(-u)) * inner(exp_(u), one), "=", 1,
  true=False, spec=U, witness={"n": 2, "u": [0, 0]},
  f=lambda p: (ip(smax(p["u"]), vexp(scal(-1, p["u"]))) * ip(vexp(p["u"]), onesv(p["n"])),
               F(1)), why="n = 2: 2 vs 1")
E(C, "exp-lse", exp_(logsumexp(u)), "=", inner(exp_(u), one), true=True, spec=U, big=False,
  f=lambda p: (mp.exp(lse(p["u"])), ip(vexp(p["u"]), onesv(p["n"]))), why="definition")
E(C, "exp-lse-mean", exp_(logsumexp(u)), "=", inner(exp_(u), one) / n, true=False, spec=U,
  witness={"n": 2, "u": [0, 0]},
  f=lambda p: (mp.exp(lse(p["u"])), ip(vexp(p["u"]), onesv(p["n"])) / p["n"]),
  why="n = 2: 2 vs 1")
E(C, "max-min-neg", max_entry(u), "=", -min_entry(-u), true=True, spec=U,
  f=lambda p: (vmax(p["u"]), -vmin(scal(-1, p["u"]))), why="max u = -min(-u)")
E(C, "max-max-neg", max_entry(u), "=", -max_entry(-u), true=False, spec=U,
  witness={"n": 2, "u": [0, 1]}, f=lambda p: (vmax(p["u"]), -vmax(scal(-1, p["u"]))),
  why="u = (0, 1): 1 vs 0 (max for min)")
E(C, "exp-sup-max", norminf(exp_(u)), "=", exp_(max_entry(u)), true=True, spec=U,
  f=lambda p: (ninf(vexp(p["u"])), mp.exp(vmax(p["u"]))), why="exp positive, increasing")
E(C, "exp-sup-norminf", norminf(exp_(u)), "=", exp_(norminf(u)), true=False, spec=U,
  witness={"n": 1, "u": [-1]}, f=lambda p: (ninf(vexp(p["u"])), mp.exp(ninf(p["u"]))),
  why="u = (-1): 1/e vs e")

# ================================================================ schemas
C = "schemas"
E(C, "inf-le-2", norminf(u), "<=", norm2(u), true=True, spec=U,
  f=lambda p: (ninf(p["u"]), n2(p["u"])), why="one term of the sum")
E(C, "2-le-inf", norm2(u), "<=", norminf(u), true=False, spec=U,
  witness={"n": 2, "u": [1, 1]}, f=lambda p: (n2(p["u"]), ninf(p["u"])),
  why="(1, 1): sqrt 2 vs 1")
E(C, "2-le-sqrtn-inf", norm2(u), "<=", sp.sqrt(n) * norminf(u), true=True, spec=U,
  f=lambda p: (n2(p["u"]), mp.sqrt(p["n"]) * ninf(p["u"])), why="n terms <= max")
E(C, "2-le-quartic-root-inf", norm2(u), "<=", n ** sp.Rational(1, 4) * norminf(u),
  true=False, spec=U, witness={"n": 2, "u": [1, 1]},
  f=lambda p: (n2(p["u"]), mp.root(p["n"], 4) * ninf(p["u"])),
  why="(1, 1): 2^(1/2) vs 2^(1/4)")
E(C, "1-le-sqrtn-2", norm1(u), "<=", sp.sqrt(n) * norm2(u), true=True, spec=U,
  f=lambda p: (n1(p["u"]), mp.sqrt(p["n"]) * n2(p["u"])), why="Cauchy-Schwarz with 1")
E(C, "1-le-2", norm1(u), "<=", norm2(u), true=False, spec=U, witness={"n": 2, "u": [1, 1]},
  f=lambda p: (n1(p["u"]), n2(p["u"])), why="(1, 1): 2 vs sqrt 2")
E(C, "1-le-n-inf", norm1(u), "<=", n * norminf(u), true=True, spec=U,
  f=lambda p: (n1(p["u"]), p["n"] * ninf(p["u"])), why="n terms <= max")
E(C, "1-le-sqrtn-inf", norm1(u), "<=", sp.sqrt(n) * norminf(u), true=False, spec=U,
  witness={"n": 2, "u": [1, 1]}, f=lambda p: (n1(p["u"]), mp.sqrt(p["n"]) * ninf(p["u"])),
  why="(1, 1): 2 vs sqrt 2")
E(C, "cauchy-schwarz", sp.Abs(inner(u, v)), "<=", norm2(u) * norm2(v), true=True, spec=UV,
  f=lambda p: (abs(ip(p["u"], p["v"])), n2(p["u"]) * n2(p["v"])), why="Cauchy-Schwarz")
E(C, "cauchy-schwarz-inf", sp.Abs(inner(u, v)), "<=", norminf(u) * norminf(v), true=False,
  spec=UV, witness={"n": 2, "u": [1, 1], "v": [1, 1]},
  f=lambda p: (abs(ip(p["u"], p["v"])), ninf(p["u"]) * ninf(p["v"])), why="2 vs 1")
E(C, "cauchy-schwarz-strict", inner(u, v), "<", norm2(u) * norm2(v), true=False, spec=UV,
  witness={"n": 1, "u": [1], "v": [1]}, f=lambda p: (ip(p["u"], p["v"]), n2(p["u"]) * n2(p["v"])),
  why="equality at u = v")
E(C, "triangle", norm2(u + v), "<=", norm2(u) + norm2(v), true=True, spec=UV,
  f=lambda p: (n2(add(p["u"], p["v"])), n2(p["u"]) + n2(p["v"])), why="triangle")
E(C, "triangle-strict", norm2(u + v), "<", norm2(u) + norm2(v), true=False, spec=UV,
  witness={"n": 1, "u": [1], "v": [1]},
  f=lambda p: (n2(add(p["u"], p["v"])), n2(p["u"]) + n2(p["v"])), why="equality at u = v")
E(C, "triangle-squared", norm2(u + v) ** 2, "<=", norm2(u) ** 2 + norm2(v) ** 2, true=False,
  spec=UV, witness={"n": 1, "u": [1], "v": [1]},
  f=lambda p: (n2(add(p["u"], p["v"])) ** 2, n2(p["u"]) ** 2 + n2(p["v"]) ** 2),
  why="u = v = (1): 4 vs 2")
E(C, "reverse-triangle", norm2(u) - norm2(v), "<=", norm2(u - v), true=True, spec=UV,
  f=lambda p: (n2(p["u"]) - n2(p["v"]), n2(sub(p["u"], p["v"]))), why="reverse triangle")
E(C, "reverse-triangle-strict", norm2(u) - norm2(v), "<", norm2(u - v), true=False, spec=UV,
  witness={"n": 1, "u": [1], "v": [0]},
  f=lambda p: (n2(p["u"]) - n2(p["v"]), n2(sub(p["u"], p["v"]))), why="equality at v = 0")
E(C, "operator", norm2(A * x), "<=", opnorm(A) * norm2(x), true=True,
  spec={"A": ("n", "d"), "x": "d"},
  f=lambda p: (n2(mv(p["A"], p["x"])), opn(p["A"]) * n2(p["x"])), why="definition")
E(C, "operator-inf", norm2(A * x), "<=", opnorm(A) * norminf(x), true=False,
  spec={"A": ("n", "d"), "x": "d"}, witness={"n": 1, "d": 2, "A": [[1, 1]], "x": [1, 1]},
  f=lambda p: (n2(mv(p["A"], p["x"])), opn(p["A"]) * ninf(p["x"])), why="2 vs sqrt 2")
E(C, "op-le-frob", opnorm(A), "<=", frob(A), true=True, spec={"A": ("n", "d")},
  f=lambda p: (opn(p["A"]), frobn(p["A"])), why="largest singular value")
E(C, "frob-le-op", frob(A), "<=", opnorm(A), true=False, spec={"A": ("n", "d")},
  witness={"n": 2, "d": 2, "A": [[1, 0], [0, 1]]}, f=lambda p: (frobn(p["A"]), opn(p["A"])),
  why="identity: sqrt 2 vs 1")
E(C, "hadamard", norm2(hadamard(u, v)), "<=", norminf(u) * norm2(v), true=True, spec=UV,
  f=lambda p: (n2(had(p["u"], p["v"])), ninf(p["u"]) * n2(p["v"])), why="|u_i| <= max")
E(C, "hadamard-inf-inf", norm2(hadamard(u, v)), "<=", norminf(u) * norminf(v), true=False,
  spec=UV, witness={"n": 2, "u": [1, 1], "v": [1, 1]},
  f=lambda p: (n2(had(p["u"], p["v"])), ninf(p["u"]) * ninf(p["v"])), why="sqrt 2 vs 1")
E(C, "sum-le-sqrtn-2", sp.Abs(sum_entries(u)), "<=", sp.sqrt(n) * norm2(u), true=True,
  spec=U, f=lambda p: (abs(vsum(p["u"])), mp.sqrt(p["n"]) * n2(p["u"])), why="C-S with 1")
E(C, "sum-le-2", sp.Abs(sum_entries(u)), "<=", norm2(u), true=False, spec=U,
  witness={"n": 2, "u": [1, 1]}, f=lambda p: (abs(vsum(p["u"])), n2(p["u"])),
  why="2 vs sqrt 2")
E(C, "submultiplicative", opnorm(P * Q), "<=", opnorm(P) * opnorm(Q), true=True,
  spec={"P": ("n", "n"), "Q": ("n", "n")}, big=False,
  f=lambda p: (opn(mm(p["P"], p["Q"])), opn(p["P"]) * opn(p["Q"])), why="submultiplicative")
E(C, "submultiplicative-frob", frob(P * Q), "<=", opnorm(P) * opnorm(Q), true=False,
  spec={"P": ("n", "n"), "Q": ("n", "n")},
  witness=lambda: {"n": 2, "P": eye(2), "Q": eye(2)},
  f=lambda p: (frobn(mm(p["P"], p["Q"])), opn(p["P"]) * opn(p["Q"])),
  why="P = Q = I_2: sqrt 2 vs 1")

# ================================================================ blackboard
C = "blackboard"
LIP_H = [Prop(norminf(u), "<=", R), Prop(norminf(v), "<=", R)]


def _fix_R(*names):
    def fix(p, rng):
        m = max((ninf(p[k]) if k in "uv" else n2(p[k])) for k in names)
        p["R"] = m * (1 + (0 if rng.random() < 0.3 else F(rng.random())))
        return p
    return fix


def _fix_R2(p, rng):
    m = max(n2(p["u"]), n2(p["v"]))
    p["R"] = m * (1 + (0 if rng.random() < 0.3 else F(rng.random())))
    return p


def _fix_RA(p, rng):
    m = max(opn(p["A"]), n2(p["x"]))
    p["R"] = m * (1 + (0 if rng.random() < 0.3 else F(rng.random())))
    return p


E(C, "exp-sup", norminf(exp_(u)), "<=", exp_(norminf(u)), true=True, spec=U,
  f=lambda p: (ninf(vexp(p["u"])), mp.exp(ninf(p["u"]))), why="exp increasing")
E(C, "exp-sup-strict", norminf(exp_(u)), "<", exp_(norminf(u)), true=False, spec=U,
  witness={"n": 1, "u": [1]}, f=lambda p: (ninf(vexp(p["u"])), mp.exp(ninf(p["u"]))),
  why="equality at u = (1)")
E(C, "partition-ge-min", inner(exp_(u), one), ">=", n * exp_(min_entry(u)), true=True, spec=U,
  f=lambda p: (ip(vexp(p["u"]), onesv(p["n"])), p["n"] * mp.exp(vmin(p["u"]))),
  why="each term >= the smallest")
E(C, "partition-gt-min", inner(exp_(u), one), ">", n * exp_(min_entry(u)), true=False, spec=U,
  witness={"n": 1, "u": [0]},
  f=lambda p: (ip(vexp(p["u"]), onesv(p["n"])), p["n"] * mp.exp(vmin(p["u"]))),
  why="equality at constant u")
E(C, "partition-ge-max", inner(exp_(u), one), ">=", n * exp_(max_entry(u)), true=False, spec=U,
  witness={"n": 2, "u": [0, 1]},
  f=lambda p: (ip(vexp(p["u"]), onesv(p["n"])), p["n"] * mp.exp(vmax(p["u"]))),
  why="min for max: 1 + e vs 2e")
E(C, "partition-le-max", inner(exp_(u), one), "<=", n * exp_(max_entry(u)), true=True, spec=U,
  f=lambda p: (ip(vexp(p["u"]), onesv(p["n"])), p["n"] * mp.exp(vmax(p["u"]))),
  why="each term <= the largest")
E(C, "partition-le-sqrtn-max", inner(exp_(u), one), "<=", sp.sqrt(n) * exp_(max_entry(u)),
  true=False, spec=U, witness={"n": 2, "u": [0, 0]},
  f=lambda p: (ip(vexp(p["u"]), onesv(p["n"])), mp.sqrt(p["n"]) * mp.exp(vmax(p["u"]))),
  why="u = 0, n = 2: 2 vs sqrt 2")
E(C, "exp-2-le-1", norm2(exp_(u)), "<=", inner(exp_(u), one), true=True, spec=U,
  f=lambda p: (n2(vexp(p["u"])), ip(vexp(p["u"]), onesv(p["n"]))), why="positive entries")
E(C, "exp-1-le-2", inner(exp_(u), one), "<=", norm2(exp_(u)), true=False, spec=U,
  witness={"n": 2, "u": [0, 0]}, f=lambda p: (ip(vexp(p["u"]), onesv(p["n"])), n2(vexp(p["u"]))),
  why="2 vs sqrt 2")
E(C, "exp-lipschitz", norm2(exp_(u) - exp_(v)), "<=", exp_(R) * norm2(u - v), LIP_H, true=True,
  spec={"u": "n", "v": "n"}, fix=_fix_R("u", "v"), big=False,
  hyp=lambda p: le(ninf(p["u"]), p["R"]) and le(ninf(p["v"]), p["R"]),
  f=lambda p: (n2(sub(vexp(p["u"]), vexp(p["v"]))), mp.exp(p["R"]) * n2(sub(p["u"], p["v"]))),
  why="mean value theorem, |exp'| <= e^R")
E(C, "exp-lipschitz-one-hyp", norm2(exp_(u) - exp_(v)), "<=", exp_(R) * norm2(u - v),
  [Prop(norminf(u), "<=", R)], true=False, spec=UV,
  witness={"n": 1, "u": [0], "v": [1], "R": 0}, hyp=lambda p: le(ninf(p["u"]), p["R"]),
  f=lambda p: (n2(sub(vexp(p["u"]), vexp(p["v"]))), mp.exp(p["R"]) * n2(sub(p["u"], p["v"]))),
  why="v unbounded: e - 1 vs 1")
E(C, "exp-lipschitz-half", norm2(exp_(u) - exp_(v)), "<=", exp_(R / 2) * norm2(u - v), LIP_H,
  true=False, spec=UV, witness={"n": 1, "u": [1], "v": ["0.9"], "R": 1},
  hyp=lambda p: le(ninf(p["u"]), p["R"]) and le(ninf(p["v"]), p["R"]),
  f=lambda p: (n2(sub(vexp(p["u"]), vexp(p["v"]))),
               mp.exp(p["R"] / 2) * n2(sub(p["u"], p["v"]))),
  why="e - e^0.9 = 0.2587 vs 0.1649")
E(C, "operator-r2", norm2(A * x), "<=", R ** 2, [Prop(opnorm(A), "<=", R),
                                                Prop(norm2(x), "<=", R)],
  true=True, spec={"A": ("n", "d"), "x": "d"}, fix=_fix_RA,
  hyp=lambda p: le(opn(p["A"]), p["R"]) and le(n2(p["x"]), p["R"]),
  f=lambda p: (n2(mv(p["A"], p["x"])), p["R"] ** 2), why="||Ax|| <= ||A|| ||x|| <= R^2")
E(C, "operator-r", norm2(A * x), "<=", R, [Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R)],
  true=False, spec={"A": ("n", "d"), "x": "d"},
  witness={"n": 1, "d": 1, "A": [[2]], "x": [2], "R": 2},
  hyp=lambda p: le(opn(p["A"]), p["R"]) and le(n2(p["x"]), p["R"]),
  f=lambda p: (n2(mv(p["A"], p["x"])), p["R"]), why="4 vs 2")
E(C, "inner-r2", inner(u, v), "<=", R ** 2, [Prop(norm2(u), "<=", R), Prop(norm2(v), "<=", R)],
  true=True, spec=UV, fix=_fix_R2,
  hyp=lambda p: le(n2(p["u"]), p["R"]) and le(n2(p["v"]), p["R"]),
  f=lambda p: (ip(p["u"], p["v"]), p["R"] ** 2), why="Cauchy-Schwarz")
E(C, "inner-r", inner(u, v), "<=", R, [Prop(norm2(u), "<=", R), Prop(norm2(v), "<=", R)],
  true=False, spec=UV, witness={"n": 1, "u": [2], "v": [2], "R": 2},
  hyp=lambda p: le(n2(p["u"]), p["R"]) and le(n2(p["v"]), p["R"]),
  f=lambda p: (ip(p["u"], p["v"]), p["R"]), why="4 vs 2")
E(C, "softmax-half-lipschitz", norm2(softmax(u) - softmax(v)), "<=", half * norm2(u - v),
  true=True, spec=UV, big=False,
  f=lambda p: (n2(sub(smax(p["u"]), smax(p["v"]))), n2(sub(p["u"], p["v"])) / 2),
  why="Jacobian diag(p) - pp^T has norm <= 1/2")
E(C, "softmax-lipschitz-0.45", norm2(softmax(u) - softmax(v)), "<=",
  sp.Rational(9, 20) * norm2(u - v), true=False, spec=UV,
  witness={"n": 2, "u": ["0.1", "-0.1"], "v": [0, 0]},
  f=lambda p: (n2(sub(smax(p["u"]), smax(p["v"]))), n2(sub(p["u"], p["v"])) * 9 / 20),
  why="ratio 0.4983 near (0.1, -0.1): 1/2 is sharp")
E(C, "exp-2-sqrtn", norm2(exp_(u)), "<=", sp.sqrt(n) * exp_(norminf(u)), true=True, spec=U,
  f=lambda p: (n2(vexp(p["u"])), mp.sqrt(p["n"]) * mp.exp(ninf(p["u"]))),
  why="||.||_2 <= sqrt n ||.||_inf, exp-sup")
E(C, "exp-2-no-sqrtn", norm2(exp_(u)), "<=", exp_(norminf(u)), true=False, spec=U,
  witness={"n": 2, "u": [0, 0]}, f=lambda p: (n2(vexp(p["u"])), mp.exp(ninf(p["u"]))),
  why="sqrt 2 vs 1")
E(C, "operator-frob", norm2(A * x), "<=", frob(A) * norm2(x), true=True,
  spec={"A": ("n", "d"), "x": "d"},
  f=lambda p: (n2(mv(p["A"], p["x"])), frobn(p["A"]) * n2(p["x"])), why="op <= frob")
E(C, "operator-frob-inf", norm2(A * x), "<=", frob(A) * norminf(x), true=False,
  spec={"A": ("n", "d"), "x": "d"}, witness={"n": 1, "d": 2, "A": [[1, 1]], "x": [1, 1]},
  f=lambda p: (n2(mv(p["A"], p["x"])), frobn(p["A"]) * ninf(p["x"])), why="2 vs sqrt 2")
E(C, "lse-le-max-log", logsumexp(u), "<=", max_entry(u) + sp.log(n), true=True, spec=U,
  deg=1, f=lambda p: (lse(p["u"]), vmax(p["u"]) + mp.log(p["n"])), why="n terms <= max")
E(C, "lse-le-max", logsumexp(u), "<=", max_entry(u), true=False, spec=U,
  witness={"n": 2, "u": [0, 0]}, f=lambda p: (lse(p["u"]), vmax(p["u"])), why="log 2 vs 0")
E(C, "lse-ge-max", logsumexp(u), ">=", max_entry(u), true=True, spec=U, deg=1,
  f=lambda p: (lse(p["u"]), vmax(p["u"])), why="one term")
E(C, "lse-ge-max-log", logsumexp(u), ">=", max_entry(u) + sp.log(n), true=False, spec=U,
  witness={"n": 2, "u": [0, -10]}, f=lambda p: (lse(p["u"]), vmax(p["u"]) + mp.log(p["n"])),
  why="log(1 + e^-10) vs log 2")
E(C, "exp-difference", norm2(exp_(u) - exp_(v)), "<=",
  norm2(exp_(u)) * (exp_(norminf(u - v)) - 1), true=True, spec=UV, big=False,
  f=lambda p: (n2(sub(vexp(p["u"]), vexp(p["v"]))),
               n2(vexp(p["u"])) * (mp.exp(ninf(sub(p["u"], p["v"]))) - 1)),
  why="|e^b - e^a| <= e^a (e^|b-a| - 1)")
E(C, "exp-difference-linear", norm2(exp_(u) - exp_(v)), "<=",
  norm2(exp_(u)) * norminf(u - v), true=False, spec=UV, witness={"n": 1, "u": [0], "v": [1]},
  f=lambda p: (n2(sub(vexp(p["u"]), vexp(p["v"]))),
               n2(vexp(p["u"])) * ninf(sub(p["u"], p["v"]))),
  why="e - 1 vs 1")

# ================================================================ empty-and-size-1
C = "empty-and-size-1"
E1 = {"e": "n-1"}
E(C, "partition-nonneg", inner(exp_(e), ones(n - 1)), ">=", 0, true=True, spec=E1,
  f=lambda p: (ip(vexp(p["e"]), onesv(p["n"] - 1)), F(0)), why="empty sum is 0")
E(C, "partition-pos", inner(exp_(e), ones(n - 1)), ">", 0, true=False, spec=E1,
  witness={"n": 1, "e": []}, f=lambda p: (ip(vexp(p["e"]), onesv(p["n"] - 1)), F(0)),
  why="n = 1: the empty sum is 0")
E(C, "partition-pos-n2", inner(exp_(e), ones(n - 1)), ">", 0, true=True, spec=E1,
  dims={"n": (2, 6)}, f=lambda p: (ip(vexp(p["e"]), onesv(p["n"] - 1)), F(0)),
  why="at least one positive term")
E(C, "exp-norm-pos", norm2(exp_(e)), ">", 0, true=False, spec=E1, witness={"n": 1, "e": []},
  f=lambda p: (n2(vexp(p["e"])), F(0)), why="n = 1: empty vector, norm 0")
E(C, "exp-norm-nonneg", norm2(exp_(e)), ">=", 0, true=True, spec=E1,
  f=lambda p: (n2(vexp(p["e"])), F(0)), why="norms are >= 0")
E(C, "partition-ge-count", inner(exp_(e), ones(n - 1)), ">=", (n - 1) * exp_(-norminf(e)),
  true=True, spec=E1, f=lambda p: (ip(vexp(p["e"]), onesv(p["n"] - 1)),
                                   (p["n"] - 1) * mp.exp(-ninf(p["e"]))),
  why="each of the n - 1 terms >= e^-||e||")
E(C, "partition-ge-n", inner(exp_(e), ones(n - 1)), ">=", n * exp_(-norminf(e)), true=False,
  spec=E1, witness={"n": 1, "e": []},
  f=lambda p: (ip(vexp(p["e"]), onesv(p["n"] - 1)), p["n"] * mp.exp(-ninf(p["e"]))),
  why="n = 1: 0 vs 1 (n for n - 1)")
E(C, "ones-count", norm2(ones(n - 1)) ** 2, "=", n - 1, true=True, spec={},
  f=lambda p: (n2(onesv(p["n"] - 1)) ** 2, F(p["n"] - 1)), why="n - 1 ones")
E(C, "ones-at-least-1", norm2(ones(n - 1)), ">=", 1, true=False, spec={}, witness={"n": 1},
  f=lambda p: (n2(onesv(p["n"] - 1)), F(1)), why="n = 1: 0 vs 1")
E(C, "sum-le-norm1", sum_entries(e), "<=", norm1(e), true=True, spec=E1,
  f=lambda p: (vsum(p["e"]), n1(p["e"])), why="also for the empty vector")
E(C, "sum-lt-norm1", sum_entries(e), "<", norm1(e), true=False, spec=E1,
  witness={"n": 1, "e": []}, f=lambda p: (vsum(p["e"]), n1(p["e"])), why="n = 1: 0 vs 0")
E(C, "one-by-one-op-frob", opnorm(M1), "=", frob(M1), true=True, spec={"M": (1, 1)},
  f=lambda p: (opn(p["M"]), frobn(p["M"])), why="1x1: both |m|")
E(C, "n-by-n-op-frob", opnorm(P), "=", frob(P), true=False, spec={"P": ("n", "n")},
  witness=lambda: {"n": 2, "P": eye(2)}, f=lambda p: (opn(p["P"]), frobn(p["P"])),
  why="I_2: 1 vs sqrt 2 (true at n = 1)")
E(C, "one-by-one-op-entry", opnorm(M1), "=", entry(M1, 1, 1), true=False, spec={"M": (1, 1)},
  witness={"M": [[-1]]}, f=lambda p: (opn(p["M"]), p["M"][0][0]), why="M = (-1): 1 vs -1")
E(C, "one-by-one-op-abs", opnorm(M1), "=", sp.Abs(entry(M1, 1, 1)), true=True,
  spec={"M": (1, 1)}, f=lambda p: (opn(p["M"]), abs(p["M"][0][0])), why="1x1")
E(C, "one-by-one-square", opnorm(M1 * M1), "=", opnorm(M1) ** 2, true=True, spec={"M": (1, 1)},
  deg=2, f=lambda p: (opn(mm(p["M"], p["M"])), opn(p["M"]) ** 2), why="|m^2| = |m|^2")
E(C, "n-by-n-square", opnorm(P * P), "=", opnorm(P) ** 2, true=False, spec={"P": ("n", "n")},
  witness={"n": 2, "P": [[0, 1], [0, 0]]}, f=lambda p: (opn(mm(p["P"], p["P"])), opn(p["P"]) ** 2),
  why="nilpotent: 0 vs 1")
E(C, "size-1-norms", norm2(z), "=", norm1(z), true=True, spec={"z": "1"},
  f=lambda p: (n2(p["z"]), n1(p["z"])), why="one entry")
E(C, "size-n-norms", norm2(u), "=", norm1(u), true=False, spec=U, witness={"n": 2, "u": [1, 1]},
  f=lambda p: (n2(p["u"]), n1(p["u"])), why="(1, 1): sqrt 2 vs 2")
E(C, "size-1-softmax", entry(softmax(z), 1), "=", 1, true=True, spec={"z": "1"},
  f=lambda p: (smax(p["z"])[0], F(1)), why="one entry")
E(C, "size-n-softmax", entry(softmax(u), 1), "=", 1, true=False, spec=U,
  witness={"n": 2, "u": [0, 0]}, f=lambda p: (smax(p["u"])[0], F(1)), why="n = 2: 1/2")
E(C, "size-1-lse", logsumexp(z), "=", entry(z, 1), true=True, spec={"z": "1"}, deg=1,
  f=lambda p: (lse(p["z"]), p["z"][0]), why="one entry")
E(C, "size-n-lse", logsumexp(u), "=", max_entry(u), true=False, spec=U,
  witness={"n": 2, "u": [0, 0]}, f=lambda p: (lse(p["u"]), vmax(p["u"])), why="log 2 vs 0")
E(C, "n3-2-le-nm1-inf", norm2(u), "<=", (n - 1) * norminf(u), true=True, spec=U,
  dims={"n": (3, 6)}, f=lambda p: (n2(p["u"]), (p["n"] - 1) * ninf(p["u"])),
  why="sqrt n <= n - 1 for n >= 3")
E(C, "n2-2-le-nm1-inf", norm2(u), "<=", (n - 1) * norminf(u), true=False, spec=U,
  dims={"n": (2, 6)}, witness={"n": 2, "u": [1, 1]},
  f=lambda p: (n2(p["u"]), (p["n"] - 1) * ninf(p["u"])), why="n = 2: sqrt 2 vs 1")

# ================================================================ ranges
C = "ranges"
E(C, "1-le-2x2-n4", norm1(u), "<=", 2 * norm2(u), dims={"n": (1, 4)}, true=True, spec=U,
  f=lambda p: (n1(p["u"]), 2 * n2(p["u"])), why="||u||_1 <= sqrt n ||u||_2 <= 2 ||u||_2")
E(C, "1-le-2x2-n5", norm1(u), "<=", 2 * norm2(u), dims={"n": (1, 5)}, true=False, spec=U,
  witness={"n": 5, "u": [1] * 5}, f=lambda p: (n1(p["u"]), 2 * n2(p["u"])),
  why="n = 5, ones: 5 vs 2 sqrt 5 = 4.47")
E(C, "1-le-3inf-n3", norm1(u), "<=", 3 * norminf(u), dims={"n": (1, 3)}, true=True, spec=U,
  f=lambda p: (n1(p["u"]), 3 * ninf(p["u"])), why="n <= 3 terms <= max")
E(C, "1-le-3inf-n4", norm1(u), "<=", 3 * norminf(u), dims={"n": (1, 4)}, true=False, spec=U,
  witness={"n": 4, "u": [1] * 4}, f=lambda p: (n1(p["u"]), 3 * ninf(p["u"])),
  why="n = 4, ones: 4 vs 3")
E(C, "partition-le-3max-n3", inner(exp_(u), one), "<=", 3 * exp_(max_entry(u)),
  dims={"n": (1, 3)}, true=True, spec=U,
  f=lambda p: (ip(vexp(p["u"]), onesv(p["n"])), 3 * mp.exp(vmax(p["u"]))), why="n <= 3 terms")
E(C, "partition-le-3max-n4", inner(exp_(u), one), "<=", 3 * exp_(max_entry(u)),
  dims={"n": (1, 4)}, true=False, spec=U, witness={"n": 4, "u": [0] * 4},
  f=lambda p: (ip(vexp(p["u"]), onesv(p["n"])), 3 * mp.exp(vmax(p["u"]))), why="4 vs 3")
E(C, "lse-le-max-plus-1-n2", logsumexp(u), "<=", max_entry(u) + 1, dims={"n": (1, 2)},
  true=True, spec=U, deg=1, f=lambda p: (lse(p["u"]), vmax(p["u"]) + 1),
  why="lse <= max + log n, log 2 < 1")
E(C, "lse-le-max-plus-1-n3", logsumexp(u), "<=", max_entry(u) + 1, dims={"n": (1, 3)},
  true=False, spec=U, witness={"n": 3, "u": [0] * 3}, f=lambda p: (lse(p["u"]), vmax(p["u"]) + 1),
  why="n = 3, u = 0: log 3 = 1.0986 vs 1")
E(C, "frob-le-2op-n4", frob(A), "<=", 2 * opnorm(A), dims={"n": (1, 4)}, true=True,
  spec={"A": ("n", "d")}, f=lambda p: (frobn(p["A"]), 2 * opn(p["A"])),
  why="rank <= n <= 4: ||A||_F <= sqrt(rank) ||A||")
E(C, "frob-le-2op-n5", frob(A), "<=", 2 * opnorm(A), dims={"n": (1, 5)}, true=False,
  spec={"A": ("n", "d")}, witness=lambda: {"n": 5, "d": 5, "A": eye(5)},
  f=lambda p: (frobn(p["A"]), 2 * opn(p["A"])), why="I_5: sqrt 5 vs 2")
E(C, "entry-le-inf", entry(u, i), "<=", norminf(u), true=True, spec={"u": "n", "i": "i:n"},
  f=lambda p: (p["u"][p["i"] - 1], ninf(p["u"])), why="every index, the last included")
E(C, "entry-lt-inf", entry(u, i), "<", norminf(u), true=False, spec={"u": "n", "i": "i:n"},
  witness={"n": 1, "u": [1], "i": 1}, f=lambda p: (p["u"][p["i"] - 1], ninf(p["u"])),
  why="equality at the largest entry")
E(C, "entry-le-last", entry(u, i), "<=", entry(u, n), true=False, spec={"u": "n", "i": "i:n"},
  witness={"n": 2, "u": [1, 0], "i": 1}, f=lambda p: (p["u"][p["i"] - 1], p["u"][p["n"] - 1]),
  why="true only at i = n")
E(C, "last-le-inf", entry(u, n), "<=", norminf(u), true=True, spec=U,
  f=lambda p: (p["u"][p["n"] - 1], ninf(p["u"])), why="the last entry")
E(C, "last-ge-first", entry(u, n), ">=", entry(u, 1), true=False, spec=U,
  witness={"n": 2, "u": [1, 0]}, f=lambda p: (p["u"][p["n"] - 1], p["u"][0]),
  why="u = (1, 0): 0 vs 1 (true at n = 1)")
E(C, "entry-sq-le-norm-sq", entry(u, i) ** 2, "<=", norm2(u) ** 2, true=True,
  spec={"u": "n", "i": "i:n"}, f=lambda p: (p["u"][p["i"] - 1] ** 2, n2(p["u"]) ** 2),
  why="one term")
E(C, "entry-sq-le-mean-sq", entry(u, i) ** 2, "<=", norm2(u) ** 2 / n, true=False,
  spec={"u": "n", "i": "i:n"}, witness={"n": 2, "u": [1, 0], "i": 1},
  f=lambda p: (p["u"][p["i"] - 1] ** 2, n2(p["u"]) ** 2 / p["n"]), why="1 vs 1/2")
E(C, "col-le-op", norm2(col(A, i)), "<=", opnorm(A), true=True,
  spec={"A": ("n", "d"), "i": "i:d"},
  f=lambda p: (n2([r[p["i"] - 1] for r in p["A"]]), opn(p["A"])), why="A e_i")
E(C, "col-ge-op", norm2(col(A, i)), ">=", opnorm(A), true=False,
  spec={"A": ("n", "d"), "i": "i:d"}, witness={"n": 1, "d": 2, "A": [[1, 1]], "i": 1},
  f=lambda p: (n2([r[p["i"] - 1] for r in p["A"]]), opn(p["A"])), why="1 vs sqrt 2")
E(C, "entry-Ax", sp.Abs(entry(A * x, i)), "<=", opnorm(A) * norm2(x), true=True,
  spec={"A": ("n", "d"), "x": "d", "i": "i:n"},
  f=lambda p: (abs(mv(p["A"], p["x"])[p["i"] - 1]), opn(p["A"]) * n2(p["x"])),
  why="|(Ax)_i| <= ||Ax||_2")
E(C, "entry-Ax-inf", sp.Abs(entry(A * x, i)), "<=", opnorm(A) * norminf(x), true=False,
  spec={"A": ("n", "d"), "x": "d", "i": "i:n"},
  witness={"n": 1, "d": 2, "A": [[1, 1]], "x": [1, 1], "i": 1},
  f=lambda p: (abs(mv(p["A"], p["x"])[p["i"] - 1]), opn(p["A"]) * ninf(p["x"])),
  why="2 vs sqrt 2")
E(C, "short-entry-le-inf", entry(e, i), "<=", norminf(e), true=True,
  spec={"e": "n-1", "i": "i:n-1"}, nr=(2, 6),
  f=lambda p: (p["e"][p["i"] - 1], ninf(p["e"])), why="i in [1, n - 1] (empty at n = 1)")

# ================================================================ definedness
C = "definedness"


def _pos(p, rng):
    p["u"] = [abs(a) if a != 0 else F(rng.random() + 0.01) for a in p["u"]]
    return p


def _pos_uv(p, rng):
    if n2(p["u"]) == 0 or n2(p["v"]) == 0:
        p["u"] = [a if a != 0 else F(rng.gauss(0, 1)) for a in p["u"]]
        p["v"] = [a if a != 0 else F(rng.gauss(0, 1)) for a in p["v"]]
    return p


def _simplex(p, rng):
    p = _pos(p, rng)
    s = vsum(p["u"])
    p["u"] = [a / s for a in p["u"]]
    return p


POS_H = [Prop(min_entry(u), ">", 0)]
pos_h = lambda p: vmin(p["u"]) > 0  # noqa: E731
E(C, "log-norm", norm2(log_(u)), ">=", 0, true=False, spec=U, witness={"n": 1, "u": [0]},
  f=lambda p: (n2(vlog(p["u"])), F(0)), undefined=True, why="u = (0): log 0 undefined")
E(C, "log-norm-pos", norm2(log_(u)), ">=", 0, POS_H, true=True, spec=U, fix=_pos, hyp=pos_h,
  f=lambda p: (n2(vlog(p["u"])), F(0)), why="defined, a norm")
E(C, "log-norm-nonneg-hyp", norm2(log_(u)), ">=", 0, [Prop(min_entry(u), ">=", 0)],
  true=False, spec=U, witness={"n": 1, "u": [0]}, hyp=lambda p: vmin(p["u"]) >= 0,
  f=lambda p: (n2(vlog(p["u"])), F(0)), undefined=True, why=">= 0 admits an entry 0")
E(C, "log-norm-first-pos", norm2(log_(u)), ">=", 0, [Prop(entry(u, 1), ">", 0)], true=False,
  spec=U, witness={"n": 2, "u": [1, 0]}, hyp=lambda p: p["u"][0] > 0,
  f=lambda p: (n2(vlog(p["u"])), F(0)), undefined=True, why="only the first entry > 0")
E(C, "log-tangent-sum", sum_entries(log_(u)), "<=", sum_entries(u) - n, true=False, spec=U,
  witness={"n": 1, "u": [-1]}, f=lambda p: (vsum(vlog(p["u"])), vsum(p["u"]) - p["n"]),
  undefined=True, why="u = (-1): log undefined")
E(C, "log-tangent-sum-pos", sum_entries(log_(u)), "<=", sum_entries(u) - n, POS_H, true=True,
  spec=U, fix=_pos, hyp=pos_h, big=False, deg=1,
  f=lambda p: (vsum(vlog(p["u"])), vsum(p["u"]) - p["n"]), why="log a <= a - 1")
E(C, "cosine", inner(u, v) / (norm2(u) * norm2(v)), "<=", 1,
  [Prop(norm2(u), ">", 0), Prop(norm2(v), ">", 0)], true=True, spec=UV, fix=_pos_uv,
  hyp=lambda p: n2(p["u"]) > 0 and n2(p["v"]) > 0,
  f=lambda p: (div(ip(p["u"], p["v"]), n2(p["u"]) * n2(p["v"])), F(1)), deg=0,
  why="Cauchy-Schwarz")
E(C, "cosine-one-hyp", inner(u, v) / (norm2(u) * norm2(v)), "<=", 1, [Prop(norm2(u), ">", 0)],
  true=False, spec=UV, witness={"n": 1, "u": [1], "v": [0]}, hyp=lambda p: n2(p["u"]) > 0,
  f=lambda p: (div(ip(p["u"], p["v"]), n2(p["u"]) * n2(p["v"])), F(1)), undefined=True,
  why="v = 0: 0/0")
E(C, "log-min-max", sp.log(min_entry(u)), "<=", sp.log(max_entry(u)), POS_H, true=True,
  spec=U, fix=_pos, hyp=pos_h, deg=0,
  f=lambda p: (slog(vmin(p["u"])), slog(vmax(p["u"]))), why="log increasing")
E(C, "log-min-max-maxpos", sp.log(min_entry(u)), "<=", sp.log(max_entry(u)),
  [Prop(max_entry(u), ">", 0)], true=False, spec=U, witness={"n": 2, "u": [-1, 1]},
  hyp=lambda p: vmax(p["u"]) > 0, f=lambda p: (slog(vmin(p["u"])), slog(vmax(p["u"]))),
  undefined=True, why="log(-1)")
E(C, "log-lse", sp.log(logsumexp(u)), "<=", logsumexp(u) - 1, POS_H, true=True, spec=U,
  fix=_pos, hyp=pos_h, big=False, deg=0, f=lambda p: (slog(lse(p["u"])), lse(p["u"]) - 1),
  why="lse > 0 when u > 0; log a <= a - 1")
E(C, "log-lse-nonneg", sp.log(logsumexp(u)), "<=", logsumexp(u) - 1,
  [Prop(min_entry(u), ">=", 0)], true=False, spec=U, witness={"n": 1, "u": [0]},
  hyp=lambda p: vmin(p["u"]) >= 0, f=lambda p: (slog(lse(p["u"])), lse(p["u"]) - 1),
  undefined=True, why="n = 1, u = 0: lse = 0, log 0")
E(C, "log-partition", sp.log(inner(exp_(u), one)), ">=", min_entry(u), true=True, spec=U,
  big=False, deg=0, f=lambda p: (slog(ip(vexp(p["u"]), onesv(p["n"]))), vmin(p["u"])),
  why="always defined: partition >= e^min")
E(C, "log-softmax-sum", sum_entries(log_(softmax(u))), "<=", 0, true=True, spec=U, big=False,
  deg=0, f=lambda p: (vsum(vlog(smax(p["u"]))), F(0)), why="softmax in (0, 1]: always defined")
E(C, "log-softmax-sum-strict", sum_entries(log_(softmax(u))), "<", 0, true=False, spec=U,
  witness={"n": 1, "u": [0]}, f=lambda p: (vsum(vlog(smax(p["u"]))), F(0)),
  why="n = 1: log 1 = 0")
E(C, "log-simplex", sum_entries(log_(u)), "<=", -n * sp.log(n),
  [Prop(min_entry(u), ">", 0), Prop(sum_entries(u), "=", 1)], true=True, spec=U, fix=_simplex,
  hyp=lambda p: vmin(p["u"]) > 0 and eq(vsum(p["u"]), 1), big=False, deg=0,
  f=lambda p: (vsum(vlog(p["u"])), -p["n"] * mp.log(p["n"])), why="AM-GM")
E(C, "log-simplex-no-pos", sum_entries(log_(u)), "<=", -n * sp.log(n),
  [Prop(sum_entries(u), "=", 1)], true=False, spec=U, witness={"n": 2, "u": [2, -1]},
  hyp=lambda p: eq(vsum(p["u"]), 1), f=lambda p: (vsum(vlog(p["u"])), -p["n"] * mp.log(p["n"])),
  undefined=True, why="u = (2, -1): log(-1)")
E(C, "log-square", sum_entries(log_(hadamard(u, u))), "=", 2 * sum_entries(log_(u)), POS_H,
  true=True, spec=U, fix=_pos, hyp=pos_h, big=False, deg=0,
  f=lambda p: (vsum(vlog(had(p["u"], p["u"]))), 2 * vsum(vlog(p["u"]))),
  why="log a^2 = 2 log a for a > 0")
E(C, "log-square-any", sum_entries(log_(hadamard(u, u))), "=", 2 * sum_entries(log_(u)),
  true=False, spec=U, witness={"n": 1, "u": [-1]},
  f=lambda p: (vsum(vlog(had(p["u"], p["u"]))), 2 * vsum(vlog(p["u"]))), undefined=True,
  why="u = (-1): the right side is undefined")
E(C, "sqrt-sum", sp.sqrt(sum_entries(u)), "<=", sp.sqrt(n) * sp.sqrt(norminf(u)),
  [Prop(min_entry(u), ">=", 0)], true=True, spec=U, fix=_pos,
  hyp=lambda p: vmin(p["u"]) >= 0, deg=1,
  f=lambda p: (ssqrt(vsum(p["u"])), mp.sqrt(p["n"]) * mp.sqrt(ninf(p["u"]))),
  why="sum <= n max")
E(C, "sqrt-sum-any", sp.sqrt(sum_entries(u)), "<=", sp.sqrt(n) * sp.sqrt(norminf(u)),
  true=False, spec=U, witness={"n": 1, "u": [-1]},
  f=lambda p: (ssqrt(vsum(p["u"])), mp.sqrt(p["n"]) * mp.sqrt(ninf(p["u"]))), undefined=True,
  why="sqrt(-1)")

# ================================================================ loewner
C = "loewner"
ZH = Prop(Z, "⪯", P)
PQ = Prop(P, "⪯", Q)


def _sym(B):
    return mm(B, tr(B))


def _fix_psd_pair(p, rng):
    """0 ⪯ P ⪯ Q: P = B B^T, Q = P + C C^T (sometimes Q = P)."""
    p["P"] = _sym(p["P"])
    p["Q"] = p["P"] if rng.random() < 0.25 else madd(p["P"], _sym(p["Q"]))
    return p


def _fix_pair(p, rng):
    """P ⪯ Q with P symmetric of any sign."""
    B = p["P"]
    p["P"] = madd(B, tr(B))
    p["Q"] = p["P"] if rng.random() < 0.25 else madd(p["P"], _sym(p["Q"]))
    return p


def _fix_psd(p, rng):
    p["P"] = _sym(p["P"])
    return p


PP = {"P": ("n", "n"), "Q": ("n", "n")}
E(C, "norm-monotone", opnorm(P), "<=", opnorm(Q), [ZH, PQ], true=True, spec=PP, big=False,
  fix=_fix_psd_pair, hyp=lambda p: psd(p["P"]) and loe(p["P"], p["Q"]),
  f=lambda p: (opn(p["P"]), opn(p["Q"])), why="0 ⪯ P ⪯ Q: largest eigenvalues ordered")
E(C, "norm-monotone-no-psd", opnorm(P), "<=", opnorm(Q), [PQ], true=False, spec=PP,
  witness=lambda: {"n": 1, "P": [[-2]], "Q": [[1]]}, hyp=lambda p: loe(p["P"], p["Q"]),
  f=lambda p: (opn(p["P"]), opn(p["Q"])), why="P = -2I, Q = I")
E(C, "norm-monotone-strict", opnorm(P), "<", opnorm(Q), [ZH, PQ], true=False, spec=PP,
  witness=lambda: {"n": 1, "P": [[1]], "Q": [[1]]},
  hyp=lambda p: psd(p["P"]) and loe(p["P"], p["Q"]), f=lambda p: (opn(p["P"]), opn(p["Q"])),
  why="P = Q")
E(C, "quad-monotone", inner(u, P * u), "<=", inner(u, Q * u), [PQ], true=True,
  spec={**PP, "u": "n"}, big=False, fix=_fix_pair, hyp=lambda p: loe(p["P"], p["Q"]),
  f=lambda p: (ip(p["u"], mv(p["P"], p["u"])), ip(p["u"], mv(p["Q"], p["u"]))), deg=3,
  why="u^T (Q - P) u >= 0")
E(C, "quad-reversed", inner(u, P * u), "<=", inner(u, Q * u), [Prop(Q, "⪯", P)], true=False,
  spec={**PP, "u": "n"}, witness=lambda: {"n": 1, "P": [[1]], "Q": [[0]], "u": [1]},
  hyp=lambda p: loe(p["Q"], p["P"]),
  f=lambda p: (ip(p["u"], mv(p["P"], p["u"])), ip(p["u"], mv(p["Q"], p["u"]))),
  why="order reversed: 1 vs 0")
E(C, "quad-nonneg", inner(u, P * u), ">=", 0, [ZH], true=True, spec={"P": ("n", "n"), "u": "n"},
  big=False, fix=_fix_psd, hyp=lambda p: psd(p["P"]), deg=3,
  f=lambda p: (ip(p["u"], mv(p["P"], p["u"])), F(0)), why="PSD")
E(C, "quad-pos", inner(u, P * u), ">", 0, [ZH], true=False, spec={"P": ("n", "n"), "u": "n"},
  witness=lambda: {"n": 1, "P": [[1]], "u": [0]}, hyp=lambda p: psd(p["P"]),
  f=lambda p: (ip(p["u"], mv(p["P"], p["u"])), F(0)), why="u = 0")
E(C, "diag-nonneg", entry(P, i, i), ">=", 0, [ZH], true=True,
  spec={"P": ("n", "n"), "i": "i:n"}, big=False, fix=_fix_psd, hyp=lambda p: psd(p["P"]),
  f=lambda p: (p["P"][p["i"] - 1][p["i"] - 1], F(0)), why="e_i^T P e_i")
E(C, "offdiag-nonneg", entry(P, i, j), ">=", 0, [ZH], true=False,
  spec={"P": ("n", "n"), "i": "i:n", "j": "i:n"},
  witness=lambda: {"n": 2, "P": [[1, -1], [-1, 1]], "i": 1, "j": 2}, hyp=lambda p: psd(p["P"]),
  f=lambda p: (p["P"][p["i"] - 1][p["j"] - 1], F(0)), why="wrong index: P_12 = -1")
E(C, "diag-monotone", entry(P, i, i), "<=", entry(Q, i, i), [PQ], true=True,
  spec={**PP, "i": "i:n"}, big=False, fix=_fix_pair, hyp=lambda p: loe(p["P"], p["Q"]),
  f=lambda p: (p["P"][p["i"] - 1][p["i"] - 1], p["Q"][p["i"] - 1][p["i"] - 1]),
  why="e_i^T (Q - P) e_i >= 0")
E(C, "offdiag-monotone", entry(P, i, j), "<=", entry(Q, i, j), [PQ], true=False,
  spec={**PP, "i": "i:n", "j": "i:n"},
  witness=lambda: {"n": 2, "P": zeros(2, 2), "Q": [[1, -1], [-1, 1]], "i": 1, "j": 2},
  hyp=lambda p: loe(p["P"], p["Q"]),
  f=lambda p: (p["P"][p["i"] - 1][p["j"] - 1], p["Q"][p["i"] - 1][p["j"] - 1]),
  why="wrong index: 0 vs -1")
E(C, "norm-le-1", opnorm(P), "<=", 1, [ZH, Prop(P, "⪯", I_n)], true=True,
  spec={"P": ("n", "n")}, big=False, deg=0,
  fix=lambda p, rng: dict(p, P=[[a / (1 + opn(_sym(p["P"]))) for a in r]
                               for r in _sym(p["P"])]),
  hyp=lambda p: psd(p["P"]) and loe(p["P"], eye(p["n"])), f=lambda p: (opn(p["P"]), F(1)),
  why="0 ⪯ P ⪯ I")
E(C, "norm-le-1-no-psd", opnorm(P), "<=", 1, [Prop(P, "⪯", I_n)], true=False,
  spec={"P": ("n", "n")}, witness=lambda: {"n": 1, "P": [[-2]]},
  hyp=lambda p: loe(p["P"], eye(p["n"])), f=lambda p: (opn(p["P"]), F(1)), why="P = -2I")
E(C, "frob-monotone", frob(P), "<=", frob(Q), [ZH, PQ], true=True, spec=PP, big=False,
  fix=_fix_psd_pair, hyp=lambda p: psd(p["P"]) and loe(p["P"], p["Q"]),
  f=lambda p: (frobn(p["P"]), frobn(p["Q"])), why="tr Q^2 - tr P^2 = tr((Q-P)Q) + tr(P(Q-P))")
E(C, "frob-monotone-no-psd", frob(P), "<=", frob(Q), [PQ], true=False, spec=PP,
  witness=lambda: {"n": 1, "P": [[-2]], "Q": [[1]]}, hyp=lambda p: loe(p["P"], p["Q"]),
  f=lambda p: (frobn(p["P"]), frobn(p["Q"])), why="P = -2I, Q = I")
E(C, "rank-one-up", P, "⪯", P + u * u.T, true=True, spec={"P": ("n", "n"), "u": "n"},
  f=lambda p: (zeros(p["n"], p["n"]), outer(p["u"], p["u"])),
  why="(P + uu^T) - P = uu^T (compared as the difference)")
E(C, "rank-one-uv", P, "⪯", P + u * v.T, true=False, spec={"P": ("n", "n"), "u": "n", "v": "n"},
  witness=lambda: {"n": 1, "P": [[0]], "u": [1], "v": [-1]},
  f=lambda p: (p["P"], madd(p["P"], outer(p["u"], p["v"]))), why="uv^T = -1")
E(C, "transitive", P, "⪯", Q, [Prop(P, "⪯", S), Prop(S, "⪯", Q)], true=True,
  spec={"P": ("n", "n"), "Q": ("n", "n"), "S": ("n", "n")}, big=False,
  fix=lambda p, rng: dict(p, S=madd(madd(p["P"], tr(p["P"])), _sym(p["S"])),
                          Q=madd(madd(madd(p["P"], tr(p["P"])), _sym(p["S"])), _sym(p["Q"])),
                          P=madd(p["P"], tr(p["P"]))),
  hyp=lambda p: loe(p["P"], p["S"]) and loe(p["S"], p["Q"]),
  f=lambda p: (p["P"], p["Q"]), why="sum of PSD matrices")
E(C, "transitive-wrong", P, "⪯", Q, [Prop(P, "⪯", S), Prop(Q, "⪯", S)], true=False,
  spec={"P": ("n", "n"), "Q": ("n", "n"), "S": ("n", "n")},
  witness=lambda: {"n": 1, "P": [[0]], "S": [[1]], "Q": [[-1]]},
  hyp=lambda p: loe(p["P"], p["S"]) and loe(p["Q"], p["S"]), f=lambda p: (p["P"], p["Q"]),
  why="both below S, not ordered")
E(C, "gram-psd", Z, "⪯", P * P.T, true=True, spec={"P": ("n", "n")},
  f=lambda p: (zeros(p["n"], p["n"]), _sym(p["P"])), why="x^T P P^T x = ||P^T x||^2")
E(C, "square-psd", Z, "⪯", P * P, true=False, spec={"P": ("n", "n")},
  witness=lambda: {"n": 2, "P": [[0, 1], [-1, 0]]},
  f=lambda p: (zeros(p["n"], p["n"]), mm(p["P"], p["P"])), why="rotation: P^2 = -I")

# ================================================================ equality-hyp
C = "equality-hyp"
UNIT_U, UNIT_V = Prop(norm2(u), "=", 1), Prop(norm2(v), "=", 1)
ORTH = Prop(inner(u, v), "=", 0)


def _unit(vec, rng):
    m = n2(vec)
    if m == 0:
        vec = [F(rng.gauss(0, 1)) for _ in vec]
        m = n2(vec)
    return [a / m for a in vec]


def _fix_units(p, rng):
    p["u"] = _unit(p["u"], rng)
    p["v"] = p["u"] if rng.random() < 0.2 else _unit(p["v"], rng)
    return p


def _fix_v_unit(p, rng):
    p["v"] = _unit(p["v"], rng)
    return p


def _orth(p, rng):
    uu = ip(p["u"], p["u"])
    if uu:
        k = ip(p["u"], p["v"]) / uu
        p["v"] = [b - k * a for a, b in zip(p["u"], p["v"])]
    return p


def _fix_unit_orth(p, rng):
    p["u"] = _unit(p["u"], rng)
    return _orth(p, rng)


def _centre(p, rng):
    m = vsum(p["u"]) / p["n"]
    p["u"] = [a - m for a in p["u"]]
    return p


units = lambda p: eq(n2(p["u"]), 1) and eq(n2(p["v"]), 1)  # noqa: E731
orth = lambda p: eq(ip(p["u"], p["v"]), 0, n2(p["u"]) * n2(p["v"]))  # noqa: E731
centred = lambda p: eq(vsum(p["u"]), 0, n1(p["u"]))  # noqa: E731
INV2 = lambda: 1 / mp.sqrt(2)  # noqa: E731
E(C, "unit-diff", norm2(u - v) ** 2, "=", 2 - 2 * inner(u, v), [UNIT_U, UNIT_V], true=True,
  spec=UV, fix=_fix_units, hyp=units, deg=0,
  f=lambda p: (n2(sub(p["u"], p["v"])) ** 2, 2 - 2 * ip(p["u"], p["v"])), why="expand")
E(C, "unit-diff-2", norm2(u - v) ** 2, "=", 2, [UNIT_U, UNIT_V], true=False, spec=UV,
  witness={"n": 1, "u": [1], "v": [1]}, hyp=units,
  f=lambda p: (n2(sub(p["u"], p["v"])) ** 2, F(2)), why="u = v: 0 vs 2")
E(C, "unit-diff-one-hyp", norm2(u - v) ** 2, "=", 2 - 2 * inner(u, v), [UNIT_U], true=False,
  spec=UV, witness={"n": 1, "u": [1], "v": [0]}, hyp=lambda p: eq(n2(p["u"]), 1),
  f=lambda p: (n2(sub(p["u"], p["v"])) ** 2, 2 - 2 * ip(p["u"], p["v"])),
  why="||v|| = 1 dropped: v = 0, 1 vs 2")
E(C, "orth-pythagoras", norm2(u + v) ** 2, "=", norm2(u) ** 2 + norm2(v) ** 2, [ORTH],
  true=True, spec=UV, fix=_orth, hyp=orth,
  f=lambda p: (n2(add(p["u"], p["v"])) ** 2, n2(p["u"]) ** 2 + n2(p["v"]) ** 2),
  why="Pythagoras")
E(C, "orth-norms-add", norm2(u + v), "=", norm2(u) + norm2(v), [ORTH], true=False, spec=UV,
  witness={"n": 2, "u": [1, 0], "v": [0, 1]}, hyp=orth,
  f=lambda p: (n2(add(p["u"], p["v"])), n2(p["u"]) + n2(p["v"])), why="sqrt 2 vs 2")
E(C, "unit-inner-le-1", inner(u, v), "<=", 1, [UNIT_U, UNIT_V], true=True, spec=UV,
  fix=_fix_units, hyp=units, deg=0, f=lambda p: (ip(p["u"], p["v"]), F(1)), why="C-S")
E(C, "unit-inner-lt-1", inner(u, v), "<", 1, [UNIT_U, UNIT_V], true=False, spec=UV,
  witness={"n": 1, "u": [1], "v": [1]}, hyp=units, f=lambda p: (ip(p["u"], p["v"]), F(1)),
  why="u = v: equality")
E(C, "unit-sum-le-sqrtn", sum_entries(u), "<=", sp.sqrt(n), [UNIT_U], true=True, spec=U,
  fix=lambda p, rng: dict(p, u=_unit(p["u"], rng)), hyp=lambda p: eq(n2(p["u"]), 1), deg=0,
  f=lambda p: (vsum(p["u"]), mp.sqrt(p["n"])), why="C-S with 1")
E(C, "unit-sum-le-1", sum_entries(u), "<=", 1, [UNIT_U], true=False, spec=U,
  witness=lambda: {"n": 2, "u": [INV2(), INV2()]}, hyp=lambda p: eq(n2(p["u"]), 1),
  f=lambda p: (vsum(p["u"]), F(1)), why="(1, 1)/sqrt 2: sqrt 2 vs 1")
E(C, "unit-1-ge-1", norm1(u), ">=", 1, [UNIT_U], true=True, spec=U,
  fix=lambda p, rng: dict(p, u=_unit(p["u"], rng)), hyp=lambda p: eq(n2(p["u"]), 1), deg=0,
  f=lambda p: (n1(p["u"]), F(1)), why="||u||_1 >= ||u||_2")
E(C, "unit-1-gt-1", norm1(u), ">", 1, [UNIT_U], true=False, spec=U,
  witness={"n": 1, "u": [1]}, hyp=lambda p: eq(n2(p["u"]), 1), f=lambda p: (n1(p["u"]), F(1)),
  why="u = e_1: equality")
E(C, "unit-op", norm2(A * x), "<=", opnorm(A), [Prop(norm2(x), "=", 1)], true=True,
  spec={"A": ("n", "d"), "x": "d"}, fix=lambda p, rng: dict(p, x=_unit(p["x"], rng)),
  hyp=lambda p: eq(n2(p["x"]), 1), deg=1,
  f=lambda p: (n2(mv(p["A"], p["x"])), opn(p["A"])), why="definition")
E(C, "unit-op-ge", norm2(A * x), ">=", opnorm(A), [Prop(norm2(x), "=", 1)], true=False,
  spec={"A": ("n", "d"), "x": "d"}, witness={"n": 1, "d": 2, "A": [[1, 0]], "x": [0, 1]},
  hyp=lambda p: eq(n2(p["x"]), 1), f=lambda p: (n2(mv(p["A"], p["x"])), opn(p["A"])),
  why="x in the kernel: 0 vs 1")
E(C, "zero-partition", inner(exp_(u), one), "=", n, [Prop(norm2(u), "=", 0)], true=True,
  spec=U, fix=lambda p, rng: dict(p, u=[F(0)] * p["n"]), hyp=lambda p: n2(p["u"]) == 0,
  f=lambda p: (ip(vexp(p["u"]), onesv(p["n"])), F(p["n"])), why="u = 0")
E(C, "zero-sum-partition", inner(exp_(u), one), "=", n, [Prop(sum_entries(u), "=", 0)],
  true=False, spec=U, witness={"n": 2, "u": [1, -1]}, hyp=centred,
  f=lambda p: (ip(vexp(p["u"]), onesv(p["n"])), F(p["n"])), why="e + 1/e vs 2")
E(C, "zero-sum-lse", logsumexp(u), ">=", sp.log(n), [Prop(sum_entries(u), "=", 0)], true=True,
  spec=U, fix=_centre, hyp=centred, big=False, deg=0,
  f=lambda p: (lse(p["u"]), mp.log(p["n"])), why="Jensen: lse >= mean + log n")
E(C, "zero-sum-lse-strict", logsumexp(u), ">", sp.log(n), [Prop(sum_entries(u), "=", 0)],
  true=False, spec=U, witness={"n": 2, "u": [0, 0]}, hyp=centred,
  f=lambda p: (lse(p["u"]), mp.log(p["n"])), why="u = 0: equality")
E(C, "unit-inner-le-norm", inner(u, v), "<=", norm2(u), [UNIT_V], true=True, spec=UV,
  fix=_fix_v_unit, hyp=lambda p: eq(n2(p["v"]), 1), deg=1,
  f=lambda p: (ip(p["u"], p["v"]), n2(p["u"])), why="C-S")
E(C, "unit-inner-le-inf", inner(u, v), "<=", norminf(u), [UNIT_V], true=False, spec=UV,
  witness=lambda: {"n": 2, "u": [1, 1], "v": [INV2(), INV2()]},
  hyp=lambda p: eq(n2(p["v"]), 1), f=lambda p: (ip(p["u"], p["v"]), ninf(p["u"])),
  why="sqrt 2 vs 1")
E(C, "unit-orth-ge-1", norm2(u + v), ">=", 1, [UNIT_U, ORTH], true=True, spec=UV,
  fix=_fix_unit_orth, hyp=lambda p: eq(n2(p["u"]), 1) and orth(p), deg=0,
  f=lambda p: (n2(add(p["u"], p["v"])), F(1)), why="||u + v||^2 = 1 + ||v||^2")
E(C, "unit-orth-gt-1", norm2(u + v), ">", 1, [UNIT_U, ORTH], true=False, spec=UV,
  witness={"n": 1, "u": [1], "v": [0]}, hyp=lambda p: eq(n2(p["u"]), 1) and orth(p),
  f=lambda p: (n2(add(p["u"], p["v"])), F(1)), why="v = 0: equality")

# ================================================================ certificates
C = "certificates"


def CE(name, src, edit, *, spec, f_src, f_edit, witness, hyp_src=None, hyp_edit=None,
       fix=None, big=True, deg=2, why):
    """A FALSE edit of a TRUE blackboard claim, both with one id."""
    cid = f"adv:{C}-{name}"
    s_lhs, s_rel, s_rhs, s_h = src
    e_lhs, e_rel, e_rhs, e_h = edit
    CERT_SOURCE[cid] = Claim(cid, s_lhs, s_rel, s_rhs, list(s_h))
    claim = Claim(cid, e_lhs, e_rel, e_rhs, list(e_h))
    src_ok = make_check(True, s_rel, f_src, spec, hyp_src, fix, big=big, deg=deg)
    edit_bad = make_check(False, e_rel, f_edit, spec, hyp_edit, witness=witness)
    _CERT_CHECKS[cid] = src_ok
    ENTRIES.append(Entry(claim, False, C, lambda: src_ok() and edit_bad(), why))


CE("exp-sup", (norminf(exp_(u)), "<=", exp_(norminf(u)), ()),
   (norminf(exp_(u)), "<=", exp_(norminf(u) / 2), ()), spec=U,
   f_src=lambda p: (ninf(vexp(p["u"])), mp.exp(ninf(p["u"]))),
   f_edit=lambda p: (ninf(vexp(p["u"])), mp.exp(ninf(p["u"]) / 2)),
   witness={"n": 1, "u": [2]}, why="exponent halved: e^2 vs e")
CE("partition-min", (inner(exp_(u), one), ">=", n * exp_(min_entry(u)), ()),
   (inner(exp_(u), one), ">=", sp.Rational(101, 100) * n * exp_(min_entry(u)), ()), spec=U,
   f_src=lambda p: (ip(vexp(p["u"]), onesv(p["n"])), p["n"] * mp.exp(vmin(p["u"]))),
   f_edit=lambda p: (ip(vexp(p["u"]), onesv(p["n"])),
                     F("1.01") * p["n"] * mp.exp(vmin(p["u"]))),
   witness={"n": 1, "u": [0]}, why="constant 1.01: u = 0, 1 vs 1.01")
CE("exp-lipschitz", (norm2(exp_(u) - exp_(v)), "<=", exp_(R) * norm2(u - v), LIP_H),
   (norm2(exp_(u) - exp_(v)), "<=", exp_(R) * norm2(u - v) / 2, LIP_H), spec=UV,
   fix=_fix_R("u", "v"), big=False,
   hyp_src=lambda p: le(ninf(p["u"]), p["R"]) and le(ninf(p["v"]), p["R"]),
   hyp_edit=lambda p: le(ninf(p["u"]), p["R"]) and le(ninf(p["v"]), p["R"]),
   f_src=lambda p: (n2(sub(vexp(p["u"]), vexp(p["v"]))),
                    mp.exp(p["R"]) * n2(sub(p["u"], p["v"]))),
   f_edit=lambda p: (n2(sub(vexp(p["u"]), vexp(p["v"]))),
                     mp.exp(p["R"]) * n2(sub(p["u"], p["v"])) / 2),
   witness={"n": 1, "u": [1], "v": ["0.9"], "R": 1}, why="constant halved: 0.2587 vs 0.1359")
CE("operator-r2", (norm2(A * x), "<=", R ** 2, [Prop(opnorm(A), "<=", R),
                                               Prop(norm2(x), "<=", R)]),
   (norm2(A * x), "<=", R ** 2 / 2, [Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R)]),
   spec={"A": ("n", "d"), "x": "d"}, fix=_fix_RA,
   hyp_src=lambda p: le(opn(p["A"]), p["R"]) and le(n2(p["x"]), p["R"]),
   hyp_edit=lambda p: le(opn(p["A"]), p["R"]) and le(n2(p["x"]), p["R"]),
   f_src=lambda p: (n2(mv(p["A"], p["x"])), p["R"] ** 2),
   f_edit=lambda p: (n2(mv(p["A"], p["x"])), p["R"] ** 2 / 2),
   witness={"n": 1, "d": 1, "A": [[2]], "x": [2], "R": 2}, why="constant halved: 4 vs 2")
CE("inner-r2", (inner(u, v), "<=", R ** 2, [Prop(norm2(u), "<=", R), Prop(norm2(v), "<=", R)]),
   (inner(u, v), "<=", R ** 2, [Prop(norm2(u), "<=", R), Prop(norm2(v), "<=", 2 * R)]),
   spec=UV, fix=_fix_R2, hyp_src=lambda p: le(n2(p["u"]), p["R"]) and le(n2(p["v"]), p["R"]),
   hyp_edit=lambda p: le(n2(p["u"]), p["R"]) and le(n2(p["v"]), 2 * p["R"]),
   f_src=lambda p: (ip(p["u"], p["v"]), p["R"] ** 2),
   f_edit=lambda p: (ip(p["u"], p["v"]), p["R"] ** 2),
   witness={"n": 1, "u": [1], "v": [2], "R": 1}, why="hypothesis weakened to 2R: 2 vs 1")
CE("exp-2-le-1", (norm2(exp_(u)), "<=", inner(exp_(u), one), ()),
   (norm2(exp_(u)), "<=", inner(exp_(u), one) / 2, ()), spec=U,
   f_src=lambda p: (n2(vexp(p["u"])), ip(vexp(p["u"]), onesv(p["n"]))),
   f_edit=lambda p: (n2(vexp(p["u"])), ip(vexp(p["u"]), onesv(p["n"])) / 2),
   witness={"n": 1, "u": [0]}, why="constant halved: 1 vs 1/2")
CE("exp-difference", (norm2(exp_(u) - exp_(v)), "<=",
                      norm2(exp_(u)) * (exp_(norminf(u - v)) - 1), ()),
   (norm2(exp_(u) - exp_(v)), "<=", norm2(exp_(u)) * (exp_(norminf(u - v) / 2) - 1), ()),
   spec=UV, big=False,
   f_src=lambda p: (n2(sub(vexp(p["u"]), vexp(p["v"]))),
                    n2(vexp(p["u"])) * (mp.exp(ninf(sub(p["u"], p["v"]))) - 1)),
   f_edit=lambda p: (n2(sub(vexp(p["u"]), vexp(p["v"]))),
                     n2(vexp(p["u"])) * (mp.exp(ninf(sub(p["u"], p["v"])) / 2) - 1)),
   witness={"n": 1, "u": [0], "v": [2]}, why="exponent halved: e^2 - 1 vs e - 1")
CE("loewner-norm", (opnorm(P), "<=", opnorm(Q), [ZH, PQ]),
   (opnorm(P), "<=", opnorm(Q) / 2, [ZH, PQ]), spec=PP, big=False, fix=_fix_psd_pair,
   hyp_src=lambda p: psd(p["P"]) and loe(p["P"], p["Q"]),
   hyp_edit=lambda p: psd(p["P"]) and loe(p["P"], p["Q"]),
   f_src=lambda p: (opn(p["P"]), opn(p["Q"])), f_edit=lambda p: (opn(p["P"]), opn(p["Q"]) / 2),
   witness=lambda: {"n": 1, "P": [[1]], "Q": [[1]]}, why="constant halved: P = Q = I")
CE("partition-max", (inner(exp_(u), one), "<=", n * exp_(max_entry(u)), ()),
   (inner(exp_(u), one), "<=", n * exp_(max_entry(u)) / 2, ()), spec=U,
   f_src=lambda p: (ip(vexp(p["u"]), onesv(p["n"])), p["n"] * mp.exp(vmax(p["u"]))),
   f_edit=lambda p: (ip(vexp(p["u"]), onesv(p["n"])), p["n"] * mp.exp(vmax(p["u"])) / 2),
   witness={"n": 1, "u": [0]}, why="constant halved: 1 vs 1/2")
CE("exp-2-sqrtn", (norm2(exp_(u)), "<=", sp.sqrt(n) * exp_(norminf(u)), ()),
   (norm2(exp_(u)), "<=", sp.Rational(99, 100) * sp.sqrt(n) * exp_(norminf(u)), ()), spec=U,
   f_src=lambda p: (n2(vexp(p["u"])), mp.sqrt(p["n"]) * mp.exp(ninf(p["u"]))),
   f_edit=lambda p: (n2(vexp(p["u"])), F("0.99") * mp.sqrt(p["n"]) * mp.exp(ninf(p["u"]))),
   witness={"n": 1, "u": [0]}, why="constant 0.99: 1 vs 0.99")

# ================================================================ sharper near misses
# (appended per category: a wrong dimension, a constant 1e-9 off, a hypothesis on the wrong
# matrix, a range one size too wide)
NEAR = 1 - sp.Rational(1, 10 ** 9)
E("schemas", "1-le-sqrtd-2", norm1(x), "<=", sp.sqrt(d) * norm2(x), true=True,
  spec={"x": "d"}, f=lambda p: (n1(p["x"]), mp.sqrt(p["d"]) * n2(p["x"])), why="x has d entries")
E("schemas", "1-le-sqrtn-2-wrong-dim", norm1(x), "<=", sp.sqrt(n) * norm2(x), true=False,
  spec={"x": "d"}, witness={"n": 1, "d": 2, "x": [1, 1]},
  f=lambda p: (n1(p["x"]), mp.sqrt(p["n"]) * n2(p["x"])), why="sqrt n for sqrt d: 2 vs sqrt 2")
E("schemas", "1-le-near-sqrtn-2", norm1(u), "<=", NEAR * sp.sqrt(n) * norm2(u), true=False,
  spec=U, witness={"n": 1, "u": [1]},
  f=lambda p: (n1(p["u"]), (1 - F("1e-9")) * mp.sqrt(p["n"]) * n2(p["u"])),
  why="constant 1 - 1e-9: equality at u = (1)")
E("blackboard", "partition-ge-d-min", inner(exp_(x), ones(d)), ">=", d * exp_(min_entry(x)),
  true=True, spec={"x": "d"},
  f=lambda p: (ip(vexp(p["x"]), onesv(p["d"])), p["d"] * mp.exp(vmin(p["x"]))),
  why="d terms each >= the smallest")
E("blackboard", "partition-ge-n-min-wrong-dim", inner(exp_(x), ones(d)), ">=",
  n * exp_(min_entry(x)), true=False, spec={"x": "d"}, witness={"n": 2, "d": 1, "x": [0]},
  f=lambda p: (ip(vexp(p["x"]), onesv(p["d"])), p["n"] * mp.exp(vmin(p["x"]))),
  why="n for d: 1 vs 2")
E("blackboard", "exp-sup-near", norminf(exp_(u)), "<=", NEAR * exp_(norminf(u)), true=False,
  spec=U, witness={"n": 1, "u": [0]},
  f=lambda p: (ninf(vexp(p["u"])), (1 - F("1e-9")) * mp.exp(ninf(p["u"]))),
  why="constant 1 - 1e-9: 1 vs 1 - 1e-9")
E("loewner", "norm-monotone-psd-q", opnorm(P), "<=", opnorm(Q), [Prop(Z, "⪯", Q), PQ],
  true=False, spec=PP, witness=lambda: {"n": 1, "P": [[-2]], "Q": [[1]]},
  hyp=lambda p: psd(p["Q"]) and loe(p["P"], p["Q"]), f=lambda p: (opn(p["P"]), opn(p["Q"])),
  why="0 ⪯ Q instead of 0 ⪯ P: P = -2I, Q = I")
E("equality-hyp", "unit-inf-ge-mean", norminf(u), ">=", 1 / sp.sqrt(n), [UNIT_U], true=True,
  spec=U, fix=lambda p, rng: dict(p, u=_unit(p["u"], rng)), hyp=lambda p: eq(n2(p["u"]), 1),
  deg=0, f=lambda p: (ninf(p["u"]), 1 / mp.sqrt(p["n"])), why="||u||_2 <= sqrt n ||u||_inf")
E("equality-hyp", "unit-inf-gt-mean", norminf(u), ">", 1 / sp.sqrt(n), [UNIT_U], true=False,
  spec=U, witness=lambda: {"n": 2, "u": [INV2(), INV2()]}, hyp=lambda p: eq(n2(p["u"]), 1),
  f=lambda p: (ninf(p["u"]), 1 / mp.sqrt(p["n"])), why="flat unit vector: equality")
E("definedness", "log-norm-tangent", sp.log(norm2(u)), "<=", norm2(u) - 1,
  [Prop(norm2(u), ">", 0)], true=True, spec=U, fix=_pos, hyp=lambda p: n2(p["u"]) > 0,
  big=False, deg=0, f=lambda p: (slog(n2(p["u"])), n2(p["u"]) - 1), why="log a <= a - 1")
E("definedness", "log-norm-tangent-ge0", sp.log(norm2(u)), "<=", norm2(u) - 1,
  [Prop(norm2(u), ">=", 0)], true=False, spec=U, witness={"n": 1, "u": [0]},
  hyp=lambda p: n2(p["u"]) >= 0, f=lambda p: (slog(n2(p["u"])), n2(p["u"]) - 1),
  undefined=True, why="u = 0: log 0")
E("ranges", "1-le-sqrt2-2-d2", norm1(x), "<=", sp.sqrt(2) * norm2(x), dims={"d": (1, 2)},
  true=True, spec={"x": "d"}, nr=(1, 6),
  f=lambda p: (n1(p["x"]), mp.sqrt(2) * n2(p["x"])), why="d <= 2")
E("ranges", "1-le-sqrt2-2-d3", norm1(x), "<=", sp.sqrt(2) * norm2(x), dims={"d": (1, 3)},
  true=False, spec={"x": "d"}, witness={"n": 1, "d": 3, "x": [1, 1, 1]},
  f=lambda p: (n1(p["x"]), mp.sqrt(2) * n2(p["x"])), why="d = 3, ones: 3 vs sqrt 6")
E("empty-and-size-1", "n1-2-eq-inf", norm2(u), "=", norminf(u), dims={"n": (1, 1)}, true=True,
  spec=U, f=lambda p: (n2(p["u"]), ninf(p["u"])), why="one entry")
E("empty-and-size-1", "n2-2-eq-inf", norm2(u), "=", norminf(u), dims={"n": (1, 2)},
  true=False, spec=U, witness={"n": 2, "u": [1, 1]}, f=lambda p: (n2(p["u"]), ninf(p["u"])),
  why="n = 2: sqrt 2 vs 1")
