"""Declarations a statement makes: ``x, y \\in \\mathbb{R}^d`` as names with shapes, and the
vectors and matrices they stand for in a claim's ``where``.

>>> declaration(r"x, y \\in \\mathbb{R}^{d}")
([Declaration(name='x', shape=('d',)), Declaration(name='y', shape=('d',))], [])
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

REAL = r"\\mathbb\s*\{?\s*R\s*\}?"
NAME = r"(?:\\mathbf\{[A-Za-z]\}|\\bm\{[A-Za-z]\}|\\[A-Za-z]+|[A-Za-z](?:_\{?[A-Za-z0-9]\}?)?)"
DECLARATION = re.compile(
    rf"^\s*(?P<names>{NAME}(?:\s*,\s*{NAME})*)\s*\\in\s*{REAL}\s*"
    r"(?:\^\s*(?:\{\s*(?P<r1>[A-Za-z]|\d+)\s*(?:\\times\s*(?P<c1>[A-Za-z]|\d+)\s*)?\}"
    r"|(?P<r2>[A-Za-z]|\d+))|_\s*\{?\s*(?P<sign>\+\+|\+|>\s*0|\\geq?\s*0)\s*\}?)?\s*$")

@dataclass(frozen=True)
class Declaration:
    """``x \\in \\mathbb{R}^d``: a name and its shape (``()`` scalar, ``(r,)``, ``(r, c)``)."""

    name: str
    shape: tuple[str, ...]


def declaration(text: str) -> tuple[list[Declaration], list[str]] | None:
    r"""``x, y \in \mathbb{R}^d`` as declarations (and ``\mathbb{R}_{+}`` as the hypotheses
    it implies), or None when ``text`` is not one.

    >>> declaration(r"A \in \mathbb{R}^{n \times d}")
    ([Declaration(name='A', shape=('n', 'd'))], [])
    >>> declaration(r"R \in \mathbb{R}_{>0}")
    ([Declaration(name='R', shape=())], ['R > 0'])
    """
    m = DECLARATION.match(text)
    if m is None:
        return None
    names = [s.strip() for s in re.split(r"\s*,\s*", m.group("names"))]
    rows, cols = m.group("r1") or m.group("r2"), m.group("c1")
    shape = tuple(s for s in (rows, cols) if s)
    sign = re.sub(r"\s+", "", m.group("sign") or "")
    rel = {"": "", "+": "\\ge", "\\ge0": "\\ge", "\\geq0": "\\ge"}.get(sign, ">")
    hyps = [f"{name} {rel} 0" for name in names] if rel else []
    return [Declaration(name, shape) for name in names], hyps


def objects(decls: tuple[Declaration, ...]) -> dict[str, Any]:
    """The ``where`` of a claim: numbers, vectors and matrices (dimensions other than ``n``,
    ``d`` listed by name too, as :func:`paper_dimension` gives them)."""
    from symbolic import matrix, scalar, vector

    dim = paper_dimension

    def size(s: str) -> Any:
        return int(s) if s.isdigit() else dim(s)

    out: dict[str, Any] = {}
    for dcl in decls:
        for s in dcl.shape:
            if not s.isdigit() and s not in ("n", "d"):
                out[s] = dim(s)
        plain = plain_name(dcl.name)
        if len(dcl.shape) == 1:
            out[dcl.name] = vector(plain, size(dcl.shape[0]))
        elif len(dcl.shape) == 2:
            out[dcl.name] = matrix(plain, size(dcl.shape[0]), size(dcl.shape[1]))
        elif not dcl.shape:  # "x \in \mathbb{R}": a number, as the text declares it
            out[dcl.name] = scalar(plain)
    return out


def paper_dimension(name: str) -> Any:
    """The dimension a paper declares (``A \\in \\mathbb{R}^{m \\times d}``, "$m$ a positive
    integer"): the one the session declared, else a dimension of the reading, which the back
    ends size like any other but which no later formula takes for a dimension unless its
    statement declares it too (another paper's ``m`` is a real scalar)."""
    from symbolic.latex_parse.names import read_as_dimension

    return read_as_dimension(name)


def plain_name(name: str) -> str:
    r"""The letter a vector or matrix is named by: ``\mathbf{x}`` -> ``x``."""
    m = re.match(r"\\(?:mathbf|bm)\{(.)\}$|\\([A-Za-z]+)$", name)
    return (m.group(1) or m.group(2)) if m else name
