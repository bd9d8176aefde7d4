"""Root causes: the findings one error of the paper explains, grouped, most severe first.

Findings are one cause when they share a key (:func:`cause_keys`): an explicit ``cause`` the
encoding sets on an entry or a proof step (titled by the paper's ``Paper.causes``); a missing
hypothesis: the entry it concerns (parts and steps folded, a mirrored section read as its
original, ``Paper.mirror``); otherwise the claim itself, mirrored the same way. An invalid step
that cites an entry with a false statement joins that entry's cause. Each cause gets a title, a
summary and a corrected form (for omitted hypotheses, the prover-checked
:class:`~proofs.review.model.Correction` of its entries). Nothing here runs a check.

Example:
    >>> fs = [Finding("t:lemma-1:part-1", "missing-hypothesis", "t:lemma-1:part-1:step-1", "a",
    ...               "", corrected="add x > 0"),
    ...       Finding("t:lemma-1:part-2", "missing-hypothesis", "t:lemma-1:part-2:step-1", "b",
    ...               "", corrected="add x > 0")]
    >>> [(c.id, c.findings) for c in causes(fs)]
    [('cause-1', [0, 1])]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from proofs.model.lemma import Chain
from proofs.review.findings import paper_of
from proofs.review.model import SEVERITY, Cause, Correction, Finding
from symbolic.formatting import clip


def _top(cid: str) -> str:
    """The entry of an id: ``closeness:lemma-5.5:part-1:step-3`` -> ``closeness:lemma-5.5``."""
    return ":".join(cid.split(":")[:2])


def _label(cid: str, paper: Any = None) -> str:
    """``closeness:lemma-5.5:part-1`` -> ``Lemma 5.5 Part 1``; a check the encoding adds
    (``extra-…``) by the paper's words for it (its source, else its description)."""
    head = cid.split(":")[1] if ":" in cid else cid
    if head.startswith("extra-") and paper is not None:
        entry = paper.entry(_top(cid))
        if entry is not None and (entry.source or entry.description):
            return (entry.source or entry.description).split(" (")[0]
    out = []
    for piece in cid.split(":")[1:]:
        kind, _, num = piece.partition("-")
        out.append(f"{kind.capitalize()} {num}" if num else kind)
    return " ".join(out).replace("Extra ", "a check of ")


def _explicit_cause(paper: Any, cid: str) -> str | None:
    """``cause`` an encoding sets on the entry (or the proof step) of ``cid``."""
    if paper is None:
        return None
    base, _, step = cid.partition(":step-")
    entry = paper.entry(base)
    if entry is None:
        return None
    if step.isdigit():
        links = [link for _k, _prev, link in entry.steps()] if entry.chains() else (
            entry.statement.links if isinstance(entry.statement, Chain) else [])
        k = int(step) - 1
        if 0 <= k < len(links) and links[k].cause:
            return links[k].cause
    return entry.cause


def _cites(paper: Any, cid: str) -> tuple[str, ...]:
    base, _, step = cid.partition(":step-")
    entry = paper.entry(base) if paper is not None else None
    if entry is None:
        return ()
    steps = entry.steps()
    if step.isdigit() and 0 < int(step) <= len(steps):
        return steps[int(step) - 1][2].cites
    return entry.cites


def cause_keys(f: Finding, paper: Any = None) -> list[tuple]:
    """The keys that tie a finding to others of the same cause:

    * an explicit ``cause`` the encoding sets on the entry or step;
    * a missing hypothesis: the entry (parts and steps folded, a mirrored section read as its
      original), since one omitted list of hypotheses shows at every part and step;
    * otherwise the claim itself, a mirrored claim read as its original (a false statement and
      its proof not reaching it are one problem of one printed formula).

    >>> cause_keys(Finding("t:lemma-1:part-2", "missing-hypothesis", "", "", ""))
    [('missing', 't:lemma-1')]
    """
    mirror = paper.mirror_of if paper is not None else (lambda c: c)
    cid = f.claim_id
    keys: list[tuple] = []
    explicit = _explicit_cause(paper, cid)
    if explicit:
        keys.append(("cause", explicit))
    if f.kind == "missing-hypothesis" or f.why == "missing-hypothesis":
        # a statement refuted for want of a hypothesis joins its entry's omissions
        keys.append(("missing", _top(mirror(f.id))))
    elif f.kind == "inconsistent-use":
        # every use of one lemma (and of its mirror) with another constant: one cause
        keys.append(("inconsistent-use", mirror((f.check or {}).get("cited", cid))))
    elif f.kind in ("invalid-step", "invalid-citation", "typo", "wording", "vacuous"):
        keys.append((f.kind, mirror(cid)))
    else:
        keys.append(("statement", mirror(cid)))
    return keys


def causes(items: Sequence[Finding], paper: Any = None) -> list[Cause]:
    """Group findings into root causes (every finding in exactly one), most severe first.

    Findings sharing a key of :func:`cause_keys` are one cause; so are an invalid step and a
    false statement of the entry the step cites (the step inherits the error).

    >>> fs = [Finding("t:lemma-1:part-1", "invalid-step", "", "a", ""),
    ...       Finding("t:lemma-1:part-1", "typo", "", "b", "")]
    >>> [(c.kind, c.findings) for c in causes(fs)]
    [('invalid-step', [0]), ('typo', [1])]
    """
    if paper is None:
        paper = paper_of(f.id for f in items)
    parent = list(range(len(items)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first: dict[tuple, int] = {}
    for i, f in enumerate(items):
        for k in cause_keys(f, paper):
            if k in first:
                parent[find(i)] = find(first[k])
            else:
                first[k] = i
    false_at = {(paper.mirror_of(f.id) if paper else f.id): i
                for i, f in enumerate(items) if f.kind == "false-statement"}
    for i, f in enumerate(items):
        if f.kind == "invalid-step":
            for cited in _cites(paper, f.claim_id):
                j = false_at.get(paper.mirror_of(cited) if paper else cited)
                if j is not None:
                    parent[find(i)] = find(j)
    groups: dict[int, list[int]] = {}
    for i in range(len(items)):
        groups.setdefault(find(i), []).append(i)
    out = [_cause(items, idx, paper) for idx in groups.values()]
    used = _used_by_theorems(paper)
    out.sort(key=lambda c: (SEVERITY.index(c.kind) if c.kind in SEVERITY else 99,
                            min(_rank(_entry_top(paper, items[i].id), used)
                                for i in c.findings if items[i].kind == c.kind),
                            c.findings[0]))
    return [replace(c, id=f"cause-{k}") for k, c in enumerate(out, 1)]


def _entry_top(paper: Any, cid: str) -> str:
    """The paper's top-level entry holding ``cid`` (``…:fact-3.2:item-5`` is its own entry)."""
    for e in (paper.entries if paper is not None else []):
        if cid == e.id or cid.startswith(e.id + ":"):
            return e.id
    return _top(cid)


def _used_by_theorems(paper: Any) -> set[str]:
    """The entries a theorem's proof cites, transitively (top-level ids)."""
    if paper is None:
        return set()
    cites: dict[str, set[str]] = {}
    for e in paper.entries:
        cites[e.id] = {_entry_top(paper, c) for q in e.all_entries()
                       for _k, _prev, link in q.steps() for c in link.cites}
    out: set[str] = set()
    stack = [c for e in paper.entries if e.kind == "theorem" for c in cites[e.id]]
    while stack:
        c = stack.pop()
        if c not in out:
            out.add(c)
            stack += list(cites.get(c, ()))
    return out


def _rank(top: str, used: set[str]) -> int:
    """Theorems first, then the lemmas and facts theorems use, then other lemmas and facts,
    then definitions, then the checks an encoding adds (``top``: a top-level entry id)."""
    kind = top.split(":")[1].split("-")[0] if ":" in top else ""
    if kind == "theorem":
        return 0
    if top in used:
        return 1
    if kind in ("lemma", "fact", "claim", "corollary", "proposition"):
        return 2
    if kind == "extra":
        return 4
    return 3


def _printed_names(fs: Sequence[Finding]) -> dict[str, str]:
    """Ids named by a ``\\label`` (``t:lemma-inequality-lemma:item-4``, read from a ``.tex``)
    with the number the paper prints for them, from their sources (``Lemma 4.3 item 4``;
    its entry ``Lemma 4.3``); ids that carry their number are not listed.

    >>> f = Finding("t:lemma-ineq:item-4", "false-statement", "Lemma 4.3 item 4, a.tex:12",
    ...             "x ≤ 0", "")
    >>> _printed_names([f])
    {'t:lemma-ineq:item-4': 'Lemma 4.3 item 4', 't:lemma-ineq': 'Lemma 4.3'}
    """
    out: dict[str, str] = {}
    for f in fs:
        head = f.id.split(":")[1] if ":" in f.id else ""
        if re.fullmatch(r"[a-z]+-(?:[\dA-Z][\d.]*[a-z]?|unnumbered-\d+)", head) or \
                head.startswith("extra-"):
            continue
        m = re.match(r"(([A-Z][A-Za-z]+ [\dA-Z][\w.]*)(?: (?:item|part) [\w.-]+)?),",
                     f.source or "")
        if m:
            out[f.id] = m.group(1)
            out.setdefault(_top(f.id), m.group(2))
    return out


def _cause(items: Sequence[Finding], idx: list[int], paper: Any) -> Cause:
    fs = [items[i] for i in idx]
    printed = _printed_names(fs)

    def label(cid: str, paper: Any) -> str:  # the paper's number where the id has none
        return printed.get(cid) or _label(cid, paper)

    kind = min((f.kind for f in fs),
               key=lambda k: SEVERITY.index(k) if k in SEVERITY else 99)
    ids = list(dict.fromkeys(f.id for f in fs))
    tops = list(dict.fromkeys(_top(i) for i in ids))
    where = ", ".join(label(t, paper) for t in tops)
    explicit = next((e for f in fs if (e := _explicit_cause(paper, f.claim_id))), None)
    info = (paper.causes.get(explicit, {}) if paper is not None and explicit else {})
    lead = next(f for f in fs if f.kind == kind)
    if info:
        title, summary, corrected = info.get("title"), info.get("summary"), info.get("corrected")
    elif kind == "inconsistent-use":
        title, summary, corrected = _use_cause([f for f in fs if f.kind == kind], paper)
    elif kind == "missing-hypothesis" or (kind == "false-statement" and any(
            f.why == "missing-hypothesis" for f in fs)):
        hyps = list(dict.fromkeys(f.hypothesis for f in fs if f.hypothesis))
        parts = sorted({label(i, paper) for i in ids if i not in tops}) or [
            label(t, paper) for t in tops]
        false_at = list(dict.fromkeys(_top(f.id) for f in fs
                                      if f.kind == "false-statement"))
        others = [t for t in tops if t not in false_at]
        title = (f"{where}: hypotheses the proof uses are not listed"
                 if kind == "missing-hypothesis" else
                 f"{', '.join(label(t, paper) for t in false_at)}: false as printed, for want "
                 "of hypotheses the proof uses" + (
                     f" ({', '.join(label(t, paper) for t in others)}: the proof uses them "
                     "too)" if others else ""))
        summary = (f"{len(fs)} instance(s) over {', '.join(parts)}"
                   + (f"; needed and not implied by the listed hypotheses: "
                      f"{'; '.join(hyps)}" if hyps else "")
                   + ("" if len(tops) == 1 else
                      f" (a mirrored section repeats the omission: {where})"))
        own = [f.hypothesis for f in fs if f.hypothesis and _top(f.id) == tops[0]]
        corrected = ("add to " + label(tops[0], paper) + ": " + "; ".join(dict.fromkeys(own))
                     if own else next((f.corrected for f in fs if f.corrected), None))
        recs = [f.correction for f in fs if f.correction]
        if recs:
            corrected = _checked_correction(recs, paper)
    else:
        labels = list(dict.fromkeys(
            f.source.split(",")[0] if f.kind == "wording" else label(f.id, paper)
            for f in fs))
        title = f"{', '.join(labels)}: {kind.replace('-', ' ')}"
        summary = f"{label(lead.id, paper)}: {lead.printed}"
        if len(fs) > 1:
            summary += f" ({len(fs)} instances: " + ", ".join(
                f"{label(f.id, paper)} ({f.kind.replace('-', ' ')})" for f in fs) + ")"
        corrected = next((f.corrected for f in fs if f.corrected), None)
    return Cause("", kind, title, summary, corrected, idx)


def _checked_correction(recs: list[Correction], paper: Any) -> str:
    """One corrected form for a cause of omitted hypotheses, from the prover-checked
    corrections (:func:`proofs.review.corrections.minimal`; entries in paper order, originals
    before mirrors)."""
    mirror = paper.mirror_of if paper is not None else (lambda c: c)
    recs = sorted(recs, key=lambda r: (mirror(r.entry) != r.entry, r.entry))
    groups: dict[tuple, list[Correction]] = {}
    for r in recs:
        groups.setdefault((tuple(r.added), tuple(r.dropped), r.proved,
                           tuple(r.proof_needs or ())), []).append(r)
    out = []
    for (added, dropped, proved, proof_needs), rs in groups.items():
        names = ", ".join(_label(r.entry, paper) for r in rs)
        if not added and proved:
            out.append(f"{names}: true as printed (proved); its proof as written uses "
                       f"{'; '.join(proof_needs or rs[0].needed)}, which it should list")
            continue
        line = f"{names}: add {'; '.join(added)}"
        if proved:
            line += " (proved" + (f"; not needed: {'; '.join(dropped)}" if dropped else "") + ")"
        elif (rs[0].support or "").startswith("proved"):
            line += (f" ({rs[0].support}; the errata's quick proof attempt does not decide "
                     "it, so none is dropped)")
        else:
            why = rs[0].support or (
                "the prover does not decide it: " + (rs[0].reason or "no proof found"))
            line += f" (not proved; {clip(why, 160)})"
        out.append(line)
    used = sorted({e for r in recs if r.proved for e in r.relies_on})
    tail = f". Proofs: fact blackboard ({', '.join(used)})" if used else ""
    return "; ".join(out) + tail


def _use_cause(fs: list[Finding], paper: Any) -> tuple[str, str, str | None]:
    """Title, summary and corrected form of a cause of ``inconsistent-use`` findings: the
    cited statement's constant, its proof's, and each use's, originals before mirrors."""
    mirror = paper.mirror_of if paper is not None else (lambda c: c)
    cited = list(dict.fromkeys(_cited(f) for f in fs))
    cited.sort(key=lambda c: (mirror(c) != c, c))
    names = list(dict.fromkeys(_label(c, paper) for c in cited))
    title = f"{', '.join(names)}: used with constants other than the statement's"
    parts = []
    for c in cited:
        mine = [f for f in fs if _cited(f) == c]
        head = f"{_label(c, paper)} states {mine[0].stated}"
        if mine[0].reached:
            head += f" and its proof reaches {mine[0].reached}"
        uses = []
        for f in mine:
            how = ("the proof's" if f.reached == f.used else "neither")
            where = _label(f.id, paper)
            if _restates(f):
                uses.append(f"{where}, which restates it, has {f.used}")
            else:
                uses.append(f"{where} uses {f.used} ({how})")
        parts.append(head + "; " + "; ".join(uses))
    summary = ("One lemma is quoted with different constants, so the chain of bounds does not "
               "follow from the statements as printed: " + ". ".join(parts) + ".")
    first = {c: next(f for f in fs if _cited(f) == c) for c in cited}
    fixes = [f"{_label(c, paper)}: {f.reached}" for c, f in first.items() if f.reached]
    fixed = ("quote each lemma in one form, the one its proof reaches, in its statement and at "
             "every use: " + "; ".join(fixes)) if fixes else ""
    rest = [f for f in fs if _restates(f)]
    fixes = [fixed] if fixed else []
    fixes += [f"{_label(f.id, paper)} restates {_label(_cited(f), paper)}: give "
              f"both one constant (now {f.used} and {f.stated})" for f in rest]
    return title, summary, "; ".join(dict.fromkeys(fixes)) or None


def _cited(f: Finding) -> str:
    """The cited entry of an ``inconsistent-use`` finding."""
    return (f.check or {})["cited"]


def _restates(f: Finding) -> bool:
    """Is the ``inconsistent-use`` finding about a restatement (not a proof step's use)?"""
    return (f.check or {}).get("type") == "restatement"
