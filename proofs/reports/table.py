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
from symbolic.formatting import clip, number, numbers_in, one_line, sides, witness
from symbolic.verdict import Status

_COLORS = {Status.PROVED: "32", Status.REFUTED: "31", Status.SUPPORTED: "36",
           Status.UNKNOWN: "33", Status.SKIPPED: "90", Status.ERROR: "35"}


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
        at = sides(details.get("witness_sides"))
        return [f"{label}: {witness(w)}"] + ([f"why: {at}"] if at else [])
    if v.status is Status.UNKNOWN and details.get("candidate"):
        return [f"candidate (not certified): {witness(details['candidate'])}",
                "why not refuted: "
                + one_line(numbers_in(str(details.get('uncertified', ''))), 160)]
    if v.status is Status.ERROR:
        return [f"reason: {one_line(numbers_in(v.message))}"]
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
                     number(v.slack), clip(v.method, method_width)))
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
                extra = [f"read as: {clip(read_as_text(claim), 160)}", *extra]
            left = results[k - 1].annotation.left
            if left:
                extra.append(f"reading incomplete: {clip('; '.join(left), 160)}"
                             + (" (a candidate, not a finding)"
                                if results[k - 1].status is Status.REFUTED else ""))
            rounded |= any(x.startswith(("witness", "candidate")) for x in extra)
            lines += ["    " + x for x in extra]
    lines.append("")
    if rounded:
        lines.append("witnesses are rounded (to 6 significant digits); --json has them in "
                     "full")
    lines.append(summary_line(results))
    return "\n".join(lines)


def not_checked_table(rows: list[tuple[str, str, str]], limit: int = 160,
                      written: int = 0) -> str:
    """The statements of a paper's source that were found and not checked, one per line:
    ``(id, where, why)`` rows, grouped by why (``random quantity``, ``statement in words``, a
    reader's error), with a count per group; ``written`` of them were read as written.

    >>> print(not_checked_table([("p:lemma-1", "Lemma 1, p.tex:3", "random quantity")], written=1))
    not checked: 1 statement (1 read as written: 'proofcheck extract --explain' shows the readings)
      random quantity (1): p:lemma-1 (Lemma 1, p.tex:3)
    """
    if not rows:
        return ""
    groups: dict[str, list[str]] = {}
    for cid, where, why in rows:
        groups.setdefault(why, []).append(f"{cid} ({where})")
    lines = [f"not checked: {len(rows)} statement{'s' if len(rows) != 1 else ''}" + (
        f" ({written} read as written: 'proofcheck extract --explain' shows the readings)"
        if written else "")]
    for why, items in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        lines.append(clip(f"  {why} ({len(items)}): {'; '.join(items)}", limit))
    return "\n".join(lines)


def summary_line(results: list[Result]) -> str:
    """Counts by status, and unexpected verdicts."""
    if not results:
        return "0 results: no claim was checked"
    counts = {s: sum(r.status is s for r in results) for s in Status}
    parts = [f"{c} {s.value}" for s, c in counts.items() if c]
    bad = sum(r.unexpected for r in results)
    missed = sum(getattr(r, "missed", False) for r in results)
    out = f"{len(results)} results: " + ", ".join(parts) + (
        f"; {bad} unexpected (marked !)" if bad else "; all as expected")
    if missed:
        out += (f"; {missed} pinned finding(s) not reproduced at this budget (marked ?; "
                "try --budget default)")
    candidates = sum(r.status is Status.REFUTED and bool(r.annotation.left) for r in results)
    if candidates:
        out += f"; {candidates} refuted as read incompletely (candidates, not findings)"
    partial = sum(r.status is Status.PROVED and bool(r.annotation.left) for r in results)
    if partial:
        out += (f"; {partial} proved as read incompletely (the reading is proved, not "
                "necessarily the statement)")
    return out


def to_junit(results: list[Result], suite: str = "proofcheck") -> str:
    """JUnit XML: an unexpected verdict is a failure, an error an error, unknown skipped; each
    test case's output has the verdict's message (numbers in 6 significant digits) and the
    lines the terminal table shows below it (a refutation's witness and sides)."""
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
        message = numbers_in(v.message)
        text = escape("\n".join([f"{v.status.value} ({v.method}): {message}",
                                  *detail_lines(r)]))
        short = quoteattr(clip(message, 200))
        if v.status is Status.ERROR:
            out.append(f"    <error message={short}>{text}</error>")
        elif r.unexpected:
            out.append(f"    <failure message={short}>{text}</failure>")
        elif v.status in (Status.UNKNOWN, Status.SKIPPED):
            out.append(f"    <skipped message={short}/>")
        out.append(f"    <system-out>{text}</system-out>")
        out.append("  </testcase>")
    out.append("</testsuite>")
    return "\n".join(out) + "\n"
