"""Input samplers and task families for the one-layer softmax-attention ICL model.

A task family draws one random function per task and evaluates it on that task's points, fully
vectorised: ``family(rng, X)`` with ``X`` of shape ``(T, m, d)`` returns ``f`` of shape ``(T, m)``.

Example:
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> X = sphere(rng, (4, 5), 3)
    >>> relu_family(1.0)(rng, X).shape
    (4, 5)
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

TaskFamily = Callable[[np.random.Generator, np.ndarray], np.ndarray]


def sphere(rng: np.random.Generator, shape: tuple[int, ...], d: int) -> np.ndarray:
    """Points drawn uniformly on the unit sphere S^{d-1} in R^d, shape ``shape + (d,)``.

    For ``d = 1`` this is the two-point set {-1, +1}.

    Example:
        >>> x = sphere(np.random.default_rng(0), (2,), 3)
        >>> bool(np.allclose(np.linalg.norm(x, axis=-1), 1.0))
        True
    """
    g = rng.standard_normal(shape + (d,))
    norm = np.linalg.norm(g, axis=-1, keepdims=True)
    return g / np.where(norm == 0.0, 1.0, norm)


def _directions(rng: np.random.Generator, T: int, d: int) -> np.ndarray:
    return sphere(rng, (T,), d)


def relu_family(L: float) -> TaskFamily:
    """F_L^+: f(x) = l1 (q.x)_+ + l2 (-q.x)_+ + b, with l1, l2, b ~ U[-L, L], q ~ U(S^{d-1}).

    Example:
        >>> X = sphere(np.random.default_rng(1), (2, 3), 2)
        >>> relu_family(0.0)(np.random.default_rng(1), X).tolist()
        [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
    """

    def draw(rng: np.random.Generator, X: np.ndarray) -> np.ndarray:
        T, _, d = X.shape
        q = _directions(rng, T, d)
        coef = rng.uniform(-L, L, size=(T, 3))
        z = np.einsum("tmd,td->tm", X, q)
        return (coef[:, :1] * np.maximum(z, 0.0) + coef[:, 1:2] * np.maximum(-z, 0.0)
                + coef[:, 2:3])

    return draw


def affine_family(L: float, offset_scale: float = 1.0) -> TaskFamily:
    """Affine f(x) = L q.x + b, q ~ U(S^{d-1}), b ~ U[-offset_scale, offset_scale]; Lip = L."""

    def draw(rng: np.random.Generator, X: np.ndarray) -> np.ndarray:
        T, _, d = X.shape
        q = _directions(rng, T, d)
        b = rng.uniform(-offset_scale, offset_scale, size=(T, 1))
        return L * np.einsum("tmd,td->tm", X, q) + b

    return draw


def cosine_family(L: float) -> TaskFamily:
    """Cosine tasks f(x) = cos(L q.x + phi), q ~ U(S^{d-1}), phi ~ U[0, 2 pi); Lip = L."""

    def draw(rng: np.random.Generator, X: np.ndarray) -> np.ndarray:
        T, _, d = X.shape
        q = _directions(rng, T, d)
        phi = rng.uniform(0.0, 2.0 * np.pi, size=(T, 1))
        return np.cos(L * np.einsum("tmd,td->tm", X, q) + phi)

    return draw


def whitened(family: TaskFamily, sigma_inv_sqrt: np.ndarray) -> TaskFamily:
    """Tasks f(x) = g(Sigma^{-1/2} x) with g drawn from ``family`` (the symmetry of Lemma 1)."""

    def draw(rng: np.random.Generator, X: np.ndarray) -> np.ndarray:
        return family(rng, X @ sigma_inv_sqrt.T)

    return draw


GLM_LINKS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "linear": lambda z: z,
    "affine": lambda z: z + 2.0,
    "quadratic": lambda z: z**2,
    "cosine": lambda z: np.cos(4.0 * z),
}


def lowrank_family(B: np.ndarray, link: str = "linear") -> TaskFamily:
    """Low-rank GLM tasks f(x) = link(a^T B^T x), a ~ U(S^{k-1}), B in R^{d x k} orthonormal.

    ``link`` is one of ``GLM_LINKS``: linear (F_B^lin of Theorem 4), affine ``w.x + 2``,
    quadratic ``(w.x)^2``, cosine ``cos(4 w.x)``, with ``w = B a``.

    Example:
        >>> B = np.eye(3)[:, :1]
        >>> X = sphere(np.random.default_rng(0), (1, 4), 3)
        >>> f = lowrank_family(B)(np.random.default_rng(0), X)
        >>> bool(np.allclose(np.abs(f), np.abs(X[..., 0])))
        True
    """
    if link not in GLM_LINKS:
        raise ValueError(f"unknown link {link!r}; expected one of {sorted(GLM_LINKS)}")
    fn = GLM_LINKS[link]

    def draw(rng: np.random.Generator, X: np.ndarray) -> np.ndarray:
        a = _directions(rng, X.shape[0], B.shape[1])
        w = a @ B.T
        return fn(np.einsum("tmd,td->tm", X, w))

    return draw


#: task families by name, each built from its Lipschitz constant L
FAMILIES: dict[str, Callable[[float], TaskFamily]] = {
    "relu": relu_family, "affine": affine_family, "cosine": cosine_family,
}


def make_family(kind: str, L: float) -> TaskFamily:
    """Family by name: ``relu`` (F_L^+), ``affine`` or ``cosine`` with Lipschitz constant ``L``."""
    if kind not in FAMILIES:
        raise ValueError(f"unknown task family {kind!r}; expected one of {sorted(FAMILIES)}")
    return FAMILIES[kind](L)


def random_orthonormal(rng: np.random.Generator, d: int, k: int) -> np.ndarray:
    """A d x k matrix with orthonormal columns (QR of a Gaussian matrix)."""
    q, r = np.linalg.qr(rng.standard_normal((d, k)))
    return q * np.sign(np.diag(r))
