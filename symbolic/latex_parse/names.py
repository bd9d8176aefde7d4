"""How names in LaTeX are compared with the keys of ``where``."""

from __future__ import annotations

import re
from typing import Any

from lark import Token


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
