// A memory snapshot of the engine worker's Python, kept in the browser (IndexedDB) so that
// every visit after the first starts in a fraction of the time.
//
// The first visit boots as always (Pyodide, micropip, our wheel installed through micropip,
// cassino_core.api imported); as it reports "ready", in the same task, so before any call
// and any game, the worker copies Python's memory (pyodide.makeMemorySnapshot, ~30 MB) with
// the files micropip installed, and stores them here. A later visit of the same build
// restores that memory instead of booting and installing again, writes the installed files
// back, and is ready.
//
// Safety:
// - one record per site (its URL path), tagged with the build: the sha256 of the build
//   manifest, which lists every file's hash (Pyodide, micropip, our wheel, this code). A new
//   build finds a stale tag, boots normally and replaces the record.
// - Pyodide refuses a snapshot of another runtime build (its BUILD_ID is inside); any failure
//   to read or restore falls back to the normal boot, which stores a new record over it (or
//   drops it when it cannot: engine-worker.js storeSnapshot).
// - nothing here is needed: no IndexedDB or no crypto.subtle (an insecure address) means no
//   snapshot, and the site works as before.
//
// _makeSnapshot, _loadSnapshot and makeMemorySnapshot are Pyodide's own but undocumented
// (marked @ignore in pyodide.ts): pinned Pyodide only; tests/e2e/test_load.py covers both
// paths in the browser.

const DB_NAME = "cassino-engine";
const STORE = "snapshots";

/** The build tag of a manifest's text (hex sha256), or null when the browser cannot hash. */
export async function buildTag(manifestText) {
  if (!self.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(manifestText));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0"))
    .join("");
}

function openDatabase() {
  return new Promise((resolve, reject) => {
    if (!self.indexedDB) {
      reject(new Error("no IndexedDB"));
      return;
    }
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("IndexedDB blocked"));
  });
}

// Runs work(store) (which returns one request) in a transaction; resolves with the request's
// result once the transaction is complete.
async function withStore(mode, work) {
  const db = await openDatabase();
  try {
    return await new Promise((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error ?? new Error("aborted"));
    });
  } finally {
    db.close();
  }
}

/** The stored snapshot of site `site` for build `tag`, or null (none, stale, unreadable). */
export async function readSnapshot(site, tag) {
  try {
    const record = await withStore("readonly", (store) => store.get(site));
    return record && record.tag === tag && record.memory instanceof Uint8Array ? record : null;
  } catch {
    return null;
  }
}

/** Store a snapshot record {tag, memory, files, versions} for `site` (replacing any). */
export async function writeSnapshot(site, record) {
  await withStore("readwrite", (store) => store.put(record, site));
}

/** Forget the snapshot of `site` (one that failed to restore and could not be replaced). */
export async function dropSnapshot(site) {
  try {
    await withStore("readwrite", (store) => store.delete(site));
  } catch {
    // Nothing stored, nothing to drop.
  }
}

// Python run before the snapshot: forget micropip (it holds JavaScript objects a snapshot
// cannot keep, and nothing installs after this) and collect what it left.
const FORGET_INSTALLER = `
import gc, sys
for _name in [n for n in sys.modules if n == "micropip" or n.startswith("micropip.")]:
    del sys.modules[_name]
del _name
gc.collect()
`;

// Python run after a restore: the random module's state came from the first visit's memory;
// reseed it from the system, like a fresh interpreter would.
const AFTER_RESTORE = `
import random
random.seed()
`;

/**
 * Copy the worker's Python into a snapshot record, right after the engine is imported and
 * before any call. `py` was loaded with `_makeSnapshot: true`. `installed`: the folders micropip
 * installed (site-packages paths) whose files go with the memory: Emscripten's file system
 * lives outside that memory. Returns {memory, files}.
 */
export function makeSnapshot(py, installed) {
  py.runPython(FORGET_INSTALLER);
  const files = [];
  const walk = (path) => {
    for (const name of py.FS.readdir(path)) {
      if (name === "." || name === "..") continue;
      const child = `${path}/${name}`;
      if (py.FS.isDir(py.FS.stat(child).mode)) walk(child);
      else files.push([child, py.FS.readFile(child)]);
    }
  };
  for (const path of installed) walk(path);
  // Pyodide checks that its package list is still the empty object it was at boot; micropip
  // and our wheel are in it now. Empty it for the copy, then put it back.
  const loaded = py.loadedPackages;
  const saved = { ...loaded };
  for (const name of Object.keys(loaded)) delete loaded[name];
  try {
    // JavaScript objects micropip's download left referenced (a Response, a bound fetch)
    // cannot be copied: they come back as null, and nothing uses them after the install.
    const memory = py.makeMemorySnapshot({ serializer: () => null });
    return { memory, files };
  } finally {
    Object.assign(loaded, saved);
  }
}

/** Boot Pyodide from a snapshot record: `options` are loadPyodide's (indexURL, lock, ...). */
export async function restoreSnapshot(loadPyodide, options, record) {
  const py = await loadPyodide({
    ...options,
    _loadSnapshot: record.memory,
    _snapshotDeserializer: () => null,
  });
  for (const [path, bytes] of record.files) {
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    py.FS.writeFile(path, bytes);
  }
  py.runPython(AFTER_RESTORE);
  return py;
}
