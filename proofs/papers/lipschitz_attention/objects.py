"""Building blocks for ``lipschitz-attention``: softmax, unit vectors on the sphere, ReLU tasks.

Unit vectors are built by inverse stereographic projection, ``x(t) = (2t, 1 - |t|^2) / (1 + |t|^2)``
for ``t in R^{d-1}``: ``||x(t)|| = 1`` holds *by construction* (a rational identity), so no sampler
has to satisfy an equality hypothesis and every instance lies exactly on ``S^{d-1}`` (all of it but
the south pole, which is a limit point). Rows of a matrix are built the same way, one ``t`` per row.

Example:
    >>> import sympy as sp
    >>> from symbolic import vector, n, d
    >>> from symbolic.explicit import ExplicitInstance
    >>> t = vector("t", d - 1)
    >>> x = ExplicitInstance({t}, {"d": 3})(sphere_point(t, d))
    >>> sp.cancel(sum(v**2 for v in x))
    1
"""

from __future__ import annotations

from typing import Any

import sympy as sp

from symbolic import diag, exp_, hadamard, inner, named, ones, row_block
from symbolic.latex import latex
from symbolic.objects import recip_


def softmax(z: Any, name: str | None = None) -> Any:
    """``softmax(z) = exp(z) / <exp(z), 1>`` of a column vector, as a named expression.

    >>> from symbolic import vector, n
    >>> latex(softmax(vector("z", n)))
    '\\\\mathrm{softmax}(z)'
    """
    size = z.shape[0]
    u = exp_(z)
    body = (1 / inner(u, ones(size))) * u
    return named(name or rf"\mathrm{{softmax}}({latex(z)})", body)


def _embed(dim: Any) -> Any:
    """``[I_{d-1}; 0] in R^{d x (d-1)}``: the first ``d - 1`` coordinates of ``R^d``."""
    return row_block(sp.Identity(dim), 1, dim - 1).T


def _last(dim: Any) -> Any:
    """``e_d = 1_d - [1_{d-1}; 0]`` (not ``col(I, d)``: a bare symbol there reads as an index)."""
    return ones(dim) - _embed(dim) * ones(dim - 1)


def row_sq_norms(A: Any) -> Any:
    """``(||a_i||^2)_i`` over the rows of ``A``: ``(A o A) 1``, written ``(1/2)(A o 2A) 1`` because
    SymPy turns ``A o A`` into a ``HadamardPower`` that the back ends do not evaluate."""
    return sp.Rational(1, 2) * hadamard(A, 2 * A) * ones(A.shape[1])


def sphere_point(t: Any, dim: Any) -> Any:
    """The unit vector ``(2t, 1 - |t|^2) / (1 + |t|^2)`` in ``R^dim`` for ``t in R^{dim-1}``."""
    s = inner(t, t)
    body = (1 / (1 + s)) * (2 * _embed(dim) * t + (1 - s) * _last(dim))
    return named(rf"\sigma({latex(t)})", body)


def sphere_rows(T: Any, dim: Any) -> Any:
    """The ``n x dim`` matrix whose row ``i`` is :func:`sphere_point` of row ``i`` of ``T``."""
    size = T.shape[0]
    s = row_sq_norms(T)  # |t_i|^2, one entry per row
    rows = 2 * T * _embed(dim).T + (ones(size) - s) * _last(dim).T
    return named(rf"\sigma({latex(T)})", diag(recip_(ones(size) + s)) * rows)


def sq_dists(X: Any, q: Any) -> Any:
    """The vector of ``||x_i - q||^2`` over the rows ``x_i`` of ``X``, as printed (no expansion)."""
    diff = X - ones(X.shape[0]) * q.T
    return named(rf"(\|x_i - {latex(q)}\|^2)_i", row_sq_norms(diff))


def relu(e: Any) -> Any:
    """``(e)_+ = max(e, 0)`` of a scalar."""
    return sp.Max(e, 0, evaluate=False)


def relu_task(x: Any, q: Any, l1: Any, l2: Any, b: Any) -> Any:
    """``f(x) = l1 (q^T x)_+ + l2 (-q^T x)_+ + b``, a member of ``F_L^+``."""
    s = inner(q, x)
    return l1 * relu(s) + l2 * relu(-s) + b
