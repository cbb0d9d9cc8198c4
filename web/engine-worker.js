// The engine's module Web Worker: boots Pyodide, installs our wheel, answers calls.
//
// Protocol (every message carries the id of the request it belongs to):
//   page → worker  {type: "load", id}                 start loading (sent once, first)
//                  {type: "call", id, request}        request: a JSON string for api.handle
//   worker → page  {type: "progress", id, stage, fraction}
//                      stage: "runtime" | "micropip" | "engine"; fraction: 0..1 within it
//                      (runtime: 0..0.85 its files' bytes, 1 Python started; engine: 0..0.5
//                      our wheel's bytes, 0.75 installed, 1 imported; web/main.js's MARKS)
//                  {type: "ready", id, versions, timings, sourceImports?}
//                      versions: {pyodide, python, micropip, cassino_core}; timings: {step:
//                      ms since the epoch}; sourceImports: standard-library files the load
//                      compiled from source (first visits only; normally none)
//                  {type: "fatal", id, stage, message}
//                      loading failed in stage ("manifest" | "runtime" | "micropip" |
//                      "engine"); message: the technical detail. The worker is useless.
//                  {type: "result", id, response}     response: the JSON *string* handle returned
//                                                      (parsed once, in bridge.js)
//                  {type: "error", id, message}       the call could not be made (not ready,
//                                                      or Python raised: a bug in the engine)
//
// Python objects never cross this boundary: only strings do, so no PyProxy outlives a call.

// engine-snapshot.js is imported in load(), beside Pyodide's loader: a static import would
// hold the worker's start back by one more request.
let snapshots = null; // the engine-snapshot.js module, once load() has it

const MANIFEST = new URL("build-manifest.json", import.meta.url);

let pyodide = null; // set once the engine is imported
let loading = null; // the promise of the one load

// The runtime stage is mostly download then compile; count bytes of the files Pyodide fetches,
// and call the stage done when loadPyodide returns.
const DOWNLOAD_SHARE = 0.85;

function post(message) {
  self.postMessage(message);
}

async function fetchManifest() {
  let response;
  try {
    // no-cache: a new deployment must name its new wheel, never last week's. (Under the
    // service worker the answer is its build's copy, which names that build's wheel.)
    response = await fetch(MANIFEST, { cache: "no-cache" });
  } catch (error) {
    throw new Error(`Could not download ${MANIFEST.pathname}: ${error.message}`, { cause: error });
  }
  if (!response.ok) {
    throw new Error(`Could not download ${MANIFEST.pathname}: HTTP ${response.status}`);
  }
  const text = await response.text();
  return { manifest: JSON.parse(text), text };
}

// Wraps fetch so the download of a known file reports bytes as they arrive. sizes: Map
// pathname → bytes (from the manifest, so it is right even when the host compresses and
// Content-Length differs). The caller gets the original response, untouched: a constructed
// Response would lose its URL, and with it Chromium's cache of compiled WebAssembly. A clone
// is read alongside to count. Returns a function that restores the real fetch.
function countDownloads(sizes, onBytes) {
  const realFetch = self.fetch;
  self.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url,
      self.location.href);
    const total = sizes.get(url.pathname);
    if (total && response.ok && response.body) {
      countBody(response.clone().body, (seen) => onBytes(url.pathname, Math.min(seen, total)));
    }
    return response;
  };
  return () => { self.fetch = realFetch; };
}

async function countBody(body, onSeen) {
  const reader = body.getReader();
  let seen = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
      onSeen(seen);
    }
  } catch {
    // The real reader reports the failure; this count just stops.
  }
}

// Reports one stage's progress, skipping steps under 1% so a download sends ~100 messages
// (`always`: a step the page must hear, such as the last byte of a download).
function stageReporter(id, stage) {
  let last = -1;
  return (fraction, always = false) => {
    const clamped = Math.max(0, Math.min(1, fraction));
    if (clamped === 1 || clamped - last >= 0.01 || (always && clamped > last)) {
      last = clamped;
      post({ type: "progress", id, stage, fraction: clamped });
    }
  };
}

// Sums downloaded bytes of a set of files into one fraction for a stage. deferred: report
// nothing until .start() (the stage has begun), then the bytes seen so far.
function byteCounter(paths, sizes, report, share, deferred = false) {
  const done = new Map();
  const total = paths.reduce((sum, path) => sum + (sizes.get(path) ?? 0), 0);
  let started = !deferred;
  const send = () => {
    if (!started || total === 0) return;
    let sum = 0;
    for (const value of done.values()) sum += value;
    report(share * sum / total, sum === total);
  };
  const count = (path, bytes) => {
    if (!paths.includes(path)) return;
    done.set(path, bytes);
    send();
  };
  count.start = () => {
    started = true;
    report(0);
    send();
  };
  return count;
}

// Marks an error with the loading stage it happened in, for the page's message.
class StageError extends Error {
  constructor(stage, cause) {
    super(describe(cause));
    this.stage = stage;
  }
}

async function during(stage, work) {
  try {
    return await work();
  } catch (error) {
    throw error instanceof StageError ? error : new StageError(stage, error);
  }
}

// When each loading step ended (see load()), in ms since the epoch (performance.timeOrigin +
// now(), comparable across the page and this worker), sent with "ready" so tools can tell
// where the time goes.
const timings = {};
const mark = (step) => {
  timings[step] = Math.round(performance.timeOrigin + performance.now());
};

// Loads the engine; resolves with {versions, sourceImports?, keep?}: keep ({site, tag,
// installed, versions}) asks for a snapshot once "ready" is posted (see storeSnapshot).
async function load(id) {
  mark("start");
  // Pyodide's loader downloads while the manifest does (a failure is reported below, in the
  // runtime stage).
  // @ts-ignore: the runtime is put next to this file by build.py (not in web/)
  const loader = import("./pyodide/pyodide.mjs");
  loader.catch(() => {});
  const snapshotModule = import("./engine-snapshot.js");
  snapshotModule.catch(() => {});
  const { manifest, text: manifestText } = await during("manifest", fetchManifest);
  mark("manifest");
  snapshots = await during("manifest", () => snapshotModule);
  const { buildTag, readSnapshot, restoreSnapshot } = snapshots;
  // Whether a snapshot of this build is saved (see below), looked up meanwhile too.
  const site = new URL("./", MANIFEST).pathname;
  const tagged = buildTag(manifestText).catch(() => null);
  const lookup = tagged.then((tag) => (tag ? readSnapshot(site, tag) : null));
  const url = (path) => new URL(path, MANIFEST);
  const sizes = new Map(Object.entries(manifest.files).map(
    ([path, entry]) => [url(path).pathname, entry.size]));

  const stages = {
    runtime: stageReporter(id, "runtime"),
    micropip: stageReporter(id, "micropip"),
    engine: stageReporter(id, "engine"),
  };
  const micropipWheel = Object.keys(manifest.files).find(
    (path) => /^pyodide\/micropip-.*\.whl$/.test(path));
  // micropip and our wheel download while the runtime boots; their bytes count towards their
  // own stages, shown once the runtime is done (the bar never goes back a stage).
  const counters = [
    byteCounter(["pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip",
      "pyodide/pyodide-lock.json"].map((p) => url(p).pathname), sizes, stages.runtime,
    DOWNLOAD_SHARE),
    byteCounter([url(micropipWheel ?? "pyodide/micropip.whl").pathname], sizes,
      stages.micropip, 0.5, true),
    byteCounter([url(manifest.wheel).pathname], sizes, stages.engine, 0.5, true),
  ];
  const restoreFetch = countDownloads(sizes, (path, bytes) => {
    for (const count of counters) count(path, bytes);
  });

  try {
    stages.runtime(0);
    const { loadPyodide, version } = await during("runtime", () => loader);
    const options = {
      indexURL: url("pyodide/").href,
      // Our lock: micropip's hash recomputed for the PyPI wheel (browsers enforce it).
      lockFileURL: url("pyodide/pyodide-lock.json").href,
      stdout: (line) => console.log(line),
      stderr: (line) => console.warn(line),
    };

    // A later visit: Python's memory as the first visit left it, engine imported.
    const tag = await tagged;
    const saved = await lookup;
    if (saved) {
      mark("snapshot");
      try {
        const py = await restoreSnapshot(loadPyodide, options, saved);
        mark("runtime");
        for (const stage of ["runtime", "micropip", "engine"]) stages[stage](1);
        mark("engine");
        pyodide = py;
        return { versions: { pyodide: version, ...saved.versions } };
      } catch (error) {
        // Not dropped here: the boot afresh below stores a new snapshot over it (or, failing
        // that, drops it: storeSnapshot). The failure may be no fault of the snapshot's: a
        // reload cancels the runtime's download, and dropping it then had cost the next visit
        // a first visit's boot (a play-test, 2026-12-07: one burst of quick reloads in eight,
        // Firefox).
        console.warn(`Starting from the saved snapshot failed, booting afresh: ${describe(error)}`);
      }
    }

    // The first visit: start downloading our wheel now, install it once micropip is there.
    const wheelURL = url(manifest.wheel);
    const wheelBytes = fetch(wheelURL).then(async (response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    }).catch((error) => {
      throw new Error(`Could not download ${wheelURL.pathname}: ${error.message}`);
    });
    wheelBytes.catch(() => {}); // reported in the engine stage

    const py = await during("runtime", () => loadPyodide({
      ...options,
      // Fetched and unpacked while the runtime compiles (checked below).
      packages: ["micropip"],
      // Keep the door open for a snapshot (see engine-snapshot.js) when one can be stored.
      _makeSnapshot: Boolean(tag),
    }));
    mark("runtime");
    stages.runtime(1);

    counters[1].start();
    // loadPyodide reports a failed package to the console only; load it again to hear why
    // (a failed loadPackage does not throw either: it reports through errorCallback).
    await during("micropip", async () => {
      if (py.loadedPackages.micropip) return;
      const packageErrors = [];
      await py.loadPackage("micropip", {
        messageCallback: () => {},
        errorCallback: (message) => packageErrors.push(message),
      });
      if (packageErrors.length > 0) throw new Error(packageErrors.join("; "));
    });
    mark("micropip");
    stages.micropip(1);

    counters[2].start();
    // Installed through micropip, from the bytes already downloaded (emfs: a path in
    // Emscripten's file system), which keeps the wheel's name and so its metadata.
    await during("engine", async () => {
      const path = `/tmp/${manifest.wheel.split("/").pop()}`;
      py.FS.writeFile(path, await wheelBytes);
      py.globals.set("_wheel_url", `emfs:${path}`);
      await py.runPythonAsync(`
import micropip
await micropip.install(_wheel_url)
del _wheel_url
`);
      py.FS.unlink(path);
    });
    mark("install");
    stages.engine(0.75);
    // The versions come from the packages themselves: importlib.metadata would cost ~0.1 s of
    // imports here (pyproject.toml takes cassino_core's version from the same attribute).
    const found = await during("engine", async () => JSON.parse(py.runPython(`
import json, sys
import micropip
import cassino_core.api
_site = cassino_core.__path__[0].rsplit("/", 1)[0]
json.dumps({
    "versions": {
        "python": sys.version.split()[0],
        "micropip": micropip.__version__,
        "cassino_core": cassino_core.__version__,
    },
    # Standard-library modules this load imported from source, compiling them (build.py gives
    # the ones a load needs bytecode, so this is normally empty): paths in the stdlib's zip.
    "sourceImports": sorted(
        m.__spec__.origin.split(".zip/", 1)[1] for m in list(sys.modules.values())
        if getattr(m, "__spec__", None) and ".zip/" in (m.__spec__.origin or "")
        and m.__spec__.origin.endswith(".py")),
    # What micropip installed (package and dist-info folders), kept with a snapshot.
    "installed": [f"{_site}/{name}" for name in __import__("os").listdir(_site)
                  if name.startswith("cassino_core")],
})
`)));
    mark("engine");
    // The copy itself (~50 ms) is made just after "ready" is posted, in the same task: no
    // call can run before it, so it still holds the engine as imported, before any game,
    // while the page already loads its interface.
    stages.engine(1);
    pyodide = py;
    const versions = { pyodide: version, ...found.versions };
    return {
      versions,
      sourceImports: found.sourceImports,
      keep: tag ? { site, tag, installed: found.installed, versions: found.versions } : null,
    };
  } finally {
    restoreFetch();
  }
}

// Copies Python's memory now (synchronously: before any call is handled) and stores it for
// the next visit in the background. keep: {site, tag, installed, versions} (see load()).
function storeSnapshot({ site, tag, installed, versions }) {
  let record;
  try {
    const { memory, files } = snapshots.makeSnapshot(pyodide, installed);
    record = { tag, memory, files, versions };
  } catch (error) {
    console.warn(`No snapshot for the next visit: ${describe(error)}`);
    // The stored one, if any, failed to restore (load() asks for a new one only then, or on a
    // first visit): it goes, since it is not replaced.
    snapshots.dropSnapshot(site);
    return;
  }
  snapshots.writeSnapshot(site, record).catch((error) => {
    snapshots.dropSnapshot(site);
    console.warn(`No snapshot for the next visit: ${describe(error)}`);
  });
}

function describe(error) {
  // Python errors carry a whole traceback; its last line names the problem.
  const text = String(error?.message ?? error).trim();
  const lines = text.split("\n");
  return lines.length > 3 ? lines.slice(-1)[0] : text;
}

function call(id, request) {
  if (!pyodide) {
    post({ type: "error", id, message: "The engine is not ready yet." });
    return;
  }
  if (typeof request !== "string") {
    post({ type: "error", id, message: "A call's request must be a JSON string." });
    return;
  }
  try {
    pyodide.globals.set("_request", request);
    // A str result converts to a JS string: no proxy is kept.
    const response = pyodide.runPython("__import__('cassino_core.api').api.handle(_request)");
    post({ type: "result", id, response });
  } catch (error) {
    console.error(error);
    post({ type: "error", id, message: `The engine failed: ${describe(error)}` });
  } finally {
    pyodide.globals.delete("_request");
  }
}

self.addEventListener("message", (event) => {
  const { type, id } = event.data ?? {};
  if (type === "load") {
    loading ??= load(id);
    loading.then(
      (loaded) => {
        const { versions, sourceImports } = loaded;
        post({ type: "ready", id, versions, timings, sourceImports });
        // Once, even if "load" came twice: a later copy could hold a game.
        if (loaded.keep) storeSnapshot(loaded.keep);
        loaded.keep = null;
      },
      (error) => post({
        type: "fatal", id, stage: error.stage ?? "runtime", message: describe(error),
      }),
    );
  } else if (type === "call") {
    call(id, event.data.request);
  } else {
    post({ type: "error", id, message: `Unknown message type ${JSON.stringify(type)}.` });
  }
});
