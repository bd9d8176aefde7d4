"""The papers shipped with proofcheck, one package each (``proofs/papers/<key>/``).

Each package defines ``PAPER`` (a :class:`proofs.model.Paper`) and registers through the
``proofcheck.papers`` entry-point group in ``pyproject.toml``, as third-party paper packs do
(see :mod:`proofs.registry` and docs/howto-encode-a-lemma.md).
"""
