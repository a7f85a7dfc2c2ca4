"""
Browser check of the built documentation: serve docs/_build/html on localhost, load every
page in headless Chromium, and fail on a broken internal link, an image that does not
load, or a console error. Saves screenshots of the home page and of "When is data
copied?" under docs/_build/screenshots/.

    python docs/check_site.py

Chromium comes from Debian's package (installed here first when missing and run as root).
"""

from __future__ import annotations

import functools
import html.parser
import http.server
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

SITE = Path(__file__).resolve().parent / "_build" / "html"
SCREENSHOTS = Path(__file__).resolve().parent / "_build" / "screenshots"
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--enable-logging=stderr", "--v=0",
]
CONSOLE_PROBLEMS = ("Uncaught", "Failed to load resource", "SyntaxError", "TypeError")


class _References(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.images = [], []

    def handle_starttag(self, tag, attributes):
        values = dict(attributes)
        if tag == "a" and values.get("href"):
            self.links.append(values["href"])
        if tag == "img" and values.get("src"):
            self.images.append(values["src"])


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True)
    return shutil.which("chromium")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(directory: Path):
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def fetch_ok(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status == 200 and len(response.read()) > 0
    except (urllib.error.URLError, OSError):
        return False


def check_references(base: str, page: Path) -> list[str]:
    relative = page.relative_to(SITE).as_posix()
    parser = _References()
    parser.feed(page.read_text(encoding="utf-8"))
    problems = []
    for kind, targets in (("link", parser.links), ("image", parser.images)):
        for target in targets:
            address = urllib.parse.urljoin(base + relative, target).split("#")[0]
            if not address.startswith(base):
                continue  # external: not reachable from here, and not ours to check
            if not fetch_ok(address):
                problems.append(f"{relative}: broken {kind} {target}")
    return problems


def check_console(browser: str, url: str, profile: str, screenshot: Path | None) -> list[str]:
    command = [browser, *CHROMIUM_FLAGS, f"--user-data-dir={profile}"]
    if screenshot is None:
        command += ["--dump-dom", url]
    else:
        command += [f"--screenshot={screenshot}", "--window-size=1280,2000", url]
    completed = subprocess.run(command, capture_output=True, text=True, timeout=120)
    return [
        f"{url}: console: {line.strip()}"
        for line in completed.stderr.splitlines()
        if "CONSOLE" in line and any(problem in line for problem in CONSOLE_PROBLEMS)
    ]


def main() -> int:
    if not (SITE / "index.html").exists():
        print("build the site first: python -m sphinx -b html -W docs docs/_build/html")
        return 2
    browser = chromium()
    server, base = serve(SITE)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pages = sorted(p for p in SITE.rglob("*.html") if "_static" not in p.parts)
    problems = []
    with tempfile.TemporaryDirectory() as profile:
        for page in pages:
            relative = page.relative_to(SITE).as_posix()
            problems += check_references(base, page)
            shot = {"index.html": "home.png", "copies.html": "copies.png"}.get(relative)
            problems += check_console(
                browser, base + relative, profile, SCREENSHOTS / shot if shot else None
            )
    server.shutdown()
    for problem in problems:
        print(problem)
    print(f"{len(pages)} pages checked, {len(problems)} problems; screenshots in {SCREENSHOTS}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
