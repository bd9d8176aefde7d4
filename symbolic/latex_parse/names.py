"""How names in LaTeX are compared with the keys of ``where``, and the dimensions a reading
declares (a letter bounding a sum: :data:`COUNT_NAMES`)."""

from __future__ import annotations

import re
from typing import Any

import sympy as sp
from lark import Token

from symbolic import objects as ob


def key(text: str) -> str:
    """``text`` as a ``where`` key: no spaces or ``\\left``/``\\right``, one-character
    sub- and superscripts without braces.

    >>> key(r"\\alpha( x_{t} )")
    '\\\\alpha(x_t)'
    """
    t = re.sub(r"\\(left|right)(?![A-Za-z])", "", text)
    t = re.sub(r"\s+|\\[,;!]", "", t)
    return re.sub(r"([_^])\{(\\?[A-Za-z0-9*]|\\[A-Za-z]+)\}", r"\1\2", t)


def _start(node: Any) -> int:
    if isinstance(node, int):
        return node
    if isinstance(node, Token):
        return node.start_pos or 0
    meta = getattr(node, "meta", None)
    if meta is not None and not meta.empty:
        return meta.start_pos
    for child in getattr(node, "children", []):
        return _start(child)
    return 0


def _end(node: Any) -> int:
    if isinstance(node, Token):
        return node.end_pos or 0
    meta = getattr(node, "meta", None)
    if meta is not None and not meta.empty:
        return meta.end_pos
    return _start(node)


_WORD = re.compile(r"\\(?:mathrm|operatorname\*?|text|textrm|mathit|mathsf|textnormal|textit)"
                   r"\s*\{\s*([A-Za-z][A-Za-z0-9]+)\s*\}")


def unwrap_words(text: str) -> str:
    r"""``text`` with ``\mathrm{Word}``-type wrappers removed: the name a word stands for.

    >>> unwrap_words(r"\mathrm{Regret}_T")
    'Regret_T'
    """
    return _WORD.sub(r"\1", text)


def scripts(text: str) -> tuple[str, list[str]]:
    """A name split into its core and its top-level scripts (``_...``, ``^...``, ``'``).

    >>> scripts("x^*_i")
    ('x', ['^*', '_i'])
    """
    depth, cuts = 0, []
    for k, ch in enumerate(text):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "(" and depth == 0:
            return text, []  # a call f(x_t): not a name with scripts
        elif depth == 0 and k > 0 and ch in "_^'":
            cuts.append(k)
    if not cuts:
        return text, []
    parts = [text[a:b] for a, b in zip(cuts, [*cuts[1:], len(text)])]
    return text[:cuts[0]], parts


def canon(text: str) -> str:
    """A key with its decorations (``^*``, ``'``, ``^{(t)}``) before its subscripts, as TeX
    typesets them alike: ``x_i^*`` and ``x^*_i`` are one name.

    >>> canon("x_i^*"), canon("x^{(t)}_{i}"), canon("x_i^2")
    ('x^*_i', 'x^{(t)}_{i}', 'x^2_i')
    """
    core, parts = scripts(text)
    if not parts:
        return text
    return core + "".join(p for p in parts if p[0] != "_") + "".join(p for p in parts
                                                                   if p[0] == "_")


#: letters read as a dimension when they bound a sum or product and ``where`` does not say
COUNT_NAMES = ("t", "T", "m", "k", "N")


class PromoteToDimension(Exception):
    """Raised while reading when a name of :data:`COUNT_NAMES` bounds a sum: read the formula
    again with the name a dimension."""

    def __init__(self, name: str):
        super().__init__(name)
        self.name = name


class ReadDimension(sp.Symbol):
    """A dimension the reader declared (a name bounding a sum): a positive integer symbol in
    :data:`~symbolic.objects.DIMS`, distinct from the index of the same name (``x_t``
    elsewhere stays an index)."""


def read_as_dimension(name: str) -> Any:
    """The dimension symbol of ``name``: the declared one, or a :class:`ReadDimension` added to
    :data:`~symbolic.objects.DIMS` (so every back end sizes and samples it as a dimension)."""
    if name not in ob.DIMS:
        ob.DIMS[name] = ReadDimension(name, integer=True, positive=True)
    return ob.DIMS[name]


def forget_read_dimensions() -> list[str]:
    """Remove the dimensions readings declared (:func:`read_as_dimension`) from
    :data:`~symbolic.objects.DIMS`, and return their names: for a process that reads one paper
    after another, or a test. Claims built with them can no longer be checked."""
    names = sorted(k for k, v in ob.DIMS.items() if isinstance(v, ReadDimension))
    for name in names:
        del ob.DIMS[name]
    return names


def declared_dims() -> dict[str, Any]:
    """The dimensions by name, except those only readings declared: a later formula's plain
    ``t`` is still a real scalar."""
    return {k: v for k, v in ob.DIMS.items() if not isinstance(v, ReadDimension)}
