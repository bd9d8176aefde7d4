"""The results store: every finished claim verdict, kept under ``.proofcheck/results/``.

An entry is keyed by what the verdict depends on and nothing else: the claim's content (the
``srepr`` of both sides and of every hypothesis, the relation, the dimension and range
settings), the claim's id and the run seed (each claim draws from a seed derived from both), the
budget, the proofcheck version and a fingerprint of the checking code (``symbolic/``,
``numeric/`` and ``proofs/runner.py``), so that an edited checker never reuses a stale verdict.

Layout (everything written atomically, one file per entry, so concurrent runs never corrupt
the store; the last writer of an index wins)::

    .proofcheck/results/objects/ab/abcdef….json   one verdict (with its key and a checksum)
    .proofcheck/results/latest/<hash>.json        the key of the latest verdict of a claim (id
                                                  and content)
    .proofcheck/results/lastfailed.json           ids that failed or errored last time (--lf)

An entry that cannot be read, does not parse, has the wrong key or whose checksum does not
match is *damaged*: it is ignored (the claim is checked again) and rewritten, never trusted.

Example:
    >>> import tempfile
    >>> import sympy as sp
    >>> from symbolic import Claim, scalar
    >>> from symbolic.verdict import Status, Verdict
    >>> x = scalar("x")
    >>> c = Claim("t:extra-1", x**2, ">=", 0)
    >>> store = ResultStore(tempfile.mkdtemp())
    >>> store.get(c, "quick", 0) is None
    True
    >>> store.put(c, "quick", 0, Verdict(Status.PROVED, "exact", True, "x**2 >= 0"))
    >>> store.get(c, "quick", 0).status.value
    'proved'
    >>> store.get(c, "default", 0) is None  # another budget is another key
    True
    >>> store.latest(c).status.value        # ... but the latest result of the claim is known
    'proved'
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import sympy as sp

from proofs.store.atomic import write_atomic
from symbolic.claim import Claim
from symbolic.verdict import Status, Verdict

FORMAT = 1
#: where the store lives, relative to the working directory
DIRECTORY = os.path.join(".proofcheck", "results")
#: ``PROOFCHECK_CACHE=off`` (or ``0``/``no``) turns the store off, like ``--no-cache``
ENV = "PROOFCHECK_CACHE"


def enabled_by_env() -> bool:
    """False when ``PROOFCHECK_CACHE`` is ``off``, ``0``, ``no`` or ``false``.

    >>> enabled_by_env() in (True, False)
    True
    """
    return os.environ.get(ENV, "").strip().lower() not in ("off", "0", "no", "false")


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _srepr(e: Any) -> str:
    if not isinstance(e, sp.Basic):
        return repr(e)
    try:
        return sp.srepr(e)
    except ValueError:  # an integer too long to print: its hexadecimal digits instead
        swap = {k: sp.Symbol(f"int_{hex(int(k.p))}_{hex(int(k.q))}")
                for k in sp.preorder_traversal(e) if isinstance(k, sp.Rational)}
        return sp.srepr(e.xreplace(swap))


_DIGESTS: dict[int, tuple[Claim, str]] = {}  # by identity; claims are immutable


def content_digest(claim: Claim) -> str:
    """:func:`_content_digest`, computed once per claim object (``srepr`` of large
    expressions is not free; a run asks for each claim's digest several times)."""
    hit = _DIGESTS.get(id(claim))
    if hit is not None and hit[0] is claim:
        return hit[1]
    digest = _content_digest(claim)
    remember_digest(claim, digest)
    return digest


def has_entries(directory: Path) -> bool:
    """Does ``directory`` exist and hold anything (a store that holds nothing is not asked)?

    >>> import tempfile
    >>> has_entries(Path(tempfile.mkdtemp())), has_entries(Path("/no/such/directory"))
    (False, False)
    """
    try:
        with os.scandir(directory) as it:
            return any(True for _ in it)
    except OSError:
        return False


def remember_digest(claim: Claim, digest: str) -> None:
    """Take ``digest`` as ``claim``'s content digest (computed in a worker process, from the
    same claim: :func:`content_digest` there)."""
    if len(_DIGESTS) >= 4096:
        _DIGESTS.clear()
    _DIGESTS[id(claim)] = (claim, digest)


def _content_digest(claim: Claim) -> str:
    """A hash of what the checkers read of ``claim`` (not its id, source text or notes).

    >>> from symbolic import Claim, scalar
    >>> x = scalar("x")
    >>> a = Claim("t:extra-1", x**2, ">=", 0, source="here")
    >>> b = Claim("t:extra-2", x**2, ">=", 0, source="there")
    >>> content_digest(a) == content_digest(b), content_digest(a) == content_digest(
    ...     a.with_(rhs=1))
    (True, False)
    """
    doc = [_srepr(claim.lhs), claim.rel.value, _srepr(claim.rhs),
           [[_srepr(h.lhs), h.rel.value, _srepr(h.rhs)] for h in claim.hypotheses],
           sorted((str(k), list(v)) for k, v in (claim.dims or {}).items()),
           sorted((str(k), [repr(float(b)) for b in v]) for k, v in (claim.ranges or {}).items())]
    if claim.defined_if:
        doc.append([[_srepr(h.lhs), h.rel.value, _srepr(h.rhs)] for h in claim.defined_if])
    if claim.classes is not None:  # a class claim: its reading is what is decided
        doc.append(["classes", repr(claim.classes)])
    return _sha(json.dumps(doc))


@cache
def code_fingerprint() -> str:
    """The proofcheck version and a hash of the code a verdict depends on (``symbolic/``,
    ``numeric/``, ``proofs/runner.py``): a changed checker never reuses a stale verdict.

    >>> code_fingerprint().startswith("0.")
    True
    """
    import numeric
    import proofs
    import symbolic

    h = hashlib.sha256()
    files: list[Path] = []
    for pkg in (symbolic, numeric):
        root = Path(pkg.__file__).parent
        files += sorted(root.rglob("*.py"))
    files.append(Path(proofs.__file__).parent / "runner.py")
    for f in files:
        try:
            h.update(str(f.name).encode() + b"\0" + f.read_bytes() + b"\0")
        except OSError:  # a file that vanished while we read: the fingerprint still differs
            h.update(str(f).encode())
    return f"{proofs.__version__}+{h.hexdigest()[:16]}"


@cache
def source_fingerprint() -> str:
    """:func:`code_fingerprint` and a hash of every source file of ``proofs/`` (papers,
    reports, derivations): for data that any of them may change.

    >>> source_fingerprint().startswith(code_fingerprint())
    True
    """
    import proofs

    h = hashlib.sha256()
    for f in sorted(Path(proofs.__file__).parent.rglob("*.py")):
        try:
            h.update(str(f.name).encode() + b"\0" + f.read_bytes() + b"\0")
        except OSError:
            h.update(str(f).encode())
    return f"{code_fingerprint()}+{h.hexdigest()[:16]}"


def budget_name(budget: Any) -> str:
    """``"quick"`` for the budget called quick; the full settings of a custom budget.

    >>> from numeric.budget import Budget
    >>> budget_name("quick"), budget_name(Budget.get("quick"))
    ('quick', 'quick')
    """
    from numeric.budget import BUDGETS, Budget

    if isinstance(budget, str):
        return budget
    if isinstance(budget, Budget) and BUDGETS.get(budget.name) == budget:
        return budget.name
    return repr(budget)


def _json_default(x: Any) -> Any:
    try:
        return float(x)
    except (TypeError, ValueError):
        return str(x)


def verdict_to_doc(v: Verdict) -> dict[str, Any]:
    """The verdict as JSON-ready data (:func:`verdict_from_doc` reads it back)."""
    doc = {k: getattr(v, k) for k in ("method", "rigorous", "message", "slack", "witness",
                                      "seed", "precision", "evaluations", "worst_margin",
                                      "details", "seconds")}
    doc["status"] = v.status.value
    # through JSON once, so that what is stored is what is returned (tuples -> lists, ...)
    return json.loads(json.dumps(doc, default=_json_default))


def verdict_from_doc(doc: dict[str, Any]) -> Verdict:
    """A :class:`Verdict` from :func:`verdict_to_doc`'s data (ValueError/TypeError if bad)."""
    if not isinstance(doc, dict):
        raise TypeError("not an object")
    details = doc.get("details") or {}
    if not isinstance(details, dict):
        raise TypeError("details is not an object")
    w = doc.get("witness")
    if w is not None and not isinstance(w, dict):
        raise TypeError("witness is not an object")
    return Verdict(Status(doc["status"]), str(doc.get("method") or ""), bool(doc["rigorous"]),
                   str(doc.get("message") or ""), doc.get("slack"), w, doc.get("seed"),
                   doc.get("precision"), int(doc.get("evaluations") or 0),
                   doc.get("worst_margin"), details, float(doc.get("seconds") or 0.0))


def _checksum(payload: Any) -> str:
    return _sha(json.dumps(payload, sort_keys=True))


@dataclass
class ResultStore:
    """Finished verdicts under ``root`` (the working directory by default).

    ``hits``/``misses``/``damaged`` count this process's look-ups; ``used`` collects the
    ``(budget, seed)`` of every verdict returned (a report names the settings it shows).
    """

    root: str = "."
    hits: int = 0
    misses: int = 0
    damaged: int = 0
    used: set[tuple[str, int]] = field(default_factory=set)

    @property
    def path(self) -> Path:
        return Path(self.root) / DIRECTORY

    def holds_results(self) -> bool:
        """Does the store hold any result (False in a fresh directory)?

        >>> import tempfile
        >>> ResultStore(tempfile.mkdtemp()).holds_results()
        False
        """
        return has_entries(self.path / "objects")

    # -- keys -----------------------------------------------------------------------------

    def key(self, claim: Claim, budget: Any, seed: int) -> str:
        """The entry key of ``claim`` checked at ``budget`` with run seed ``seed``."""
        # each claim draws from a seed derived from the run seed and its id (the runner's
        # claim_seed): both are part of the key
        return _sha(json.dumps([FORMAT, content_digest(claim), claim.id, budget_name(budget),
                                int(seed), code_fingerprint()]))

    def _object(self, key: str) -> Path:
        return self.path / "objects" / key[:2] / f"{key}.json"

    def _pointer(self, claim: Claim) -> Path:
        # by id and content: a proof chain's owed conclusion shares its statement's id
        return self.path / "latest" / f"{_sha(claim.id + chr(0) + content_digest(claim))[:32]}.json"

    # -- reading --------------------------------------------------------------------------

    def _read(self, key: str, claim: Claim) -> dict[str, Any] | None:
        """The entry ``key`` if it is whole and belongs to ``claim``; None if absent or
        damaged (damaged entries are counted and later rewritten)."""
        p = self._object(key)
        try:
            raw = p.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError):
            self.damaged += 1
            return None
        try:
            doc = json.loads(raw)
            ok = (isinstance(doc, dict) and doc.get("format") == FORMAT
                  and doc.get("key") == key and doc.get("content") == content_digest(claim)
                  and doc.get("checksum") == _checksum(doc.get("verdict")))
            if ok:
                verdict_from_doc(doc["verdict"])  # validates
        except (ValueError, TypeError, KeyError):
            ok = False
        if not ok:
            self.damaged += 1
            return None
        return doc

    def get(self, claim: Claim, budget: Any, seed: int) -> Verdict | None:
        """The stored verdict of ``claim`` at exactly this budget and seed, or None."""
        doc = self._read(self.key(claim, budget, seed), claim)
        if doc is None:
            self.misses += 1
            return None
        self.hits += 1
        self.used.add((str(doc.get("budget")), int(doc.get("seed") or 0)))
        return verdict_from_doc(doc["verdict"])

    def latest(self, claim: Claim) -> Verdict | None:
        """The verdict of the latest run of ``claim`` (any budget or seed) if the claim and the
        checking code are unchanged since; else None."""
        try:
            ptr = json.loads(self._pointer(claim).read_text(encoding="utf-8"))
            key = ptr["key"] if ptr.get("id") == claim.id else None
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            key = None
        doc = self._read(key, claim) if isinstance(key, str) else None
        if doc is None or doc.get("fingerprint") != code_fingerprint():
            self.misses += 1
            return None
        self.hits += 1
        self.used.add((str(doc.get("budget")), int(doc.get("seed") or 0)))
        return verdict_from_doc(doc["verdict"])

    def lookup(self, claim: Claim, budget: Any, seed: int, latest: bool = False
               ) -> Verdict | None:
        """:meth:`latest` when ``latest`` (a command given no budget or seed), else
        :meth:`get`."""
        return self.latest(claim) if latest else self.get(claim, budget, seed)

    # -- writing --------------------------------------------------------------------------

    def put(self, claim: Claim, budget: Any, seed: int, verdict: Verdict) -> None:
        """Store ``verdict`` (atomically) and make it the latest of ``claim``'s id.

        Errors are not stored: the next run checks the claim again."""
        if verdict.status is Status.ERROR:
            return
        key = self.key(claim, budget, seed)
        vdoc = verdict_to_doc(verdict)
        doc = {"format": FORMAT, "key": key, "id": claim.id, "content": content_digest(claim),
               "budget": budget_name(budget), "seed": seed, "fingerprint": code_fingerprint(),
               "verdict": vdoc, "checksum": _checksum(vdoc)}
        p = self._object(key)
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(str(p), json.dumps(doc), durable=False)
            pointer = self._pointer(claim)
            pointer.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(str(pointer), json.dumps({"id": claim.id, "key": key}),
                         durable=False)
        except OSError:  # a read-only working directory: the run goes on without a store
            pass

    # -- other derived data -------------------------------------------------------------

    def memo(self, kind: str, parts: list[str], compute: Callable[[], Any]) -> Any:
        """``compute()`` (JSON data), stored under ``kind`` and the hash of ``parts`` plus the
        whole toolkit's source (:func:`source_fingerprint`); a whole stored value is returned
        instead of computing it again, a damaged one is recomputed and rewritten.

        >>> import tempfile
        >>> store = ResultStore(tempfile.mkdtemp())
        >>> store.memo("demo", ["a"], lambda: [1, 2]), store.memo("demo", ["a"], lambda: 0)
        ([1, 2], [1, 2])
        """
        key, p = self._memo_path(kind, parts)
        found = self._memo_read(key, p)
        if found is not None:
            self.hits += 1
            return found[0]
        value = compute()
        data = json.loads(json.dumps(value, default=_json_default))
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(str(p), json.dumps({"key": key, "value": data,
                                             "checksum": _checksum(data)}), durable=False)
        except OSError:
            pass
        return value

    def memo_has(self, kind: str, parts: list[str]) -> bool:
        """Whether :meth:`memo` holds a whole value for ``kind`` and ``parts`` (so that a
        caller can start an expensive computation early only when it will be needed).

        >>> import tempfile
        >>> store = ResultStore(tempfile.mkdtemp())
        >>> before = store.memo_has("demo", ["a"])
        >>> before, store.memo("demo", ["a"], lambda: 1), store.memo_has("demo", ["a"])
        (False, 1, True)
        """
        key, p = self._memo_path(kind, parts)
        return self._memo_read(key, p, count=False) is not None

    def _memo_path(self, kind: str, parts: list[str]) -> tuple[str, Path]:
        key = _sha(json.dumps([FORMAT, kind, list(parts), source_fingerprint()]))
        return key, self.path / kind / f"{key}.json"

    def _memo_read(self, key: str, p: Path, count: bool = True) -> tuple[Any] | None:
        """``(value,)`` when ``p`` holds a whole memo entry for ``key``, else None (a damaged
        entry counted in ``damaged`` when ``count``)."""
        try:
            doc = json.loads(p.read_text(encoding="utf-8"))
            if doc.get("key") == key and doc.get("checksum") == _checksum(doc.get("value")):
                return (doc["value"],)
            self.damaged += int(count)
        except FileNotFoundError:
            pass
        except (OSError, ValueError, AttributeError):
            self.damaged += int(count)
        return None

    # -- last failures (--lf) -------------------------------------------------------------

    def last_failed(self) -> dict[str, str]:
        """Ids that failed (refuted, error, or against their expectation) in the latest runs
        that checked them, with their status; empty when unknown or damaged."""
        try:
            doc = json.loads((self.path / "lastfailed.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return {str(k): str(v) for k, v in doc.items()} if isinstance(doc, dict) else {}

    def record_run(self, outcomes: dict[str, tuple[str, bool]]) -> None:
        """Update the last failures from a run: ``{id: (status, failed)}``; ids the run did
        not check keep their earlier state (as pytest's ``--lf``)."""
        failed = self.last_failed()
        for cid, (status, bad) in outcomes.items():
            if bad:
                failed[cid] = status
            else:
                failed.pop(cid, None)
        try:
            self.path.mkdir(parents=True, exist_ok=True)
            write_atomic(str(self.path / "lastfailed.json"),
                         json.dumps(dict(sorted(failed.items())), indent=1) + "\n")
        except OSError:
            pass
