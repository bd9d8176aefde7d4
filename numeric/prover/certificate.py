"""Proof certificates: the library entries a blackboard proof used, so that a later run
proves the claim again from those entries alone instead of searching the whole library.

Finding a proof is search: every entry instantiated on every atom (300-500 facts), several
attempts, then a check per entry to name the ones the proof needs. Checking a proof whose
entries are known is one small z3 problem. Proof assistants keep the second and not the
first: Isabelle's Sledgehammer finds a proof and writes ``by (metis fact₁ fact₂)`` into the
theory, Lean's ``simp?`` prints the ``simp only [...]`` call to paste in. A certificate is
that line: the entries and the route (the engine's own attempts, the focused route of
:mod:`numeric.prover.focus`, or the termwise route of :mod:`numeric.prover.termwise`, whose
certificate pairs the terms and holds one certificate per pair).

A certificate is never trusted: :func:`replay` hands z3 the hypotheses, the instances of the
certificate's entries (theorems, as in any proof) and the negated claim, and only ``unsat``
proves. A certificate that no longer proves its claim (the claim was edited, an entry renamed)
proves nothing, and the claim goes through the stages as if there were none.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, matrix, vector, norm2, opnorm, scalar, n, d
    >>> from numeric.budget import Budget
    >>> A, x, R = matrix("A", n, d), vector("x", d), scalar("R")
    >>> c = Claim("t:extra-1", norm2(A * x), "<=", R**2,
    ...           (Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R)))
    >>> cert = Certificate(("norm-nonnegative", "operator-norm"))
    >>> replay(c, Budget.get("quick"), cert).proved
    True
    >>> replay(c, Budget.get("quick"), Certificate(("norm-nonnegative",))).proved
    False
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from numeric.budget import Budget
from numeric.prover.engine import Outcome, prove
from numeric.prover.facts import DESCRIPTIONS
from numeric.prover.focus import prove_focused
from numeric.prover.termwise import combined, pairing_error, part, terms
from symbolic.claim import Claim

#: the routes a certificate can name
ROUTES = ("direct", "focused", "termwise")

#: the sources a blackboard search depends on (beyond the claim): the engine, its library,
#: the routes, the stage and the budgets
_PROVER_SOURCES = ("numeric/prover/*.py", "numeric/stages/blackboard.py", "numeric/budget.py",
                   "symbolic/normal_form.py", "symbolic/objects.py", "symbolic/claim.py",
                   "symbolic/relation.py", "symbolic/declared.py", "symbolic/vocabulary/*.py",
                   "proofs/cli/commands/certify.py")


@functools.cache
def prover_source() -> str:
    """A digest of the prover's sources (:data:`_PROVER_SOURCES`) and of the SymPy and z3
    versions: a search that found no proof finds none again while it is the same (the claim
    being the same too).

    >>> len(prover_source())
    16
    """
    import sympy
    import z3

    root = Path(__file__).resolve().parents[2]
    h = hashlib.sha256(f"sympy {sympy.__version__} z3 {z3.get_version_string()}".encode())
    for pattern in _PROVER_SOURCES:
        for f in sorted(root.glob(pattern)):
            h.update(f.relative_to(root).as_posix().encode())
            h.update(f.read_bytes())
    return h.hexdigest()[:16]


@dataclass(frozen=True)
class Certificate:
    """The library entries of a proof (``relies_on``), its ``route`` and the attempt that
    found it (the blackboard's ``rounds`` and ``last_pass``, of the reduced claim on the
    focused route; 0: not known, every attempt is tried); on the termwise route, ``parts``:
    (left term, right term, that part's certificate) for every term.

    >>> Certificate.from_json({"relies_on": ["exp-monotone"], "route": "focused"}).to_json()
    {'relies_on': ['exp-monotone'], 'route': 'focused'}
    >>> Certificate(("operator-norm",), rounds=2, last_pass=False).to_json()
    {'relies_on': ['operator-norm'], 'route': 'direct', 'rounds': 2, 'last_pass': False}
    >>> doc = Certificate(("exp-monotone",), "termwise", parts=(
    ...     (0, 1, Certificate(("exp-monotone",))), (1, 0, Certificate(())))).to_json()
    >>> doc["parts"][0]
    [0, 1, {'relies_on': ['exp-monotone'], 'route': 'direct'}]
    >>> Certificate.from_json(doc) == Certificate.from_json(doc | {"parts": doc["parts"]})
    True
    """

    relies_on: tuple[str, ...]
    route: str = "direct"
    rounds: int = 0
    last_pass: bool = True
    parts: tuple[tuple[int, int, Certificate], ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"relies_on": list(self.relies_on), "route": self.route}
        if self.rounds:
            out.update(rounds=self.rounds, last_pass=self.last_pass)
        if self.parts:
            out["parts"] = [[i, j, c.to_json()] for i, j, c in self.parts]
        return out

    @classmethod
    def from_json(cls, doc: Any) -> Certificate:
        """A certificate from its JSON form; ValueError when it is malformed."""
        if not isinstance(doc, dict):
            raise ValueError("a certificate is a JSON object")
        names, route = doc.get("relies_on"), doc.get("route", "direct")
        if not isinstance(names, list) or not all(isinstance(k, str) for k in names):
            raise ValueError("relies_on: expected a list of library entry names")
        if route not in ROUTES:
            raise ValueError(f"route: expected one of {', '.join(ROUTES)}, not {route!r}")
        rounds, last = doc.get("rounds", 0), doc.get("last_pass", True)
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 0 <= rounds <= 8 \
                or not isinstance(last, bool):
            raise ValueError("rounds: expected an integer from 0 to 8; last_pass: a boolean")
        parts = doc.get("parts", [])
        if not isinstance(parts, list) or (route == "termwise") != bool(parts) or not all(
                isinstance(p, list) and len(p) == 3 and all(
                    isinstance(k, int) and not isinstance(k, bool) for k in p[:2])
                for p in parts):
            raise ValueError("parts: a termwise certificate's [left, right, certificate] "
                             "triples (and only a termwise certificate has them)")
        out = cls(tuple(names), route, rounds, last,
                  tuple((i, j, cls.from_json(c)) for i, j, c in parts))
        if any(c.route == "termwise" for _, _, c in out.parts):
            raise ValueError("parts: a termwise certificate's parts are not termwise")
        return out

    @classmethod
    def of(cls, out: Outcome) -> Certificate:
        """The certificate of a proof the engine found."""
        return cls(tuple(out.relies_on), out.route, out.rounds, out.last_pass,
                   tuple((i, j, cls.of(o)) for i, j, o in out.parts))


def replay(claim: Claim, budget: Budget, cert: Certificate) -> Outcome:
    """Prove ``claim`` from the entries of ``cert`` (and the signs, which every proof of the
    engine has: its domain check may need them), by its route, within ``budget``'s attempts.
    When it proves, ``relies_on`` is the certificate's entries. An entry name the library
    does not know makes the certificate stale: nothing is proved."""
    known = set(cert.relies_on) <= set(DESCRIPTIONS)
    if not known:
        return Outcome(False, "a certificate names an entry the library does not have",
                       final=True)
    if cert.route == "termwise":
        return _replay_termwise(claim, budget, cert)
    lib = frozenset(cert.relies_on)
    # the attempt that found it first; the blackboard of these entries alone names fewer
    # atoms than the whole one, so another attempt may be the one that proves it now
    plans = [(cert.rounds, cert.last_pass), None] if cert.rounds else [None]
    for at in plans:
        if cert.route == "focused":
            out = prove_focused(claim, budget, relies=False, library=lib, sparse=True,
                                at=at)
        else:
            out = prove(claim, budget, library=lib, polynomial=False, relies=False,
                        sparse=True, at=at)
        if out.proved or out.final:
            break
    if out.proved:
        out.relies_on = sorted(lib)
        out.route = cert.route
    return out


def _replay_termwise(claim: Claim, budget: Budget, cert: Certificate) -> Outcome:
    """A termwise certificate replayed: its pairing must be one-to-one and cover both sides'
    terms, and every part's certificate must prove its part."""
    zipped = terms(claim)
    if zipped is None:
        return Outcome(False, "a termwise certificate for a claim that is not a sum bounded "
                              "by a sum", final=True)
    why = pairing_error([(i, j) for i, j, _ in cert.parts], len(zipped))
    if why is not None:
        return Outcome(False, f"a termwise certificate: {why}", final=True)
    parts = []
    for i, j, c in cert.parts:
        out = replay(part(claim, zipped[i][0], zipped[j][1]), budget, c)
        if not out.proved:
            return Outcome(False, f"termwise: part {i + 1} does not replay ({out.reason})",
                           final=out.final)
        parts.append((i, j, out))
    return combined(parts)
