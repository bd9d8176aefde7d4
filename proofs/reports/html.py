"""Check results as an HTML table for Jupyter (``Report._repr_html_``).

A :class:`Report` wraps the results of one run (and, made from a
:class:`~proofs.review.model.Review` by :meth:`Report.of`, their findings): Jupyter shows it as
a table with coloured status badges, each statement typeset by MathJax from the claim the
checker ran, and each witness in a fold-out row. ``str(report)`` is the terminal table.

Example:
    >>> from symbolic import Claim, Status, Verdict, scalar
    >>> from proofs.model.results import Expectations, Result
    >>> from proofs.reports.html import Report
    >>> x = scalar("x")
    >>> c = Claim("demo:extra-1", x, "<=", x + 1)
    >>> rep = Report([Result.of(c, Verdict(Status.PROVED, "interval", True))], title="demo")
    >>> rep.counts()["proved"], len(rep), rep["demo:extra-1"].status.value
    (1, 1, 'proved')
    >>> "<table" in rep._repr_html_()
    True
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from proofs.model.results import Expectations, Result
from proofs.review.model import Finding, Review
from symbolic.formatting import clip, expression, number, numbers_in, witness
from symbolic.latex import latex
from symbolic.verdict import Status

COLOURS = {Status.PROVED: "#0b7312", Status.REFUTED: "#bf0d0d", Status.SUPPORTED: "#0d4da6",
           Status.UNKNOWN: "#cc7300", Status.SKIPPED: "#737373", Status.ERROR: "#8c008c"}


def badge_html(status: Status) -> str:
    """A coloured status badge.

    >>> badge_html(Status.REFUTED)  # doctest: +ELLIPSIS
    '<span style="background:#bf0d0d;...>refuted</span>'
    """
    return (f'<span style="background:{COLOURS[status]};color:white;padding:1px 6px;'
            f'border-radius:3px;font-family:sans-serif;font-size:85%">{status.value}</span>')


@dataclass
class Report(Expectations):
    """The results of one run, displayable in Jupyter (``_repr_html_``) and in a terminal;
    ``review``: the review they come from, with their findings (None: results only)."""

    results: list[Result]
    title: str = "proofcheck results"
    seed: int | None = None
    budget: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    review: Review | None = None

    @classmethod
    def of(cls, review: Review, title: str = "proofcheck results") -> Report:
        """The report of a :class:`~proofs.review.model.Review` (:func:`proofs.review.review`)."""
        seed = review.seed if isinstance(review.seed, int) else None
        return cls(review.results, title, seed, review.budget, review=review)

    def __len__(self) -> int:
        return len(self.results)

    def __iter__(self) -> Iterator[Result]:
        return iter(self.results)

    def __getitem__(self, key: int | str) -> Result:
        if isinstance(key, int):
            return self.results[key]
        for r in self.results:
            if r.id == key:
                return r
        raise KeyError(key)

    def counts(self) -> dict[str, int]:
        """Results per status (every status listed, zeros included)."""
        return {s.value: sum(r.status is s for r in self.results) for s in Status}


    def findings(self) -> list[Finding]:
        """The findings of the review these results come from (:mod:`proofs.review`; none
        without a review)."""
        return list(self.review.findings) if self.review is not None else []

    def summary(self) -> str:
        """One line: counts by status and unexpected verdicts."""
        from proofs.reports.table import summary_line

        return summary_line(self.results)

    def to_json(self) -> str:
        """The contract JSON document of these results."""
        from proofs.store.results_json import to_json

        return to_json(self.results, self.seed if self.seed is not None else 0,
                       self.budget or "")

    def __str__(self) -> str:
        from proofs.reports.table import terminal_table

        return terminal_table(self.results, color=False)

    def __repr__(self) -> str:
        return f"<Report {self.title!r}: {self.summary()}>"

    def _repr_html_(self) -> str:
        return to_html(self)


def _statement(r: Result) -> str:
    if r.claim is None:
        return html.escape(r.description)
    try:
        body = latex(r.claim.prop)
    except Exception:  # a printer gap must not hide the table
        return html.escape(expression(r.claim.prop))
    return r"\(" + html.escape(body) + r"\)"


def to_html(report: Report) -> str:
    """The HTML table of ``report`` (used by ``Report._repr_html_``)."""
    counts = ", ".join(f"{badge_html(Status(s))}&nbsp;{c}" for s, c in report.counts().items()
                       if c)
    bad = len(report.unexpected)
    head = (f"<p><b>{html.escape(report.title)}</b>: {len(report)} results: {counts}; "
            + (f'<b style="color:#bf0d0d">{bad} unexpected</b>' if bad else "all as expected")
            + "</p>")
    rows = ['<tr><th style="text-align:left">id</th><th>status</th><th>rigorous</th>'
            '<th>slack</th><th style="text-align:left">statement</th>'
            '<th style="text-align:left">method</th></tr>']
    for r in report.results:
        v = r.verdict
        flag = ' <b style="color:#bf0d0d" title="unexpected">!</b>' if r.unexpected else ""
        rows.append(
            f'<tr><td style="text-align:left"><code>{html.escape(r.id)}</code></td>'
            f"<td>{badge_html(v.status)}{flag}</td><td>{'yes' if v.rigorous else 'no'}</td>"
            f"<td>{'' if v.slack is None else number(v.slack)}</td>"
            f"<td style=\"text-align:left\">{_statement(r)}</td>"
            f'<td style="text-align:left">{html.escape(v.method)}</td></tr>')
        if v.witness is not None:
            w = html.escape(witness(v.witness))
            why = html.escape(clip(numbers_in(v.message), 120))
            rows.append(f'<tr><td></td><td colspan="5" style="text-align:left"><details>'
                        f"<summary>witness ({why})</summary>"
                        f"<code>{w}</code></details></td></tr>")
    return (f'<div class="proofcheck-report">{head}<table>' + "".join(rows)
            + "</table></div>")
