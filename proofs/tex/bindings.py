r"""Names a paper defines, bound for the statements read after them.

``Let $y = Ax$`` binds ``y`` to the value ``A x`` (:func:`symbolic.latex_parse.parse_expr`);
``Let $f(x) = \frac12 x^2$`` binds ``f`` to a function of its parameters, so ``f(y)`` reads as
``y^2/2``. Claims files written by ``proofcheck extract`` call :func:`function` for the latter.

Example:
    >>> from symbolic.latex_parse import parse_expr
    >>> names = {"f": function(r"\frac12 x^2", ["x"], {})}
    >>> parse_expr(r"f(2y)", names)
    2*y**2
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def function(body: str, params: Sequence[str], names: dict[str, Any]) -> Callable[..., Any]:
    """The function ``params -> body`` (LaTeX), with ``names`` for everything else."""
    from symbolic.latex_parse import parse_expr

    value = parse_expr(body, names)
    symbols = [parse_expr(p, names) for p in params]

    def apply(*args: Any) -> Any:
        if len(args) != len(symbols):
            raise ValueError(f"the function defined as {body} takes {len(symbols)} "
                             f"arguments, not {len(args)}")
        return value.xreplace(dict(zip(symbols, args, strict=True)))

    apply.__name__ = f"function({body!r})"
    return apply
