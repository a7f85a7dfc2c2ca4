"""README.md names the docs pages it sends a reader to by links that lead somewhere: each
relative link is a file of the repository, and each docs page it names is linked."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_every_relative_link_of_the_readme_is_a_file_of_the_repository():
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README)
    relative = [link for link in links if "://" not in link]
    assert relative, "README.md links no docs page"
    for link in relative:
        assert (ROOT / link).is_file(), link


def test_a_docs_page_is_named_with_its_link():
    assert not re.search(r'docs page "', README)  # a title alone, which leads nowhere
