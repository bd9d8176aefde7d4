"""``lipschitz-attention``: the ReLU class ``F_L^+`` and ``Lip(f) = max(|l1|, |l2|)``.

``f(x) = l1 (q^T x)_+ + l2 (-q^T x)_+ + b`` with ``l1, l2, b in [-L, L]``; ``(t)_+ = max(t, 0)``.
``Lip(f) = c`` is split into an upper bound (part 1: ``|f(x) - f(y)| <= c ||x - y||``) and its
attainment (part 2: the pair ``(2rq, rq)`` or ``(-2rq, -rq)`` reaches ``c``), which together give
``Lip(f) = c``. The slides never say ``||q|| = 1``; as printed ``q`` is any vector of ``R^d``. The
``extra-`` entries add ``||q|| = 1`` (``q`` built on the sphere, see ``objects.sphere_point``).
"""

from __future__ import annotations

import sympy as sp

from proofs.model import Lemma
from proofs.papers.lipschitz_attention.objects import relu_task, sphere_point
from symbolic import Prop, d, norm2, scalar, vector

x, y, q = vector("x", d), vector("y", d), vector("q", d)
tau = vector("tau", d - 1)
l1, l2, b = scalar("ell_1"), scalar("ell_2"), scalar("b")
L = scalar("L", positive=True)
r = scalar("r", positive=True)

def abs_(e):
    """``|e|`` left unevaluated (SymPy's simplification of ``Abs`` would rebuild the inner
    ``Max`` nodes and fail on matrix-valued arguments)."""
    return sp.Abs(e, evaluate=False)


LIP = sp.Max(abs_(l1), abs_(l2), evaluate=False)
CLASS = tuple(Prop(v, rel, s * L) for v in (l1, l2, b) for rel, s in (("<=", 1), (">=", -1)))
PRINTED = "For any f in F, Lip(f) = max(|l1|, |l2|)"
NOTE_Q = ("F_L^+ as printed leaves q unspecified (only l1, l2, b are drawn); read as any fixed "
          "q in R^d.")


def _bound(qv):
    f = lambda v: relu_task(v, qv, l1, l2, b)  # noqa: E731
    return Prop(abs_(f(x) - f(y)), "<=", LIP * norm2(x - y))


def _tight(qv):
    f = lambda v: relu_task(v, qv, l1, l2, b)  # noqa: E731
    best = sp.Max(abs_(f(2 * r * qv) - f(r * qv)), abs_(f(-2 * r * qv) - f(-r * qv)),
                  evaluate=False)
    return Prop(best, "=", LIP * norm2(2 * r * qv - r * qv))


Q_UNIT = sphere_point(tau, d)
UNIT_DIMS = {"d": (2, 6)}

PART_1 = Lemma(
    "lipschitz-attention:definition-lipschitzness:part-1",
    "slide 'Definition (Lipschitzness)', bullet: Lip(f) = max(|l1|, |l2|) (upper bound)",
    _bound(q), hypotheses=CLASS, dims={"d": (1, 6)},
    description="|f(x) - f(y)| <= max(|l1|,|l2|) ||x - y|| for f in F_L^+ (q as printed)",
    note=NOTE_Q, printed=PRINTED,
    # pinned after the checks refuted it (any ||q|| > 1 with l1 != 0 violates it)
    expect="refuted", finding="missing-hypothesis",
    corrected="with ||q|| = 1 (see lipschitz-attention:extra-lipschitz-bound); in general "
              "Lip(f) = max(|l1|, |l2|) ||q||",
)

PART_2 = Lemma(
    "lipschitz-attention:definition-lipschitzness:part-2",
    "slide 'Definition (Lipschitzness)', bullet: Lip(f) = max(|l1|, |l2|) (attained)",
    _tight(q), hypotheses=(*CLASS, Prop(r, ">", 0)), dims={"d": (1, 6)},
    description="the bound max(|l1|,|l2|) ||x - y|| is attained at (2rq, rq) or (-2rq, -rq) "
                "(q as printed)",
    note=NOTE_Q + " Both sides are multiplied by ||x - y|| so that q = 0 is not a 0/0.",
    printed=PRINTED,
    # pinned after the checks refuted it (||q|| != 1: the ratio reaches max(|l1|,|l2|) ||q||)
    expect="refuted", finding="missing-hypothesis",
    corrected="with ||q|| = 1 (see lipschitz-attention:extra-lipschitz-tight)",
)

BOUND_UNIT = Lemma(
    "lipschitz-attention:extra-lipschitz-bound",
    "slide 'Definition (Lipschitzness)', with ||q|| = 1 added",
    _bound(Q_UNIT), hypotheses=CLASS, dims=UNIT_DIMS,
    description="|f(x) - f(y)| <= max(|l1|,|l2|) ||x - y|| for f in F_L^+ with ||q|| = 1",
    note="q = sigma(tau) is a unit vector by construction (inverse stereographic projection).",
)

TIGHT_UNIT = Lemma(
    "lipschitz-attention:extra-lipschitz-tight",
    "slide 'Definition (Lipschitzness)', with ||q|| = 1 added",
    _tight(Q_UNIT), hypotheses=(*CLASS, Prop(r, ">", 0)), dims=UNIT_DIMS,
    description="with ||q|| = 1 the constant max(|l1|,|l2|) is attained at (2rq, rq) or "
                "(-2rq, -rq), so Lip(f) = max(|l1|,|l2|)",
    note="q = sigma(tau) is a unit vector by construction (inverse stereographic projection).",
)

ENTRIES = [PART_1, PART_2, BOUND_UNIT, TIGHT_UNIT]
