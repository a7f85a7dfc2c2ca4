"""
Browser check of the built documentation.

Serves a built site (docs/_build/html unless a folder is given) on localhost, loads every
page in headless Chromium (or Chrome) in the light and the dark theme, and fails on:

- a broken internal link or an image that does not load;
- a console error or an uncaught exception;
- content cut off: text behind a horizontal scrollbar (a code block, a table wider than
  the page), an element that clips what it holds, a picture wider than the text column;
- a word split across two lines (in prose, headings and table cells: a table that wraps
  ``__iadd__()`` as ``__ia`` / ``dd__()``);
- an image whose alt text is missing or a file name, an inline picture without a label;
- a layout diagram whose ink is hard to read on the page's background;
- an error output that is a traceback (through the package's private modules, with the
  build machine's paths), not the exception's line as a doctest shows it.

It saves a full-page screenshot of every page in each theme in a folder ``screenshots``
beside the built site (``<page>-light.png``, ``<page>-dark.png``). The dark run sets the
site's own theme switch to dark while the system prefers light: the case where pictures
that follow only the system's preference become unreadable.

    python docs/check_site.py [SITE] [--themes light dark system-dark] [--pages PAGE ...]

It needs a Chromium or Chrome; it never installs one. It looks for ``$CHROMIUM`` (a path
or a command name), then for chromium, chromium-browser, google-chrome,
google-chrome-stable and chrome on PATH. The browser is driven through the DevTools
protocol over a pipe, with the Python standard library only.
"""

from __future__ import annotations

import argparse
import base64
import fcntl
import functools
import html.parser
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

DOCS = Path(__file__).resolve().parent
SITE = DOCS / "_build" / "html"
"""The site the build writes, checked unless another folder is given."""
BROWSER_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
BROWSER_VARIABLE = "CHROMIUM"
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--hide-scrollbars", "--remote-debugging-pipe",
]
WIDTH = 1280
MAX_HEIGHT = 30000  # px; taller pages are cut there (and the cut is reported)
NO_BROWSER = f"""\
check_site.py needs Chromium or Google Chrome, and found neither.
Install one with your system's package manager, for example
    sudo apt-get install chromium        (Debian, Ubuntu)
    sudo dnf install chromium            (Fedora)
    brew install --cask chromium         (macOS)
or point ${BROWSER_VARIABLE} at a browser you have:
    {BROWSER_VARIABLE}=/path/to/chrome python docs/check_site.py"""

# theme name -> (what the system prefers, what the site's switch says)
THEMES = {
    "light": ("light", "light"),
    "dark": ("light", "dark"),
    "system-dark": ("dark", "auto"),
}

# Run in each page once it has loaded: what a reader would trip over, as sentences.
AUDIT = r"""
(() => {
  const problems = [];
  const name = (el) => el.tagName.toLowerCase() +
      (el.className && el.className.baseVal === undefined
        ? "." + String(el.className).trim().split(/\s+/).join(".") : "");
  const snippet = (el) => (el.textContent || "").trim().slice(0, 60);
  // every code block, typed or output, wraps (site.css): none may hide text behind a
  // scrollbar, which a reader may not see (nor does a screenshot)
  for (const pre of document.querySelectorAll("article pre")) {
    if (pre.scrollWidth > pre.clientWidth + 1)
      problems.push(`text cut behind a scrollbar in ${name(pre.parentElement)}: "${snippet(pre)}"`);
  }
  const article = document.querySelector("article");
  const column = article ? article.getBoundingClientRect() : null;
  // an element that clips what it holds, or a picture past the text column
  for (const el of document.querySelectorAll("article *")) {
    const style = getComputedStyle(el);
    if (/hidden|clip/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1 &&
        el.clientWidth > 0 && !el.closest("pre, .sd-tab-set, svg"))
      problems.push(`content cut off in ${name(el)}: "${snippet(el)}"`);
  }
  // code is no link: nothing in a code block is underlined unless it is one
  for (const el of document.querySelectorAll("article pre span")) {
    if (getComputedStyle(el).textDecorationLine.includes("underline") && !el.closest("a"))
      problems.push(`code underlined as if it were a link: "${snippet(el)}"`);
  }
  const pictures = "article img, article svg.aar-layout, article figure";
  for (const el of document.querySelectorAll(pictures)) {
    if (column && el.getBoundingClientRect().right > column.right + 8)
      problems.push(`${name(el)} reaches past the text column: ` +
                    `"${el.getAttribute("alt") || snippet(el)}"`);
  }
  // a word split across lines: a run of letters and digits whose pieces sit on two lines
  // (a break between words, after punctuation or between the words of a_name, is fine)
  const prose = "article :is(p, li, dt, dd, h1, h2, h3, h4, h5, h6, td, th, caption, figcaption)";
  const seen = new Set();
  let split = 0;
  for (const block of document.querySelectorAll(prose)) {
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (seen.has(node) || node.parentElement.closest("pre, svg, .MathJax")) continue;
      seen.add(node);
      for (const match of node.textContent.matchAll(/[A-Za-z0-9]{2,}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()]
                             .filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1 && split++ < 10)
          problems.push(`word split across lines in ${name(node.parentElement)}: "${match[0]}"`);
      }
    }
  }
  for (const table of document.querySelectorAll("article table.docutils")) {
    const box = table.getBoundingClientRect();
    const column = table.closest("article").getBoundingClientRect();
    const wrapper = table.parentElement;
    if (box.right > column.right + 8 || wrapper.scrollWidth > wrapper.clientWidth + 1)
      problems.push(`table wider than the page (${Math.round(box.width)} px): ` +
                    `"${snippet(table.rows[0])}"`);
  }
  for (const img of document.querySelectorAll("article img")) {
    const alt = (img.getAttribute("alt") || "").trim();
    if (!alt || /\.(png|svg|jpe?g|gif)$/i.test(alt) || /^[0-9a-f]{16,}/i.test(alt))
      problems.push(`image ${img.getAttribute("src")} has no alt text that says what it shows ` +
                    `(alt="${alt}")`);
    if (!img.complete || img.naturalWidth === 0)
      problems.push(`image ${img.getAttribute("src")} did not load`);
  }
  // a cell that raises shows "ValueError: message" (conf.py sets IPython's Minimal
  // exception mode): no traceback, no file of the package's or of the build machine
  const traceback = /Traceback \(most recent call last\)|array_api_reshape[\/\\]_|ipykernel_\d/;
  for (const output of document.querySelectorAll("article .cell_output .output.traceback")) {
    if (traceback.test(output.textContent))
      problems.push(`an error output with a traceback or a file path, where a doctest ` +
                    `shows "ExceptionName: message": "${snippet(output)}"`);
  }
  const rgb = (text) => (text.match(/[\d.]+/g) || []).slice(0, 4).map(Number);
  const luminance = ([r, g, b]) => {
    const channel = (c) => {
      c /= 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const background = (el) => {
    for (; el; el = el.parentElement) {
      const colour = rgb(getComputedStyle(el).backgroundColor);
      if (colour.length === 3 || colour[3] > 0.5) return colour;
    }
    return [255, 255, 255];
  };
  for (const svg of document.querySelectorAll("svg.aar-layout")) {
    if (!svg.getAttribute("aria-label")) problems.push("a layout diagram has no aria-label");
    const text = svg.querySelector("text");
    if (!text) continue;
    const ink = luminance(rgb(getComputedStyle(text).fill));
    const own = svg.querySelector(":scope > rect.background");  // the picture's own paper
    const paper = luminance(own ? rgb(getComputedStyle(own).fill) : background(svg));
    const contrast = (Math.max(ink, paper) + 0.05) / (Math.min(ink, paper) + 0.05);
    if (contrast < 4.5)
      problems.push(`diagram "${svg.getAttribute("aria-label").slice(0, 50)}" ` +
                    `has ink contrast ${contrast.toFixed(1)} < 4.5`);
  }
  const footer = document.querySelector("footer .copyright");
  if (footer && !/\d{4}/.test(footer.textContent))
    problems.push(`footer reads "${footer.textContent.trim()}"`);
  return problems;
})()
"""


def find_browser(environ=os.environ) -> str | None:
    """The browser named by $CHROMIUM, or the first Chromium or Chrome on PATH, or None."""
    named = environ.get(BROWSER_VARIABLE)
    if named:
        return shutil.which(named, path=environ.get("PATH"))
    for name in BROWSER_NAMES:
        found = shutil.which(name, path=environ.get("PATH"))
        if found:
            return found
    return None


class DevTools:
    """A headless browser driven over the DevTools protocol on a pipe (fds 3 and 4)."""

    def __init__(self, browser: str, profile: str):
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()
        # The browser reads commands on fd 3 and writes answers on fd 4. Move our ends
        # above 10 first, so that placing them on 3 and 4 in the child cannot clobber one
        # another; the copies close on exec, 3 and 4 stay.
        command_end = fcntl.fcntl(to_browser_read, fcntl.F_DUPFD_CLOEXEC, 10)
        answer_end = fcntl.fcntl(from_browser_write, fcntl.F_DUPFD_CLOEXEC, 10)
        os.close(to_browser_read)
        os.close(from_browser_write)

        def place_pipes():
            os.dup2(command_end, 3)
            os.dup2(answer_end, 4)

        self.process = subprocess.Popen(
            [browser, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "about:blank"],
            preexec_fn=place_pipes, close_fds=False,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        os.close(command_end)
        os.close(answer_end)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict] = []

    def _read_message(self) -> dict:
        while b"\0" not in self._buffer:
            chunk = os.read(self._from_browser, 1 << 20)
            if not chunk:
                raise RuntimeError("the browser closed its DevTools pipe (did it crash?)")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method: str, session: str | None = None, **params) -> dict:
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._read_message()
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error'].get('message')}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_for(self, method: str, timeout: float = 30) -> None:
        """Read messages until the event ``method`` arrives (kept in ``events``)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            event = self._read_message()
            self.events.append(event)
            if event.get("method") == method:
                return
        raise TimeoutError(f"no {method} within {timeout} s")

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except (RuntimeError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        os.close(self._to_browser)
        os.close(self._from_browser)


def console_problems(events: list[dict]) -> list[str]:
    problems = []
    for event in events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            description = details.get("exception", {}).get("description")
            problems.append(f"uncaught: {description or details.get('text')}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
            values = (a.get("value", a.get("description", "")) for a in params.get("args", []))
            problems.append("console error: " + " ".join(str(value) for value in values))
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            problems.append(f"console error: {entry.get('text')} {entry.get('url', '')}".strip())
    return problems


def visit(browser: DevTools, url: str, theme: str, screenshot: Path) -> list[str]:
    """Load ``url`` in a fresh tab in ``theme``, save a full-page screenshot, and return
    what went wrong."""
    system, switch = THEMES[theme]
    target = browser.call("Target.createTarget", url="about:blank")["targetId"]
    session = browser.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
    for domain in ("Page", "Runtime", "Log"):
        browser.call(f"{domain}.enable", session)
    browser.call("Emulation.setEmulatedMedia", session,
                 features=[{"name": "prefers-color-scheme", "value": system}])
    browser.call("Emulation.setDeviceMetricsOverride", session,
                 width=WIDTH, height=900, deviceScaleFactor=1, mobile=False)
    browser.call("Page.addScriptToEvaluateOnNewDocument", session,
                 source=f"localStorage.setItem('theme', '{switch}');")
    browser.events.clear()
    browser.call("Page.navigate", session, url=url)
    browser.wait_for("Page.loadEventFired")
    audit = browser.call("Runtime.evaluate", session, expression=AUDIT, returnByValue=True)
    problems = list(audit.get("result", {}).get("value") or [])
    height = browser.call("Page.getLayoutMetrics", session)["cssContentSize"]["height"]
    shown = min(int(height), MAX_HEIGHT)
    if height > MAX_HEIGHT:
        problems.append(f"page is {int(height)} px tall; the screenshot stops at {MAX_HEIGHT}")
    browser.call("Emulation.setDeviceMetricsOverride", session,
                 width=WIDTH, height=shown, deviceScaleFactor=1, mobile=False)
    time.sleep(0.2)  # let the taller viewport lay out
    picture = browser.call("Page.captureScreenshot", session, format="png")
    screenshot.write_bytes(base64.b64decode(picture["data"]))
    problems += console_problems(browser.events)
    browser.call("Target.closeTarget", targetId=target)
    return problems


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


def check_references(base: str, page: Path, site: Path = SITE) -> list[str]:
    relative = page.relative_to(site).as_posix()
    parser = _References()
    parser.feed(page.read_text(encoding="utf-8"))
    problems = []
    for kind, targets in (("link", parser.links), ("image", parser.images)):
        for target in sorted(set(targets)):
            address = urllib.parse.urljoin(base + relative, target).split("#")[0]
            if not address.startswith(base):
                continue  # external: not reachable from here, and not ours to check
            if not fetch_ok(address):
                problems.append(f"broken {kind} {target}")
    return problems


def screenshot_name(relative: str, theme: str) -> str:
    return relative.removesuffix(".html").replace("/", "-") + f"-{theme}.png"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].strip())
    parser.add_argument("site", nargs="?", type=Path, default=SITE, metavar="SITE",
                        help="the built site's folder (default: docs/_build/html)")
    parser.add_argument("--themes", nargs="+", choices=tuple(THEMES), default=["light", "dark"])
    parser.add_argument("--pages", nargs="+", metavar="PAGE",
                        help="only these pages, e.g. index.html api/array.html")
    arguments = parser.parse_args(argv)
    site = arguments.site.resolve()
    screenshots = site.parent / "screenshots"
    if not (site / "index.html").exists():
        print(f"no built site in {site}: build it first, python -m sphinx -b html -W docs "
              f"{arguments.site}")
        return 2
    browser_path = find_browser()
    if browser_path is None:
        print(NO_BROWSER, file=sys.stderr)
        return 2
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")
                   if "_static" not in p.parts and "_sources" not in p.parts)
    if arguments.pages:
        pages = [p for p in pages if p in arguments.pages]
    screenshots.mkdir(parents=True, exist_ok=True)
    problems = []
    with tempfile.TemporaryDirectory() as profile:
        browser = DevTools(browser_path, profile)  # before the server's thread starts
        server, base = serve(site)
        try:
            for relative in pages:
                problems += [f"{relative}: {p}"
                             for p in check_references(base, site / relative, site)]
                for theme in arguments.themes:
                    shot = screenshots / screenshot_name(relative, theme)
                    found = visit(browser, base + relative, theme, shot)
                    problems += [f"{relative} ({theme}): {p}" for p in found]
        finally:
            browser.close()
            server.shutdown()
            server.server_close()
    for problem in problems:
        print(problem)
    print(f"{len(pages)} pages checked in {len(arguments.themes)} themes with {browser_path}, "
          f"{_count(len(problems), 'problem')}; screenshots in {screenshots}")
    return 1 if problems else 0


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


if __name__ == "__main__":
    sys.exit(main())
