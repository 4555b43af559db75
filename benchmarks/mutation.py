"""Mutation testing of each game's rules: do the game's own tests notice a small fault?

    nice -n 10 python benchmarks/mutation.py                       # every game, 20 mutants each
    nice -n 10 python benchmarks/mutation.py springtime --per-game 10 --json /tmp/m.json
    nice -n 10 python benchmarks/mutation.py --mutant springtime/victory.py:12   # one again

For each game package the script lists every place in its rules modules (not its presentation,
view or bot modules) where a small fault can be put: a comparison flipped (< and <=, == and !=,
in and not in, ...), `and` and `or` swapped, a `not` dropped, an integer constant moved by one,
`+` and `-` swapped, True and False swapped. It draws a seeded sample of them, puts each in a copy
of the repository in turn (never in the working tree) and runs that game's tests
(tests/games/<package>, less the client's screen tests) with -x and a time limit. A mutant is killed when a test fails, survives
when the tests pass, and times out when they run past the limit (counted apart: a fault that
makes play loop forever is noticed by a player, not by a test). The mutated module is written
with ast.unparse; the script first checks that unparsing alone changes nothing the interpreter
sees. Results go to docs/MUTATION.md. Not part of the pytest suite: it runs the suite hundreds
of times.
"""

from __future__ import annotations

import argparse
import ast
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "wargames_tui" / "games"
# Modules that present or choose, not rule: a fault there is the client's or the bot's.
NOT_RULES = {"__init__.py", "bot.py", "present.py", "view.py", "mapview.py", "preview.py"}
SWAP_COMPARE = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
SWAP_BINOP = {ast.Add: ast.Sub, ast.Sub: ast.Add}
SLOW_TESTS = {"test_client", "test_snapshot"}


@dataclass
class Mutant:
    id: str  # package/module.py:index among that module's mutation points
    line: int
    kind: str
    source: str  # the original line, stripped
    result: str = ""
    seconds: float = 0.0


def rules_modules(package: str) -> list[Path]:
    root = GAMES / package
    return sorted(p for p in root.rglob("*.py") if p.name not in NOT_RULES and "present" not in p.parts[len(root.parts):])


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                ids.add(id(first.value))
    return ids


def points(tree: ast.AST) -> list[tuple[ast.AST, int, str]]:
    """Every (node, operand index, description) a mutation can change, in a stable order."""
    found: list[tuple[ast.AST, int, str]] = []
    skip = _docstrings(tree)
    annotations = {id(n) for a in ast.walk(tree) if isinstance(a, (ast.AnnAssign, ast.arg)) and a.annotation
                   for n in ast.walk(a.annotation)}
    for node in ast.walk(tree):
        if id(node) in skip or id(node) in annotations:
            continue
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in SWAP_COMPARE:
                    found.append((node, i, f"{type(op).__name__} -> {SWAP_COMPARE[type(op)].__name__}"))
        elif isinstance(node, ast.BoolOp):
            found.append((node, 0, "and -> or" if isinstance(node.op, ast.And) else "or -> and"))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            found.append((node, 0, "not dropped"))
        elif isinstance(node, ast.BinOp) and type(node.op) in SWAP_BINOP:
            found.append((node, 0, f"{type(node.op).__name__} -> {SWAP_BINOP[type(node.op)].__name__}"))
        elif isinstance(node, ast.Constant) and type(node.value) is bool:
            found.append((node, 0, f"{node.value} -> {not node.value}"))
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            found.append((node, 1, f"{node.value} -> {node.value + 1}"))
            found.append((node, -1, f"{node.value} -> {node.value - 1}"))
    return found


class _Drop(ast.NodeTransformer):
    """Replaces `not X` (the node given) by X."""

    def __init__(self, target: ast.AST) -> None:
        self.target = target

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        if node is self.target:
            return self.generic_visit(node).operand  # type: ignore[attr-defined]
        return self.generic_visit(node)


def mutate(tree: ast.Module, node: ast.AST, arg: int) -> ast.Module:
    """Change `node` of `tree` in place (the caller parses a fresh tree per mutant)."""
    if isinstance(node, ast.Compare):
        node.ops[arg] = SWAP_COMPARE[type(node.ops[arg])]()
    elif isinstance(node, ast.BoolOp):
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif isinstance(node, ast.UnaryOp):
        tree = _Drop(node).visit(tree)
    elif isinstance(node, ast.BinOp):
        node.op = SWAP_BINOP[type(node.op)]()
    elif type(node.value) is bool:  # type: ignore[attr-defined]
        node.value = not node.value  # type: ignore[attr-defined]
    else:
        node.value += arg  # type: ignore[attr-defined]
    return ast.fix_missing_locations(tree)


def round_trips(path: Path) -> bool:
    """Unparsing the module alone changes nothing the interpreter sees."""
    tree = ast.parse(path.read_text())
    return ast.dump(ast.parse(ast.unparse(tree))) == ast.dump(tree)


def all_mutants(package: str) -> list[Mutant]:
    out = []
    for path in rules_modules(package):
        text = path.read_text()
        lines = text.splitlines()
        for i, (node, _arg, kind) in enumerate(points(ast.parse(text))):
            rel = path.relative_to(GAMES).as_posix()
            out.append(Mutant(f"{rel}:{i}", node.lineno, kind, lines[node.lineno - 1].strip()))  # type: ignore[attr-defined]
    return out


def mutated_source(mutant: Mutant) -> str:
    rel, index = mutant.id.rsplit(":", 1)
    tree = ast.parse((GAMES / rel).read_text())
    node, arg, kind = points(tree)[int(index)]
    if kind != mutant.kind or node.lineno != mutant.line:  # type: ignore[attr-defined]
        raise SystemExit(f"{mutant.id}: the module changed since the mutant was drawn")
    return ast.unparse(mutate(tree, node, arg))


def run_tests(copy: Path, package: str, limit: float) -> tuple[str, float]:
    # The client's tests draw screens: slow, and about presentation, not rules.
    skip = [f"--ignore={p.relative_to(copy)}" for p in (copy / "tests" / "games" / package).glob("test_*.py")
            if p.stem in SLOW_TESTS]
    cmd = [sys.executable, "-m", "pytest", f"tests/games/{package}", *skip, "-x", "-q", "-p", "no:cacheprovider",
           "--no-header", "-o", "addopts="]
    start = time.perf_counter()
    try:
        done = subprocess.run(cmd, cwd=copy, capture_output=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return "timeout", time.perf_counter() - start
    took = time.perf_counter() - start
    if done.returncode == 0:
        return "survived", took
    if done.returncode in (1, 2):  # a test failed, or the mutated module does not even import
        return "killed", took
    return f"error {done.returncode}: {done.stdout.decode()[-300:]}", took


def test_mutant(copy: Path, mutant: Mutant, limit: float) -> None:
    rel = mutant.id.rsplit(":", 1)[0]
    target = copy / "wargames_tui" / "games" / rel
    original = target.read_text()
    try:
        target.write_text(mutated_source(mutant))
        mutant.result, mutant.seconds = run_tests(copy, rel.split("/")[0], limit)
    finally:
        target.write_text(original)


def main() -> None:
    global GAMES
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="game packages (default: all)")
    parser.add_argument("--per-game", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=0, help="seconds per mutant (default: 3x the clean run)")
    parser.add_argument("--mutant", action="append", default=[], help="run only these ids (package/module.py:index)")
    parser.add_argument("--json", type=Path, help="write every mutant and its result here")
    args = parser.parse_args()
    packages = args.games or sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").exists())
    if args.mutant:
        packages = sorted({m.split("/")[0] for m in args.mutant})
    results: dict[str, list[Mutant]] = {}
    with tempfile.TemporaryDirectory(prefix="mutation-") as tmp:
        copy = Path(tmp) / "repo"
        shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".git", "__pycache__", "*.pyc", ".pytest_cache"))
        GAMES = copy / "wargames_tui" / "games"  # read the copy: the working tree may change meanwhile
        for package in packages:
            bad = [p.name for p in rules_modules(package) if not round_trips(p)]
            if bad:
                raise SystemExit(f"{package}: ast.unparse changes {bad}")
            everything = all_mutants(package)
            if args.mutant:
                chosen = [m for m in everything if m.id in args.mutant]
            else:
                chosen = random.Random(f"{args.seed}:{package}").sample(everything, min(args.per_game, len(everything)))
            clean, took = run_tests(copy, package, 1800)
            if clean != "survived":
                raise SystemExit(f"{package}: the unmutated tests do not pass ({clean})")
            limit = args.limit or max(4 * took, 60)  # generous: the machine is shared and its load varies
            print(f"{package}: {len(everything)} mutation points, {len(chosen)} drawn; clean run {took:.1f} s, limit {limit:.0f} s", flush=True)
            for mutant in chosen:
                test_mutant(copy, mutant, limit)
                print(f"  {mutant.result:<9} {mutant.seconds:6.1f} s  {mutant.id:<40} line {mutant.line:<5} {mutant.kind:<14} {mutant.source[:90]}", flush=True)
            results[package] = chosen
    print("\npackage              killed survived timeout  kill rate (killed / (killed + survived))")
    for package, ms in results.items():
        k, s, t = (sum(m.result == r for m in ms) for r in ("killed", "survived", "timeout"))
        rate = f"{100 * k / (k + s):.0f} %" if k + s else "-"
        print(f"{package:<20} {k:>6} {s:>8} {t:>7}  {rate}")
    if args.json:
        args.json.write_text(json.dumps({p: [asdict(m) for m in ms] for p, ms in results.items()}, indent=1))


if __name__ == "__main__":
    main()
