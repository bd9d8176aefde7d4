"""In-context learning theorems, Normalized and Rescaled, under an update of X and of the data.

Reconstruction of the paper's main result in the form of ``closeness`` Theorems 8.1 and 8.2:
moving ``X_t -> X_{t+1}`` (or the data ``𝖠 -> 𝖠~``) is the same as keeping the parameter and
solving the regression with a shifted target ``B~``, and ``||B~ - B||_F <= M ||step||`` with
``M = poly(n) exp(O(R²))``. For the Normalized version ``B~ - B = D(Y)^{-1}exp(A1YA2ᵀ) -
D(X)^{-1}exp(A1XA2ᵀ)`` (closeness Claim 5.2); for the Rescaled version the residual moves by
``Δ = Q(Y) - Q(X)`` (``Q = exp(A1XA2ᵀ) - D(X)B``), i.e. ``B~ = B - D(X)^{-1} Δ``.

The statements are checked for ``R`` from 4 to 60: where float64 overflows (``exp(10R²)`` at
``R > 8.42``, ``exp(A1XA2ᵀ)`` entries up to ``exp(R²)``) the numeric stage re-evaluates the
instance in log space (``numeric.backends.logspace``), so no verdict rests on a non-finite
value. The A-variants are written in matrix form (``unvec(exp(𝖠x))``, no ``⊗``), which log
space evaluates;
``identities.UNVEC`` proves them equal to the vector forms for all ``n, d``.
"""

from __future__ import annotations

import sympy as sp

from proofs.model import Chain, Lemma, Link
from proofs.papers.tensor_trick.common import (
    A1,
    A2,
    AA,
    AR,
    AR_Y,
    BB,
    HQ,
    LIP,
    RECON,
    B,
    R,
    X,
    Y,
    b,
    close,
    x,
)
from proofs.papers.tensor_trick.objects import mat_D_inv, mat_normalized, mat_residual
from symbolic import Prop, frob, n, norm2, opnorm, vec

E = sp.exp
h32 = sp.Rational(3, 2)
M_N = n**2 * E(10 * R**2)
M_R = n**h32 * E(4 * R**2)
dX = frob(Y - X)
dA = opnorm(AA - BB)
# the step is taken non-zero: at a zero step both sides vanish, and lhs is then pure rounding
# noise of two equal sums evaluated in different orders (a false witness at 50 digits)
HX = (Prop(opnorm(A1) * opnorm(A2), "<=", R), Prop(frob(X), "<=", R), Prop(frob(Y), "<=", R),
      close(vec(A1 * (Y - X) * A2.T)), Prop(R, ">=", 4), Prop(frob(Y - X), ">", 0))
HA = (Prop(opnorm(AA), "<=", R), Prop(opnorm(BB), "<=", R), Prop(norm2(x), "<=", R),
      close((AA - BB) * x), Prop(R, ">=", 4), Prop(opnorm(AA - BB), ">", 0))
HB = {"x": (Prop(frob(B), "<=", R),), "a": (Prop(norm2(b), "<=", R),)}
NOTE = RECON + (" Hypotheses follow closeness Theorem 8.1: ||𝖠|| = ||A1|| ||A2|| <= R "
                "(extra-kron-norm), ||X||_F = ||vec X||_2 <= R, the step small in max norm, "
                "R >= 4; the Rescaled version also assumes ||B||_F <= R. M is reconstructed "
                "from the chain (n² exp(10R²) Normalized, n^1.5 exp(4R²) Rescaled).")
#: R from 4 to 60, as closeness Theorems 8.x: beyond R = 8.42 (exp(10R²)) and R = 26.6 (exp(R²)
#: in exp(A1XA2ᵀ)) float64 overflows and the sampler re-evaluates those instances in log space
RNG = {"R": (4.0, 60.0)}

dN_X = frob(AR_Y.normalized - AR.normalized)
# A-variants in matrix form, mat(u) = unvec(exp(𝖠x)) (no ⊗, so that log space evaluates them);
# vec of each is the vector form (extra-unvec-normalized, extra-unvec-residual, proved for all n, d)
dN_A = frob(mat_normalized(BB, x) - mat_normalized(AA, x))
dQ_X = frob(AR.D_inv * (AR_Y.rescaled_residual - AR.rescaled_residual))
Dinv_A = mat_D_inv(AA, x)
dQ_A = frob(Dinv_A * (mat_residual(BB, x, b) - mat_residual(AA, x, b)))


def _normalized(tag: str, lhs, dist, hyps) -> Lemma:
    per_row = 4 * n**h32 * R * E(4 * R**2)
    return Lemma(
        f"tensor-trick:theorem-icl-normalized-{tag}",
        f"ICL theorem, Normalized, update of {'X' if tag == 'x' else 'the data'} (reconstructed)",
        Prop(lhs, "<=", M_N * dist), hypotheses=hyps, dims=LIP, ranges=RNG, note=NOTE,
        cites=(f"tensor-trick:lemma-lipschitz-f-{'x' if tag == 'x' else 'a'}",),
        description=f"||B~ - B||_F <= n² exp(10R²) ||step|| (Normalized, {tag}-update)",
        proof=Chain(lhs, [
            Link("<=", sp.sqrt(n) * per_row * dist,
                 "rows j0 of B~ - B are f_{j0}(new) - f_{j0}(old) (lemma-equivalence:part-3); "
                 "each is bounded by lemma-lipschitz-f (||𝖠_{j0}(y-x)||_inf < 0.01 for every "
                 "j0); sum of n squares",
                 (f"tensor-trick:lemma-lipschitz-f-{'x' if tag == 'x' else 'a'}",
                  "tensor-trick:lemma-equivalence:part-3")),
            Link("=", n**2 * 4 * R * E(4 * R**2) * dist, "simple algebra"),
            Link("<=", n**2 * E(6 * R**2) * E(4 * R**2) * dist, "4R <= exp(6R²)"),
            Link("=", M_N * dist, "definition of M")]))


def _rescaled(tag: str, lhs, dist, hyps, dinv) -> Lemma:
    q_row = 2 * sp.sqrt(n) * R * E(R**2) + 2 * n * R * E(R**2) * R
    return Lemma(
        f"tensor-trick:theorem-icl-rescaled-{tag}",
        f"ICL theorem, Rescaled, update of {'X' if tag == 'x' else 'the data'} (reconstructed)",
        Prop(lhs, "<=", M_R * dist), hypotheses=hyps + HB[tag], dims=LIP, ranges=RNG,
        note=NOTE + HQ,
        cites=(f"tensor-trick:lemma-lipschitz-q-{'x' if tag == 'x' else 'a'}",),
        description=f"||D^{{-1}}Δ||_F <= n^1.5 exp(4R²) ||step|| (Rescaled, {tag}-update)",
        proof=Chain(lhs, [
            Link("<=", E(R**2) * sp.sqrt(n) * q_row * dist,
                 "||D(X)^{-1}|| <= exp(R²) (closeness Lemma 3.3); rows of Δ are q_{j0}(new) - "
                 "q_{j0}(old) (lemma-equivalence:part-4), each bounded by lemma-lipschitz-q "
                 "with ||b_{j0}||_2 <= ||B||_F <= R; sum of n squares",
                 ("closeness:extra-lemma-3.3-alpha",
                  f"tensor-trick:lemma-lipschitz-q-{'x' if tag == 'x' else 'a'}")),
            Link("<=", 4 * n**h32 * R**2 * E(2 * R**2) * dist, "n >= 1, R >= 1"),
            Link("<=", n**h32 * E(4 * R**2) * dist, "4R² <= exp(2R²)"),
            Link("=", M_R * dist, "definition of M")]))


THEOREMS = [
    _normalized("x", dN_X, dX, HX),
    _normalized("a", dN_A, dA, HA),
    _rescaled("x", dQ_X, dX, HX, AR.D_inv),
    _rescaled("a", dQ_A, dA, HA, Dinv_A),
]
ENTRIES = [*THEOREMS]
