#!/usr/bin/env node
// Run the engine's tests (or one Python script) inside real Pyodide under Node, with no network.
//
//   node tests/pyodide/run_in_pyodide.mjs [--project DIR] [-- PYTEST_ARGS...]
//   node tests/pyodide/run_in_pyodide.mjs [--project DIR] --script FILE [-- SCRIPT_ARGS...]
//   node tests/pyodide/run_in_pyodide.mjs [--project DIR] --module NAME [-- MODULE_ARGS...]
//
// 1. `python3 tests/pyodide/prepare.py` (CPython, $PYTHON to choose another) gathers the wheels:
//    micropip pinned to node_modules/pyodide/pyodide-lock.json, the pure test dependencies pinned
//    in tests/pyodide/requirements.txt (both cached in .cache/wheels/pyodide-test/) and our own
//    wheel, rebuilt from the project folder on every run.
// 2. Pyodide loads from node_modules/pyodide; micropip is loaded from its local wheel, then
//    micropip installs the other wheels from the in-memory file system (deps=False: every
//    dependency is pinned; the runner checks that none is missing).
// 3. The project's tests/ folder and pyproject.toml (pytest's settings) are copied into Pyodide's
//    memory file system, so the tests import cassino_core from the installed wheel only.
// 4. pytest runs: by default the chosen part of tests/engine that can differ between CPython
//    and Pyodide (PYODIDE_SUBSET below; CASSINO_PYODIDE_ALL=1: all of tests/engine), with
//    `-m "not cpython_only"`, plus $CASSINO_PYODIDE_PYTEST_ARGS (split like a shell would),
//    or exactly the arguments after `--`. With --script FILE (or --module NAME, like `python -m NAME`), that runs as __main__
//    instead, with the arguments after `--` in sys.argv (pytest and hypothesis are then not
//    installed).
//
// The Python version inside Pyodide is printed first. The exit code is pytest's (or the
// script's), 1 if Pyodide itself fails (e.g. a fatal stack overflow), 2 for a bad command line.

import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..", "..");
const PYODIDE_DIR = path.join(ROOT, "node_modules", "pyodide");
const WORKDIR = "/home/pyodide/project"; // the project's copy inside Pyodide
const WHEELDIR = "/tmp/wheels";
const SKIP_DIRS = new Set(["__pycache__", ".pytest_cache", ".hypothesis", ".mypy_cache"]);

function usage(stream) {
  stream.write(
    "usage: node tests/pyodide/run_in_pyodide.mjs [--project DIR] " +
      "[--script FILE | --module NAME] [-- ARGS...]\n",
  );
}

function parseArgs(argv) {
  const opts = { project: ROOT, script: null, module: null, rest: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") {
      opts.rest = argv.slice(i + 1);
      break;
    } else if ((arg === "--project" || arg === "--script") && i + 1 < argv.length) {
      opts[arg.slice(2)] = path.resolve(argv[++i]);
    } else if (arg === "--module" && i + 1 < argv.length) {
      opts.module = argv[++i];
    } else if (arg === "-h" || arg === "--help") {
      usage(process.stdout);
      process.exit(0);
    } else {
      usage(process.stderr);
      process.stderr.write(`unknown argument: ${arg}\n`);
      process.exit(2);
    }
  }
  return opts;
}

function prepare(opts) {
  const python = process.env.PYTHON || "python3";
  const args = [path.join(HERE, "prepare.py"), "--project", opts.project];
  if (opts.script || opts.module) args.push("--no-test-deps");
  const run = spawnSync(python, args, { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" });
  if (run.error) throw new Error(`cannot run ${python}: ${run.error.message}`);
  if (run.status !== 0) throw new Error(`prepare.py failed with exit code ${run.status}`);
  return JSON.parse(run.stdout);
}

// Copy a host folder into Pyodide's file system, leaving caches behind.
function copyTree(FS, hostDir, fsDir) {
  FS.mkdirTree(fsDir);
  for (const name of readdirSync(hostDir)) {
    const host = path.join(hostDir, name);
    const target = `${fsDir}/${name}`;
    const stat = statSync(host);
    if (stat.isDirectory()) {
      if (!SKIP_DIRS.has(name)) copyTree(FS, host, target);
    } else if (stat.isFile()) {
      FS.writeFile(target, readFileSync(host));
    }
  }
}

async function boot() {
  if (!existsSync(path.join(PYODIDE_DIR, "pyodide.mjs"))) {
    throw new Error(`${PYODIDE_DIR} is missing: run \`npm ci\` (or scripts/setup) first`);
  }
  const { loadPyodide } = await import(pathToFileURL(path.join(PYODIDE_DIR, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: `${PYODIDE_DIR}${path.sep}` });
  // Unbuffered, byte-exact output (pytest's progress dots, tracebacks).
  const raw = (stream) => ({
    write: (buffer) => {
      stream.write(Buffer.from(buffer));
      return buffer.length;
    },
  });
  pyodide.setStdout(raw(process.stdout));
  pyodide.setStderr(raw(process.stderr));
  return pyodide;
}

async function installWheels(pyodide, wheels) {
  const errors = [];
  await pyodide.loadPackage(wheels.micropip, {
    messageCallback: () => {},
    errorCallback: (message) => errors.push(message),
  });
  if (errors.length) throw new Error(`loading micropip failed:\n${errors.join("\n")}`);

  const local = [...wheels.deps, ...(wheels.project ? [wheels.project] : [])];
  pyodide.FS.mkdirTree(WHEELDIR);
  const urls = local.map((file) => {
    const target = `${WHEELDIR}/${path.basename(file)}`;
    pyodide.FS.writeFile(target, readFileSync(file));
    return `emfs:${target}`;
  });
  const names = local.map((file) => path.basename(file).split("-")[0]);
  const scope = pyodide.toPy({ urls, names });
  try {
    await pyodide.runPythonAsync(
      `
import re
from importlib.metadata import distribution

import micropip

await micropip.install(urls, deps=False)


def norm(name):
    return re.sub(r"[-_.]+", "_", name).lower()


installed = {norm(name) for name in names}
missing = []
if "packaging" in installed:  # check each wheel's requirements (packaging parses them)
    from packaging.requirements import Requirement

    for name in names:
        for text in distribution(name).requires or []:
            req = Requirement(text)
            if req.marker is not None and not req.marker.evaluate({"extra": ""}):
                continue
            if norm(req.name) not in installed:
                missing.append(f"{name} needs {text}")
if missing:
    raise RuntimeError(
        "add these to tests/pyodide/requirements.txt: " + "; ".join(missing)
    )
`,
      { globals: scope },
    );
  } finally {
    scope.destroy();
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const wheels = prepare(opts);
  const pyodide = await boot();
  const version = pyodide.runPython("import sys; sys.version.split()[0]");
  console.log(`Pyodide ${pyodide.version}, Python ${version} (${wheels.python} in the lock)`);
  await installWheels(pyodide, wheels);

  const FS = pyodide.FS;
  FS.mkdirTree(WORKDIR);
  for (const name of ["pyproject.toml", "pytest.ini", "conftest.py"]) {
    const host = path.join(opts.project, name);
    if (existsSync(host)) FS.writeFile(`${WORKDIR}/${name}`, readFileSync(host));
  }
  const testsDir = path.join(opts.project, "tests");
  if (existsSync(testsDir)) copyTree(FS, testsDir, `${WORKDIR}/tests`);
  let scriptPath = null;
  if (opts.script) {
    scriptPath = `${WORKDIR}/${path.basename(opts.script)}`;
    FS.writeFile(scriptPath, readFileSync(opts.script));
  }
  const setup = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Pyodide ready with ${wheels.project ? path.basename(wheels.project) : "no project wheel"} in ${setup} s`);

  const scope = pyodide.toPy({
    workdir: WORKDIR,
    script: scriptPath ?? undefined, // undefined becomes None (null would be JsNull)
    module: opts.module ?? undefined,
    rest: opts.rest ?? undefined,
    extra: process.env.CASSINO_PYODIDE_PYTEST_ARGS || "",
    all_engine: process.env.CASSINO_PYODIDE_ALL === "1",
    long_sizes: process.env.CASSINO_TESTS_LONG === "1",
  });
  let code;
  try {
    code = pyodide.runPython(
      `
import os
import runpy
import shlex
import sys

os.chdir(workdir)
sys.path.insert(0, workdir)


# What can differ between CPython and Pyodide, and the tests that hold it:
# - text, JSON and numbers at the engine's edge (non-finite floats, huge integers and the
#   int-conversion limit, deep nesting that overflows Pyodide's smaller stack): the API fuzz,
#   refusals, records, notation and positions;
# - the API the page calls, for both games, with thinking budgets timed by Pyodide's clock;
# - Python 3.14's standard library under the rules of every preset and of California Jack;
# - seeded play: the same seed deals and plays the same game (with deal.py's cross-check).
PYODIDE_SUBSET = [
    "tests/engine/test_api_fuzz.py",
    "tests/engine/test_refusals.py",
    "tests/engine/test_record.py",
    "tests/engine/test_notation.py",
    "tests/engine/test_position.py",
    "tests/engine/test_games_api.py",
    "tests/engine/test_calijack_api.py",
    "tests/engine/test_levels_api.py",
    "tests/engine/test_rules_classic.py",
    "tests/engine/test_variants.py",
    "tests/engine/test_calijack.py",
    "tests/engine/test_build_play.py",
    "tests/engine/test_properties.py::test_same_seed_same_deal_and_game",
]


def run():
    if script is not None or module is not None:
        sys.argv = [script or module, *(rest or [])]
        try:
            if script is not None:
                runpy.run_path(script, run_name="__main__")
            else:
                runpy.run_module(module, run_name="__main__", alter_sys=True)
        except SystemExit as exit:
            if exit.code is None or isinstance(exit.code, int):
                return exit.code or 0
            print(exit.code, file=sys.stderr)
            return 1
        return 0

    import pytest

    class PyodidePlugin:
        @staticmethod
        def pytest_runtest_logstart(nodeid, location):
            # Kept on the JavaScript side: after a fatal error Python can no longer be asked.
            import js

            js.globalThis.cassinoCurrentTest = nodeid

        @staticmethod
        def pytest_configure(config):
            # Pyodide is slower than CPython: no per-example deadline, unless the tests chose a
            # profile of their own (or set one with @settings).
            from hypothesis import settings

            if settings.get_current_profile_name() == "default":
                settings.register_profile("pyodide", deadline=None)
                settings.load_profile("pyodide")

    # Only what can differ between CPython 3.11 and Pyodide's 3.14 on wasm32 runs here by
    # default (PYODIDE_SUBSET); the rest of tests/engine is pure logic that CPython's run
    # covers. all_engine (CASSINO_PYODIDE_ALL=1, make test-long): every test but the long
    # sweeps marked cpython_only, as before.
    if long_sizes:  # the sized tests at full size (tests/engine/sizes.py)
        os.environ["CASSINO_TESTS_LONG"] = "1"
    default = ["tests/engine"] if all_engine else list(PYODIDE_SUBSET)
    default += ["-m", "not cpython_only"]
    args = list(rest) if rest is not None else [*default, *shlex.split(extra)]
    print("pytest", shlex.join(args), flush=True)
    return int(pytest.main(args, plugins=[PyodidePlugin()]))


run()
`,
      { globals: scope },
    );
  } finally {
    scope.destroy();
  }
  process.exitCode = code;
}

main().catch((error) => {
  process.stderr.write(`run_in_pyodide: ${error && error.stack ? error.stack : error}\n`);
  if (error && error.pyodide_fatal_error) {
    const test = globalThis.cassinoCurrentTest;
    process.stderr.write(
      `run_in_pyodide: Pyodide died${test ? ` during ${test}` : ""}; no later test ran. ` +
        "A stack overflow here is deep recursion that CPython may report as RecursionError " +
        "but that overflows the JavaScript stack in Pyodide (a browser worker too).\n",
    );
  }
  process.exitCode = 1;
});
