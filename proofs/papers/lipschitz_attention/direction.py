"""``lipschitz-attention``: direction-wise Lipschitzness of ``F_B^lin`` and its two bullets.

Slide 'Definition (Direction-wise Lipschitzness - Informal)': for a direction ``s in S^{d-1}``,
``Lip_s(f) = inf{L : f(s s^T x) - f(s s^T x') <= L |s^T x - s^T x'| for all x, x'}``. For
``f(x) = a^T B^T x`` in ``F_B^lin`` the difference is exactly ``(a^T B^T s)(s^T x - s^T x')``
(part 1, any ``B``, ``a``, ``s``), so ``Lip_s(f) = |a^T B^T s|`` and ``max_{a in S^{k-1}}
Lip_s(f) = ||B^T s||_2``. The bullets: the maximum is 1 for ``s in col(B)`` (item 1) and 0 for
``s in col(B)^perp`` (item 2). They are encoded for ``k = 1`` (``B = b``, a unit vector built on the
sphere, ``a in S^0 = {-1, 1}``): ``s = b`` spans ``col(B) ∩ S^{d-1}`` up to sign, and
``s = P_perp u / ||P_perp u||`` is any unit vector of ``col(B)^perp``. The general-``k`` statement
is what the Monte Carlo experiment ``low-rank-constrained`` checks on the fitted ``M``
(``theorem-4:item-1``, ``theorem-4:item-2``).
"""

from __future__ import annotations

from proofs.model import Lemma
from proofs.papers.lipschitz_attention.objects import sphere_point
from symbolic import Prop, abs_, d, dim, inner, matrix, norm2, vector

k = dim("k")
x, y, s, u = vector("x", d), vector("y", d), vector("s", d), vector("u", d)
a = vector("a", k)
B = matrix("B", d, k)
tau = vector("tau", d - 1)
b = sphere_point(tau, d)  # the single orthonormal column of B when k = 1


def f_lin(v):
    """``f(v) = a^T B^T v``."""
    return inner(a, B.T * v)


SOURCE = "slide 'Definition (Direction-wise Lipschitzness - Informal)'"

PART_1 = Lemma(
    "lipschitz-attention:definition-direction-lipschitzness:part-1",
    SOURCE + ", applied to F_B^lin",
    Prop(f_lin(s * inner(s, x)) - f_lin(s * inner(s, y)), "=",
         inner(a, B.T * s) * (inner(s, x) - inner(s, y))),
    dims={"d": (1, 5), "k": (1, 4)},
    description="f(s s^T x) - f(s s^T x') = (a^T B^T s)(s^T x - s^T x') for f = a^T B^T x, "
                "so Lip_s(f) = |a^T B^T s| and max over a in S^{k-1} is ||B^T s||_2",
)

ITEM_1 = Lemma(
    "lipschitz-attention:definition-direction-lipschitzness:item-1",
    SOURCE + ", bullet 1 (s in col(B): label-relevant direction)",
    Prop(abs_(inner(b, b)), "=", 1),
    dims={"d": (2, 6)},
    description="max_f Lip_s(f) = 1 for s in col(B): with k = 1, s = b (unit) and a = +-1, "
                "Lip_s(f) = |a| |b^T s| = |b^T b| = 1",
    note="k = 1: B = b = sigma(tau) (a unit vector by construction), s = b; s = -b gives the same "
         "value. General k: ||B^T B v||_2 = ||v||_2 = 1 for s = B v (B^T B = I).",
)

_w = u - b * inner(b, u)
ITEM_2 = Lemma(
    "lipschitz-attention:definition-direction-lipschitzness:item-2",
    SOURCE + ", bullet 2 (s in col(B)^perp: spurious direction)",
    Prop(abs_(inner(b, _w)) / norm2(_w), "=", 0), hypotheses=(Prop(norm2(_w), ">", 0),),
    dims={"d": (2, 6)},
    description="max_f Lip_s(f) = |b^T s| = 0 for the unit vector s = P_perp u / ||P_perp u|| of "
                "col(B)^perp (k = 1)",
    note="k = 1: P_perp u = u - b b^T u with b = sigma(tau) a unit vector by construction.",
)

ENTRIES = [PART_1, ITEM_1, ITEM_2]
