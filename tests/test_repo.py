"""Promises of the repository itself: clean notebooks, working links, Binder, README."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def test_notebooks_are_saved_without_outputs():
    assert NOTEBOOKS
    for path in NOTEBOOKS:
        nb = json.loads(path.read_text())
        assert "widgets" not in nb.get("metadata", {}), path.name
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [] and cell["execution_count"] is None, path.name


def test_dashboard_code_cells_are_short():
    for path in NOTEBOOKS:
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] == "code":
                assert len("".join(cell["source"]).splitlines()) <= 12, path.name


def test_notebook_links_point_to_notebooks_that_exist():
    for path in NOTEBOOKS:
        text = "".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"])
        # a link with a query (cards.ipynb?game=the-horde) names its notebook too
        for target in re.findall(r"\]\(([^)#?]+\.ipynb)(?:\?[^)#]*)?\)", text):
            assert (path.parent / target).is_file(), f"{path.name} links to missing {target}"


def test_each_game_page_links_back_and_to_its_two_other_pages():
    """A player on any of a game's three pages (odds, play, walkthrough) reaches the other
    two and the front page from its top line; no page links to itself."""
    games = sorted({p.stem.rsplit("_", 1)[0] for p in NOTEBOOKS if p.stem.endswith("_play")})
    assert len(games) >= 5, games
    for game in games:
        pages = {f"{game}_{kind}.ipynb" for kind in ("odds", "play", "walkthrough")}
        for name in pages:
            first = json.loads((ROOT / "notebooks" / name).read_text())["cells"][0]
            top = next(
                line for line in "".join(first["source"]).splitlines() if "all dashboards" in line
            )
            links = set(re.findall(r"\]\(([^)#]+\.ipynb)\)", top))
            assert "index.ipynb" in links, name
            assert pages - {name} <= links, f"{name} does not link to {pages - {name} - links}"
            assert name not in links, f"{name} links to itself"


def test_readme_quick_start_and_binder_link():
    readme = (ROOT / "README.md").read_text()
    assert "make serve" in readme and "make test" in readme
    m = re.search(r"mybinder\.org/v2/gh/[^)\s]+\?urlpath=([^)\s]+)", readme)
    assert m, "README has no Binder link"
    urlpath = unquote(m.group(1))
    assert urlpath.startswith("voila/render/")
    assert (ROOT / urlpath.removeprefix("voila/render/")).is_file()


def test_binder_installs_the_project_with_voila_and_ipykernel():
    req = (ROOT / "binder" / "requirements.txt").read_text()
    assert "voila" in req and "ipykernel" in req
    post = (ROOT / "binder" / "postBuild").read_text()
    assert post.startswith("#!/bin/bash") and "pip install" in post and " ." in post
    assert (ROOT / "binder" / "postBuild").stat().st_mode & 0o111
    assert not (ROOT / ".binder").exists()


def test_ci_runs_make_test_and_never_downloads_a_browser():
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make test" in ci and "apt-get install" in ci
    assert "playwright install" not in ci.replace("never `playwright install`", "")


def _local_targets(text: str) -> set[str]:
    """The local files a markdown text links to or shows (links, images, <img src>)."""
    found = set(re.findall(r"\]\(([^)\s#]+)(?:#[^)]*)?\)", text))
    found |= set(re.findall(r"<img src=\"([^\"]+)\"", text))
    return {t for t in found if not re.match(r"[a-z]+:", t)}


def test_the_readme_opens_with_pictures_and_every_page_it_links_exists():
    """The README shows the kit before it explains it: each game's board, a walkthrough step
    and an odds page (`make screenshots`), each picture small; every doc it links exists,
    and every doc in docs/ is linked from it."""
    readme = (ROOT / "README.md").read_text()
    first_heading = readme.index("\n## ")
    pictures = re.findall(r"<img src=\"(docs/img/[^\"]+)\"", readme[:first_heading])
    for game in ("fantahzee", "skytear", "shadows", "the_horde", "heroes_hordes"):
        for kind in ("board", "walkthrough", "odds", "phone"):
            assert f"docs/img/{game}-{kind}.webp" in pictures, (game, kind)
    for pic in pictures:
        assert (ROOT / pic).stat().st_size <= 150 * 1024, pic
    docs = sorted((ROOT / "docs").glob("*.md"))
    for doc in docs:
        assert f"](docs/{doc.name})" in readme, f"README does not link docs/{doc.name}"
    for page in [ROOT / "README.md", *docs]:
        for target in _local_targets(page.read_text()):
            assert (page.parent / target).exists(), f"{page.name} links to {target}: missing"
