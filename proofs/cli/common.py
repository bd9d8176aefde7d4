"""What every command shares: the one-line usage error, progress on stderr, target resolution.

Example:
    >>> from proofs.cli.common import parse_jobs
    >>> parse_jobs("2")
    2
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence

from proofs import registry
from proofs.model import Lemma
from symbolic.claim import Claim
from symbolic.formatting import clip


class UsageError(Exception):
    """A user mistake: reported in one line, exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


class Progress:
    """Progress lines on stderr (rewritten in place on a terminal)."""

    def __init__(self, quiet: bool = False):
        self.quiet = quiet
        self.tty = sys.stderr.isatty()
        self.t0 = time.perf_counter()

    def __call__(self, msg: str) -> None:
        if self.quiet:
            return
        line = f"[{time.perf_counter() - self.t0:6.1f}s] {msg}"
        if self.tty:
            sys.stderr.write("\r\033[K" + clip(line, 150))
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()

    def done(self) -> None:
        if self.tty and not self.quiet:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def resolve_targets(targets: Sequence[str]) -> list[Lemma | Claim]:
    """Entries named by ids, id prefixes, paper keys, ``all`` or paths to users' claim files.

    Overlapping paper targets are merged; an id that a user's file defines twice, or that two
    files (or a file and a paper) both define, is an error naming both places."""
    from proofs import userfile
    from proofs.tex.paper import is_source

    out: list[Lemma | Claim] = []
    places: dict[str, str] = {}  # id -> where it is defined, for the duplicate error
    files: set[str] = set()
    for t in targets:
        if is_source(t):
            out += _tex_entries(t, places)
            continue
        if t.endswith(".py") or os.path.sep in t:
            if os.path.realpath(t) in files:
                continue
            files.add(os.path.realpath(t))
            loaded = userfile.load_with_places(t)
            userfile.check_unique(loaded, places)
            out += [item for item, _ in loaded]
            continue
        try:
            found = registry.resolve(t)
        except registry.UnknownTarget:
            raise unknown("target", t) from None
        for e in found:
            for claim_id in userfile.ids_of(e):
                paper = f"paper {e.id.split(':', 1)[0]}"
                where = places.setdefault(claim_id, paper)
                if not where.startswith("paper "):
                    raise userfile.UserFileError(f"duplicate claim id {claim_id}: {where} and "
                                                 f"{paper}")
        out += found
    seen, unique = set(), []
    for e in out:
        if e.id not in seen:
            seen.add(e.id)
            unique.append(e)
    return unique


def _tex_entries(target: str, places: dict[str, str]) -> list[Lemma]:
    """The statements of a paper's LaTeX source (a ``.tex`` root or a directory), read by
    :mod:`proofs.tex.paper`; a source that cannot be read is a one-line usage error."""
    from proofs.tex.paper import SourceError, read_paper

    try:
        paper = read_paper(target)
    except SourceError as exc:
        raise UsageError(str(exc)) from None
    for w in paper.warnings():
        print(f"proofcheck: warning: {w}", file=sys.stderr)
    entries = paper.entries()
    if not paper.extraction.environments:
        raise UsageError(f"{target}: no theorem-like environments found (theorem, lemma, "
                         "proposition, corollary, claim, fact, definition)")
    for e in entries:
        where = places.setdefault(e.id, target)
        if where != target:
            raise UsageError(f"duplicate claim id {e.id}: {where} and {target}")
    return entries


#: options that name a file a command writes (argparse dest -> flag): validated before any work
OUTPUT_OPTIONS = {"json": "--json", "junit": "--junit", "output": "-o", "plot": "--plot"}


def check_output_path(path: str, flag: str) -> None:
    """Raise :class:`UsageError` (one line) unless ``path`` can be written: its directory exists
    and is writable, and it is not a directory or a read-only file.

    >>> check_output_path("/no/such/dir/x.json", "--json")
    Traceback (most recent call last):
    ...
    proofs.cli.common.UsageError: --json /no/such/dir/x.json: no such directory /no/such/dir
    """
    if not path:
        raise UsageError(f"{flag}: empty file name")
    if os.path.isdir(path):
        raise UsageError(f"{flag} {path}: is a directory, not a file")
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        raise UsageError(f"{flag} {path}: no such directory {directory}")
    if not os.access(directory, os.W_OK | os.X_OK):
        raise UsageError(f"{flag} {path}: directory {directory} is not writable")
    if os.path.exists(path) and not os.access(path, os.W_OK):
        raise UsageError(f"{flag} {path}: file is not writable")


def check_arguments(args: argparse.Namespace) -> None:
    """What every command checks before any work: ``--seed`` is >= 0 and each output path
    (:data:`OUTPUT_OPTIONS`) can be written.

    >>> check_arguments(argparse.Namespace(seed=-1))
    Traceback (most recent call last):
    ...
    proofs.cli.common.UsageError: --seed must be a non-negative integer, not -1
    """
    seed = getattr(args, "seed", None)
    if seed is not None and seed < 0:
        raise UsageError(f"--seed must be a non-negative integer, not {seed}")
    for dest, flag in OUTPUT_OPTIONS.items():
        path = getattr(args, dest, None)
        if isinstance(path, str):
            check_output_path(path, flag)


def unknown(what: str, target: str) -> UsageError:
    """The one-line error for an unknown paper, id or target, with close matches."""
    hints = registry.suggest(target)
    hint = f"; did you mean {', '.join(hints)}?" if hints else ""
    return UsageError(f"unknown {what} {target!r}{hint} (see 'proofcheck list')")


def get_paper(key: str):  # -> proofs.model.Paper
    """The paper ``key``, or a :class:`UsageError` naming the known keys."""
    try:
        return registry.paper(key)
    except registry.UnknownTarget:
        raise UsageError(f"unknown paper {key!r} (known: "
                         f"{', '.join(registry.paper_keys())})") from None


def tex_paper(target: str):  # -> proofs.tex.paper.TexPaper | None
    """The paper read from a LaTeX source target (``errata paper.tex``, ``report
    paper.tex``), or None for a paper key; a source that cannot be read is a usage error."""
    from proofs.tex.paper import SourceError, is_source, read_paper

    if not is_source(target):
        return None
    try:
        return read_paper(target)
    except SourceError as exc:
        raise UsageError(str(exc)) from None


def parse_jobs(value: str) -> int:
    """``--jobs``: a positive integer, or ``auto``."""
    from proofs.runner import default_jobs

    if value == "auto":
        return default_jobs()
    try:
        jobs = int(value)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise UsageError(f"--jobs must be a positive integer or 'auto', not {value!r}")
    return jobs
