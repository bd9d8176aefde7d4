"""The proof certificates a paper ships (``certificates.json`` in its package, beside its
claims), written by ``proofcheck certify PAPER`` and replayed by ``check``, ``errata`` and
``report`` before any stage (:mod:`numeric.prover.certificate`; ``--no-certificates`` turns
them off), with the witness of each refutation (replayed like the witness database's:
re-confirmed in arb, never trusted).

A certificate names the library entries of one claim's blackboard proof; it is keyed by the
claim's id, not its content, so that an edited claim first tries the proof of its earlier
version. It is never trusted: a certificate that no longer proves its claim proves nothing,
and the claim is checked as if there were none. The file::

    {"format": 1, "paper": "closeness", "budget": "quick",
     "certificates": {"closeness:lemma-5.6:step-2":
                      {"relies_on": ["exp-monotone", ...], "route": "direct", ...}, ...},
     "witnesses": {"closeness:lemma-5.5:part-3": {"R": 4.0, ...}, ...}}

The claims ``certify``'s deeper search left open are listed too, with a digest of each one's
content, under ``"open"``, with a digest of the prover's sources (``"prover"``,
:func:`numeric.prover.certificate.prover_source`): while the claim and the prover are the same,
a run does not search for a proof the deeper search did not find (the blackboard stage is not
run; ``--no-certificates`` runs it). So are, under ``"unproved"`` by budget, the digests of the
forms the errata's corrections try and the prover does not prove (a statement without one of
the hypotheses it needs, :func:`proofs.review.corrections.unproved`): with the same
prover, ``errata`` does not try them again, and its corrections are the same.

An entry that does not parse is left out; a file that does not parse gives none.

Example:
    >>> from symbolic.verdict import Status, Verdict
    >>> from numeric.stages.blackboard import METHOD
    >>> v = Verdict(Status.PROVED, METHOD, True, "...", details={
    ...     "certificate": {"relies_on": ["operator-norm"], "route": "direct", "rounds": 1,
    ...                     "last_pass": True}})
    >>> certificate_of(v).to_json() == v.details["certificate"]
    True
    >>> certificate_of(Verdict(Status.PROVED, "exact symbolic identity", True, "...")) is None
    True
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from numeric.prover.certificate import Certificate, prover_source
from numeric.stages.blackboard import METHOD
from proofs.store.atomic import write_atomic
from proofs.store.cache import content_digest
from symbolic.claim import Claim
from symbolic.verdict import Status, Verdict

FORMAT = 1
#: the file's name in a paper's package
FILENAME = "certificates.json"


def certificate_of(v: Verdict | None) -> Certificate | None:
    """The certificate of a blackboard proof (found or replayed), else None."""
    if v is None or v.status is not Status.PROVED or v.method != METHOD or not v.rigorous:
        return None
    try:
        return Certificate.from_json(v.details.get("certificate"))
    except ValueError:
        return None


def witness_of(v: Verdict | None) -> dict[str, Any] | None:
    """The witness of a refutation arb certified (as JSON), else None."""
    if v is None or v.status is not Status.REFUTED or not v.rigorous or not v.witness:
        return None
    return json.loads(json.dumps(v.witness))


def _read(path: Path) -> tuple[dict[str, Certificate], dict[str, dict[str, Any]]]:
    """The certificates and witnesses of a certificates file, by claim id; an entry that
    does not parse is left out, and a file that does not parse gives none."""
    book = _read_book(path)
    return dict(book.proofs), {cid: ws[0] for cid, ws in book.witnesses.items()}


def _read_book(path: Path) -> Certificates:
    """The whole certificates file: :func:`_read`'s certificates and witnesses, the open
    claims' content digests by id and the budgets at which their proofs were searched for,
    and the unproved forms' digests by budget (neither when the file's prover digest is not
    this prover's)."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        ok = doc.get("format") == FORMAT
        entries, points = (doc.get("certificates", {}), doc.get("witnesses", {})) if ok \
            else ({}, {})
        current = ok and doc.get("prover") == prover_source()
        left = doc.get("open", {}) if current else {}
        at = doc.get("searched_at", [])
        searched_at = tuple(b for b in at if isinstance(b, str)) if isinstance(at, list) else ()
        failed = doc.get("unproved", {}) if current else {}
        unproved = {b: frozenset(d for d in ds if isinstance(d, str))
                    for b, ds in (failed.items() if isinstance(failed, dict) else ())
                    if isinstance(ds, list)}
    except (OSError, ValueError, AttributeError, RecursionError, TypeError):
        return Certificates()
    proofs: dict[str, Certificate] = {}
    for cid, raw in (entries.items() if isinstance(entries, dict) else ()):
        try:
            proofs[cid] = Certificate.from_json(raw)
        except (ValueError, RecursionError):
            continue
    witnesses = {cid: [w] for cid, w in (points.items() if isinstance(points, dict) else ())
                 if isinstance(w, dict)}
    left = {cid: h for cid, h in (left.items() if isinstance(left, dict) else ())
            if isinstance(h, str)}
    return Certificates(proofs, witnesses, left, searched_at, unproved)


def _document(proofs: Mapping[str, Certificate], witnesses: Mapping[str, dict[str, Any]],
              **head: Any) -> dict[str, Any]:
    """A certificates file's content: ``head`` fields, then both tables sorted by id."""
    return {"format": FORMAT, **head,
            "certificates": {cid: proofs[cid].to_json() for cid in sorted(proofs)},
            "witnesses": dict(sorted(witnesses.items()))}


def path_of(key: str) -> Path:
    """Where paper ``key`` keeps its certificates (its package directory)."""
    from proofs.registry import paper_module

    return Path(str(resources.files(paper_module(key)))) / FILENAME


class Book:
    """Proof certificates and refuting witnesses, by claim id: what the runner replays before
    a claim's stages, and what it tells of each new verdict (:meth:`learn`; kept by
    :class:`Learned` alone, and written by :meth:`flush` at the end of a run)."""

    def proof(self, cid: str) -> Certificate | None:
        """The proof certificate of claim ``cid``, if any."""
        return None

    def witnesses_of(self, cid: str) -> list[dict[str, Any]]:
        """The witnesses that refuted claim ``cid`` before ([] when none)."""
        return []

    def searched(self, claim: Claim, budget: str) -> str | None:
        """Why not to search for a blackboard proof of ``claim`` at ``budget``: a search by
        this prover at that budget found none for this very claim (None: search)."""
        return None

    def unproved(self, claim: Claim, budget: str) -> bool:
        """Did this prover, at ``budget``, fail to prove this very form (a correction's
        trial, :func:`proofs.review.corrections.unproved`)?"""
        return False

    def learn(self, cid: str, v: Verdict | None) -> None:
        """A run's verdict ``v`` of claim ``cid`` (kept only by :class:`Learned`)."""

    def flush(self) -> None:
        """Write what was learned (only :class:`Learned` writes)."""


@dataclass(frozen=True)
class Certificates(Book):
    """Proof certificates and refuting witnesses, by claim id, given.

    >>> book = Certificates({"t:a": Certificate(("operator-norm",))}, {"t:b": [{"x": 2.0}]})
    >>> book.proof("t:a").relies_on, book.proof("t:b"), book.witnesses_of("t:b")
    (('operator-norm',), None, [{'x': 2.0}])
    """

    proofs: Mapping[str, Certificate] = field(default_factory=dict)
    witnesses: Mapping[str, list[dict[str, Any]]] = field(default_factory=dict)
    #: the claims a deeper search left open: their content digests, by id
    open: Mapping[str, str] = field(default_factory=dict)
    #: the budgets at which the blackboard searched for their proofs
    searched_at: tuple[str, ...] = ()
    #: the content digests of the forms this prover does not prove, by budget
    unproved_forms: Mapping[str, frozenset[str]] = field(default_factory=dict)

    def proof(self, cid: str) -> Certificate | None:
        return self.proofs.get(cid)

    def witnesses_of(self, cid: str) -> list[dict[str, Any]]:
        return list(self.witnesses.get(cid, []))

    def searched(self, claim: Claim, budget: str) -> str | None:
        want = self.open.get(claim.id)
        if budget not in self.searched_at or want is None or want != content_digest(claim):
            return None
        return (f"certify's search at the {budget} budget found no proof of this claim with "
                "this prover (--no-certificates searches again)")

    def unproved(self, claim: Claim, budget: str) -> bool:
        forms = self.unproved_forms.get(budget)
        return bool(forms) and content_digest(claim) in forms


@cache
def shipped(key: str) -> Certificates:
    """What paper ``key`` ships (nothing when its file is missing or does not parse)."""
    return _read_book(path_of(key))


class Shipped(Certificates):
    """Every registered paper's certificates and witnesses, read on first use (a claim of no
    registered paper has none).

    >>> book = Shipped()
    >>> book.proof("t:extra-1") is None, book.proof("closeness:lemma-7.7") is not None
    (True, True)
    >>> len(book.witnesses_of("closeness:lemma-5.5:part-3"))
    1
    """

    def _paper(self, cid: str) -> Certificates:
        from proofs.registry import UnknownTarget

        try:
            return shipped(cid.split(":", 1)[0])
        except UnknownTarget:
            return Certificates()

    def proof(self, cid: str) -> Certificate | None:
        return self._paper(cid).proof(cid)

    def witnesses_of(self, cid: str) -> list[dict[str, Any]]:
        return self._paper(cid).witnesses_of(cid)

    def searched(self, claim: Claim, budget: str) -> str | None:
        return self._paper(claim.id).searched(claim, budget)

    def unproved(self, claim: Claim, budget: str) -> bool:
        return self._paper(claim.id).unproved(claim, budget)


#: where runs keep what they learned, relative to the working directory
LEARNED = os.path.join(".proofcheck", "certificates.json")


class Learned(Book):
    """What the runs in a working directory learned (``.proofcheck/certificates.json``): the
    certificate of each blackboard proof and the witness of each refutation, by claim id, the
    latest run's replacing an earlier one's. An edited claim (a new content, so nothing in the
    results store) first tries the proof or the witness of its earlier version. A file that
    does not parse gives nothing and is rewritten. ``witnesses``: False leaves the witnesses
    out, neither replayed nor recorded (``check --no-replay``).

    >>> import tempfile
    >>> from numeric.stages.blackboard import METHOD
    >>> book = Learned(tempfile.mkdtemp())
    >>> book.learn("t:a", Verdict(Status.PROVED, METHOD, True, "...", details={
    ...     "certificate": {"relies_on": ["operator-norm"], "route": "direct"}}))
    >>> book.flush()
    >>> Learned(book.root).proof("t:a").relies_on
    ('operator-norm',)
    """

    def __init__(self, root: str = ".", witnesses: bool = True) -> None:
        self.root = root
        #: replay and record witnesses too (``check --no-replay``: proofs only)
        self.with_witnesses = witnesses
        self.path = Path(root) / LEARNED
        self.changed = False
        self.proofs, self.points = _read(self.path)

    def proof(self, cid: str) -> Certificate | None:
        return self.proofs.get(cid)

    def witnesses_of(self, cid: str) -> list[dict[str, Any]]:
        return [self.points[cid]] if self.with_witnesses and cid in self.points else []

    def learn(self, cid: str, v: Verdict | None) -> None:
        cert = certificate_of(v)
        if cert is not None and self.proofs.get(cid) != cert:
            self.proofs[cid] = cert
            self.changed = True
        w = witness_of(v) if self.with_witnesses else None
        if w is not None and self.points.get(cid) != w:
            self.points[cid] = w
            self.changed = True

    def flush(self) -> None:
        if not self.changed:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(_document(self.proofs, self.points), indent=1, ensure_ascii=False)
        write_atomic(str(self.path), text + "\n")
        self.changed = False


@dataclass(frozen=True)
class Chain(Book):
    """Several books read in order: the first certificate found, every witness (once); each
    learns every verdict.

    >>> a = Certificates({"t:a": Certificate(("triangle",))}, {"t:b": [{"x": 1.0}]})
    >>> b = Certificates({"t:a": Certificate(("hadamard",))}, {"t:b": [{"x": 1.0}, {"x": 2.0}]})
    >>> book = Chain((a, b))
    >>> book.proof("t:a").relies_on, book.witnesses_of("t:b")
    (('triangle',), [{'x': 1.0}, {'x': 2.0}])
    """

    books: tuple[Book, ...]

    def proof(self, cid: str) -> Certificate | None:
        return next((c for b in self.books if (c := b.proof(cid)) is not None), None)

    def witnesses_of(self, cid: str) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for b in self.books:
            out += [w for w in b.witnesses_of(cid) if w not in out]
        return out

    def searched(self, claim: Claim, budget: str) -> str | None:
        return next((w for b in self.books if (w := b.searched(claim, budget)) is not None),
                    None)

    def unproved(self, claim: Claim, budget: str) -> bool:
        return any(b.unproved(claim, budget) for b in self.books)

    def learn(self, cid: str, v: Verdict | None) -> None:
        for b in self.books:
            b.learn(cid, v)

    def flush(self) -> None:
        for b in self.books:
            b.flush()


def document(key: str, budget: str, verdicts: Iterable[tuple[str, Verdict | None]],
             search: str = "none", left: Iterable[Claim] = (),
             searched_at: Iterable[str] = (),
             unproved: Mapping[str, Iterable[str]] | None = None) -> dict[str, Any]:
    """The certificates file of paper ``key`` for the ``(claim id, verdict)`` pairs of a
    run at ``budget`` (and a deeper proof search at ``search`` for the claims it left open):
    a certificate per blackboard proof and the witness of each refutation arb certified, by
    id; the claims ``left`` open by the searches at the budgets ``searched_at``, by id, with
    their content digests and the prover's; the content digests of the ``unproved`` forms,
    by budget."""
    proofs: dict[str, Certificate] = {}
    witnesses: dict[str, dict[str, Any]] = {}
    for cid, v in verdicts:
        if (cert := certificate_of(v)) is not None:
            proofs[cid] = cert
        if (w := witness_of(v)) is not None:
            witnesses[cid] = w
    doc = _document(proofs, witnesses, paper=key, budget=budget, search=search)
    left = sorted(left, key=lambda c: c.id)
    if left:
        doc.update(prover=prover_source(), searched_at=sorted(set(searched_at)),
                   open={c.id: content_digest(c) for c in left})
    forms = {b: sorted(set(ds)) for b, ds in sorted((unproved or {}).items())}
    if any(forms.values()):
        doc.update(prover=prover_source(), unproved={b: ds for b, ds in forms.items() if ds})
    return doc


def write(key: str, doc: Mapping[str, Any]) -> Path:
    """Write paper ``key``'s certificates file (atomically); its path."""
    p = path_of(key)
    write_atomic(str(p), json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
    shipped.cache_clear()
    return p
