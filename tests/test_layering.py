"""The import layering: proofs -> numeric -> symbolic, never upward; inside numeric, the folders
by role: stages -> search -> backends -> (budget, layout); montecarlo alone."""

import ast
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
FORBIDDEN = {"symbolic": {"numeric", "proofs"}, "numeric": {"proofs"}}


def _import_graph():
    """tests/test_import_graph.py as a module: the copy pytest collected when there is one, so
    that its parsed syntax trees and import graph are shared, else imported from its folder."""
    for name in ("tests.test_import_graph", "test_import_graph"):
        mod = sys.modules.get(name)
        if mod is not None and getattr(mod, "__file__", None) and \
                pathlib.Path(mod.__file__).resolve() == ROOT / "tests" / "test_import_graph.py":
            return mod
    sys.path.insert(0, str(ROOT / "tests"))
    try:
        import test_import_graph
    finally:
        sys.path.pop(0)
    return test_import_graph


def imported_packages(path: pathlib.Path) -> set[str]:
    out = set()
    for node in ast.walk(_import_graph().tree(path)):
        if isinstance(node, ast.Import):
            out |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module.split(".")[0])
    return out


def test_layers_import_downward_only():
    violations = []
    for package, forbidden in FORBIDDEN.items():
        files = sorted((ROOT / package).rglob("*.py"))
        assert files, f"no files found for {package}"
        for f in files:
            bad = imported_packages(f) & forbidden
            if bad:
                violations.append(f"{f.relative_to(ROOT)} imports {sorted(bad)}")
    assert violations == []


def test_checker_sees_a_violation(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from proofs import registry\nimport numeric.stages\n")
    assert imported_packages(bad) == {"proofs", "numeric"}


#: numeric's parts (a folder or a shared module) -> the numeric parts it may import (itself
#: always); numeric/__init__.py says the same in words
NUMERIC_ALLOWED = {
    "budget": set(),
    "layout": set(),
    "backends": {"budget", "layout"},
    "search": {"backends", "budget", "layout"},
    "prover": {"budget"},
    "kernel": {"prover", "backends", "budget", "layout"},
    "stages": {"kernel", "prover", "search", "backends", "budget", "layout", "pep"},
    "pep": {"kernel", "budget"},
    "montecarlo": set(),
}


def _numeric_part(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "numeric" and len(parts) > 1 else None


def _graph() -> dict[str, set[str]]:
    return _import_graph().graph()


def numeric_violations(graph: dict[str, set[str]]) -> list[str]:
    """``module -> imported module`` for every import between numeric's parts that
    :data:`NUMERIC_ALLOWED` does not allow (function-level imports included)."""
    out = []
    for mod, targets in sorted(graph.items()):
        part = _numeric_part(mod)
        if part is None:
            continue
        assert part in NUMERIC_ALLOWED, f"{mod}: numeric/{part} has no place in the map"
        for t in sorted(targets):
            tp = _numeric_part(t)
            if tp is not None and tp != part and tp not in NUMERIC_ALLOWED[part]:
                out.append(f"{mod} -> {t}")
            if t == "numeric" and mod != "numeric":
                out.append(f"{mod} -> numeric (the package itself)")
    return out


def test_numeric_folders_import_by_role():
    assert numeric_violations(_graph()) == []


def test_role_checker_sees_an_upward_import():
    fake = {"numeric.backends.x": {"numeric.stages.y", "numeric.budget", "symbolic.claim"},
            "numeric.montecarlo.z": {"numeric.backends.x"}, "numeric.stages.y": set()}
    assert numeric_violations(fake) == ["numeric.backends.x -> numeric.stages.y",
                                        "numeric.montecarlo.z -> numeric.backends.x"]


def test_numeric_top_level_holds_only_the_shared_modules():
    top = sorted(p.stem for p in (ROOT / "numeric").glob("*.py") if p.stem != "__init__")
    folders = sorted(p.name for p in (ROOT / "numeric").iterdir()
                     if p.is_dir() and (p / "__init__.py").exists())
    assert top == ["budget", "layout"]
    assert folders == ["backends", "kernel", "montecarlo", "pep", "prover", "search", "stages"]


#: what a module of ``proofs/reports/`` may not import: everything that runs a check (the
#: runner, the stages, the prover, the searches, the tools, the executors) and every module of
#: ``proofs/review/`` but its types, ``proofs.review.model``
RENDER_ONLY_FORBIDDEN = ("numeric", "proofs.runner", "proofs.executors", "proofs.tools",
                         "proofs.review", "proofs.testing", "proofs.notebook")


def render_violations(graph: dict[str, set[str]]) -> list[str]:
    """``module -> imported module`` for every import of a ``proofs.reports`` module that
    :data:`RENDER_ONLY_FORBIDDEN` forbids (function-level imports included)."""
    out = []
    for mod, targets in sorted(graph.items()):
        if not mod.startswith("proofs.reports"):
            continue
        for t in sorted(targets):
            if t == "proofs.review.model":
                continue
            if any(t == f or t.startswith(f + ".") for f in RENDER_ONLY_FORBIDDEN):
                out.append(f"{mod} -> {t}")
    return out


def test_reports_only_render():
    """A report renders a Review (proofs.review.review computes it): no module of
    proofs/reports/ imports what runs a check."""
    assert render_violations(_graph()) == []


def test_render_checker_sees_a_computing_import():
    fake = {"proofs.reports.x": {"proofs.runner", "proofs.review.model", "proofs.model.results"},
            "proofs.reports.y": {"proofs.review", "numeric.prover.engine", "proofs.tools.fewest"},
            "proofs.cli.main": {"proofs.runner"}}
    assert render_violations(fake) == ["proofs.reports.x -> proofs.runner",
                                       "proofs.reports.y -> numeric.prover.engine",
                                       "proofs.reports.y -> proofs.review",
                                       "proofs.reports.y -> proofs.tools.fewest"]
