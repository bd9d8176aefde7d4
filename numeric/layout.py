"""Which symbols a claim has, their shapes at fixed dimensions, and its index symbols.

Example:
    >>> from symbolic import Claim, matrix, vector, norm2, opnorm, n, d
    >>> from numeric.layout import Layout
    >>> A, x = matrix("A", n, d), vector("x", d)
    >>> claim = Claim("t:extra-1", norm2(A * x), "<=", opnorm(A) * norm2(x))
    >>> lay = Layout.of(claim, {"n": 3, "d": 2})
    >>> [(s.name, lay.shapes[s]) for s in lay.symbols]
    [('A', (3, 2)), ('x', (2, 1))]
    >>> lay.width
    8
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

import numpy as np
import sympy as sp

from symbolic import objects as ob
from symbolic.claim import Claim, index_bounds

__all__ = ["Layout", "index_bounds", "symbol_name"]


def _parts(claim: Claim) -> tuple[dict, list, dict]:
    """``claim``'s index bounds, its other symbols in layout order and a memo of shapes per
    dimension setting, kept on the (frozen) claim beside the statement they were computed
    from (a claim whose sides or hypotheses were replaced gets new ones)."""
    memo = claim.__dict__.get("_layout_parts")
    source = (claim.lhs, claim.rhs, claim.hypotheses)
    if memo is not None and all(a is b for a, b in zip(memo[0], source)):
        return memo[1]
    idx = index_bounds(claim)
    syms = sorted((s for s in claim.symbols if s not in idx),
                  key=lambda s: (isinstance(s, sp.MatrixSymbol), str(s)))
    parts: tuple[dict, list, dict] = (idx, syms, {})
    claim.__dict__["_layout_parts"] = (source, parts)
    return parts


@dataclass
class Layout:
    """Symbols of a claim at fixed dimensions, in a stable order, with their shapes.

    ``shapes[s]`` is ``()`` for a scalar and ``(rows, cols)`` for a matrix.
    """

    symbols: list[sp.Basic]
    shapes: dict[sp.Basic, tuple[int, ...]]
    dims: dict[str, int]
    indices: dict[sp.Symbol, int]

    @classmethod
    def of(cls, claim: Claim, dims: dict[str, int]) -> Layout:
        """The layout of ``claim`` at ``dims`` (e.g. ``{"n": 4, "d": 2}``). What depends on
        the claim alone (its index bounds, its symbols in order) is computed once per claim
        and the shapes once per dimension setting (:func:`_parts`): shrinking and
        confirmation ask for the same layouts hundreds of times."""
        idx, syms, per_dims = _parts(claim)
        key = tuple(sorted(dims.items()))
        known = per_dims.get(key)
        if known is None:
            subs = {ob.DIMS[k]: v for k, v in dims.items() if k in ob.DIMS}
            index_sizes = {i: int(sp.sympify(b).subs(subs)) for i, b in idx.items()}
            shapes: dict[sp.Basic, tuple[int, ...]] = {}
            for s in syms:
                if isinstance(s, sp.MatrixSymbol):
                    shape = tuple(int(sp.sympify(k).subs(subs)) for k in s.shape)
                    if any(k < 1 for k in shape):
                        raise ValueError(f"symbol {s} has an empty shape {shape} at {dims}")
                    shapes[s] = shape
                else:
                    shapes[s] = ()
            known = per_dims[key] = (shapes, index_sizes)
        shapes, index_sizes = known
        return cls(list(syms), dict(shapes), dict(dims), dict(index_sizes))

    @cached_property
    def blocks(self) -> list[tuple[sp.Basic, int, int, tuple[int, ...]]]:
        """``(symbol, first column, size, shape)`` of each symbol in a flattened instance,
        computed once (a layout is not changed once made; the search unflattens thousands of
        batches).

        >>> from symbolic import matrix, scalar
        >>> A, c = matrix("A", 2, 3), scalar("c")
        >>> [b[1:] for b in Layout([A, c], {A: (2, 3), c: ()}, {}, {}).blocks]
        [(0, 6, (2, 3)), (6, 1, ())]
        """
        out, k = [], 0
        for s in self.symbols:
            shape = self.shapes[s]
            size = int(np.prod(shape)) if shape else 1
            out.append((s, k, size, shape))
            k += size
        return out

    @property
    def width(self) -> int:
        """Number of real coordinates of one instance (indices excluded)."""
        return sum(size for _, _, size, _ in self.blocks)

    def env(self, values: dict[sp.Basic, Any], index_values: dict[sp.Symbol, Any]) -> dict:
        """An evaluation environment: symbol values, dimension ints, index values."""
        env: dict[sp.Basic, Any] = {ob.DIMS[k]: v for k, v in self.dims.items() if k in ob.DIMS}
        env.update(values)
        env.update(index_values)
        return env

    def flatten(self, values: dict[sp.Basic, np.ndarray]) -> np.ndarray:
        """Batch of instances -> array ``(B, width)``."""
        cols = []
        for s in self.symbols:
            v = np.asarray(values[s], dtype=float)
            cols.append(v.reshape(v.shape[0], -1))
        return np.concatenate(cols, axis=1)

    def unflatten(self, theta: np.ndarray) -> dict[sp.Basic, np.ndarray]:
        """Array ``(B, width)`` -> batch of instances."""
        out, rows = {}, theta.shape[0]
        for s, k, size, shape in self.blocks:
            block = theta[:, k : k + size]
            out[s] = block.reshape((rows, *shape)) if shape else block[:, 0]
        return out


@lru_cache(maxsize=4096)
def symbol_name(s: sp.Basic) -> str:
    """``str(s)``, the name a JSON witness gives a symbol (cached: SymPy's printer costs tens
    of microseconds, asked for every symbol of every point the sampler or a shrink tries).

    >>> from symbolic import scalar
    >>> symbol_name(scalar("x"))
    'x'
    """
    return str(s)
