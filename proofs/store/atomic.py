"""Atomic file writing: a run killed midway never leaves a truncated report behind.

Example:
    >>> import os, tempfile
    >>> from proofs.store.atomic import write_atomic
    >>> path = os.path.join(tempfile.mkdtemp(), "out.txt")
    >>> write_atomic(path, "hello")
    >>> open(path).read()
    'hello'
    >>> oct(os.stat(path).st_mode & 0o777) == oct(0o666 & ~_umask())
    True
"""

from __future__ import annotations

import os
import tempfile


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: str, data: str | bytes, durable: bool = True) -> None:
    """Write ``data`` to ``path`` through a temporary file and an atomic rename.

    The file gets the permissions an ordinary ``open(path, "w")`` would give it (``0666`` less
    the umask), not the private ``0600`` of a temporary file. ``durable``: flush it to the disk
    before the rename (a report must survive a power cut; the results store's entries, which
    carry checksums and are recomputed when damaged, need not pay for it: a third of a cold
    run's writing time)."""
    directory = os.path.dirname(os.path.abspath(path)) or "."
    mode = "wb" if isinstance(data, bytes) else "w"
    fd, tmp = tempfile.mkstemp(prefix=".proofcheck-", dir=directory)
    try:
        with os.fdopen(fd, mode, **({} if isinstance(data, bytes) else {"encoding": "utf-8"})) as f:
            f.write(data)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
