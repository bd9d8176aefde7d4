"""Proof certificates: the library entries a blackboard proof used, so that a later run
proves the claim again from those entries alone instead of searching the whole library.

Finding a proof is search: every entry instantiated on every atom (300-500 facts), several
attempts, then a check per entry to name the ones the proof needs. Checking a proof whose
entries are known is one small z3 problem. Proof assistants keep the second and not the
first: Isabelle's Sledgehammer finds a proof and writes ``by (metis fact₁ fact₂)`` into the
theory, Lean's ``simp?`` prints the ``simp only [...]`` call to paste in. A certificate is
that line: the entries and the route (the engine's own attempts, the focused route of
:mod:`numeric.prover.focus`, the termwise route of :mod:`numeric.prover.termwise`, whose
certificate pairs the terms and holds one certificate per pair, or the factorwise route of
:mod:`numeric.prover.factorwise`, whose certificate groups the right side's factors and holds
one certificate per part of each left factor, the split route of
:mod:`numeric.prover.split`, with one certificate per sign of a scale, or the route through a
library bound of :mod:`numeric.prover.bounds`, with the certificate of what is left, or the
regrouped triangle inequality of :mod:`numeric.prover.split`, with the
certificate of the sum of its pieces' norms, or the abstraction of
:mod:`numeric.prover.abstract`, with the certificate of the general claim).

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
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sympy as sp

from numeric.budget import Budget
from numeric.prover.abstract import abstracted
from numeric.prover.abstract import combined as abstract_combined
from numeric.prover.bounds import combined as through_combined
from numeric.prover.bounds import replaced
from numeric.prover.engine import Outcome, prove
from numeric.prover.factorwise import combined as factorwise_combined
from numeric.prover.factorwise import grouping, part_claims
from numeric.prover.facts import DESCRIPTIONS
from numeric.prover.focus import prove_focused
from numeric.prover.split import combined as split_combined
from numeric.prover.split import pieces, regroup_combined, regrouped
from numeric.prover.termwise import combined, pairing_error, part, terms
from symbolic.claim import Claim
from symbolic.relation import Relation

#: the routes a certificate can name
ROUTES = ("direct", "focused", "termwise", "factorwise", "split", "through", "regroup",
          "abstract")
#: the routes whose certificates are made of their parts' certificates, with the routes each
#: part may take (a split's parts are the signs of its scales: it may have none)
PARTS = {"termwise": ("direct", "focused", "factorwise", "through"),
         "factorwise": ("direct", "focused"), "split": ("direct", "focused"),
         "through": ("factorwise",), "regroup": ("termwise",),
         "abstract": ("direct", "focused", "termwise", "factorwise", "split", "through",
                      "regroup")}
COMPOSITE = tuple(k for k in PARTS if k != "split")

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
    #: a factorwise certificate's grouping (:mod:`numeric.prover.factorwise`): for each
    #: factor, (index of a base of the right side, exponent) pairs
    groups: tuple[tuple[tuple[int, sp.Rational], ...], ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"relies_on": list(self.relies_on), "route": self.route}
        if self.rounds:
            out.update(rounds=self.rounds, last_pass=self.last_pass)
        if self.parts:
            out["parts"] = [[i, j, c.to_json()] for i, j, c in self.parts]
        if self.groups:
            out["groups"] = [[[j, str(k)] for j, k in g] for g in self.groups]
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
        parts, groups = doc.get("parts", []), doc.get("groups", [])
        if not isinstance(parts, list) or ((route in COMPOSITE) != bool(parts) and \
                route != "split") or not all(
                isinstance(p, list) and len(p) == 3 and all(
                    _index(k) for k in p[:2]) for p in parts):
            raise ValueError("parts: a termwise or factorwise certificate's [i, j, "
                             "certificate] triples (and only those certificates have them)")
        if not isinstance(groups, list) or (route == "factorwise") != bool(groups) or \
                not all(isinstance(g, list) and all(
                    isinstance(u, list) and len(u) == 2 and (_index(u[0]) or u[0] == -1)
                    and isinstance(u[1], str) for u in g) for g in groups):
            raise ValueError("groups: a factorwise certificate's lists of [base, exponent] "
                             "pairs (and only a factorwise certificate has them)")
        try:
            grouped = tuple(tuple((j, sp.Rational(k)) for j, k in g) for g in groups)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"groups: an exponent is not a rational number: {exc}") from exc
        out = cls(tuple(names), route, rounds, last,
                  tuple((i, j, cls.from_json(c)) for i, j, c in parts), grouped)
        if any(c.route not in PARTS.get(route, ()) for _, _, c in out.parts):
            raise ValueError(f"parts: a {route} certificate's parts take the routes "
                             f"{', '.join(PARTS.get(route, ())) or 'of none'}")
        return out

    @classmethod
    def of(cls, out: Outcome) -> Certificate:
        """The certificate of a proof the engine found."""
        return cls(tuple(out.relies_on), out.route, out.rounds, out.last_pass,
                   tuple((i, j, cls.of(o)) for i, j, o in out.parts), tuple(out.groups))


def _index(k: Any) -> bool:
    return isinstance(k, int) and not isinstance(k, bool) and k >= 0


def replay(claim: Claim, budget: Budget, cert: Certificate, polynomial: bool = False
           ) -> Outcome:
    """Prove ``claim`` from the entries of ``cert`` (and the signs, which every proof of the
    engine has: its domain check may need them), by its route, within ``budget``'s attempts.
    When it proves, ``relies_on`` is the certificate's entries. An entry name the library
    does not know makes the certificate stale: nothing is proved. ``polynomial``: also a claim
    without atoms (a part of a composite route; the blackboard stage leaves a whole claim
    without atoms to the real-algebra stage)."""
    known = set(cert.relies_on) <= set(DESCRIPTIONS)
    if not known:
        return Outcome(False, "a certificate names an entry the library does not have",
                       final=True)
    if cert.route == "termwise":
        return _replay_termwise(claim, budget, cert)
    if cert.route == "factorwise":
        return _replay_factorwise(claim, budget, cert)
    if cert.route == "split":
        return _replay_split(claim, budget, cert)
    if cert.route == "through":
        return _replay_through(claim, budget, cert)
    if cert.route == "abstract":
        return _replay_derived(abstracted(claim), budget, cert, abstract_combined,
                               "a claim without a unit vector", polynomial=False)
    if cert.route == "regroup":
        return _replay_derived(regrouped(claim), budget, cert, regroup_combined,
                               "a claim that is not a norm of pieces")
    lib = frozenset(cert.relies_on)
    # the attempt that found it first; the blackboard of these entries alone names fewer
    # atoms than the whole one, so another attempt may be the one that proves it now
    # once more from the whole blackboard filtered to the entries, when an atom that only
    # another entry names was needed
    plans = [(cert.rounds, cert.last_pass, True), (None, None, True)] if cert.rounds else \
        [(None, None, True)]
    plans.append((cert.rounds or None, cert.last_pass, False))
    for rounds, last, sparse in plans:
        at = (rounds, last) if rounds else None
        if cert.route == "focused":
            out = prove_focused(claim, budget, relies=False, library=lib, sparse=sparse,
                                at=at)
        else:
            out = prove(claim, budget, library=lib, polynomial=polynomial, relies=False,
                        sparse=sparse, at=at)
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
        out = replay(part(claim, zipped[i][0], zipped[j][1]), budget, c, polynomial=True)
        if not out.proved:
            return Outcome(False, f"termwise: part {i + 1} does not replay ({out.reason})",
                           final=out.final)
        parts.append((i, j, out))
    return combined(parts)


def _replay_factorwise(claim: Claim, budget: Budget, cert: Certificate) -> Outcome:
    """A factorwise certificate replayed: its grouping must multiply back to both sides
    (:func:`~numeric.prover.factorwise.grouping`), and every part claim of every factor must
    replay from its certificate."""
    g = grouping(claim, cert.groups)
    if g is None:
        return Outcome(False, "a factorwise certificate whose grouping does not multiply back "
                              "to the claim's sides", final=True)
    want = {(i, k) for i, (l, b) in enumerate(g.parts)
            for k in range(len(part_claims(claim, l, b)))}
    if {(i, k) for i, k, _ in cert.parts} != want or len(cert.parts) != len(want):
        return Outcome(False, "a factorwise certificate without every part of every factor",
                       final=True)
    parts = []
    for i, k, c in cert.parts:
        l, b = g.parts[i]
        out = replay(part_claims(claim, l, b)[k], budget, c, polynomial=True)
        if not out.proved:
            return Outcome(False, f"factorwise: part {k + 1} of factor {i + 1} does not "
                                  f"replay ({out.reason})", final=out.final)
        parts.append((i, k, out))
    return factorwise_combined(parts, g.groups)


def _replay_split(claim: Claim, budget: Budget, cert: Certificate) -> Outcome:
    """A split certificate replayed: the claim's pieces must be found again
    (:func:`~numeric.prover.split.pieces`), with one certificate for the sign of every scale
    that is not 1, each of which must replay."""
    found = pieces(claim)
    if found is None:
        return Outcome(False, "a split certificate for a claim that is not the norm of a "
                              "signed sum of the pieces its bound names", final=True)
    want = [i for i, (s, _w, _sign) in enumerate(found) if s != 1]
    if [i for i, _k, _c in cert.parts] != want or any(k != 0 for _i, k, _c in cert.parts):
        return Outcome(False, "a split certificate without the sign of every scale",
                       final=True)
    parts = []
    for i, k, c in cert.parts:
        out = replay(claim.with_(lhs=found[i][0], rel=Relation.GE, rhs=sp.S.Zero), budget, c,
                     polynomial=True)
        if not out.proved:
            return Outcome(False, f"split: the sign of scale {i + 1} does not replay "
                                  f"({out.reason})", final=out.final)
        parts.append((i, k, out))
    return split_combined(parts)


def _replay_through(claim: Claim, budget: Budget, cert: Certificate) -> Outcome:
    """A certificate through library bounds replayed: the bounded factors are found again
    (:func:`~numeric.prover.bounds.replaced`, the same entries), and the claim that is left
    replays from its factorwise certificate."""
    found = replaced(claim)
    if found is None or not set(found[1]) <= set(cert.relies_on) \
            or any(c.route != "factorwise" for _i, _k, c in cert.parts):
        return Outcome(False, "a certificate through a bound for a claim without a bounded "
                              "factor, or without its factorwise part", final=True)
    rest, names = found
    return _replay_derived(rest, budget, cert, lambda out: through_combined(out, names),
                           "a claim without a bounded factor")


def _replay_derived(target: Claim | None, budget: Budget, cert: Certificate,
                    wrap: Callable[[Outcome], Outcome], kind: str,
                    polynomial: bool = True) -> Outcome:
    """A certificate of a route with one part replayed: the claim the route derives
    (``target``; None: the claim is not of its kind) from the part's certificate, the proof
    made by ``wrap``."""
    if target is None or len(cert.parts) != 1:
        return Outcome(False, f"a {cert.route} certificate for {kind}, or without its one "
                              "part", final=True)
    out = replay(target, budget, cert.parts[0][2], polynomial=polynomial)
    if not out.proved:
        return Outcome(False, f"{cert.route}: the derived claim does not replay "
                              f"({out.reason})", final=out.final)
    return wrap(out)
