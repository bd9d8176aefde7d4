"""``lipschitz-attention``: the one-layer softmax-attention model, equations (1)-(2), the sphere
form of the attention weights and softmax shift invariance.

Notation: context rows ``X in R^{n x d}`` (row ``i`` is ``x_i^T``), labels ``y in R^n``, query
``q = x_{n+1} in R^d``, ``M = M_K^T M_Q``. The prediction (2) is ``yhat = <softmax(X M q), y>``.
"""

from __future__ import annotations

import sympy as sp

from proofs.model import Chain, Lemma, Link
from proofs.papers.lipschitz_attention.objects import (
    softmax,
    sphere_point,
    sphere_rows,
    sq_dists,
)
from symbolic import Prop, col, d, entry, inner, matrix, n, named, ones, row_block, scalar, vector

X = matrix("X", n, d)
y = vector("y", n)
q = vector("q", d)
MK, MQ = matrix("M_K", d, d), matrix("M_Q", d, d)
M = MK.T * MQ
w = scalar("w")
t = scalar("t")
z = vector("z", n)

#: yhat(x_{n+1}) = sum_i y_i exp(x_i^T M x_{n+1}) / sum_j exp(x_j^T M x_{n+1})
YHAT = named(r"\hat y(x_{n+1})", inner(softmax(X * M * q, r"\mathrm{softmax}(X M x_{n+1})"), y))

# Equation (1) with the slide's W_V, W_K, W_Q. E = [I_d; 0] embeds R^d in R^{d+1}, e = e_{d+1}.
_E = row_block(sp.Identity(d + 1), 1, d).T
_e = col(sp.Identity(d + 1), d + 1)
W_V = named("W_V", _e * _e.T)
W_K = named("W_K", _E * MK * _E.T)
W_Q = named("W_Q", _E * MQ * _E.T)
Z_CTX = named(r"[z_1, \dots, z_n]", _E * X.T + _e * y.T)  # columns z_i = (x_i, y_i)
Z_QRY = named(r"z_{n+1}", _E * q)  # (x_{n+1}, 0): the query's label slot is 0
H_SA = named(r"h_{SA}(z_{n+1}, Z; \theta)",
             W_V * Z_CTX * softmax((W_K * Z_CTX).T * (W_Q * Z_QRY),
                                   r"\mathrm{softmax}((W_K Z)^\top W_Q z_{n+1})"))

EQUATION_2 = Lemma(
    "lipschitz-attention:equation-2", "slide 'Learning Model', equations (1)-(2)",
    Prop(entry(H_SA, d + 1), "=", YHAT),
    dims={"n": (1, 6), "d": (1, 4)},
    description="(d+1)-th entry of h_SA(z_{n+1}, Z; W_V, W_K, W_Q) = "
                "sum_i y_i softmax_i(X M x_{n+1}), M = M_K^T M_Q",
    note="Equation (1) in matrix form: h_SA(z_i, Z) = W_V Z softmax((W_K Z)^T W_Q z_i) over the n "
         "context columns; W_V, W_K, W_Q are the slide's block matrices, written as E M E^T with "
         "E = [I_d; 0]. The slide's normaliser reuses the summation index i (read as j), and the "
         "token matrix shows f(x_2) + eps_1 (read as eps_2): typos of the extraction or the slide.",
)

SHIFT = Lemma(
    "lipschitz-attention:extra-softmax-shift-invariance",
    "used in the sphere form of the attention",
    Prop(softmax(z + t * ones(n)), "=", softmax(z)),
    dims={"n": (1, 8)},
    description="softmax(z + t 1_n) = softmax(z) for every scalar t",
)

# On the sphere: rows of X and the query built as unit vectors (inverse stereographic projection).
T = matrix("T", n, d - 1)
tau = vector("tau", d - 1)
XS, QS = sphere_rows(T, d), sphere_point(tau, d)
D = sq_dists(XS, QS)
SPHERE_DIMS = {"n": (1, 4), "d": (2, 3)}
SPHERE_NOTE = ("M = w I (Lemma 1 with Sigma = I). ||x_i|| = ||x_{n+1}|| = 1 holds by construction: "
               "x_i = sigma(t_i), x_{n+1} = sigma(tau) with sigma(t) = (2t, 1-|t|^2)/(1+|t|^2) "
               "(inverse stereographic projection, all of S^{d-1} but the south pole), so the "
               "sampler never has to meet an equality hypothesis. The identity stage reads the "
               "exponents row by row: their rows differ by the same number, so the two softmax "
               "vectors agree for every n and d.")

SPHERE_ATTENTION = Lemma(
    "lipschitz-attention:equation-sphere-attention", "slide 'ICL Estimator Intuition'",
    Prop(softmax(w * XS * QS, r"\mathrm{softmax}(w X x_{n+1})"), "=",
         softmax(-(w / 2) * D, r"\mathrm{softmax}(-\tfrac{w}{2} \|x_i - x_{n+1}\|^2)")),
    proof=Chain(softmax(w * XS * QS), [
        Link("=", softmax(w * XS * QS - w * ones(n)), "softmax is shift invariant",
             cites=("lipschitz-attention:extra-softmax-shift-invariance",)),
        Link("=", softmax(-(w / 2) * D),
             "on the sphere, w x_i^T x_{n+1} - w = -(w/2) ||x_i - x_{n+1}||^2",
             cites=("lipschitz-attention:extra-sphere-polarization",)),
    ]),
    dims=SPHERE_DIMS,
    description="on S^{d-1} with M = w I, attention to x_i = exp(-(w/2)||x_i - x_{n+1}||^2) "
                "normalised",
    note=SPHERE_NOTE,
)

POLARIZATION = Lemma(
    "lipschitz-attention:extra-sphere-polarization", "slide 'ICL Estimator Intuition' (its reason)",
    Prop(w * XS * QS - w * ones(n), "=", -(w / 2) * D),
    dims=SPHERE_DIMS,
    description="for unit x_i, x_{n+1}: w x_i^T x_{n+1} - w = -(w/2)||x_i - x_{n+1}||^2 (all i)",
    note="The only place the sphere is used; a rational identity in the stereographic "
         "coordinates, read row by row (one row's formula, the same for every row) and proved "
         "for every n and d.",
)

ENTRIES = [EQUATION_2, SHIFT, POLARIZATION, SPHERE_ATTENTION]
