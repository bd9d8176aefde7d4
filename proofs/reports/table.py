"""Reports of a check run: the terminal table and JUnit XML.

Example:
    >>> from symbolic import Status, Verdict
    >>> from proofs.model.results import Result
    >>> from proofs.reports.table import terminal_table
    >>> r = Result("t:extra-1", "extra", "toy", "demo", Verdict(Status.SUPPORTED, "sampling"))
    >>> print(terminal_table([r], color=False).splitlines()[0].split())
    ['id', 'status', 'rigorous', 'slack', 'method']
"""

from __future__ import annotations

import sys
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from proofs.model.results import Result
from proofs.model.results import read_as as read_as_text
from symbolic.verdict import Status

_COLORS = {Status.PROVED: "32", Status.REFUTED: "31", Status.SUPPORTED: "36",
           Status.UNKNOWN: "33", Status.SKIPPED: "90", Status.ERROR: "35"}


def _fmt_slack(x: Any) -> str:
    if x is None:
        return "-"
    try:
        return f"{float(x):.3g}"
    except (TypeError, ValueError):
        return str(x)


MARK = "…"  # every shortened text ends with it


def cut(text: str, width: int) -> str:
    """``text`` shortened to ``width`` characters, ending with ``…`` when anything was cut.

    >>> cut("sampling+adversarial, confirmed by arb", 20)
    'sampling+adversaria…'
    >>> cut("short", 20)
    'short'
    """
    return text if len(text) <= width else text[:max(width - 1, 0)] + MARK


def one_line(message: str, width: int = 200) -> str:
    """The first non-empty line of ``message``, marked with ``…`` when lines or characters were
    left out.

    >>> one_line("bad hypothesis x > 0\\n  details")
    'bad hypothesis x > 0 …'
    """
    lines = [ln.strip() for ln in str(message).splitlines() if ln.strip()]
    if not lines:
        return "(no message)"
    first = cut(lines[0], width)
    return first + (" " + MARK if len(lines) > 1 and not first.endswith(MARK) else "")


def format_number(x: Any, digits: int = 4) -> str:
    """A witness value in ``digits`` significant digits; integers exactly; decimal strings (values
    float64 cannot hold) through mpmath.

    >>> format_number(-74.00614915857662), format_number(3), format_number("1.5e-400")
    ('-74.01', '3', '1.5e-400')
    """
    if isinstance(x, bool):
        return str(x)
    if isinstance(x, int):
        return str(x)
    if isinstance(x, float):
        return f"{x:.{digits}g}"
    if isinstance(x, str):
        import mpmath

        try:
            return mpmath.nstr(mpmath.mpf(x), digits)
        except (ValueError, TypeError):
            return x
    return str(x)


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


def distinct_digits(witness: dict[str, Any] | None, digits: int = 4) -> int:
    """The fewest significant digits (at least ``digits``, at most 17) at which the witness's
    different float values print differently: ``x=-105.37352`` and ``y=-105.374`` never both
    show as ``-105.4``.

    >>> distinct_digits({"x": [[-105.37352]], "y": [[-105.374]]})
    7
    """
    values = {v for val in (witness or {}).values() for _, v in _flat(val)[:MAX_SHOWN]
              if isinstance(v, float)}  # the entries a row can show
    for k in range(digits, 18):
        if len({f"{v:.{k}g}" for v in values}) == len(values):
            return k
    return 17


MAX_SHOWN = 8  # entries of a vector or matrix shown in full


def format_value(value: Any, items: int = 3, digits: int = 4) -> str:
    """A scalar, a small nested list in full, or a larger one by what sets its entries apart:
    the common value and the entries that differ from it (1-based positions), else the first
    ``items`` entries per axis, ``…`` and the shape.

    >>> format_value([[0.9089368398173779]])
    '[[0.9089]]'
    >>> format_value([[0.0], [0.0], [0.0], [0.0], [0.0], [0.0], [0.0], [0.0], [3.25], [0.0]])
    '(10×1: 0 but [9,1]=3.25)'
    >>> format_value([[float(k) for k in range(5)] for _ in range(2)])
    '[[0, 1, 2, …], [0, 1, 2, …]] (2×5)'
    """
    flat = _flat(value)
    if not isinstance(value, (list, tuple)):
        return format_number(value, digits)
    shape = "×".join(str(k) for k in _shape(value))
    if len(flat) > MAX_SHOWN:
        counts: dict[Any, int] = {}
        for _, v in flat:
            counts[v] = counts.get(v, 0) + 1
        common = max(counts, key=lambda v: counts[v])
        odd = [(pos, v) for pos, v in flat if v != common]
        if len(odd) <= 4:
            rest = ", ".join(f"[{','.join(map(str, pos))}]={format_number(v, digits)}"
                             for pos, v in odd)
            return f"({shape}: {format_number(common, digits)}" + (
                f" but {rest})" if rest else " everywhere)")
    abbreviated = False

    def fmt(v: Any) -> str:
        nonlocal abbreviated
        if not isinstance(v, (list, tuple)):
            return format_number(v, digits)
        cap = len(v) if len(flat) <= MAX_SHOWN else items
        parts = [fmt(u) for u in v[:cap]]
        if len(v) > cap:
            abbreviated = True
            parts.append(MARK)
        return "[" + ", ".join(parts) + "]"

    text = fmt(value)
    return text + (f" ({shape})" if abbreviated else "")


def format_witness(witness: dict[str, Any] | None, items: int = 3, digits: int = 4) -> str:
    """A witness on one line: ``n=1, alpha=-78.16, X=[[-74.01]]``, with as many digits as it
    takes for different values to print differently (:func:`distinct_digits`) and larger
    arrays shown by the entries that differ (:func:`format_value`).

    >>> format_witness({"n": 1, "x": -74.00614915857662, "Y": [[0.9089368398173779]]})
    'n=1, x=-74.01, Y=[[0.9089]]'
    >>> format_witness({"x": [[-105.37352]], "y": [[-105.374]]})
    'x=[[-105.3735]], y=[[-105.374]]'
    """
    if not witness:
        return "(none recorded)"
    k = distinct_digits(witness, digits)
    return ", ".join(f"{name}={format_value(v, items, k)}" for name, v in witness.items())


def format_sides(sides: dict[str, Any] | None) -> str | None:
    """``lhs = 2, rhs = 0`` at a witness (6 significant digits, huge exponents kept), or None.

    >>> format_sides({"lhs": "3.5836662318872223309540459013", "rhs": "0.0"})
    'lhs = 3.58367, rhs = 0'
    """
    if not sides:
        return None
    out = []
    for side in ("lhs", "rhs"):
        text = str(sides.get(side, "?"))
        mant, _, exp = text.partition("e")
        try:
            head = f"{float(mant):.6g}"
        except ValueError:
            out.append(f"{side} = {text}")
            continue
        out.append(f"{side} = {head}" + (f"e{int(exp):+d}" if exp else ""))
    return ", ".join(out)


def shown_witness(v: Any) -> tuple[str, dict[str, Any] | None]:
    """The witness a report shows: the shrunk one when the search recorded it, else the
    confirmed one; with its label."""
    details = v.details if isinstance(v.details, dict) else {}
    shrunk = details.get("shrunk_witness")
    if shrunk and shrunk != details.get("original_witness", v.witness):
        return "witness (shrunk)", shrunk
    return "witness", v.witness


def detail_lines(r: Result) -> list[str]:
    """What a result row needs below it: a refutation's witness and its sides there, an
    uncertified candidate and why it is not a refutation, an error's one-line reason."""
    v = r.verdict
    details = v.details if isinstance(v.details, dict) else {}
    if v.status is Status.REFUTED:
        label, w = shown_witness(v)
        sides = format_sides(details.get("witness_sides"))
        return [f"{label}: {format_witness(w)}"] + ([f"why: {sides}"] if sides else [])
    if v.status is Status.UNKNOWN and details.get("candidate"):
        return [f"candidate (not certified): {format_witness(details['candidate'])}",
                f"why not refuted: {one_line(str(details.get('uncertified', '')), 160)}"]
    if v.status is Status.ERROR:
        return [f"reason: {one_line(v.message)}"]
    return []


METHOD_WIDTH = 60


def terminal_table(results: list[Result], color: bool | None = None,
                   method_width: int = METHOD_WIDTH, read_as: bool = False) -> str:
    """An aligned table, one line per result (a refutation's witness and an error's reason on
    the line below it), and a summary line. A method longer than ``method_width`` is cut with
    ``…`` (the JSON has it in full). ``read_as``: each claim's statement and hypotheses in
    Unicode below its row, as its input was read (for a user's own claims)."""
    color = sys.stdout.isatty() if color is None else color
    rows = [("id", "status", "rigorous", "slack", "method")]
    for r in results:
        v = r.verdict
        flag = "!" if r.unexpected else "?" if getattr(r, "missed", False) else ""
        rows.append((r.id, v.status.value + flag, "yes" if v.rigorous else "no",
                     _fmt_slack(v.slack), cut(v.method, method_width)))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = []
    rounded = False
    for k, row in enumerate(rows):
        cells = [row[i].ljust(widths[i]) for i in range(4)] + [row[4]]
        if color and k:
            st = results[k - 1].verdict.status
            cells[1] = f"\033[{_COLORS[st]}m{cells[1]}\033[0m"
        lines.append("  ".join(cells).rstrip())
        if k:
            extra = detail_lines(results[k - 1])
            claim = results[k - 1].claim
            if read_as and claim is not None:
                extra = [f"read as: {cut(read_as_text(claim), 160)}", *extra]
            rounded |= any(x.startswith(("witness", "candidate")) for x in extra)
            lines += ["    " + x for x in extra]
    lines.append("")
    if rounded:
        lines.append("witnesses are rounded (to 4 digits, more where values would print "
                     "alike); --json has them in full")
    lines.append(summary_line(results))
    return "\n".join(lines)


def summary_line(results: list[Result]) -> str:
    """Counts by status, and unexpected verdicts."""
    counts = {s: sum(r.status is s for r in results) for s in Status}
    parts = [f"{c} {s.value}" for s, c in counts.items() if c]
    bad = sum(r.unexpected for r in results)
    missed = sum(getattr(r, "missed", False) for r in results)
    out = f"{len(results)} results: " + ", ".join(parts) + (
        f"; {bad} unexpected (marked !)" if bad else "; all as expected")
    if missed:
        out += (f"; {missed} pinned finding(s) not reproduced at this budget (marked ?; "
                "try --budget default)")
    return out


def to_junit(results: list[Result], suite: str = "proofcheck") -> str:
    """JUnit XML: an unexpected verdict is a failure, an error an error, unknown skipped."""
    failures = sum(r.unexpected and r.status is not Status.ERROR for r in results)
    errors = sum(r.status is Status.ERROR for r in results)
    skipped = sum(r.status in (Status.UNKNOWN, Status.SKIPPED) for r in results)
    total = sum(r.verdict.seconds for r in results)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<testsuite name={quoteattr(suite)} tests="{len(results)}" failures="{failures}" '
           f'errors="{errors}" skipped="{skipped}" time="{total:.3f}">']
    for r in results:
        v = r.verdict
        cls = r.id.split(":")[0]
        out.append(f'  <testcase classname={quoteattr(cls)} name={quoteattr(r.id)} '
                   f'time="{v.seconds:.3f}">')
        text = escape(f"{v.status.value} ({v.method}): {v.message}")
        if v.status is Status.ERROR:
            out.append(f'    <error message={quoteattr(v.message[:200])}>{text}</error>')
        elif r.unexpected:
            out.append(f'    <failure message={quoteattr(v.message[:200])}>{text}</failure>')
        elif v.status in (Status.UNKNOWN, Status.SKIPPED):
            out.append(f'    <skipped message={quoteattr(v.message[:200])}/>')
        out.append(f"    <system-out>{text}</system-out>")
        out.append("  </testcase>")
    out.append("</testsuite>")
    return "\n".join(out) + "\n"
