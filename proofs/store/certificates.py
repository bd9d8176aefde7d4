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

An entry that does not parse is left out; a file that does not parse gives none.

Example:
    >>> from symbolic.verdict import Status, Verdict
    >>> from numeric.stages.blackboard import METHOD
    >>> v = Verdict(Status.PROVED, METHOD, True, "...", details={
    ...     "certificate": {"relies_on": ["operator-norm"], "route": "direct", "rounds": 1,
    ...                     "last_pass": True}})
    >>> certificate_of(v)
    Certificate(relies_on=('operator-norm',), route='direct', rounds=1, last_pass=True)
    >>> certificate_of(Verdict(Status.PROVED, "exact symbolic identity", True, "...")) is None
    True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from numeric.prover.certificate import Certificate
from numeric.stages.blackboard import METHOD
from proofs.store.atomic import write_atomic
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


def path_of(key: str) -> Path:
    """Where paper ``key`` keeps its certificates (its package directory)."""
    from proofs.registry import paper_module

    return Path(str(resources.files(paper_module(key)))) / FILENAME


@dataclass(frozen=True)
class Certificates:
    """Proof certificates and refuting witnesses, by claim id: what the runner replays
    before a claim's stages.

    >>> book = Certificates({"t:a": Certificate(("operator-norm",))}, {"t:b": [{"x": 2.0}]})
    >>> book.proof("t:a").relies_on, book.proof("t:b"), book.witnesses_of("t:b")
    (('operator-norm',), None, [{'x': 2.0}])
    """

    proofs: Mapping[str, Certificate] = field(default_factory=dict)
    witnesses: Mapping[str, list[dict[str, Any]]] = field(default_factory=dict)

    def proof(self, cid: str) -> Certificate | None:
        """The proof certificate of claim ``cid``, if any."""
        return self.proofs.get(cid)

    def witnesses_of(self, cid: str) -> list[dict[str, Any]]:
        """The witnesses that refuted claim ``cid`` before ([] when none)."""
        return list(self.witnesses.get(cid, []))


@cache
def shipped(key: str) -> Certificates:
    """What paper ``key`` ships (nothing when its file is missing or does not parse)."""
    try:
        doc = json.loads(path_of(key).read_text(encoding="utf-8"))
        if doc.get("format") != FORMAT:
            return Certificates()
        entries, points = doc.get("certificates", {}), doc.get("witnesses", {})
    except (OSError, ValueError, KeyError, TypeError, AttributeError, LookupError):
        return Certificates()
    proofs: dict[str, Certificate] = {}
    for cid, raw in (entries.items() if isinstance(entries, dict) else ()):
        try:
            proofs[cid] = Certificate.from_json(raw)
        except ValueError:
            continue
    witnesses = {cid: [w] for cid, w in (points.items() if isinstance(points, dict) else ())
                 if isinstance(w, dict)}
    return Certificates(proofs, witnesses)


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


def document(key: str, budget: str, verdicts: Iterable[tuple[str, Verdict | None]]
             ) -> dict[str, Any]:
    """The certificates file of paper ``key`` for the ``(claim id, verdict)`` pairs of a
    run at ``budget``: a certificate per blackboard proof and the witness of each
    refutation arb certified, by id."""
    pairs = list(verdicts)
    certs = {cid: c.to_json() for cid, v in pairs if (c := certificate_of(v)) is not None}
    points = {cid: v.witness for cid, v in pairs
              if v is not None and v.status is Status.REFUTED and v.rigorous and v.witness}
    return {"format": FORMAT, "paper": key, "budget": budget,
            "certificates": dict(sorted(certs.items())),
            "witnesses": dict(sorted(points.items()))}


def write(key: str, doc: Mapping[str, Any]) -> Path:
    """Write paper ``key``'s certificates file (atomically); its path."""
    p = path_of(key)
    write_atomic(str(p), json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
    shipped.cache_clear()
    return p
