"""The claim graph, in the manner of leanblueprint: for each theorem, the entries its proof
cites, transitively, each with its status:

- ``proved``: the statement is proved (rigorous), on its own or through the steps of its proof;
- ``proved-relative``: every step of its proof is proved, but an entry it rests on is refuted
  (proved relative to a false statement);
- ``refuted``: the statement as printed is refuted (certified);
- ``supported``: neither (evidence only).

:func:`claim_graph` builds the graph as data (JSON-ready); :func:`latex_graph` draws it in
LaTeX's own ``picture`` environment (no package beyond the kernel), one layer per depth.

Example:
    >>> from symbolic import Prop, scalar
    >>> from proofs.model import Chain, Lemma, Link, Paper
    >>> t = scalar("t")
    >>> f = Lemma("toy:fact-1", "Fact 1", Prop(t**2, ">=", 0))
    >>> th = Lemma("toy:theorem-2", "Theorem 2", Prop(t**2 + 1, ">", 0),
    ...            proof=Chain(t**2 + 1, [Link(">=", 1, "Fact 1", cites=("toy:fact-1",))]))
    >>> g = claim_graph(Paper("toy", "", "", [f, th]), {})
    >>> g[0]["root"], [n["id"] for n in g[0]["nodes"]], g[0]["edges"]
    ('toy:theorem-2', ['toy:theorem-2', 'toy:fact-1'], [['toy:theorem-2', 'toy:fact-1']])
"""

from __future__ import annotations

from typing import Any

from proofs.model import Lemma, Paper
from proofs.model.results import Result
from proofs.reports.tex_text import text
from symbolic.verdict import Status

STATUS_COLOUR = {"proved": "0.75,0.93,0.75", "proved-relative": "1,0.85,0.6",
                 "refuted": "1,0.75,0.75", "supported": "0.9,0.9,0.9"}


def _top(paper: Paper, cid: str) -> str | None:
    """The top-level entry a cited id belongs to (``…:fact-3.1:item-2`` → ``…:fact-3.1``)."""
    for e in paper.entries:
        if cid == e.id or cid.startswith(e.id + ":"):
            return e.id
    return None


def _cites(entry: Lemma) -> list[str]:
    out: list[str] = []
    for q in entry.all_entries():
        for link in (q.proof.links if q.proof is not None else []):
            out += [c for c in link.cites if c not in out]
    return out


def _own_status(entry: Lemma, results: dict[str, Result]) -> str:
    """``proved``, ``refuted`` or ``supported`` for the entry as printed: its statement, or
    (a statement in parts) all of its parts, or (a chain statement) all of its links."""
    tops = [q for q in entry.all_entries() if q.statement is not None and not q.parts]
    ids = [q.id for q in tops if q.statement_claim() is not None]
    ids += [c.id for q in tops if q.statement_claim() is None for c in q.link_claims()]
    got = [results.get(i) for i in ids]
    if any(r is not None and r.status is Status.REFUTED for r in got):
        return "refuted"
    if got and all(r is not None and r.status is Status.PROVED and r.verdict.rigorous
                   for r in got):
        return "proved"
    steps = [results.get(c.id) for q in entry.all_entries() if q.proof is not None
             for c in q.link_claims()]
    if steps and all(r is not None and r.status is Status.PROVED and r.verdict.rigorous
                     for r in steps):
        return "steps-proved"
    return "supported"


def claim_graph(paper: Paper, results: dict[str, Result]) -> list[dict[str, Any]]:
    """One graph per theorem: ``{"root", "nodes": [{"id", "label", "status", "layer"}],
    "edges": [[citing, cited], ...]}``, nodes in layer order (the theorem at layer 0)."""
    by_id = {e.id: e for e in paper.entries}
    own = {e.id: _own_status(e, results) for e in paper.entries}
    edges_of = {e.id: [t for c in _cites(e) if (t := _top(paper, c)) and t != e.id]
                for e in paper.entries}
    out = []
    for root in [e for e in paper.entries if e.kind == "theorem"]:
        layer = {root.id: 0}
        order = [root.id]
        frontier = [root.id]
        while frontier:
            nxt = []
            for a in frontier:
                for b in edges_of.get(a, []):
                    if layer.get(b, -1) < layer[a] + 1 and layer[a] + 1 <= len(by_id):
                        if b not in layer:
                            order.append(b)
                        layer[b] = layer[a] + 1
                        nxt.append(b)
            frontier = nxt
        status = {i: _status(i, own, edges_of) for i in order}
        nodes = [{"id": i, "label": by_id[i].source, "status": status[i], "layer": layer[i]}
                 for i in sorted(order, key=lambda i: (layer[i], order.index(i)))]
        edges = [[a, b] for a in order for b in edges_of.get(a, []) if b in layer]
        out.append({"root": root.id, "nodes": nodes, "edges": edges})
    return out


def _status(i: str, own: dict[str, str], edges: dict[str, list[str]]) -> str:
    """The node's status: a statement proved on its own is ``proved``; one proved through the
    steps of its proof is ``proved-relative`` where they rest on a refuted entry."""
    mine = own.get(i, "supported")
    if mine in ("refuted", "supported", "proved"):
        return mine
    seen, stack = set(), list(edges.get(i, []))
    while stack:
        j = stack.pop()
        if j in seen:
            continue
        seen.add(j)
        if own.get(j) == "refuted":
            return "proved-relative"
        stack += edges.get(j, [])
    return "proved"


def latex_graph(g: dict[str, Any], width: float = 170.0) -> str:
    """One graph as a LaTeX ``picture`` (millimetres): a row of boxes per layer, a line from
    each citing entry down to what it cites."""
    layers: dict[int, list[dict[str, Any]]] = {}
    for node in g["nodes"]:
        layers.setdefault(node["layer"], []).append(node)
    row_h, box_h = 16.0, 7.0
    height = row_h * len(layers)
    pos: dict[str, tuple[float, float, float]] = {}
    for k, row in sorted(layers.items()):
        w = min(42.0, width / len(row) - 3)
        for j, node in enumerate(row):
            x = (j + 0.5) * width / len(row) - w / 2
            y = height - (k + 1) * row_h + (row_h - box_h) / 2
            pos[node["id"]] = (x, y, w)
    out = [r"\begin{center}\setlength{\unitlength}{1mm}",
           rf"\begin{{picture}}({width:.0f},{height:.0f})"]
    for a, b in g["edges"]:
        xa, ya, wa = pos[a]
        xb, yb, wb = pos[b]
        x0, y0, x1, y1 = xa + wa / 2, ya, xb + wb / 2, yb + box_h
        out.append(rf"\qbezier({x0:.1f},{y0:.1f})({(x0 + x1) / 2:.1f},{(y0 + y1) / 2:.1f})"
                   rf"({x1:.1f},{y1:.1f})")
    for node in g["nodes"]:
        x, y, w = pos[node["id"]]
        label = text(node["label"].split(" (")[0])
        box = rf"\makebox({w:.1f},{box_h:.1f}){{\scriptsize {label}}}"
        fill = STATUS_COLOUR[node["status"]]
        out.append(rf"\put({x:.1f},{y:.1f}){{\pcnode{{{fill}}}{{{w:.1f}}}{{{box_h:.1f}}}"
                   rf"{{{box}}}}}")
    out += [r"\end{picture}\end{center}"]
    return "\n".join(out)


#: the preamble macro the graph uses: a filled box where ``color`` is there, a frame otherwise
PREAMBLE = r"""\ifdefined\pchavecolor
\newcommand{\pcnode}[4]{\begingroup\definecolor{pcfill}{rgb}{#1}%
\put(0,0){\textcolor{pcfill}{\rule{#2\unitlength}{#3\unitlength}}}%
\put(0,0){\framebox(#2,#3){#4}}\endgroup}
\else
\newcommand{\pcnode}[4]{\framebox(#2,#3){#4}}
\fi
"""
