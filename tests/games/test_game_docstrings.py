"""Every game's module docstring says what is hidden, what is chance, and each interpretation in full.

The shape, the same for every game::

    <opening paragraph>

    Hidden: ...

    Chance: ...

    Interpretations (rulebook: ``jabberwocky-microgames.txt``, "Brillig"):

    - "<the rulebook line, quoted>" -> <our reading, in full>.
    - NOTES.md: "<the NOTES.md line, quoted>" -> <our reading>.

A game written as a package (one module per concept, as Zimby Mojo) writes
each interpretation down in the module whose rule rests on it: every module of
the package with an ``Interpretations`` section is held to the same shape and
quotes as the game's own module.

NOTES.md is not in the repository, so it is never cited bare: each use quotes
its line. Where the rulebooks are at hand (``VORPAL_RULEBOOKS``, by default
the ``shared/rules`` folder beside the checkout), every quote must be found
in them, typographic quotes and dashes read as plain ones.
"""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from server.engine import Rules
from server.games import GAMES

HEADER = re.compile(r'^Interpretations \(rulebook: ``(?P<book>[\w.-]+)``(?:, "(?P<section>[^"]+)")?\):$')
BULLET = re.compile(r'^- (?P<source>NOTES\.md: )?"(?P<quote>.+?)" -> (?P<reading>.+)\.$', re.DOTALL)
RULEBOOKS = Path(os.environ.get("VORPAL_RULEBOOKS", Path(__file__).resolve().parents[3] / "shared" / "rules"))


def docstring(rules: Rules) -> str:
    doc = inspect.getdoc(sys.modules[type(rules.game).__module__])
    assert doc, f"{rules.name} has no module docstring"
    return doc


def documented_modules() -> list[tuple[str, ModuleType]]:
    """Every game's module, then the other modules of a game's package that write down interpretations."""
    found: list[tuple[str, ModuleType]] = []
    for rules in GAMES:
        module = sys.modules[type(rules.game).__module__]
        found.append((rules.name, module))
        package = module.__name__.rpartition(".")[0]
        if package == "server.games":
            continue
        for info in pkgutil.iter_modules(sys.modules[package].__path__):
            part = importlib.import_module(f"{package}.{info.name}")
            if part is not module and "\nInterpretations (" in (inspect.getdoc(part) or ""):
                found.append((f"{rules.name}.{info.name}", part))
    return found


MODULES = documented_modules()


def paragraphs(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]


def interpretations(name: str, module: ModuleType) -> tuple[re.Match[str], list[str]]:
    """The header's match and the bullets (each joined onto one line)."""
    lines = (inspect.getdoc(module) or "").splitlines()
    at = next((i for i, line in enumerate(lines) if line.startswith("Interpretations (")), None)
    assert at is not None, f"{name}: no Interpretations section"
    header = HEADER.match(lines[at])
    assert header, f"{name}: the header reads {lines[at]!r}"
    bullets: list[str] = []
    for line in lines[at + 1 :]:
        if line.startswith("- "):
            bullets.append(line)
        elif line.strip():
            assert bullets and line.startswith("  "), f"{name}: {line!r} is not part of a bullet"
            bullets[-1] += " " + line.strip()
    assert bullets, f"{name}: no interpretations listed"
    return header, bullets


def plain(text: str) -> str:
    """Typographic quotes and dashes as plain ones, markdown's bold dropped, whitespace collapsed."""
    for fancy, ascii_ in (("\u2018", "'"), ("\u2019", "'"), ("\u201c", '"'), ("\u201d", '"'), ("\u2013", "-"),
                          ("\u2014", "-"), ("**", "")):  # fmt: skip
        text = text.replace(fancy, ascii_)
    return " ".join(text.split())


@pytest.mark.parametrize("rules", GAMES, ids=[r.name for r in GAMES])
def test_the_docstring_has_an_opening_then_hidden_then_chance_then_interpretations(rules: Rules) -> None:
    paras = paragraphs(docstring(rules))
    starts = [next((i for i, p in enumerate(paras) if p.startswith(word)), -1) for word in ("Hidden:", "Chance:")]
    interp = next(i for i, p in enumerate(paras) if p.startswith("Interpretations ("))
    assert 0 < starts[0] < starts[1] < interp, f"{rules.name}: opening, Hidden:, Chance:, Interpretations in order"


@pytest.mark.parametrize(("name", "module"), MODULES, ids=[name for name, _ in MODULES])
def test_each_interpretation_quotes_the_line_it_rests_on_and_states_the_reading(name: str, module: ModuleType) -> None:
    _, bullets = interpretations(name, module)
    for bullet in bullets:
        found = BULLET.match(bullet)
        assert found, f"{name}: not '- \"<quote>\" -> <reading>.': {bullet}"
        assert len(found["reading"].split()) >= 3, f"{name}: state the reading in full: {bullet}"


@pytest.mark.parametrize(("name", "module"), MODULES, ids=[name for name, _ in MODULES])
def test_notes_md_is_never_cited_without_its_line(name: str, module: ModuleType) -> None:
    doc = " ".join((inspect.getdoc(module) or "").split())
    for at in [m.start() for m in re.finditer(r"NOTES\.md", doc)]:
        assert doc[at:].startswith('NOTES.md: "'), f"{name}: quote the NOTES.md line: {doc[at - 60 : at + 40]}"


@pytest.mark.parametrize(("name", "module"), MODULES, ids=[name for name, _ in MODULES])
def test_every_quote_is_in_the_rulebook(name: str, module: ModuleType) -> None:
    if not RULEBOOKS.is_dir():
        pytest.skip(f"the rulebooks are not at {RULEBOOKS} (set VORPAL_RULEBOOKS)")
    header, bullets = interpretations(name, module)
    books = {
        "book": plain((RULEBOOKS / header["book"]).read_text()),
        "notes": plain((RULEBOOKS / "NOTES.md").read_text()),
    }
    for bullet in bullets:
        found = BULLET.match(bullet)
        assert found
        text = books["notes" if found["source"] else "book"]
        for piece in plain(found["quote"]).split("..."):
            piece = piece.strip(" .")
            assert piece in text, f"{name}: {piece!r} is not in {header['book']}"
