"""``proofcheck experiment NAME``: Monte Carlo experiments reproducing a paper's claims.

Experiments belong to papers: each paper package may define ``load_experiments() -> dict[str,
Experiment]`` (:class:`numeric.montecarlo.Experiment`), and this command discovers them through the
paper registry (``registry.paper_keys()``, ``registry.paper_module(key)``). A paper whose
experiments fail to import is an error naming it (exit 2), never skipped.

``proofcheck experiment --list`` names them; ``proofcheck experiment NAME [--d D] [--n N]
[--budget tiny|quick|default|thorough] [--seed S] [--json F] [--plot F.png] [--set key=value ...]``
runs one and ends with the table of its claims' verdicts (progress on stderr; the details, every
fitted number and each claim's smallest detectable effect, go to ``--json``). ``--d`` / ``--n``
map onto the experiment's ``d`` / ``dims`` and ``n`` / ``ns`` parameters (comma-separated lists
for ``dims`` / ``ns``); ``--set`` sets any parameter (JSON values, or comma-separated numbers for
lists). Unknown parameters and values the experiment cannot use are usage errors (exit 2, one line).

Exit codes: 0 when the experiment ran and every claim got a verdict (supported, refuted or unknown:
Monte Carlo verdicts about the paper are results, not failures of the tool); 1 when the experiment
raised an error or a claim has another status; 2 for usage errors (unknown experiment or parameter,
bad value, ``--plot`` without matplotlib, a paper whose experiments do not
load).

Example:
    >>> from proofs.cli import main
    >>> main(["experiment", "--list"]) == 0  # doctest: +ELLIPSIS
    bias-bounds ...
    True
"""

from __future__ import annotations

import argparse
import difflib
import json
import math
import sys
import time
import traceback
from typing import Any

from symbolic.formatting import number, numbers_in

NAME = "experiment"
HELP = "run a Monte Carlo experiment (see 'proofcheck experiment --list')"
EXP_BUDGETS = ("tiny", "quick", "default", "thorough")
VALID = ("supported", "refuted", "unknown")
#: command-line option -> experiment parameters it may set (scalar name, list name)
ALIASES = {"d": ("d", "dims"), "n": ("n", "ns")}


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", nargs="?", help="experiment name (see --list)")
    p.add_argument("--list", action="store_true", help="list the experiments and their claims")
    p.add_argument("--d", metavar="D", help="dimension(s): sets 'd' or 'dims' (e.g. 2 or 1,2,3)")
    p.add_argument("--n", metavar="N", help="context size(s): sets 'n' or 'ns' (e.g. 64 or 16,64)")
    p.add_argument("--budget", choices=list(EXP_BUDGETS), default="default")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--json", metavar="FILE", help="write the experiment's result as JSON")
    p.add_argument("--plot", metavar="FILE", help="write the experiment's figure (matplotlib)")
    p.add_argument("--set", metavar="KEY=VALUE", action="append", default=[], dest="sets",
                   help="set any parameter (repeatable)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")


def _usage(msg: str) -> Exception:
    from proofs.cli.common import UsageError

    return UsageError(msg)


def _paper_module(key: str) -> Any:
    """The package of paper ``key`` (where its experiments are exposed)."""
    import importlib

    from proofs import registry

    registry.paper(key)  # a paper that fails to load is an error naming it
    return importlib.import_module(registry.paper_module(key))


def discover() -> dict[str, tuple[str, Any]]:
    """Every paper's experiments: name -> (paper key, Experiment), sorted by name.

    Raises ``registry.PaperLoadError`` naming the paper whose experiments fail to load, and
    for two experiments with the same name.
    """
    from numeric.montecarlo import Experiment
    from proofs import registry

    found: dict[str, tuple[str, Any]] = {}
    for key in registry.paper_keys():
        loader = getattr(_paper_module(key), "load_experiments", None)
        if loader is None:
            continue
        try:
            exps = loader()
            bad = [n for n, e in exps.items() if not isinstance(e, Experiment) or e.name != n]
            if bad:
                raise TypeError(f"not an Experiment under its own name: {', '.join(map(str, bad))}")
        except Exception as exc:
            raise registry.PaperLoadError(f"paper {key!r}: its experiments failed to load: "
                                          f"{type(exc).__name__}: {exc}") from exc
        for name, exp in exps.items():
            if name in found:
                raise registry.PaperLoadError(f"experiment {name!r} is defined by both paper "
                                              f"{found[name][0]!r} and paper {key!r}")
            found[name] = (key, exp)
    return dict(sorted(found.items()))


def _hint(word: str, pool: list[str]) -> str:
    close = difflib.get_close_matches(word, pool, n=3, cutoff=0.5)
    return f"; did you mean {', '.join(close)}?" if close else ""


def parse_value(text: str) -> Any:
    """A ``--set`` value: JSON, else comma-separated numbers, else a bare string.

    >>> parse_value("1,2,3"), parse_value("0.5"), parse_value("true"), parse_value("relu")
    ([1, 2, 3], 0.5, True, 'relu')
    """
    try:
        return json.loads(text)
    except ValueError:
        pass
    if "," in text:
        return [parse_value(t.strip()) for t in text.split(",") if t.strip()]
    low = text.strip().lower()
    if low in ("true", "false"):
        return low == "true"
    return text


def coerce(name: str, value: Any, default: Any) -> Any:
    """``value`` converted to the type of the parameter's default (UsageError if impossible).

    >>> coerce("dims", 2, [1, 2, 3]), coerce("sigma", 1, 0.5), coerce("n", 64.0, 32)
    ([2], 1.0, 64)
    """
    def one(v: Any, like: Any) -> Any:
        if isinstance(like, bool):
            if isinstance(v, bool):
                return v
            raise _usage(f"parameter {name!r} expects true or false, not {v!r}")
        if isinstance(like, int):
            if isinstance(v, bool) or not isinstance(v, int | float) or float(v) != int(v):
                raise _usage(f"parameter {name!r} expects an integer, not {v!r}")
            return int(v)
        if isinstance(like, float):
            if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
                raise _usage(f"parameter {name!r} expects a number, not {v!r}")
            return float(v)
        if isinstance(like, str):
            if not isinstance(v, str):
                raise _usage(f"parameter {name!r} expects a string, not {v!r}")
            return v
        return v

    if isinstance(default, list):
        items = value if isinstance(value, list) else [value]
        if not items:
            raise _usage(f"parameter {name!r} expects a non-empty list")
        like = default[0] if default else None
        if isinstance(like, float) and all(isinstance(v, int | float) for v in items):
            return [one(float(v), like) for v in items]
        return [one(v, like) for v in items] if like is not None else items
    if isinstance(value, list):
        raise _usage(f"parameter {name!r} takes one value, not a list")
    return one(value, default)


def build_params(exp: Any, args: argparse.Namespace) -> dict[str, Any]:
    """The parameter overrides given by ``--d``, ``--n`` and ``--set``."""
    known = exp.default_params
    out: dict[str, Any] = {}
    for opt in ("d", "n"):
        text = getattr(args, opt)
        if text is None:
            continue
        target = next((k for k in ALIASES[opt] if k in known), None)
        if target is None:
            near = [k for k in known if k.startswith(opt) or k.endswith(opt)]
            extra = f"; related parameters: {', '.join(near)} (use --set)" if near else ""
            raise _usage(f"experiment {exp.name!r} has no parameter for --{opt}{extra}")
        out[target] = coerce(target, parse_value(text), known[target])
    for item in args.sets:
        key, sep, text = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise _usage(f"--set expects KEY=VALUE, not {item!r}")
        if key not in known:
            raise _usage(f"unknown parameter {key!r} for experiment {exp.name!r}"
                         f"{_hint(key, list(known))} (known: {', '.join(sorted(known))})")
        out[key] = coerce(key, parse_value(text), known[key])
    return out


def claims_table(claims: list[dict[str, Any]]) -> str:
    """One line per claim: id, status, slack, message (numbers in 6 significant digits).

    >>> print(claims_table([{"id": "p:extra-1", "status": "supported", "slack": 0.01234567,
    ...                      "message": "slope 0.98765432 (CI 0.9 to 1.1)"}]))
    id         status     slack      message
    p:extra-1  supported  0.0123457  slope 0.987654 (CI 0.9 to 1.1)
    """
    rows = [("id", "status", "slack", "message")]
    for c in claims:
        rows.append((c["id"], c["status"], number(c.get("slack")),
                     numbers_in(c.get("message", ""))))
    w = [max(len(r[i]) for r in rows) for i in range(3)]
    return "\n".join(f"{r[0].ljust(w[0])}  {r[1].ljust(w[1])}  {r[2].ljust(w[2])}  {r[3]}"
                     for r in rows)


def _list() -> int:
    for name, (key, exp) in discover().items():
        print(f"{name:20s} {exp.description} [{key}]")
        if exp.claims:
            print(f"{'':20s}   claims: {', '.join(exp.claims)}")
    return 0


def _check_matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise _usage("--plot needs matplotlib: pip install matplotlib "
                     "(or pip install 'icl-proofcheck[plots]')") from None


def run(args: argparse.Namespace) -> int:
    from numeric.montecarlo import ParameterError
    from proofs.cli.common import Progress
    from proofs.store.atomic import write_atomic
    from proofs.store.provenance import versions

    if args.list:
        return _list()
    exps = discover()
    if not args.name:
        raise _usage("name an experiment (see 'proofcheck experiment --list')")
    if args.name not in exps:
        raise _usage(f"unknown experiment {args.name!r}{_hint(args.name, list(exps))} "
                     "(see 'proofcheck experiment --list')")
    paper, exp = exps[args.name]
    params = build_params(exp, args)
    try:
        exp.resolve(params, args.budget)
    except ParameterError as exc:
        raise _usage(f"experiment {exp.name}: {exc}") from None
    if args.plot:
        _check_matplotlib()
    progress = Progress(args.quiet)
    t0 = time.perf_counter()
    try:
        result = exp.run(params, seed=args.seed, budget=args.budget, progress=progress)
    except ParameterError as exc:
        progress.done()
        raise _usage(f"experiment {exp.name}: {exc}") from None
    except Exception as exc:  # the experiment itself broke: report, exit 1
        progress.done()
        print(f"proofcheck: experiment {exp.name} failed: {type(exc).__name__}: {exc}",
              file=sys.stderr)
        if not args.quiet:
            traceback.print_exc(limit=4, file=sys.stderr)
        return 1
    seconds = time.perf_counter() - t0
    progress.done()
    if args.json:
        doc = {"schema_version": 1, "kind": "experiment", "paper": paper, **result,
               "budget": args.budget, "seconds": round(seconds, 3), "versions": versions()}
        write_atomic(args.json, json.dumps(doc, indent=2) + "\n")
    if args.plot:
        exp.plot(result, args.plot)
    bad = [c["id"] for c in result["claims"] if c.get("status") not in VALID]
    counts = {s: sum(c.get("status") == s for c in result["claims"]) for s in VALID}
    where = (f"details in {args.json}" if args.json else "details: --json FILE")
    print(f"experiment {exp.name} ({paper}), budget {args.budget}, seed {args.seed}, "
          f"{seconds:.1f} s; {where}" + (f"; figure {args.plot}" if args.plot else ""))
    print()
    print(claims_table(result["claims"]))
    print(f"\n{len(result['claims'])} claims: "
          + ", ".join(f"{v} {k}" for k, v in counts.items() if v)
          + ("; Monte Carlo evidence, never proof" if not bad else
             f"; {len(bad)} with an invalid status: {', '.join(bad)}"))
    return 1 if bad else 0
