"""The one formatter of every human-facing output: numbers, witnesses, shortened text and
expressions, as the terminal table, the errata, the reports (LaTeX, HTML, JUnit), ``proofcheck
mutate`` and the messages of the command line print them.

- :func:`number`: 6 significant digits (:data:`DIGITS`), integers exactly, values beyond
  float64 with their exponent kept (``1.04543e+1553``);
- :func:`witness`: a witness on one line, ``n=2, A=[[1, 0], [0, 1]], x=0.5``;
- :func:`clip`: the one rule that shortens a text (ending with ``…``);
- :func:`expression`: readable mathematics (:func:`symbolic.pretty.pretty`), never SymPy's
  ``srepr``, ``repr`` or class names;
- :func:`numbers_in`: every long number of a free text (a verdict's message) as :func:`number`
  writes it.

Machine-readable outputs (the JSON of ``check``, ``errata``, ``mutate``) keep every value in
full precision: nothing here is for them.

Example:
    >>> import sympy as sp
    >>> from symbolic import scalar
    >>> number(2.718281828459045), number(3), number("1.5e-400")
    ('2.71828', '3', '1.5e-400')
    >>> witness({"n": 2, "A": [[1.0, 0.0], [0.0, 1.0]], "x": 0.5})
    'n=2, A=[[1, 0], [0, 1]], x=0.5'
    >>> clip("sampling+adversarial, confirmed by arb", 30)
    'sampling+adversarial, …'
    >>> expression(2 * scalar("beta") ** -2 * sp.Float(0.1234567891))
    '0.246914 β⁻²'
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import sympy as sp

from symbolic.pretty import PrettyPrinter, pretty

#: significant digits of every number shown to a reader
DIGITS = 6
#: every shortened text ends with it
MARK = "…"
#: entries of a vector or matrix a witness shows in full
MAX_SHOWN = 8
#: from this decimal exponent on, a number is shown as a power of ten, ``10^(1.30875e+56)``
HUGE_EXPONENT = 10**9


# -- numbers --------------------------------------------------------------------------------


def _float_text(f: float) -> str:
    if math.isnan(f):
        return "nan"
    if math.isinf(f):
        return "inf" if f > 0 else "-inf"
    s = f"{f:.{DIGITS}g}"
    return "0" if s == "-0" else s


def _mpf_text(v: Any) -> str:
    """An mpmath number: through float64 where it holds the value, else a 6-digit mantissa
    and the exponent (``2.06549e+1308753``), else (an exponent of 10 digits or more) the power
    of ten (``10^(1.30875e+56)``)."""
    import mpmath

    if mpmath.isnan(v):
        return "nan"
    if mpmath.isinf(v):
        return "inf" if v > 0 else "-inf"
    if v == 0:
        return "0"
    if mpmath.mpf("1e-300") < abs(v) < mpmath.mpf("1e300"):
        return _float_text(float(v))
    with mpmath.workdps(30):
        log = mpmath.log10(abs(v))
    if abs(log) >= HUGE_EXPONENT:  # the mantissa says nothing any more: the power of ten
        return ("-" if v < 0 else "") + f"10^({_float_text(float(log))})"
    with mpmath.workdps(len(str(int(abs(log)))) + 20):
        e = int(mpmath.floor(mpmath.log10(abs(v))))
        mant = float(v / mpmath.mpf(10) ** e)
    head = f"{mant:.{DIGITS}g}"
    if head.lstrip("-") == "10":  # 9.999999... rounded up
        head, e = head.replace("10", "1"), e + 1
    return f"{head}e{e:+d}"


def _decimal_text(s: str) -> str | None:
    """A decimal string (a value float64 cannot hold, as the JSON writes it), or None."""
    import mpmath

    try:
        return _mpf_text(mpmath.mpf(s.strip()))
    except (ValueError, TypeError):
        return None


def number(x: Any) -> str:
    """``x`` in :data:`DIGITS` (6) significant digits: integers exactly, ``-`` for None; Python
    and numpy floats, mpmath ``mpf``, python-flint ``arb`` (its midpoint), SymPy numbers,
    fractions and decimal strings; ``inf``, ``-inf``, ``nan``. A value beyond float64 keeps its
    exponent. A SymPy expression that is not a number prints as :func:`expression`; a string
    that is not a number is returned as it is.

    >>> number(-74.00614915857662), number(10**20), number(None), number(-0.0)
    ('-74.0061', '100000000000000000000', '-', '0')
    >>> number(float("inf")), number(float("nan")), number(1e-7), number(2.35385e17)
    ('inf', 'nan', '1e-07', '2.35385e+17')
    >>> import mpmath, sympy as sp
    >>> number(mpmath.mpf("2.0654902784198444159728822417578199424917993827225e+1308753"))
    '2.06549e+1308753'
    >>> number("-2.05945591626304215192e-71571149577547705624")
    '-10^(-7.15711e+19)'
    >>> number(sp.Rational(1, 3)), number(sp.Integer(7)), number(sp.pi), number(sp.oo)
    ('0.333333', '7', '3.14159', 'inf')
    >>> number("-15.4553602008167700887497630901634693145751953125"), number("n/a")
    ('-15.4554', 'n/a')
    """
    if x is None:
        return "-"
    if isinstance(x, bool):
        return str(x)
    if isinstance(x, int):
        try:
            return str(x)
        except ValueError:  # more digits than Python prints: its magnitude
            import mpmath

            return _mpf_text(mpmath.mpf(x))
    if isinstance(x, float):
        return _float_text(x)
    if isinstance(x, str):
        out = _decimal_text(x)
        return x if out is None else out
    if isinstance(x, Fraction):
        return number(sp.Rational(x.numerator, x.denominator))
    if isinstance(x, sp.Basic):
        return _sympy_number(x)
    kind = type(x)
    module = kind.__module__ or ""
    if module.startswith("numpy"):
        if hasattr(x, "tolist"):  # a numpy scalar or a 0-d array; an array: nested lists
            v = x.tolist()
            return number(v) if not isinstance(v, list) else _nested(v)
    if module.startswith("flint") and hasattr(x, "mid"):
        return _arb_text(x)
    if module.startswith("mpmath"):
        try:
            return _mpf_text(x)
        except TypeError:  # an mpc or an interval
            return str(x)
    if module == "decimal":
        out = _decimal_text(str(x))
        return str(x) if out is None else out
    try:
        return _float_text(float(x))
    except (TypeError, ValueError, OverflowError):
        return str(x)


def _arb_text(x: Any) -> str:
    """An arb ball by its midpoint (its radius is the rigour, not what a reader needs)."""
    try:
        if not x.is_finite():
            return "nan" if x.is_nan() else "inf"
    except AttributeError:
        pass
    out = _decimal_text(x.mid().str(30, radius=False))
    return out if out is not None else str(x)


def _sympy_number(x: sp.Basic) -> str:
    if x.is_Integer:
        return str(int(x))
    if x is sp.oo:
        return "inf"
    if x is sp.S.NegativeInfinity:
        return "-inf"
    if x is sp.nan or x is sp.zoo:
        return "nan"
    if x.is_Float:
        import mpmath

        return _mpf_text(mpmath.mpf(x._mpf_))
    if x.is_Rational:
        import mpmath

        with mpmath.workdps(30):
            return _mpf_text(mpmath.mpf(x.p) / x.q)
    if getattr(x, "is_number", False) and not getattr(x, "is_Matrix", False):
        try:
            v = x.evalf(30)
        except (TypeError, ValueError):
            return expression(x)
        if v.is_Float:
            return _sympy_number(v)
    return expression(x)


# -- witnesses ------------------------------------------------------------------------------


def _shape(value: Any) -> tuple[int, ...]:
    shape: list[int] = []
    while isinstance(value, (list, tuple)):
        shape.append(len(value))
        value = value[0] if value else None
    return tuple(shape)


def _flat(value: Any, at: tuple[int, ...] = ()) -> list[tuple[tuple[int, ...], Any]]:
    """``(1-based position, entry)`` of every entry of a nested list."""
    if not isinstance(value, (list, tuple)):
        return [(at, value)]
    return [p for k, v in enumerate(value, 1) for p in _flat(v, (*at, k))]


def _nested(value: Any, items: int | None = None) -> str:
    if not isinstance(value, (list, tuple)):
        return number(value)
    parts = [_nested(u, items) for u in (value if items is None else value[:items])]
    if items is not None and len(value) > items:
        parts.append(MARK)
    return "[" + ", ".join(parts) + "]"


def value(v: Any, items: int = 3) -> str:
    """One witness value: a number (:func:`number`), a small vector or matrix as nested lists,
    a larger one by what sets its entries apart (the common value and the entries that differ,
    at 1-based positions), else its first ``items`` entries per axis, ``…`` and its shape.

    >>> value([[0.9089368398173779], [1.0]])
    '[[0.908937], [1]]'
    >>> value([[0.0]] * 8 + [[3.25], [0.0]])
    '(10×1: 0 but [9,1]=3.25)'
    >>> value([[float(k) for k in range(5)] for _ in range(2)])
    '[[0, 1, 2, …], [0, 1, 2, …]] (2×5)'
    """
    if hasattr(v, "tolist") and not isinstance(v, (str, bytes)):
        v = v.tolist()  # a numpy array
    if not isinstance(v, (list, tuple)):
        return number(v)
    flat = _flat(v)
    if len(flat) <= MAX_SHOWN:
        return _nested(v)
    shape = "×".join(str(k) for k in _shape(v))
    counts: dict[str, int] = {}
    for _, x in flat:
        counts[number(x)] = counts.get(number(x), 0) + 1
    common = max(counts, key=lambda k: counts[k])
    odd = [(pos, number(x)) for pos, x in flat if number(x) != common]
    if len(odd) <= 4:
        rest = ", ".join(f"[{','.join(map(str, pos))}]={x}" for pos, x in odd)
        return f"({shape}: {common}" + (f" but {rest})" if rest else " everywhere)")
    return _nested(v, items) + f" ({shape})"


def witness(w: Mapping[str, Any] | None) -> str:
    """A witness on one line, ``name=value`` in its order: numbers by :func:`number` (6
    significant digits), vectors and matrices as nested lists (larger ones abbreviated by
    :func:`value`); ``(none recorded)`` for an empty one.

    >>> witness({"n": 2, "A": [[1.0, 0.0], [0.0, 1.0]], "x": 0.5})
    'n=2, A=[[1, 0], [0, 1]], x=0.5'
    >>> witness({"n": 1, "x": -74.00614915857662, "y": "1.5e-400"})
    'n=1, x=-74.0061, y=1.5e-400'
    >>> witness(None)
    '(none recorded)'
    """
    if not w:
        return "(none recorded)"
    return ", ".join(f"{name}={value(v)}" for name, v in w.items())


def sides(s: Mapping[str, Any] | None) -> str | None:
    """The two sides of a claim at a witness, ``lhs = 2, rhs = 0`` (vectors as lists), or None.

    >>> sides({"lhs": "3.5836662318872223309540459013", "rhs": "0.0"})
    'lhs = 3.58367, rhs = 0'
    >>> sides({"lhs": "[2.7182818284590452353602874713526624977572470937]", "rhs": "[1.0]"})
    'lhs = [2.71828], rhs = [1]'
    """
    if not s:
        return None
    return ", ".join(f"{side} = {_side(s.get(side, '?'))}" for side in ("lhs", "rhs"))


def _side(v: Any) -> str:
    """A side as the confirmation writes it: a number, or ``[a, b, ...]`` for an array."""
    if isinstance(v, str) and v.startswith("[") and v.endswith("]"):
        out = []
        for p in v[1:-1].split(","):
            more = p.strip().endswith(("...", MARK))
            p = p.strip().removesuffix("...").removesuffix(MARK).strip()
            out += ([number(p)] if p else []) + ([MARK] if more else [])
        return "[" + ", ".join(out) + "]"
    return value(v)


# -- text -----------------------------------------------------------------------------------


def clip(text: str, width: int) -> str:
    """``text`` in at most ``width`` characters. A cut text ends with ``…``: after a space where
    it can be cut between words keeping at least half of ``width``, else right after the last
    character kept.

    >>> clip("one two three", 10)
    'one two …'
    >>> clip("sampling+adversarial, confirmed by arb", 12)
    'sampling+ad…'
    >>> clip("short", 20)
    'short'
    """
    text = str(text)
    if len(text) <= width:
        return text
    if width < 2:
        return MARK[:width]
    head = text[:width - 1]
    space = head.rfind(" ", 0, width - 1)
    if space >= width // 2 and head[:space].rstrip():
        return head[:space].rstrip() + " " + MARK
    return head + MARK


def one_line(message: str, width: int = 200) -> str:
    """The first non-empty line of ``message`` (:func:`clip` to ``width``), marked with ``…``
    when lines were left out.

    >>> one_line("bad hypothesis x > 0\\n  details")
    'bad hypothesis x > 0 …'
    """
    lines = [ln.strip() for ln in str(message).splitlines() if ln.strip()]
    if not lines:
        return "(no message)"
    first = clip(lines[0], width)
    return first + (" " + MARK if len(lines) > 1 and not first.endswith(MARK) else "")


_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w.])")


def numbers_in(text: str) -> str:
    """``text`` with every number of more than 6 significant digits written by :func:`number`
    (integers are kept exact; numbers inside names such as ``x_1`` or ``3.3.1`` are not
    numbers).

    >>> numbers_in("violated at the witness: lhs=0.0082551303122011621112, rhs=0.0 (step 12)")
    'violated at the witness: lhs=0.00825513, rhs=0.0 (step 12)'
    >>> numbers_in("lhs=2.0654902784198444159728822417578199424917993827225e+1308753")
    'lhs=2.06549e+1308753'
    """
    def short(m: re.Match[str]) -> str:
        tok = m.group(0)
        mant, _, exp = tok.lower().lstrip("-").partition("e")
        if "." not in mant and not exp:
            return tok  # an integer: exact
        if len(mant.replace(".", "").lstrip("0")) <= DIGITS and \
                len(exp.lstrip("+-").lstrip("0")) < len(str(HUGE_EXPONENT)):
            return tok
        return number(tok)

    return _NUMBER.sub(short, str(text))


# -- expressions ----------------------------------------------------------------------------


class _RoundingPrinter(PrettyPrinter):
    """:class:`symbolic.pretty.PrettyPrinter` with every ``Float`` in 6 digits."""

    def _print_Float(self, e: sp.Float) -> str:
        return number(e)


_ROUNDING = _RoundingPrinter()
_REL = {"=": "=", "<=": "≤", "<": "<", ">=": "≥", ">": ">"}


def _has_float(e: Any) -> bool:
    return isinstance(e, sp.Basic) and bool(e.atoms(sp.Float))


def expression(e: Any) -> str:
    """Readable mathematics for a SymPy expression, a proposition or a claim's statement
    (:func:`symbolic.pretty.pretty`, with ``Float`` values in 6 digits); numbers by
    :func:`number`; a string as it is. Never ``srepr``, ``repr`` or a class name.

    >>> from symbolic import Prop, named, exp_, matrix, n, d, scalar
    >>> A = matrix("A", n, d)
    >>> expression(named("f(A)", exp_(A)))
    'f(A)'
    >>> expression(Prop(scalar("x"), "<=", sp.Float(0.1) + scalar("beta")))
    'x ≤ 0.1 + β'
    >>> expression(0.30000000000000004), expression("as written")
    ('0.3', 'as written')
    """
    if e is None or isinstance(e, str):
        return "-" if e is None else e
    prop = e if hasattr(e, "rel") else getattr(e, "prop", None)
    if prop is not None and hasattr(prop, "rel") and hasattr(prop, "lhs"):
        if not (_has_float(prop.lhs) or _has_float(prop.rhs)):
            return pretty(prop)
        rel = getattr(prop.rel, "value", str(prop.rel))
        return f"{expression(prop.lhs)} {_REL.get(rel, rel)} {expression(prop.rhs)}"
    if not isinstance(e, sp.Basic):
        if isinstance(e, (int, float, Fraction)) or type(e).__module__.startswith(
                ("numpy", "mpmath", "flint")):
            return number(e)
        try:
            e = sp.sympify(e, strict=True)
        except (sp.SympifyError, TypeError, ValueError):
            return str(e)
    try:
        if _has_float(e):
            return _ROUNDING.doprint(e)
        return pretty(e)
    except (TypeError, ValueError, AttributeError, RecursionError):
        return sp.sstr(e)


_WORD = re.compile(r"[\w.]+")  # a name or a number (``1`` is also how SymPy prints 𝟏ₙ)


def expressions_in(text: str, *objects: Any) -> str:
    """``text`` (a message that printed SymPy objects with ``str``) with every subexpression of
    ``objects`` (expressions, propositions, claims) that it spells out written by
    :func:`expression` instead: a message built below the printers (an exception, a runner's
    note) made readable.

    >>> from symbolic import matrix, named, exp_, n, d, vector
    >>> A, x = matrix("A", n, d), vector("x", d)
    >>> f = named("f(A)", exp_(A * x))
    >>> expressions_in(f"shape mismatch in {f - x}: (n, 1) and (d, 1)", f - x)
    'shape mismatch in f(A) - x: (n, 1) and (d, 1)'
    """
    forms: dict[str, str] = {}
    for o in objects:
        prop = o if hasattr(o, "rel") else getattr(o, "prop", None)
        if prop is not None and hasattr(prop, "lhs"):
            forms.setdefault(str(prop), expression(prop))
            parts = [prop.lhs, prop.rhs]
        else:
            parts = [o]
        for part in parts:
            if not isinstance(part, sp.Basic):
                continue
            for node in sp.preorder_traversal(part):
                if node.args and not node.is_Number:
                    s = str(node)
                    if s not in forms and s in text and not _WORD.fullmatch(s):
                        forms[s] = expression(node)
    forms = {k: v for k, v in forms.items() if k != v and k in text}
    if not forms:
        return text
    pattern = re.compile("|".join(re.escape(k) for k in sorted(forms, key=len, reverse=True)))
    return pattern.sub(lambda m: forms[m.group(0)], text)


__all__ = ["DIGITS", "MARK", "MAX_SHOWN", "clip", "expression", "expressions_in", "number",
           "numbers_in", "one_line", "sides", "value", "witness"]
