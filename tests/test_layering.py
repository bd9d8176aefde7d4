"""The import layering: proofs -> numeric -> symbolic, never upward."""

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]
FORBIDDEN = {"symbolic": {"numeric", "proofs"}, "numeric": {"proofs"}}


def imported_packages(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
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
    bad.write_text("from proofs import registry\nimport numeric.check\n")
    assert imported_packages(bad) == {"proofs", "numeric"}
