"""The results JSON of a check run (the contract in DESIGN.md): its one writer and one reader.

Example:
    >>> import json
    >>> from symbolic.verdict import Status, Verdict
    >>> from proofs.model.results import Result
    >>> r = Result("t:extra-1", "extra", "toy", "demo", Verdict(Status.SUPPORTED, "sampling"))
    >>> json.loads(to_json([r], seed=0, budget="quick"))["results"][0]["status"]
    'supported'
"""

from __future__ import annotations

import json
from typing import Any

from proofs.model.annotation import EXPECTS, Annotation
from proofs.model.results import Result
from proofs.store.provenance import versions
from symbolic.claim import Claim
from symbolic.verdict import Status, Verdict

SCHEMA_VERSION = 1


def to_json(results: list[Result], seed: int, budget: str,
            not_checked: list[dict[str, Any]] | None = None) -> str:
    """The contract JSON document; with ``not_checked`` (a paper's source was read), also
    the statements found and not checked (``id``, ``where``, ``why``, and ``read_as`` with
    ``reading`` and ``left`` when read as written)."""
    doc: dict[str, Any] = {"schema_version": SCHEMA_VERSION, "seed": seed, "budget": budget,
                           "versions": versions(), "results": [r.to_json() for r in results]}
    if not_checked:
        doc["not_checked"] = not_checked
    return json.dumps(doc, indent=2, sort_keys=False)


# -- reading a check run back -------------------------------------------------------------------


class ResultsFileError(ValueError):
    """A results JSON that cannot be used: unreadable, garbled, of another paper, or written
    for claims that have changed since (one-line message)."""


def load_results_json(path: str) -> dict[str, Any]:
    """The document ``proofcheck check … --json`` wrote at ``path`` (top level validated).

    >>> load_results_json("/nonexistent/out.json")
    Traceback (most recent call last):
    ...
    proofs.store.results_json.ResultsFileError: /nonexistent/out.json: no such file
    """
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except FileNotFoundError:
        raise ResultsFileError(f"{path}: no such file") from None
    except UnicodeDecodeError:
        raise ResultsFileError(f"{path}: not a text file") from None
    except json.JSONDecodeError as exc:
        raise ResultsFileError(f"{path}: not JSON ({exc.msg}, line {exc.lineno})") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("results"), list):
        raise ResultsFileError(f"{path}: not a 'proofcheck check --json' document "
                               "(no 'results' list)")
    if doc.get("schema_version", SCHEMA_VERSION) != SCHEMA_VERSION:
        raise ResultsFileError(f"{path}: schema_version {doc.get('schema_version')!r}, this "
                               f"proofcheck reads {SCHEMA_VERSION}")
    return doc


def load_document(path: str) -> dict[str, Any]:
    """A check run's document (:func:`load_results_json`) or an experiment's
    (:func:`is_experiment`) from ``path``.

    >>> load_document("/nonexistent/out.json")
    Traceback (most recent call last):
    ...
    proofs.store.results_json.ResultsFileError: /nonexistent/out.json: no such file
    """
    try:
        return load_results_json(path)
    except ResultsFileError as exc:
        if "no 'results' list" not in str(exc):
            raise
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        if is_experiment(doc):
            return doc
        raise ResultsFileError(f"{path}: not a 'proofcheck check --json' or 'proofcheck "
                               "experiment --json' document") from None


def _record(k: int, rec: Any) -> tuple[str, Status]:
    if not isinstance(rec, dict) or not isinstance(rec.get("id"), str):
        raise ResultsFileError(f"result #{k + 1} has no id")
    try:
        status = Status(rec.get("status"))
    except ValueError:
        raise ResultsFileError(f"result {rec['id']!r}: bad status {rec.get('status')!r}") from None
    w = rec.get("witness")
    if w is not None and not isinstance(w, dict):
        raise ResultsFileError(f"result {rec['id']!r}: the witness is not an object")
    return rec["id"], status


def _float(x: Any) -> Any:
    """Numbers as :meth:`Result.to_json` wrote them (``"inf"`` as a string) back to floats."""
    if isinstance(x, str):
        try:
            return float(x)
        except ValueError:
            return x
    return x


def _verdict(rec: dict[str, Any], status: Status) -> Verdict:
    return Verdict(status, str(rec.get("method") or ""), bool(rec.get("rigorous")),
                   str(rec.get("message") or ""), _float(rec.get("slack")), rec.get("witness"),
                   rec.get("seed"), rec.get("precision"), int(rec.get("evaluations") or 0),
                   _float(rec.get("worst_margin")), dict(rec.get("details") or {}),
                   float(rec.get("seconds") or 0.0))


def _expected(rid: str, rec: dict[str, Any]) -> str | None:
    """The ``expected`` field of a record, checked."""
    expect = rec.get("expected")
    if expect not in EXPECTS:
        raise ResultsFileError(f"result {rid!r}: bad expected verdict {expect!r} (one of "
                               f"{', '.join(str(e) for e in EXPECTS[1:])}, or null)")
    return expect


def results_from_json(doc: dict[str, Any], paper: str | None = None) -> list[Result]:
    """Rebuild the results of a ``proofcheck check --json`` document, joined to the registry's
    claim objects by id, so that errata and reports can be written without re-checking.

    With ``paper``, only that paper's results are kept and at least one is required; without
    it, every result of a registered paper (others are skipped). A result whose id, kind,
    printed claim or hypotheses (``statement``, ``hypotheses``: written since this reader
    exists) no longer match the encoding raises :class:`ResultsFileError`: its witness may not
    fit the claim any more.
    The proof chain's owed implication (``conclusion``) is rebuilt as well.

    >>> rec = {"id": "closeness:fact-3.2:item-5", "kind": "fact", "status": "refuted",
    ...        "method": "sampling", "rigorous": True, "witness": {"x": [[1.0]]}}
    >>> r, = results_from_json({"results": [rec]}, "closeness")
    >>> r.status.value, r.claim.id, r.expect
    ('refuted', 'closeness:fact-3.2:item-5', 'refuted')
    >>> results_from_json({"results": [rec]}, "tensor-trick")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    proofs.store.results_json.ResultsFileError: no result of paper 'tensor-trick' (the file has ...)
    """
    from proofs import registry
    from proofs.model.conclusion import conclusion_annotation, conclusion_claim

    if not isinstance(doc, dict) or not isinstance(doc.get("results"), list):
        raise ResultsFileError("not a 'proofcheck check --json' document (no 'results' list)")
    records = [(rec, *_record(k, rec)) for k, rec in enumerate(doc["results"])]
    keys = sorted({rid.split(":", 1)[0] for _, rid, _ in records})
    if paper is not None:
        registry.paper(paper)  # an unknown key raises registry.UnknownTarget
        if paper not in keys:
            held = f" (the file has results of {', '.join(keys)})" if keys else ""
            raise ResultsFileError(f"no result of paper {paper!r}{held}")
        keys = [paper]
    claims: dict[str, Claim] = {}
    notes: dict[str, Annotation] = {}
    entries: dict[str, Any] = {}
    known: set[str] = set()
    for key in keys:
        try:
            p = registry.paper(key)
        except registry.UnknownTarget:
            continue  # a user's claims file or a paper this version does not encode
        known.add(key)
        for e in p.entries:
            entries.update({q.id: q for q in e.all_entries()})
            for c, a in e.annotated():
                claims[c.id], notes[c.id] = c, a
    out = []
    for rec, rid, status in records:
        if rid.split(":", 1)[0] not in known:
            continue
        claim, entry = claims.get(rid), entries.get(rid)
        if claim is None and entry is None:
            raise ResultsFileError(f"result {rid!r} matches no claim of the encoding (written "
                                   "by another version? re-run 'proofcheck check')")
        kind = claim.kind if claim is not None else entry.kind
        if rec.get("kind", kind) != kind:
            raise ResultsFileError(f"result {rid!r} is of kind {rec.get('kind')!r}, the "
                                   f"encoding's claim of kind {kind!r}")
        if claim is not None and rec.get("statement", str(claim.prop)) != str(claim.prop):
            raise ResultsFileError(f"result {rid!r} was checked for {rec['statement']!r}; the "
                                   f"claim now reads {str(claim.prop)!r} (re-run 'proofcheck "
                                   "check')")
        hyps = None if claim is None else [str(h) for h in claim.hypotheses]
        if claim is not None and rec.get("hypotheses", hyps) != hyps:
            raise ResultsFileError(f"result {rid!r} was checked under other hypotheses than "
                                   "the claim now lists (re-run 'proofcheck check')")
        v = _verdict(rec, status)
        if claim is not None:
            r = Result.of(claim, v, notes[rid])
        else:  # a combined result (chain statement, entry made of parts)
            expect = _expected(rid, rec)
            r = Result(rid, kind, entry.source, entry.description, v, expect,
                       annotation=entry.annotation().with_(expect=expect))
        r.notes = [str(x) for x in rec.get("notes") or []]
        conc = rec.get("conclusion")
        if conc:
            cc = conclusion_claim(entry) if entry is not None else None
            if cc is None or not isinstance(conc, dict) or conc.get(
                    "claim", str(cc.prop)) != str(cc.prop):
                raise ResultsFileError(f"result {rid!r}: its proof chain's conclusion does not "
                                       "match the encoding (re-run 'proofcheck check')")
            try:
                cst = Status(conc.get("status"))
            except ValueError:
                raise ResultsFileError(f"result {rid!r}: bad conclusion status "
                                       f"{conc.get('status')!r}") from None
            r.conclusion = Result.of(cc, Verdict(
                cst, str(conc.get("method") or "(from JSON)"), bool(conc.get("rigorous")),
                str(conc.get("message") or ""), witness=conc.get("witness")),
                conclusion_annotation(cc, entry))
        out.append(r)
    return out


def is_experiment(doc: Any) -> bool:
    """True for the JSON of ``proofcheck experiment … --json`` (a ``claims`` list of records).

    >>> is_experiment({"experiment": "noise-scaling", "claims": []}), is_experiment({})
    (True, False)
    """
    return (isinstance(doc, dict) and not isinstance(doc.get("results"), list)
            and isinstance(doc.get("claims"), list))


def experiment_results(doc: dict[str, Any], paper: str) -> list[Result]:
    """The results of ``paper`` recorded by an experiment document (:func:`is_experiment`).

    Monte Carlo records are never rigorous and have no witness; their ids may name the
    experiment's own sub-claims, so a record whose id is not in the encoding is kept without a
    claim object (one that is in the encoding is joined to it). A bad status raises
    :class:`ResultsFileError`.

    >>> rec = {"id": "lipschitz-attention:theorem-2:window", "kind": "theorem",
    ...        "status": "supported", "method": "monte-carlo", "rigorous": False}
    >>> r, = experiment_results({"claims": [rec]}, "lipschitz-attention")
    >>> r.status.value, r.claim is None
    ('supported', True)
    """
    from proofs import registry

    if not is_experiment(doc):
        raise ResultsFileError("not a 'proofcheck experiment --json' document (no 'claims' "
                               "list)")
    p = registry.paper(paper)
    claims = {c.id: (c, a) for c, a in p.annotated()}
    entries = {q.id: q for e in p.entries for q in e.all_entries()}
    out = []
    for k, rec in enumerate(doc["claims"]):
        rid, status = _record(k, rec)
        if not rid.startswith(paper + ":"):
            continue
        v = _verdict(rec, status)
        v.rigorous = False  # sampling statistics never are
        pair, entry = claims.get(rid), entries.get(rid)
        if pair is not None:
            r = Result.of(pair[0], v, pair[1])
        else:
            expect = entry.expect if entry is not None else _expected(rid, rec)
            r = Result(rid, str(rec.get("kind") or ""), str(rec.get("source") or ""),
                       str(rec.get("description") or ""), v, expect,
                       annotation=(entry.annotation() if entry is not None else
                                   Annotation(description=str(rec.get("description") or "")))
                       .with_(expect=expect))
        r.notes = [str(x) for x in rec.get("notes") or []]
        out.append(r)
    return out


def read_document(doc: Any, paper: str) -> list[Result]:
    """``paper``'s results from either document a command writes: a check run
    (:func:`results_from_json`, strict) or an experiment (:func:`experiment_results`).

    >>> read_document({"claims": []}, "closeness")
    []
    """
    if is_experiment(doc):
        return experiment_results(doc, paper)
    return results_from_json(doc, paper)


def missing_results(results: list[Result], paper: str) -> list[str]:
    """Ids of ``paper``'s claims that have no result among ``results`` (a partial run).

    >>> len(missing_results([], "closeness")) > 100
    True
    """
    from proofs import registry

    have = {r.id for r in results}
    return [c.id for c in registry.paper(paper).claims() if c.id not in have]
