"""The witness database: every confirmed witness, kept under ``.proofcheck/witnesses/`` and
replayed first (like Hypothesis's example database).

An entry is keyed by the claim's content alone (:func:`proofs.store.cache.content_digest`:
the ``srepr`` of both sides and of every hypothesis, the relation, the dimension and range
settings), not by its id, budget, seed or the code version: a witness found at ``thorough``
is replayed at ``quick``, and one found for a claim is replayed for any claim with the same
mathematics. A stored witness is only a candidate: the replay stage re-confirms it
(:class:`numeric.stages.replay.ReplayStage`), so a stale or wrong entry can never refute a
claim.

Layout (atomic writes, one file per claim)::

    .proofcheck/witnesses/ab/abcdef….json   {"format", "key", "witnesses": [...], "checksum"}

An entry that cannot be read, does not parse, has the wrong key or whose checksum does not
match is *damaged*: it is ignored (nothing is replayed from it) and rewritten by the next
``put``.

Example:
    >>> import tempfile
    >>> from symbolic import Claim, scalar
    >>> x = scalar("x")
    >>> c = Claim("t:extra-1", x, "<=", 1)
    >>> db = WitnessDB(tempfile.mkdtemp())
    >>> db.get(c)
    []
    >>> db.put(c, {"x": 2.0}); db.put(c, {"x": 2.0}); db.put(c, {"x": 3.0})
    >>> db.get(c)
    [{'x': 2.0}, {'x': 3.0}]
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from proofs.store.atomic import write_atomic
from proofs.store.cache import content_digest, has_entries
from symbolic.claim import Claim
from symbolic.verdict import Status, Verdict

FORMAT = 1
#: where the database lives, relative to the working directory
DIRECTORY = os.path.join(".proofcheck", "witnesses")
#: witnesses kept per claim (the newest replace the oldest)
KEEP = 8


def _checksum(payload: Any) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode("utf-8")).hexdigest()


@dataclass
class WitnessDB:
    """Confirmed witnesses under ``root`` (the working directory by default); ``damaged``
    counts the damaged entries this process met."""

    root: str = "."
    damaged: int = 0

    @property
    def path(self) -> Path:
        return Path(self.root) / DIRECTORY

    def holds_any(self) -> bool:
        """Does the database hold any witness (False in a fresh directory)?

        >>> import tempfile
        >>> WitnessDB(tempfile.mkdtemp()).holds_any()
        False
        """
        return has_entries(self.path)

    def key(self, claim: Claim) -> str:
        """The entry key of ``claim``: its content digest."""
        return content_digest(claim)

    def _file(self, key: str) -> Path:
        return self.path / key[:2] / f"{key}.json"

    def get(self, claim: Claim) -> list[dict[str, Any]]:
        """The stored witnesses of ``claim`` (oldest first); [] when none or damaged."""
        key = self.key(claim)
        f = self._file(key)
        if not f.exists():
            return []
        try:
            doc = json.loads(f.read_text(encoding="utf-8"))
            ws = doc["witnesses"]
            if (doc.get("format") != FORMAT or doc.get("key") != key
                    or doc.get("checksum") != _checksum(ws) or not isinstance(ws, list)
                    or not all(isinstance(w, dict) for w in ws)):
                raise ValueError("damaged")
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            self.damaged += 1
            return []
        return ws

    def put(self, claim: Claim, witness: dict[str, Any]) -> None:
        """Add ``witness`` (a JSON witness) to ``claim``'s entry, atomically; a damaged entry
        is replaced."""
        witness = json.loads(json.dumps(witness))
        key = self.key(claim)
        ws = [w for w in self.get(claim) if w != witness] + [witness]
        ws = ws[-KEEP:]
        f = self._file(key)
        f.parent.mkdir(parents=True, exist_ok=True)
        doc = {"format": FORMAT, "key": key, "claim": claim.id, "witnesses": ws,
               "checksum": _checksum(ws)}
        write_atomic(str(f), json.dumps(doc, indent=1) + "\n", durable=False)  # checksummed

    def record(self, claim: Claim, v: Verdict | None) -> None:
        """Store the (shrunk) witness of a ``refuted`` verdict, unless it was itself
        replayed from this database."""
        if v is None or v.status is not Status.REFUTED or not v.witness:
            return
        if v.details.get("replayed"):
            return
        self.put(claim, v.witness)
