"""Build the static Cassino site into one folder, and optionally serve it.

    python build.py [--out dist] [--wheel PATH] [--serve [--port N]]

With ``--serve`` the port is taken before the build: a busy one stops it at once, in one line.

The folder it writes (default ``dist/``) is the whole site; it needs no server logic and
makes no request to another origin::

    dist/
      .nojekyll                  GitHub Pages: serve files as they are
      build-manifest.json        versions, the wheel's path, sha256 and size of every file
      sw.js                      the service worker, written from web/sw.js and the manifest
                                 (the one file the manifest does not list: it depends on it)
      main.js, app.js, offline.js, ui/i18n.js, ui/language.js
                                 the page's modules, bundled by esbuild (each entry with all
                                 it imports; code two entries share in chunks/), each with its
                                 source map (.js.map)
      chunks/                    the shared code of the bundled modules
      index.html, ...            a copy of the rest of web/ (styles, words, the engine's
                                 worker...), index.html preloading main.js's first chunks
      icon.svg, icon-192.png, icon-512.png   the app icon, drawn by build.py
      pyodide/                   the runtime from the pinned npm package (its standard
                                 library with bytecode added, see below), plus micropip
        pyodide-lock.json        Pyodide's lock with micropip's hash recomputed (see below)
        micropip-<ver>-py3-none-any.whl
      wheels/<sha12>/cassino_core-<ver>-py3-none-any.whl

Python 3.11 standard library only. It runs five outside tools: ``npm ci`` (only when
``node_modules/pyodide`` or ``node_modules/esbuild`` is missing or does not match
``package-lock.json``), ``pip wheel``, ``pip download`` (micropip, cached under ``.cache/``),
``node`` (the pinned Pyodide compiles both wheels' modules, and the standard-library modules a
load needs, to bytecode for its Python: docs/load.md) and esbuild (the page's modules).

This file must not be next to a ``python -m build`` call: ``-m`` would import it instead of
PyPA's ``build``. That is why the wheel is built with ``pip wheel``.
"""

from __future__ import annotations

import argparse
import base64
import errno
import functools
import hashlib
import http.server
import json
import math
import os
import posixpath
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
import zlib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"
ESBUILD = ROOT / "node_modules" / "esbuild"
# The page's modules that are loaded by their own address: main.js (index.html's script) and
# the modules it imports dynamically, so each can load after the engine has started. esbuild
# bundles everything they import into them, code two of them share into chunks/.
PAGE_ENTRIES = ("main.js", "app.js", "ui/i18n.js", "ui/language.js", "offline.js")
CHUNKS = "chunks"
SOURCE_MAP = ".map"  # esbuild's source maps: for developer tools, not precached
# The line of web/index.html that names the first module main.js needs; build.py writes the
# bundle's own first chunks in its place.
PRELOAD_LINE = '  <link rel="modulepreload" href="bridge.js">\n'
CACHE = ROOT / ".cache" / "micropip"
MANIFEST_NAME = "build-manifest.json"
SERVICE_WORKER = "sw.js"
# The line of web/sw.js that build.py replaces with this build's hash and file list.
SW_PLACEHOLDER = "const BUILD = null;"

# What Pyodide's browser loader fetches: the module, the Emscripten glue it imports, the
# WebAssembly binary and the standard library. The lock file is written, not copied, and the
# standard library is written with bytecode added (compile_bytecode).
STDLIB = "python_stdlib.zip"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB)

# Files the project's packaging may read while building the wheel; copied with the package.
PACKAGING_FILES = ("pyproject.toml", "setup.cfg", "setup.py", "MANIFEST.in", "README.md",
                   "README.rst", "LICENSE", "LICENSE.txt", "LICENSE.md")

# Served types. Python 3.11's mimetypes lacks .mjs; a module script or worker served with the
# wrong type is refused by the browser, and .wasm needs application/wasm for streaming compile.
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".png": "image/png",
    ".txt": "text/plain; charset=utf-8",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
}


class BuildError(RuntimeError):
    """A build step failed; the message says which and what to do."""


def log(message: str) -> None:
    """Print one progress line of the build to stderr (stdout stays for the served URL)."""
    print(f"build: {message}", file=sys.stderr, flush=True)


def sha256_of(path: Path) -> str:
    """Return the hex sha256 of a file's bytes."""
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def run(command: Sequence[str], cwd: Path, env: dict[str, str] | None = None) -> None:
    """Run a command (in ``env``, default this process's environment), raising BuildError with
    its output if it fails."""
    log("$ " + " ".join(command))
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False,
                              env=env)
    except FileNotFoundError as error:
        raise BuildError(f"{command[0]} is not installed ({error})") from error
    if done.returncode != 0:
        raise BuildError(f"{' '.join(command)} failed with exit code {done.returncode}:\n"
                         f"{done.stdout}{done.stderr}")


def read_json(path: Path) -> Any:
    """Read a JSON file, raising BuildError naming the file if it is missing or broken."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise BuildError(f"cannot read {path}: {error}") from error


# --- Pyodide from npm -----------------------------------------------------------------------

def pinned_version(package: str) -> str:
    """Return the version of an npm package that package-lock.json pins (pyodide: "314.0.7").

    Raises BuildError if the lock does not name it.
    """
    lock = read_json(ROOT / "package-lock.json")
    try:
        return str(lock["packages"][f"node_modules/{package}"]["version"])
    except KeyError as error:
        raise BuildError(f"package-lock.json does not pin {package}") from error


def pinned_pyodide_version() -> str:
    """Return the pyodide version that package-lock.json pins (e.g. "314.0.7")."""
    return pinned_version("pyodide")


def ensure_node_modules() -> str:
    """Run ``npm ci`` unless node_modules/pyodide already holds the pinned version.

    Returns the Pyodide version. Raises BuildError if npm fails or the result still differs.
    """
    pinned = pinned_pyodide_version()

    def installed() -> str | None:
        package = NODE_PYODIDE / "package.json"
        files_present = all((NODE_PYODIDE / name).is_file()
                            for name in (*RUNTIME_FILES, "pyodide-lock.json"))
        if not (package.is_file() and files_present):
            return None
        return str(read_json(package).get("version"))

    def bundler() -> str | None:
        package = ESBUILD / "package.json"
        return str(read_json(package).get("version")) if package.is_file() else None

    bundler_pinned = pinned_version("esbuild")
    if installed() != pinned or bundler() != bundler_pinned:
        log(f"node_modules is missing or stale; installing pyodide {pinned} and esbuild "
            f"{bundler_pinned}")
        run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT)
        if installed() != pinned:
            raise BuildError(f"npm ci did not install pyodide {pinned}")
        if bundler() != bundler_pinned:
            raise BuildError(f"npm ci did not install esbuild {bundler_pinned}")
    return pinned


def copy_runtime(dest: Path) -> None:
    """Copy the Pyodide runtime files into ``dest`` (dist/pyodide) as the npm package has
    them, all but the standard library, which compile_bytecode writes."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        if name != STDLIB:
            shutil.copyfile(NODE_PYODIDE / name, dest / name)


# --- micropip from PyPI ---------------------------------------------------------------------

def fetch_micropip(pyodide_lock: dict[str, Any]) -> Path:
    """Return the path of the micropip wheel pinned by Pyodide's lock, downloading it once.

    The npm package ships no micropip; PyPI's wheel of the same version is used, kept in
    .cache/micropip/ so later builds need no network.
    """
    entry = pyodide_lock["packages"]["micropip"]
    wheel = CACHE / str(entry["file_name"])
    if wheel.is_file():
        return wheel
    python = ".".join(str(pyodide_lock["info"]["python"]).split(".")[:2])
    CACHE.mkdir(parents=True, exist_ok=True)
    run([sys.executable, "-m", "pip", "download", f"micropip=={entry['version']}", "--no-deps",
         "--only-binary=:all:", "--python-version", python, "--disable-pip-version-check",
         "-d", str(CACHE)], cwd=ROOT)
    if not wheel.is_file():
        raise BuildError(f"pip download did not produce {wheel.name} in {CACHE}")
    return wheel


def write_lock(pyodide_lock: dict[str, Any], micropip_wheel: Path, dest: Path) -> None:
    """Write Pyodide's lock with micropip's sha256 replaced by the hash of our copy.

    Browsers check the hash in the lock (integrity) and PyPI's wheel differs byte-wise from the
    one Pyodide built, so without this loadPackage("micropip") fails in a browser (not in Node).
    """
    lock = json.loads(json.dumps(pyodide_lock))  # deep copy
    entry = lock["packages"]["micropip"]
    entry["file_name"] = micropip_wheel.name
    entry["sha256"] = sha256_of(micropip_wheel)
    dest.write_text(json.dumps(lock, separators=(",", ":")), encoding="utf-8")


# --- bytecode for Pyodide's Python ---------------------------------------------------------

# Run by Node inside the pinned Pyodide (COMPILE_JS): the browser never compiles the Python it
# needs to start, which is most of a cold start's time (docs/load.md).
#
# - Each wheel the browser installs (ours, micropip) gets the bytecode of its modules for that
#   Python (``__pycache__/<name>.cpython-3XX.pyc``, unchecked-hash pycs: valid whatever the
#   files' times). Each .py stays (tracebacks; CPython ignores another version's pycs); RECORD
#   lists the new files.
# - The standard library (python_stdlib.zip, source only in the npm package) gets bytecode for
#   the modules a load and a game import, as found by PROBE_PY in a fresh interpreter: each
#   such ``name.py`` becomes ``name.pyc`` in the zip (zipimport's own layout). Their sources
#   go, to keep the download small (+0.8 MB, not +1.7); every other module stays as it was.
COMPILE_PY = r"""
import base64, hashlib, importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def digest(data):
    raw = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(raw).rstrip(b"=").decode()

def bytecode(source, name):
    code = compile(source, name, "exec", dont_inherit=True)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)

def compile_wheel(source, target):
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w") as zout:
        record, added = None, []
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                record = (info, data.decode())
                continue
            zout.writestr(info, data)
            if info.filename.endswith(".py"):
                pyc = bytecode(data, info.filename)
                name = importlib.util.cache_from_source(info.filename)
                zout.writestr(zipfile.ZipInfo(name, info.date_time), pyc,
                              compress_type=zipfile.ZIP_DEFLATED)
                added.append(f"{name},{digest(pyc)},{len(pyc)}")
        if record is None:
            raise SystemExit(f"{source} has no RECORD")
        info, text = record
        zout.writestr(info, text.rstrip("\n") + "\n" + "\n".join(added) + "\n")
    return len(added)

def compile_stdlib(source, target, modules):
    wanted, done = set(modules), 0
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w") as zout:
        missing = wanted - set(zin.namelist())
        if missing:
            raise SystemExit(f"not in {source}: {sorted(missing)}")
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename not in wanted:
                zout.writestr(info, data)
                continue
            # The file's path stays its name in tracebacks (zipimport adds the zip's own).
            zout.writestr(zipfile.ZipInfo(info.filename + "c", info.date_time),
                          bytecode(data, info.filename), compress_type=zipfile.ZIP_DEFLATED,
                          compresslevel=9)
            done += 1
    return done
"""

# Run in a fresh Pyodide (nothing else imported): what a page load imports (boot, micropip,
# our wheel installed through micropip, every cassino_core module) and what a game does
# (a computer's move, a hint, California Jack). Returns the standard-library files imported,
# as paths inside python_stdlib.zip, as JSON.
PROBE_PY = r"""
import importlib, json, os, sys
import micropip
await micropip.install("emfs:" + _wheel)
import cassino_core
_root = cassino_core.__path__[0]
for _folder, _, _names in os.walk(_root):
    for _name in sorted(_names):
        if _name.endswith(".py") and _name != "__main__.py":
            _path = os.path.relpath(os.path.join(_folder, _name[:-3]), os.path.dirname(_root))
            importlib.import_module(_path.replace("/", ".").removesuffix(".__init__"))
from cassino_core.api import handle
for _request in ({"op": "new_game", "seed": 1}, {"op": "computer_move"}, {"op": "hint"},
                 {"op": "new_game", "game": "california_jack", "seed": 1},
                 {"op": "computer_move"}, {"op": "hint"}):
    _answer = json.loads(handle(json.dumps(_request)))
    if "error" in _answer:  # a request that no longer works would probe nothing
        raise SystemExit(f"probe: {_request} was refused: {_answer['error']}")
_zip = next(path for path in sys.path if path.endswith(".zip")) + "/"
json.dumps(sorted({m.__spec__.origin[len(_zip):] for m in list(sys.modules.values())
                   if getattr(m, "__spec__", None) and (m.__spec__.origin or "").startswith(_zip)
                   and m.__spec__.origin.endswith(".py")}))
"""

COMPILE_JS = """
import { readFileSync, writeFileSync } from "node:fs";
const [pyodideDir, compileScript, probeScript, stdlibIn, stdlibOut, ...wheels] =
  process.argv.slice(2);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const quiet = { stdout: () => {}, stderr: (line) => console.error(line) };
// A failure prints its message only: Node would also print the throwing line of Pyodide's
// minified code, a megabyte long.
process.on("unhandledRejection", (error) => {
  console.error(String(error?.message ?? error));
  process.exit(1);
});

// Which standard-library modules are needed: a fresh interpreter, loaded like the page's.
const probe = await loadPyodide({ indexURL: pyodideDir + "/", ...quiet });
await probe.loadPackage(wheels[2], { messageCallback: () => {} });  // micropip's
const ours = "/tmp/" + wheels[0].split("/").pop();
probe.FS.writeFile(ours, readFileSync(wheels[0]));
probe.globals.set("_wheel", ours);
const modules = JSON.parse(await probe.runPythonAsync(readFileSync(probeScript, "utf8")));

const py = await loadPyodide({ indexURL: pyodideDir + "/", ...quiet });
py.runPython(readFileSync(compileScript, "utf8"));
for (let i = 0; i < wheels.length; i += 2) {
  py.FS.writeFile("/tmp/in.whl", readFileSync(wheels[i]));
  const count = py.runPython("compile_wheel('/tmp/in.whl', '/tmp/out.whl')");
  writeFileSync(wheels[i + 1], py.FS.readFile("/tmp/out.whl"));
  console.log(`${wheels[i + 1]}: ${count} modules compiled`);
}
py.FS.writeFile("/tmp/in.zip", readFileSync(stdlibIn));
py.globals.set("modules", modules);
const count = py.runPython("compile_stdlib('/tmp/in.zip', '/tmp/out.zip', modules.to_py())");
writeFileSync(stdlibOut, py.FS.readFile("/tmp/out.zip"));
console.log(`${stdlibOut}: ${count} standard-library modules compiled`);
"""


def compile_bytecode(ours: tuple[Path, Path], micropip: tuple[Path, Path],
                     stdlib: Path) -> None:
    """Write bytecode copies for Pyodide's Python (see COMPILE_PY), made by the pinned Pyodide
    under Node: ``ours`` and ``micropip`` are (source wheel, target wheel); ``stdlib`` is where
    the standard library's zip goes. The scripts go beside our target (a scratch folder).
    Raises BuildError when Node fails or a result has no bytecode."""
    work = ours[1].parent
    scripts = {"compile.mjs": COMPILE_JS, "compile.py": COMPILE_PY, "probe.py": PROBE_PY}
    for name, text in scripts.items():
        (work / name).write_text(text, encoding="utf-8")
    run(["node", str(work / "compile.mjs"), str(NODE_PYODIDE), str(work / "compile.py"),
         str(work / "probe.py"), str(NODE_PYODIDE / STDLIB), str(stdlib),
         str(ours[0]), str(ours[1]), str(micropip[0]), str(micropip[1])], cwd=ROOT)
    for target in (ours[1], micropip[1], stdlib):
        with zipfile.ZipFile(target) as archive:
            if not any(name.endswith(".pyc") for name in archive.namelist()):
                raise BuildError(f"{target.name}: no bytecode was added")


# --- our wheel ------------------------------------------------------------------------------

# The time written into every entry of our wheel (1980-01-01, the earliest a zip can hold),
# unless the builder sets SOURCE_DATE_EPOCH itself: two builds of one commit then hold the same
# wheel, so a redeploy changes no file, and a returning player keeps the cached wheel and the
# engine's snapshot, which is tagged with the build (docs/load.md).
WHEEL_EPOCH = "315532800"


def build_wheel(work: Path) -> Path:
    """Build the cassino_core wheel with ``pip wheel`` and return its path (inside ``work``).

    The packaging files and the package are staged into a clean folder first: setuptools
    reuses ``build/lib`` in the source tree, so a module deleted from the repo would otherwise
    live on in the wheel, and the repo stays free of build/ and *.egg-info.
    """
    source = work / "src"
    source.mkdir()
    for name in PACKAGING_FILES:
        if (ROOT / name).is_file():
            shutil.copyfile(ROOT / name, source / name)
    shutil.copytree(ROOT / "cassino_core", source / "cassino_core",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    out = work / "wheel"
    # The zip entries' times come from SOURCE_DATE_EPOCH when set (the wheel package), not
    # from the clock and the files' checkout times: the same tree gives the same wheel.
    env = {**os.environ, "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH", WHEEL_EPOCH)}
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check",
         "-w", str(out), "."], cwd=source, env=env)
    wheels = sorted(out.glob("cassino_core-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one pure cassino_core wheel, found {[w.name for w in wheels]}")
    return wheels[0]


def wheel_version(wheel: Path) -> str:
    """Return the version in a wheel's file name, checking it has cassino_core/api.py.

    Raises BuildError if the wheel is not a pure cassino_core wheel holding the API module
    the web worker imports.
    """
    parts = wheel.name.split("-")
    pure = wheel.name.endswith("-py3-none-any.whl")
    if len(parts) != 5 or parts[0] != "cassino_core" or not pure:
        raise BuildError(f"{wheel.name} is not a pure cassino_core wheel")
    with zipfile.ZipFile(wheel) as archive:
        if "cassino_core/api.py" not in archive.namelist():
            raise BuildError(f"{wheel.name} has no cassino_core/api.py, which the page imports")
    return parts[1]


# --- the icon -------------------------------------------------------------------------------

# The app icon, drawn here so that its SVG and its PNGs (which the web app manifest lists and
# no standard-library tool could render from SVG) come from one description: convex polygons
# in a 512-unit square, each filled with one colour, painted in order.
Point = tuple[float, float]
ICON_SIZE = 512
ICON_PNG_SIZES = (192, 512)
FELT, FELT_LIGHT, FELT_DARK = "#0d4a2c", "#176b41", "#07301c"


def _arc(cx: float, cy: float, r: float, start: float, end: float, steps: int) -> list[Point]:
    """Points on a circle from angle ``start`` to ``end`` (degrees, y pointing down)."""
    return [(cx + r * math.cos(math.radians(start + (end - start) * i / steps)),
             cy + r * math.sin(math.radians(start + (end - start) * i / steps)))
            for i in range(steps + 1)]


def _rounded_rect(x0: float, y0: float, x1: float, y1: float, r: float) -> list[Point]:
    """A rounded rectangle as a polygon, corners flattened to 12 segments each."""
    return (_arc(x1 - r, y0 + r, r, -90, 0, 12) + _arc(x1 - r, y1 - r, r, 0, 90, 12)
            + _arc(x0 + r, y1 - r, r, 90, 180, 12) + _arc(x0 + r, y0 + r, r, 180, 270, 12))


def _cubic(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 16) -> list[Point]:
    """A cubic Bézier curve flattened to ``steps`` segments (both ends included)."""
    def at(t: float) -> Point:
        u = 1 - t
        return (u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1])
    return [at(i / steps) for i in range(steps + 1)]


def _rotated(points: list[Point], degrees: float, cx: float, cy: float) -> list[Point]:
    """``points`` turned by ``degrees`` (clockwise on screen) around (cx, cy)."""
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return [(cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c)
            for x, y in points]


def icon_shapes() -> list[tuple[str, list[Point]]]:
    """The icon: felt, two cards fanned (a diamond behind, a spade in front)."""
    def card(x: float, y: float, face: str, turn: float, cx: float,
             cy: float) -> list[tuple[str, list[Point]]]:
        # An 8-unit dark border: a dark card with the face colour 8 units inside it.
        return [(FELT_DARK, _rotated(_rounded_rect(x - 4, y - 4, x + 194, y + 274, 26),
                                     turn, cx, cy)),
                (face, _rotated(_rounded_rect(x + 4, y + 4, x + 186, y + 266, 18),
                                turn, cx, cy))]

    diamond = [(150.0, 190.0), (184.0, 255.0), (150.0, 320.0), (116.0, 255.0)]
    spade_top = (_cubic((307, 178), (290, 215), (244, 238), (244, 272))
                 + _cubic((370, 272), (370, 238), (324, 215), (307, 178))[1:])
    spade = [spade_top, _arc(276, 272, 32, 0, 360, 48), _arc(338, 272, 32, 0, 360, 48),
             [(307.0, 262.0), (330.0, 334.0), (284.0, 334.0)]]
    return [(FELT, _rounded_rect(0, 0, 512, 512, 96)),
            (FELT_LIGHT, _arc(256, 256, 200, 0, 360, 96)),
            *card(110, 120, "#f7f3e8", -14, 200, 270),
            ("#b3261e", _rotated(diamond, -14, 200, 270)),
            *card(212, 122, "#fffdf7", 8, 312, 262),
            *[("#1d2420", _rotated(part, 8, 312, 262)) for part in spade]]


def icon_svg() -> str:
    """The icon as SVG text (the same polygons the PNGs are rasterised from)."""
    paths = "".join(
        f'<path fill="{colour}" d="M{" L".join(f"{x:.1f} {y:.1f}" for x, y in points)}Z"/>\n'
        for colour, points in icon_shapes())
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {ICON_SIZE} {ICON_SIZE}">\n'
            f"{paths}</svg>\n")


def _span(points: list[Point], y: float) -> tuple[float, float] | None:
    """Where the horizontal line at ``y`` crosses a convex polygon: (left, right), or None."""
    xs = []
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
        if (y0 <= y < y1) or (y1 <= y < y0):
            xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
    return (min(xs), max(xs)) if len(xs) >= 2 else None


def icon_png(size: int) -> bytes:
    """The icon as an RGBA PNG of ``size`` x ``size`` pixels.

    Each polygon is painted over the image with its exact horizontal coverage on 4 lines per
    pixel row (anti-aliased edges); pixels inside all 4 spans are simply set.
    """
    sub = 4
    scale = size / ICON_SIZE
    # Premultiplied RGBA floats, row by row.
    rows = [[0.0] * (4 * size) for _ in range(size)]
    for colour, polygon in icon_shapes():
        rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        paint = [*rgb, 1.0]
        points = [(x * scale, y * scale) for x, y in polygon]
        top = max(0, int(min(y for _, y in points)))
        bottom = min(size, math.ceil(max(y for _, y in points)))
        for row_index in range(top, bottom):
            spans = [_span(points, row_index + (k + 0.5) / sub) for k in range(sub)]
            cover: dict[int, float] = {}
            full_from, full_to = 0, size
            for found in spans:
                if found is None:
                    full_from, full_to = size, 0
                    continue
                left, right = max(0.0, found[0]), min(float(size), found[1])
                full_from, full_to = max(full_from, math.ceil(left)), min(full_to, int(right))
                for x in range(int(left), min(size, math.ceil(right))):
                    part = min(right, x + 1) - max(left, x)
                    if part > 0:
                        cover[x] = cover.get(x, 0.0) + part / sub
            row = rows[row_index]
            if full_from < full_to:
                row[4 * full_from:4 * full_to] = paint * (full_to - full_from)
            for x, amount in cover.items():
                if full_from <= x < full_to:
                    continue
                amount = min(1.0, amount)
                for channel in range(4):
                    row[4 * x + channel] = (paint[channel] * amount
                                            + row[4 * x + channel] * (1 - amount))
    raw = bytearray()
    for row in rows:
        raw.append(0)  # filter: none
        for x in range(size):
            alpha = row[4 * x + 3]
            raw.extend(round(min(1.0, row[4 * x + c] / alpha) * 255) if alpha else 0
                       for c in range(3))
            raw.append(round(alpha * 255))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def write_icons(out: Path) -> None:
    """Write icon.svg and icon-<size>.png for each of ICON_PNG_SIZES into ``out``."""
    (out / "icon.svg").write_text(icon_svg(), encoding="utf-8")
    for size in ICON_PNG_SIZES:
        (out / f"icon-{size}.png").write_bytes(icon_png(size))


# --- the page's JavaScript ------------------------------------------------------------------

def run_esbuild(outdir: Path, meta_path: Path) -> Any:
    """Run the pinned esbuild over ``PAGE_ENTRIES`` (bundled, split into chunks, ES modules,
    with source maps) into ``outdir``, writing its metafile to ``meta_path``; return the
    metafile's JSON. Raises BuildError if esbuild is missing, fails or warns."""
    command = [str(ROOT / "node_modules" / ".bin" / "esbuild"), *PAGE_ENTRIES, "--bundle",
               "--splitting", "--format=esm", "--charset=utf8", f"--outdir={outdir.resolve()}",
               "--outbase=.", f"--chunk-names={CHUNKS}/[name]-[hash]", "--sourcemap",
               f"--metafile={meta_path}", "--log-level=warning"]
    log("$ esbuild " + " ".join(PAGE_ENTRIES) + " --bundle --splitting ...")
    try:
        done = subprocess.run(command, cwd=WEB, capture_output=True, text=True, check=False)
    except FileNotFoundError as error:
        raise BuildError(f"esbuild is not installed ({error}): run npm ci") from error
    if done.returncode != 0 or done.stderr.strip():
        raise BuildError(f"esbuild failed (exit code {done.returncode}):\n{done.stdout}"
                         f"{done.stderr}")
    return read_json(meta_path)


def bundle_page(out: Path, work: Path) -> set[str]:
    """Bundle the page's modules (``PAGE_ENTRIES`` and all they import) into ``out`` with the
    pinned esbuild; return the paths under web/ of the source files it bundled.

    Each entry keeps its path (``out/main.js``, ``out/ui/i18n.js``...) and its exports; code
    that two entries share goes to ``out/chunks/<name>-<hash>.js``, imported by both, so every
    module still runs once. The code stays as written (not minified, UTF-8). Each output has a
    source map beside it (``.js.map``, with the sources' text, their paths as in web/), which
    only developer tools read: the service worker does not precache them. index.html's
    ``PRELOAD_LINE`` becomes a modulepreload link per file main.js imports. A first visit
    fetches about ten scripts instead of about sixty, one after another (docs/load.md).
    Raises BuildError if esbuild is missing, fails or warns, or index.html lacks the line.
    """
    meta_path = work / "esbuild-meta.json"
    # esbuild writes into a folder at a fixed depth beside web/ (ROOT/.esbuild-*/site), then the
    # files move to ``out``: its chunk names hash the source maps, whose paths lead from the
    # output folder to web/, so writing straight into ``out`` made the names depend on where
    # the site is built (two clones gave two builds).
    stage_root = Path(tempfile.mkdtemp(prefix=".esbuild-", dir=ROOT))
    stage = stage_root / "site"
    try:
        meta = run_esbuild(stage, meta_path)
        # The metafile's paths are relative to esbuild's folder (web/).
        outputs = {(WEB / name).resolve().relative_to(stage.resolve()).as_posix(): entry
                   for name, entry in meta["outputs"].items()}
        for name in outputs:
            if name.endswith(".map"):
                site_sources(stage / name, stage)
        first = [(WEB / item["path"]).resolve().relative_to(stage.resolve()).as_posix()
                 for item in outputs["main.js"]["imports"] if item["kind"] == "import-statement"]
        for name in outputs:
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.move(stage / name, out / name)
    finally:
        shutil.rmtree(stage_root, ignore_errors=True)
    page = out / "index.html"
    html = (WEB / "index.html").read_text(encoding="utf-8")
    if html.count(PRELOAD_LINE) != 1:
        raise BuildError(f"web/index.html must hold the line {PRELOAD_LINE.strip()!r} once")
    links = "".join(f'  <link rel="modulepreload" href="{name}">\n' for name in first)
    page.write_text(html.replace(PRELOAD_LINE, links), encoding="utf-8")
    return {Path(name).as_posix() for name in meta["inputs"]}


def site_sources(source_map: Path, out: Path) -> None:
    """Rewrite the ``sources`` of one of esbuild's source maps in ``out`` as the sources' paths
    would be in the site (``../ui/strings.js`` from ``chunks/``), not in this machine's folders,
    so that two builds of the same tree write the same bytes wherever they run."""
    data = json.loads(source_map.read_text(encoding="utf-8"))
    folder = source_map.parent
    in_site = folder.relative_to(out).as_posix()
    # esbuild writes each source's path relative to the map's folder, wherever web/ is.
    data["sources"] = [posixpath.relpath((folder / source).resolve().relative_to(WEB).as_posix(),
                                         in_site)
                       for source in data["sources"]]
    source_map.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")),
                          encoding="utf-8")


# --- the site -------------------------------------------------------------------------------

def prepare_out(out: Path) -> None:
    """Empty ``out`` for a fresh build, refusing to delete a folder that is not a build."""
    if out.resolve() in (ROOT, ROOT.parent, Path.home(), Path("/")) or out.resolve() == WEB:
        raise BuildError(f"refusing to build into {out}")
    if out.exists():
        if any(out.iterdir()) and not (out / MANIFEST_NAME).is_file():
            raise BuildError(f"{out} is not empty and holds no {MANIFEST_NAME}: not deleting it")
        shutil.rmtree(out)
    out.mkdir(parents=True)


def site_files(out: Path) -> Iterable[Path]:
    """Yield every file under ``out`` except the manifest and the service worker, in a stable
    order."""
    for path in sorted(out.rglob("*")):
        if path.is_file() and path.relative_to(out).as_posix() not in (MANIFEST_NAME,
                                                                        SERVICE_WORKER):
            yield path


def write_manifest(out: Path, versions: dict[str, str], wheel: str) -> dict[str, Any]:
    """Write build-manifest.json and return it.

    Shape: ``{"versions": {"pyodide", "python", "micropip", "cassino_core"}, "wheel":
    "wheels/<sha12>/<name>.whl", "files": {"<relative path>": {"sha256": hex, "size": bytes}}}``.
    Paths are relative to the manifest, so the site works under any sub-path.
    """
    files = {path.relative_to(out).as_posix(): {"sha256": sha256_of(path),
                                                 "size": path.stat().st_size}
             for path in site_files(out)}
    manifest = {"versions": versions, "wheel": wheel, "files": files}
    (out / MANIFEST_NAME).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n",
                                     encoding="utf-8")
    return manifest


def write_service_worker(out: Path, template: str) -> str:
    """Write ``out/sw.js`` from the text of web/sw.js for the build in ``out``; return its hash.

    The worker precaches every file the manifest lists (dot files and source maps aside) and
    the manifest itself, each with its Subresource Integrity hash; its cache is named after the
    first 16 hex digits of the manifest's sha256, which changes whenever any file does. Call it
    after ``write_manifest``. Raises BuildError if the template lacks its placeholder line.
    """
    if template.count(SW_PLACEHOLDER) != 1:
        raise BuildError(f"web/{SERVICE_WORKER} must hold the line {SW_PLACEHOLDER!r} once")
    manifest = read_json(out / MANIFEST_NAME)
    listed: dict[str, str] = {
        path: str(entry["sha256"]) for path, entry in manifest["files"].items()
        if not any(part.startswith(".") for part in path.split("/"))
        and not path.endswith(SOURCE_MAP)}
    listed[MANIFEST_NAME] = sha256_of(out / MANIFEST_NAME)
    files = [[path, "sha256-" + base64.b64encode(bytes.fromhex(digest)).decode("ascii")]
             for path, digest in sorted(listed.items())]
    build_hash = listed[MANIFEST_NAME][:16]
    value = json.dumps({"hash": build_hash, "files": files}, separators=(",", ":"))
    text = template.replace(SW_PLACEHOLDER, f"const BUILD = {value};")
    (out / SERVICE_WORKER).write_text(text, encoding="utf-8")
    return build_hash


def seal(out: Path, versions: dict[str, str], wheel: str) -> dict[str, Any]:
    """Write the manifest and the service worker (from web/sw.js) of the site in ``out``;
    return the manifest, with the build's hash added under ``"build"``.

    A file changed in ``out`` and then ``seal`` make a new build with a new hash (the tests
    make one this way).
    """
    template = (WEB / SERVICE_WORKER).read_text(encoding="utf-8")
    (out / SERVICE_WORKER).unlink(missing_ok=True)
    manifest = write_manifest(out, versions, wheel)
    manifest["build"] = write_service_worker(out, template)
    return manifest


def build(out: Path, prebuilt_wheel: Path | None = None) -> dict[str, Any]:
    """Build the whole site into ``out`` and return its manifest.

    ``prebuilt_wheel`` uses a given cassino_core wheel instead of building one (e.g. one CI
    already built). Raises BuildError when a step fails.
    """
    if not WEB.is_dir():
        raise BuildError(f"{WEB} is missing")
    pyodide_version = ensure_node_modules()
    pyodide_lock: dict[str, Any] = read_json(NODE_PYODIDE / "pyodide-lock.json")
    micropip_wheel = fetch_micropip(pyodide_lock)
    prepare_out(out)
    with tempfile.TemporaryDirectory(prefix="cassino-build-") as work:
        built = prebuilt_wheel if prebuilt_wheel else build_wheel(Path(work))
        version = wheel_version(built)
        # Both wheels the browser installs and the standard library, with bytecode for
        # Pyodide's Python (same names); the standard library goes straight into the site.
        (Path(work) / "pyc").mkdir()
        wheel = Path(work) / "pyc" / built.name
        micropip_copy = Path(work) / "pyc" / micropip_wheel.name
        runtime = out / "pyodide"
        runtime.mkdir(parents=True)
        compile_bytecode((built, wheel), (micropip_wheel, micropip_copy), runtime / STDLIB)
        # The wheel's name keeps its version; a folder named after its hash makes a new build
        # a new URL, so no browser cache serves last week's engine.
        wheel_rel = f"wheels/{sha256_of(wheel)[:12]}/{wheel.name}"
        (out / wheel_rel).parent.mkdir(parents=True)
        shutil.copyfile(wheel, out / wheel_rel)
        shutil.copyfile(micropip_copy, runtime / micropip_wheel.name)
        write_lock(pyodide_lock, runtime / micropip_wheel.name, runtime / "pyodide-lock.json")
        copy_runtime(runtime)

    with tempfile.TemporaryDirectory(prefix="cassino-bundle-") as work:
        bundled = bundle_page(out, Path(work)) | {"index.html"}  # index.html: written already

    def left_out(folder: str, names: list[str]) -> set[str]:
        """What copytree skips in ``folder``: the bundled sources, editors' and Python's
        leftovers."""
        under = Path(folder).resolve().relative_to(WEB)
        return {name for name in names
                if (under / name).as_posix() in bundled or name in ("__pycache__", ".DS_Store")
                or name.endswith("~")}

    shutil.copytree(WEB, out, dirs_exist_ok=True, ignore=left_out)
    for folder in sorted(out.rglob("*"), reverse=True):  # folders whose modules were bundled
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    write_icons(out)
    (out / ".nojekyll").write_bytes(b"")

    versions = {"pyodide": pyodide_version,
                "python": str(pyodide_lock["info"]["python"]),
                "micropip": str(pyodide_lock["packages"]["micropip"]["version"]),
                "cassino_core": version}
    manifest = seal(out, versions, wheel_rel)
    size = sum(entry["size"] for entry in manifest["files"].values())
    log(f"wrote {out} ({len(manifest['files'])} files, {size / 1e6:.1f} MB, build "
        f"{manifest['build']}): {versions}")
    return manifest


# --- serving --------------------------------------------------------------------------------

class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serve a built site, optionally mounted under a path prefix such as ``/cassino/``.

    Outside the prefix it answers 404, so a root-relative URL in the site shows up as an error
    in tests instead of working by luck.
    """

    # HTTP/1.1: a browser keeps its connections open (every answer has a Content-Length), so a
    # page's hundred requests do not each open a connection and start a thread.
    protocol_version = "HTTP/1.1"
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}  # noqa: RUF012 (read-only, like the base class attribute)
    prefix = "/"
    quiet = False

    def send_head(self) -> Any:
        """Serve files under the prefix; redirect the bare prefix; 404 anything else."""
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if self.prefix != "/" and path == self.prefix.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if not path.startswith(self.prefix):
            self.send_error(404, "Outside the site's prefix")
            return None
        return super().send_head()

    def translate_path(self, path: str) -> str:
        """Map a URL path under the prefix to a file in the site folder."""
        return super().translate_path("/" + path[len(self.prefix):])

    def end_headers(self) -> None:
        """Ask browsers to revalidate, so a rebuild is seen at once (answers stay 304s)."""
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        """Log requests unless quiet (tests)."""
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """A threading server that stays quiet when a browser drops a connection mid-answer."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Ignore closed connections (a tab closed while loading); report anything else."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(site: Path, port: int = 0, prefix: str = "/",
                quiet: bool = False) -> http.server.ThreadingHTTPServer:
    """Return a ThreadingHTTPServer on 127.0.0.1 serving ``site`` under ``prefix``.

    ``port`` 0 picks a free port (see ``server.server_address``). The caller runs
    ``serve_forever()`` and later ``shutdown()``.
    """
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError(f"prefix must start and end with '/': {prefix!r}")
    handler = type("BoundSiteHandler", (SiteHandler,), {"prefix": prefix, "quiet": quiet})
    factory = functools.partial(handler, directory=str(site))
    return SiteServer(("127.0.0.1", port), factory)


def port_error_message(port: int, error: OSError) -> str:
    """The one line that says why the server cannot listen on ``port`` and what to do."""
    if error.errno == errno.EADDRINUSE:
        reason = "is already in use (another server, or an earlier `make play`?)"
    else:
        reason = f"cannot be used: {error.strerror or error}"
    return (f"build.py: port {port} on 127.0.0.1 {reason}; nothing was built. "
            f"Pick another: make play PORT={port + 1 if 0 < port < 65535 else 8000} "
            f"(or build.py --serve --port N, 0 for any free port)")


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point; returns the exit status."""
    parser = argparse.ArgumentParser(description="Build the static Cassino site.")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder")
    parser.add_argument("--wheel", type=Path, help="use this cassino_core wheel, do not build")
    parser.add_argument("--serve", action="store_true", help="serve the site on 127.0.0.1")
    parser.add_argument("--port", type=int, default=8000, help="port for --serve (0: any)")
    args = parser.parse_args(argv)
    server = None
    if args.serve:
        # Take the port before building (15 s), so a busy port is said at once, in one line.
        try:
            server = make_server(args.out, args.port)
        except OSError as error:
            print(port_error_message(args.port, error), file=sys.stderr)
            return 1
    try:
        build(args.out, args.wheel.resolve() if args.wheel else None)
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        if server is not None:
            server.server_close()
        return 1
    if server is not None:
        print(f"Serving {args.out} at http://127.0.0.1:{server.server_address[1]}/ "
              "(Ctrl-C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
