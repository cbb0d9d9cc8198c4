// The site's service worker: after one visit, the whole site (pages, scripts, the Pyodide
// runtime, micropip and our wheel) is in the browser's Cache Storage and plays offline.
//
// build.py writes this file into the built site with BUILD filled in from the build manifest:
//   {hash: the first 16 hex digits of build-manifest.json's sha256 (so of every file's hash),
//    files: [[path relative to this script, "sha256-<base64>"], ...]}
// As BUILD changes with any file, every new build is a new worker and a new cache.
//
// - install: fetch every file of the build (revalidating any HTTP-cached copy) with its
//   Subresource Integrity hash, so the cache holds exactly this build or the install fails
//   (and is tried again on a later visit); nothing is half-cached.
// - activate: delete this site's caches of other builds, then take control of open pages.
//   There is no skipWaiting: a new build waits until no page of the old one is open, so a
//   page never mixes two builds' files (a new build is used from the next visit on).
// - fetch: GET requests for a file of the build are answered from the cache, query strings
//   ignored (the site is static; ?seed=7 is read by the page) and "dir/" meaning
//   "dir/index.html". Anything else goes to the network as if there were no worker.

// build.py replaces the next line; left null (web/ served unbuilt), the worker caches nothing.
const BUILD = null;

/** This worker's global scope, typed (jsconfig.sw.json checks this file with the WebWorker lib). */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const SCOPE = new URL(sw.registration.scope);
// Several sites may share an origin (user.github.io/a/, user.github.io/b/): each one's caches
// are named after its scope, and only its own are ever deleted.
const PREFIX = `cassino ${SCOPE.pathname} `;
const CACHE = BUILD ? PREFIX + BUILD.hash : null;
const FILES = new Set(BUILD ? BUILD.files.map(([path]) => new URL(path, SCOPE).pathname) : []);

async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(BUILD.files.map(async ([path, integrity]) => {
    const url = new URL(path, SCOPE);
    const response = await fetch(url, { cache: "no-cache", integrity });
    if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
    await cache.put(url, response);
  }));
}

async function dropOtherBuilds() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE)
    .map((name) => caches.delete(name)));
}

// The cache key of a request, or null when the build has no such file.
function keyOf(request) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin) return null;
  const path = url.pathname.endsWith("/") ? `${url.pathname}index.html` : url.pathname;
  return FILES.has(path) ? new URL(path, SCOPE.origin).href : null;
}

async function fromCache(request, key) {
  const cache = await caches.open(CACHE);
  // Missing only if the browser evicted it: the network may still have it.
  return (await cache.match(key)) ?? fetch(request);
}

sw.addEventListener("install", (event) => {
  if (BUILD) event.waitUntil(precache());
});

sw.addEventListener("activate", (event) => {
  if (BUILD) event.waitUntil(dropOtherBuilds().then(() => sw.clients.claim()));
});

sw.addEventListener("fetch", (event) => {
  const key = BUILD ? keyOf(event.request) : null;
  if (key) event.respondWith(fromCache(event.request, key));
});
