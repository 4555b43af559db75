"""The shape of the code: game knowledge stays in the game packages, and no module imports in a circle."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from wargames_tui.games import GAMES

ROOT = Path(__file__).resolve().parents[2] / "wargames_tui"
# The client, the engine, the CLI, selfplay, the bots and the presentation contract name no game.
GENERIC = ["ui", "engine", "bots", "present", "cli.py", "selfplay.py", "hexdraw.py"]


def _generic_files() -> list[Path]:
    files: list[Path] = []
    for part in GENERIC:
        path = ROOT / part
        files += sorted(path.rglob("*")) if path.is_dir() else [path]
    return [f for f in files if f.suffix in (".py", ".tcss")]


# Scenario names that are ordinary words, not the name of a game or battle.
ORDINARY = {"campaign", "raid", "historical", "free-setup", "1939", "1940"}


def _game_words() -> list[str]:
    """Each game's id and title, and its scenarios' names (El Alamein, Khar'kov written kharkov, ...)."""
    words = set()
    for game_id, game in GAMES.items():
        words |= {game_id, game.TITLE, game_id.replace("-", " "), game_id.replace("-", "_")}
        for info in game.scenarios():
            name = info.id.split("/")[1]
            if name not in ORDINARY:
                words |= {name, name.replace("-", " "), name.replace("-", "_")}
    return sorted(words)


def test_no_game_named_outside_its_package() -> None:
    pattern = re.compile("|".join(re.escape(w) for w in _game_words()), re.IGNORECASE)
    found = [
        f"{f.relative_to(ROOT)}:{n}: {line.strip()}"
        for f in _generic_files()
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), start=1)
        if pattern.search(line)
    ]
    assert found == []


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The project modules a file imports at its top level (TYPE_CHECKING blocks included)."""
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = [n for top in tree.body for n in (top.body if isinstance(top, ast.If) else [top])]
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("wargames_tui"):
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.add(sub if sub in modules else node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("wargames_tui"))
    return found & modules


def test_no_import_cycle() -> None:
    files = {_module_name(p): p for p in ROOT.rglob("*.py")}
    graph = {m: _imports(p, set(files)) - {m} for m, p in files.items()}
    cycles: list[list[str]] = []
    done: set[str] = set()

    def visit(m: str, path: list[str]) -> None:
        if m in path:
            cycles.append(path[path.index(m):] + [m])
            return
        if m in done:
            return
        for dep in sorted(graph[m]):
            if not (dep.startswith(m + ".") or m.startswith(dep + ".")):  # a package and its own modules
                visit(dep, path + [m])
        done.add(m)

    for m in sorted(graph):
        visit(m, [])
    assert cycles == []


def _contract_words() -> set[str]:
    """What each game's presentation owns: a hex game's own names of its steps (`hex_steps`); an
    area game's (present/area.py AreaTerms) labels of its keys, its unit and actor fields, its
    markers' names, and its keys' action types (those of two words and more: "roll" or "end" are
    also ordinary names in the client's code)."""
    from wargames_tui.present import presentation

    words: set[str] = set()
    for game in GAMES.values():
        words |= set(presentation(game).hex_steps)  # a hex game's own names of its steps
        terms = presentation(game).area
        if terms is None:
            continue
        words |= {kind for kind in [*terms.proceed, *terms.keys] if "-" in kind} | set(terms.proceed.values())
        words |= {label for _, label in terms.keys.values()} | set(terms.unit_fields) | set(terms.actor_fields)
        words |= set(terms.done_mark.values()) | ({terms.next_key} if terms.next_key else set())
    return words


def test_no_word_of_a_game_presentation_in_the_client() -> None:
    # The client's own vocabulary (the hex steps' action types and key labels, docs/GAMES.md "The hex
    # screen's vocabulary") may coincide with a game's word; any other such word, as a string in
    # the client's code, is a game's word written into the client.
    from wargames_tui.ui.steps import CLASSIC, NAMED_KEYS

    own = CLASSIC | {label for _, label in NAMED_KEYS.values()}
    words = _contract_words() - own
    found = [
        f"{f.relative_to(ROOT)}:{n}: {word!r}"
        for f in sorted((ROOT / "ui").rglob("*.py"))
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), start=1)
        for word in words
        if f'"{word}"' in line or f"'{word}'" in line
    ]
    assert found == []


def test_the_client_styles_only_kinds_of_event_several_games_write() -> None:
    # A kind of event one game alone writes ("alarm", "rail-cut") is styled by that game's
    # presentation (`log_styles`), not named in the client's own styles; the hex steps' action
    # types (docs/GAMES.md "The hex screen's vocabulary") are the client's words already.
    from wargames_tui.ui.steps import CLASSIC
    from wargames_tui.ui.widgets.log import EVENT_STYLES

    sources = {
        pkg.name: " ".join(f.read_text(encoding="utf-8") for f in pkg.rglob("*.py"))
        for pkg in (ROOT / "games").iterdir()
        if pkg.is_dir() and pkg.name != "__pycache__"
    }
    lone = {kind for kind in set(EVENT_STYLES) - CLASSIC if sum(f'"{kind}"' in text for text in sources.values()) < 2}
    assert lone == set()
