// Boots the page: shows loading progress, starts the engine, then hands over to the UI.
//
// The UI lives in app.js (another module, written separately), which must export
//   start(engine, element): void | Promise<void>
// where engine is the object from bridge.js's createEngine and element is <main id="app">.
//
// For tests and tools the page's state is on <body>: data-engine = "loading" | "ready" |
// "error", data-app = "started" | "missing" | "error", data-ready-ms = ms from navigation
// to the engine being ready, data-load-steps = JSON {step: ms from navigation to its end}
// (the engine worker's: start, manifest, [snapshot,] runtime, [micropip, install,] engine;
// "snapshot" when a saved one was found: engine-snapshot.js), data-load-source-imports =
// JSON [path, ...], the standard-library files a first visit's load compiled from source
// (build.py precompiles them, so normally []), data-offline = "waiting" |
// "ready" | "unavailable" (offline.js).

// Only bridge.js (preloaded by index.html) is imported statically: the engine worker starts
// as soon as this module runs, and the rest of the page's modules (the words, the language
// switch, offline) load while it boots.
import { createEngine } from "./bridge.js";

// Overall share of the bar each stage fills: the runtime is the big download and compile.
const STAGES = {
  runtime: { start: 0, end: 80 },
  micropip: { start: 80, end: 88 },
  engine: { start: 88, end: 100 },
};

// The loading screen paints at once in the words of index.html (English); the player's
// language (web/ui/i18n.js: address, saved choice, browser) loads beside the engine and
// replaces them as soon as it arrives, before the game's interface starts.
let text = {};
const languageReady = import("./ui/i18n.js").then(
  ({ chooseLanguage, loadLanguage }) => loadLanguage(chooseLanguage().lang),
).then(
  (loaded) => {
    text = loaded.messages.loading;
    translateStatic();
    return loaded;
  },
  (error) => {
    console.error(error);
    return null; // reported when the interface would start
  },
);

/** @type {(id: string) => any} the page's own elements (a <progress>, a <details>...) */
const $ = (id) => document.getElementById(id);
const ui = {
  loading: $("loading"),
  status: $("load-status"),
  stage: $("load-stage"),
  percent: $("load-percent"),
  progress: $("load-progress"),
  error: $("load-error"),
  errorMessage: $("load-error-message"),
  errorDetails: $("load-error-details"),
  errorDetail: $("load-error-detail"),
  retry: $("retry"),
  app: $("app"),
};

function translateStatic() {
  if (text.title) document.title = text.title;
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-i18n]"))) {
    element.textContent = text[element.dataset.i18n] ?? element.textContent;
  }
}

function showProgress({ stage, fraction }) {
  const span = STAGES[stage] ?? STAGES.runtime;
  const percent = Math.floor(span.start + (span.end - span.start) * fraction);
  // Never move backwards: stages report from 0 again as they start.
  const shown = Math.max(percent, Number(ui.progress.value));
  ui.progress.value = shown;
  ui.progress.textContent = `${shown}%`;
  ui.percent.textContent = `${shown}%`;
  ui.stage.dataset.stage = stage;
  ui.stage.textContent = text[stage] ?? ui.stage.textContent;
}

// message: for the player; detail: the technical cause, folded away (empty: none).
function showError(message, { detail = "", canRetry = true } = {}) {
  ui.loading.hidden = false;
  ui.app.hidden = true;
  ui.status.hidden = true;
  ui.error.hidden = false;
  ui.errorMessage.textContent = message;
  ui.errorDetail.textContent = detail;
  ui.errorDetails.hidden = !detail;
  ui.errorDetails.open = false;
  ui.retry.hidden = !canRetry;
  if (canRetry) ui.retry.focus();
}

function resetLoading() {
  ui.error.hidden = true;
  ui.errorMessage.textContent = "";
  ui.errorDetail.textContent = "";
  ui.status.hidden = false;
  ui.progress.value = 0;
  showProgress({ stage: "runtime", fraction: 0 });
  document.body.dataset.engine = "loading";
  delete document.body.dataset.app;
}

// app.js is written separately and may not be in this build yet; importing a missing module
// would log a 404, so ask the manifest (which lists every file) first. Returns the file list.
async function builtFiles() {
  const response = await fetch("build-manifest.json", { cache: "no-cache" });
  if (!response.ok) throw new Error(`build-manifest.json: HTTP ${response.status}`);
  return (await response.json()).files ?? {};
}

// Links the UI's stylesheet and waits for it, so the game never shows unstyled for a moment.
// (app.js links it too when missing; it sees this link and adds none.)
function linkStylesheet(href) {
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve); // the UI still works, if plainer
    document.head.append(link);
  });
}

async function startApp(engine) {
  const [files, loaded] = await Promise.all([builtFiles(), languageReady]);
  if (!loaded) throw new Error("the page's words (i18n/*.json) could not be loaded");
  if (!Object.hasOwn(files, "app.js")) {
    document.body.dataset.app = "missing";
    showError(text.app_missing, { canRetry: false });
    return;
  }
  const [{ start }] = await Promise.all([
    import("./app.js"),
    Object.hasOwn(files, "app.css") ? linkStylesheet("app.css") : null,
  ]);
  ui.app.hidden = false;
  ui.loading.hidden = true;
  await start(engine, ui.app);
  document.body.dataset.app = "started";
  // After a switch of language the switch has focus again (not the first hand card).
  const { refocusLanguageSwitch } = await import("./ui/language.js");
  setTimeout(refocusLanguageSwitch, 0);
}

async function boot() {
  resetLoading();
  let engine;
  try {
    engine = await createEngine({ onProgress: showProgress });
  } catch (error) {
    document.body.dataset.engine = "error";
    await languageReady;
    const headline = text[`failed_${error.stage}`] ?? text.failed_worker ?? error.message;
    showError(headline, { detail: error.message });
    return;
  }
  showProgress({ stage: "engine", fraction: 1 });
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  // Each loading step's end in ms from navigation, for bench/page_load.py.
  document.body.dataset.loadSteps = JSON.stringify(Object.fromEntries(
    Object.entries(engine.timings ?? {}).map(
      ([step, at]) => [step, Math.round(at - performance.timeOrigin)])));
  if (engine.sourceImports) {
    document.body.dataset.loadSourceImports = JSON.stringify(engine.sourceImports);
  }
  document.body.dataset.engine = "ready";
  try {
    await startApp(engine);
  } catch (error) {
    console.error(error);
    document.body.dataset.app = "error";
    showError(text.app_failed ?? String(error), { detail: String(error?.stack ?? error), canRetry: false });
  }
  // Only a site that works is worth keeping for offline play.
  if (document.body.dataset.app === "started") {
    import("./offline.js").then(({ keepForOffline }) => keepForOffline(), (error) => {
      console.error(error);
      document.body.dataset.offline = "unavailable";
    });
  }
}

ui.retry.addEventListener("click", () => { boot(); });
boot();
