"""The browser check of the docs site: it finds a browser or says how to get one (and
never installs anything), and its page audit catches what a reader trips over."""

from __future__ import annotations

import importlib.util
import os
import stat
import subprocess
from pathlib import Path

import pytest

CHECK_SITE = Path(__file__).resolve().parents[2] / "docs" / "check_site.py"


@pytest.fixture(scope="module")
def check_site():
    spec = importlib.util.spec_from_file_location("check_site", CHECK_SITE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fake_program(directory: Path, name: str) -> Path:
    path = directory / name
    path.write_text("#!/bin/sh\nexit 0\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_no_browser_on_path_is_none(check_site, tmp_path):
    assert check_site.find_browser({"PATH": str(tmp_path)}) is None


@pytest.mark.parametrize("name", ["chromium", "chromium-browser", "google-chrome", "chrome"])
def test_a_chromium_or_chrome_on_path_is_found(check_site, tmp_path, name):
    program = fake_program(tmp_path, name)
    assert check_site.find_browser({"PATH": str(tmp_path)}) == str(program)


def test_the_environment_variable_wins_and_may_be_a_path_or_a_name(check_site, tmp_path):
    fake_program(tmp_path, "chromium")
    other = tmp_path / "elsewhere"
    other.mkdir()
    chosen = fake_program(other, "my-chrome")
    assert check_site.find_browser({"PATH": str(tmp_path), "CHROMIUM": str(chosen)}) == str(chosen)
    path = f"{tmp_path}{os.pathsep}{other}"
    assert check_site.find_browser({"PATH": path, "CHROMIUM": "my-chrome"}) == str(chosen)
    assert check_site.find_browser({"PATH": path, "CHROMIUM": "/no/such/chrome"}) is None


def test_without_a_browser_it_says_how_to_get_one_and_runs_nothing(check_site, tmp_path,
                                                                   monkeypatch, capsys):
    (tmp_path / "index.html").write_text("<html></html>")
    monkeypatch.setattr(check_site, "find_browser", lambda: None)

    def refuse(*args, **kwargs):
        raise AssertionError(f"check_site ran a program: {args}")

    monkeypatch.setattr(subprocess, "run", refuse)
    monkeypatch.setattr(subprocess, "Popen", refuse)
    assert check_site.main([str(tmp_path)]) == 2
    message = capsys.readouterr().err
    assert "needs Chromium or Google Chrome" in message
    assert "apt-get install chromium" in message and "CHROMIUM=/path/to/chrome" in message


def test_it_never_installs_a_browser():
    source = CHECK_SITE.read_text()
    # package managers appear only in the message to the reader; the one program the
    # check starts is the browser it found
    assert source.count("apt-get") == 1 and source.count("brew") == 1
    assert "subprocess.run" not in source and source.count("subprocess.Popen(") == 1


def test_screenshot_names_say_page_and_theme(check_site):
    assert check_site.screenshot_name("api/array.html", "dark") == "api-array-dark.png"
    assert check_site.screenshot_name("index.html", "light") == "index-light.png"


PAGE = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head>
<style>svg.aar-layout text{{fill:currentColor}}</style>
<body data-theme="auto"><article>
<div class="cell_output"><pre style="overflow:auto">{long_line}</pre></div>
<div class="cell_output"><div class="output traceback"><pre>ValueError: refused</pre></div>
<div class="output traceback"><pre>ValueError  Traceback (most recent call last)
File /build/array_api_reshape/_modes/_refusals.py:97, in refuse()
ValueError: refused</pre></div></div>
<img src="picture.png" alt="3f2a9c0d1e4b5a6f7c8d9e0f1a2b3c4d.png">
<svg class="aar-layout" aria-label="faint" style="color:#fefefe"><text>0</text></svg>
<footer><div class="copyright">Copyright ©</div></footer>
</article></body></html>"""

PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f40000000049454e44ae426082"
)


def test_the_audit_finds_cut_text_bad_alt_faint_diagrams_tracebacks_and_an_empty_footer(
        check_site, tmp_path, monkeypatch, capsys):
    if check_site.find_browser() is None:
        pytest.skip("needs Chromium or Chrome on PATH (or $CHROMIUM): a system program")
    site = tmp_path / "html"
    site.mkdir()
    (site / "index.html").write_text(PAGE.format(long_line="x" * 2000))
    (site / "picture.png").write_bytes(PNG)
    assert check_site.main([str(site), "--themes", "light"]) == 1
    report = capsys.readouterr().out
    assert "text cut behind a scrollbar" in report
    assert "has no alt text that says what it shows" in report
    assert 'diagram "faint" has ink contrast' in report
    assert 'footer reads "Copyright ©"' in report
    assert report.count("an error output with a traceback") == 1  # the one-line one passes
    assert (tmp_path / "screenshots" / "index-light.png").read_bytes()[:8] == PNG[:8]


WRAPPING = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
</head><body><article style="width: 600px">
<table class="docutils"><tr><td style="width: 3em; word-break: break-all">ValueError</td>
<td style="width: 6em">raises <code>IndexError</code> when asked</td></tr></table>
<p style="width: 6em">a sentence that wraps between its words only</p>
<div style="width: 100px; overflow: hidden; white-space: nowrap">{long_line}</div>
<pre style="white-space: pre-wrap; overflow-wrap: anywhere">{long_line}</pre>
<pre><span style="text-decoration: underline">numpy</span> <a href="#"><span>linked</span></a></pre>
</article></body></html>"""


def test_the_audit_finds_split_words_cut_content_and_underlined_code(
        check_site, tmp_path, capsys):
    if check_site.find_browser() is None:
        pytest.skip("needs Chromium or Chrome on PATH (or $CHROMIUM): a system program")
    site = tmp_path / "built"
    site.mkdir()
    (site / "index.html").write_text(WRAPPING.format(long_line="word " * 80))
    assert check_site.main([str(site), "--themes", "light"]) == 1
    report = capsys.readouterr().out
    assert 'word split across lines in td: "ValueError"' in report
    assert "IndexError" not in report and "sentence" not in report  # wrapped between words
    assert report.count("content cut off in div") == 1  # the wrapping pre is not cut
    assert "text cut behind a scrollbar" not in report
    assert report.count("code underlined as if it were a link") == 1  # not the real link
