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


def terminal_table(results: list[Result], color: bool | None = None) -> str:
    """An aligned table, one line per result, and a summary line."""
    color = sys.stdout.isatty() if color is None else color
    rows = [("id", "status", "rigorous", "slack", "method")]
    for r in results:
        v = r.verdict
        flag = "!" if r.unexpected else "?" if getattr(r, "missed", False) else ""
        rows.append((r.id, v.status.value + flag, "yes" if v.rigorous else "no",
                     _fmt_slack(v.slack), v.method[:60]))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = []
    for k, row in enumerate(rows):
        cells = [row[i].ljust(widths[i]) for i in range(4)] + [row[4]]
        if color and k:
            st = results[k - 1].verdict.status
            cells[1] = f"\033[{_COLORS[st]}m{cells[1]}\033[0m"
        lines.append("  ".join(cells))
    lines.append("")
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
