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

// The bar (docs/load.md, "The progress bar"). The worker reports a fraction of its current
// stage; these marks say where the bar stands at each reported point, each stretch's share
// weighted by how long it took in bench/page_load.py's first visits, and how long the stretch
// after a mark is expected to last (`next`, ms on a quiet machine). Between two reports the bar
// eases on towards its stage's last mark as time passes, against how long the rest of the
// stage is expected to last, never reaching it: Python's start and the engine's install and
// import report nothing for a second or more, and the words always name the stage the worker
// is in.
//   runtime: 0 the worker has the manifest; 0.85 its files are downloaded (bytes, counted by
//            the worker: DOWNLOAD_SHARE in engine-worker.js); 1 Python has started
//   micropip: 1 the installer is loaded
//   engine: 0.5 our wheel is downloaded; 0.75 installed; 1 imported (the bar stays at 99
//           until the page has the engine: 100 means ready)
const MARKS = {
  runtime: [{ at: 0, bar: 5, next: 350 }, { at: 0.85, bar: 24, next: "boot" }, { at: 1, bar: 68 }],
  micropip: [{ at: 0, bar: 68, next: 30 }, { at: 1, bar: 69 }],
  engine: [{ at: 0, bar: 69, next: 30 }, { at: 0.5, bar: 70, next: "install" }, { at: 0.75, bar: 90, next: "import" }, { at: 1, bar: 99 }],
};
const DOWNLOADED = 0.849; // the runtime's fraction once its files are in (0.85, give or take a bit)
// Before the worker's first report (it starts, fetches the manifest and Pyodide's loader).
const FIRST = { bar: 5, next: 150 };
// Python's start on a quiet machine (Chromium, 2 cores); a slower start of the worker than
// FIRST.next stretches it (by the square root of the ratio: a slow network slows the worker's
// start too, not Python's).
const BOOT_MS = 850;
const SLOWEST = 8;
// The engine's install (mostly `import micropip`) and import, as shares of the time Python's
// start took on this visit.
const AFTER_BOOT = { install: 0.35, import: 0.15 };
const TICK_MS = 50;

/** How far (0..1) the bar has gone towards its goal after `x` expected durations: three
 * quarters at the expected time, then ever slower but still moving (what is left shrinks as
 * 1/x: a wait that has lasted long already may last as long again), never there. */
const ease = (x) => (3 * x) / (1 + 3 * x);

// The loading screen's first words in every language, so the page speaks the player's language
// from its first paint with no request more (docs/load.md): the same texts as the `loading`
// section of web/i18n/<lang>.json (tests/e2e/test_i18n.py checks they match). The whole file
// loads beside the engine and replaces them as soon as it arrives.
const FIRST_WORDS = {
  en: {
    title: "Cassino",
    subtitle: "The fishing card game",
    trick_subtitle: "A trick-taking card game for two",
    games: { scopa: "Scopa", escoba: "Escoba", cirulla: "Cirulla", pishti: "Pishti", tablic: "Tablić", california_jack: "California Jack", shasta_sam: "Shasta Sam" },
    runtime: "Loading the Python runtime",
    micropip: "Loading the package installer",
    engine: "Installing the Cassino engine",
    note: "Everything runs in your browser; the first visit downloads a few megabytes.",
  },
  ru: {
    title: "Кассино",
    subtitle: "Карточная игра на взятие карт со стола",
    trick_subtitle: "Карточная игра на взятки для двоих",
    games: { scopa: "Скопа", escoba: "Эскоба", cirulla: "Чирулла", pishti: "Пишти", tablic: "Таблич", california_jack: "Калифорнийский Джек", shasta_sam: "Шаста Сэм" },
    runtime: "Загрузка среды Python",
    micropip: "Загрузка установщика пакетов",
    engine: "Установка движка игры Кассино",
    note: "Игра целиком работает в вашем браузере; при первом посещении загружается несколько мегабайт.",
  },
  uk: {
    title: "Казино",
    subtitle: "Карткова гра на взяття карт зі столу",
    trick_subtitle: "Карткова гра на взятки для двох",
    games: { scopa: "Скопа", escoba: "Ескоба", cirulla: "Чирула", pishti: "Пішті", tablic: "Табліч", california_jack: "Каліфорнійський Джек", shasta_sam: "Шаста Сем" },
    runtime: "Завантаження середовища Python",
    micropip: "Завантаження інсталятора пакетів",
    engine: "Встановлення рушія гри «Казино»",
    note: "Усе працює у вашому браузері; під час першого відвідування завантажується кілька мегабайтів.",
  },
};

/** The language web/ui/i18n.js's chooseLanguage will pick (same order: the address's `lang`,
 * the kept choice, the browser's languages, English), decided here without importing it. */
function firstLanguage() {
  const known = Object.keys(FIRST_WORDS);
  const raw = (new URLSearchParams(location.search).get("lang") ?? "").trim().toLowerCase().split(/[-_]/)[0];
  if (known.includes(raw)) return raw;
  try {
    const stored = localStorage.getItem("cassino.lang");
    if (stored && known.includes(stored)) return stored;
  } catch {
    // storage off: the browser's language decides
  }
  const browser = (navigator.languages ?? [navigator.language ?? ""])
    .map((tag) => String(tag).slice(0, 2).toLowerCase())
    .find((code) => known.includes(code));
  return browser ?? "en";
}

// The game the address opens (`?game=scopa`...), for the loading screen's title: Cassino's
// words otherwise (a plain address may resume another game; the game's page says which).
const addressGame = (new URLSearchParams(location.search).get("game") ?? "").trim().toLowerCase();
const TRICK_GAMES = ["california_jack", "shasta_sam"];

// Whether the page is being left (a reload, another address): from the `beforeunload` event
// on, until the page is shown again (`pageshow`, back from the browser's page cache). Firefox
// then cancels the page's module loads in flight, and each pending import() fails with
// "error loading dynamically imported module": a failure of nothing anyone will see, which
// was logged as a console error after about one quick reload in five (2026-12-07, the offline
// module and ui/language.js; test_keep.py failed so in Firefox in a run of the browser tests).
// Failures while leaving are not reported. Nothing on this page cancels a `beforeunload`.
let leaving = false;
addEventListener("beforeunload", () => { leaving = true; });
addEventListener("pageshow", () => { leaving = false; });

/** Logs `error` to the console, unless the page is being left (see `leaving`). */
function report(error) {
  if (!leaving) console.error(error);
}

// The player's language from the first paint; the full `loading` section replaces these when
// web/i18n/<lang>.json arrives, before the game's interface starts.
let text = FIRST_WORDS[firstLanguage()];
document.documentElement.lang = firstLanguage();
const languageReady = import("./ui/i18n.js").then(
  ({ chooseLanguage, loadLanguage }) => loadLanguage(chooseLanguage().lang),
).then(
  (loaded) => {
    text = loaded.messages.loading;
    translateStatic();
    return loaded;
  },
  (error) => {
    report(error);
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
translateStatic();
ui.stage.textContent = text.runtime;
// index.html's English words stay hidden until this (web/loading.css), so none shows first.
document.documentElement.dataset.words = document.documentElement.lang;

/** The loading screen's words for the address's game: its title, and for the trick-taking games
 * their subtitle (words: FIRST_WORDS[lang] or the `loading` section of the words file). */
function wordsForGame(words) {
  const title = words.games && Object.hasOwn(words.games, addressGame) ? words.games[addressGame] : null;
  if (!title) return words;
  return { ...words, title, subtitle: TRICK_GAMES.includes(addressGame) ? words.trick_subtitle : words.subtitle };
}

function translateStatic() {
  const words = wordsForGame(text);
  if (words.title) document.title = words.title;
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-i18n]"))) {
    element.textContent = words[element.dataset.i18n] ?? element.textContent;
  }
}

// The bar's state: what it shows, where it eases from and to, since when, for how long.
const bar = {
  shown: 0,
  from: 0,
  to: FIRST.bar,
  since: performance.now(),
  expected: FIRST.next,
  scale: 1, // how much slower than a quiet machine this one seems (from the worker's start)
  firstReport: null, // when the worker first reported (ms)
  downloaded: null, // when the runtime's files were all in (ms), for the length of the boot
  boot: null, // how long Python's start took (ms)
  timer: 0,
};

function drawBar(value) {
  // Hundredths: the bar itself moves smoothly; the words show whole percents.
  const shown = Math.max(bar.shown, Math.round(value * 100) / 100);
  if (shown === bar.shown && Number(ui.progress.value) === shown) return;
  bar.shown = shown;
  ui.progress.value = shown;
  const whole = `${Math.floor(shown)}%`;
  if (ui.percent.textContent !== whole) {
    ui.progress.textContent = whole;
    ui.percent.textContent = whole;
  }
}

// Eases the bar on between two reports, about 20 times a second. A timer, not animation
// frames: a busy machine's compositor may skip frames for a second or more, timers still run.
function tick() {
  bar.timer = 0;
  const x = Math.max(0, performance.now() - bar.since) / bar.expected;
  drawBar(bar.from + (bar.to - bar.from) * ease(x));
  if (bar.to > bar.shown) bar.timer = setTimeout(tick, TICK_MS);
}

function stopBar() {
  clearTimeout(bar.timer);
  bar.timer = 0;
}

/** How long (ms) the stretch after a mark is expected to last on this machine. */
function expectedMs(next) {
  if (next === "boot") return BOOT_MS * bar.scale;
  if (next in AFTER_BOOT) return Math.max(100, AFTER_BOOT[next] * (bar.boot ?? BOOT_MS * bar.scale));
  return next;
}

function showProgress({ stage, fraction }) {
  const now = performance.now();
  if (bar.firstReport === null) {
    bar.firstReport = now;
    // A worker slow to start (a busy machine, a slow network) makes a slow start of Python
    // likely too.
    bar.scale = Math.min(SLOWEST, Math.max(1, Math.sqrt((now - bar.since) / FIRST.next)));
  }
  if (stage === "runtime" && fraction >= DOWNLOADED && bar.downloaded === null) bar.downloaded = now;
  if (stage !== "runtime" && bar.boot === null) bar.boot = now - (bar.downloaded ?? bar.firstReport);
  // Where the report puts the bar: between the last mark at or below it and the next one.
  const marks = MARKS[stage] ?? MARKS.runtime;
  let i = marks.length - 1;
  while (i > 0 && marks[i].at > fraction) i -= 1;
  const here = marks[i];
  const ahead = marks[i + 1];
  const reported = ahead ? here.bar + (ahead.bar - here.bar) * Math.min(1, (fraction - here.at) / (ahead.at - here.at)) : here.bar;
  // Never move backwards: stages report from 0 again as they start, and the easing may be
  // ahead of the worker's bytes.
  drawBar(reported);
  // Then on towards the stage's last mark, for as long as the rest of the stage should take.
  const last = marks[marks.length - 1].bar;
  if (ahead && last > bar.shown) {
    const expected = marks.slice(i, -1).reduce((sum, mark) => sum + expectedMs(mark.next), 0);
    Object.assign(bar, { from: bar.shown, to: last, since: now, expected });
    if (!bar.timer) bar.timer = setTimeout(tick, TICK_MS);
  } else {
    stopBar();
  }
  ui.stage.dataset.stage = stage;
  ui.stage.textContent = text[stage] ?? ui.stage.textContent;
}

// message: for the player; detail: the technical cause, folded away (empty: none).
function showError(message, { detail = "", canRetry = true } = {}) {
  stopBar();
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
  // From 0% again, easing towards the worker's first report.
  stopBar();
  Object.assign(bar, { shown: 0, from: 0, to: FIRST.bar, since: performance.now(), expected: FIRST.next, scale: 1, firstReport: null, downloaded: null, boot: null });
  ui.progress.value = 0;
  ui.progress.textContent = "0%";
  ui.percent.textContent = "0%";
  ui.stage.dataset.stage = "runtime";
  ui.stage.textContent = text.runtime ?? ui.stage.textContent;
  bar.timer = setTimeout(tick, TICK_MS);
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
// (app.js links app.css and shell.css too when missing; it sees these links and adds none.)
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
    Object.hasOwn(files, "shell.css") ? linkStylesheet("shell.css") : null,
  ]);
  // The loading screen stays until the page has something to show: the game's page first
  // waits for its style sheets and the engine's answers, and hiding it at once left a blank
  // green screen for a moment (play-test 10).
  const shown = new MutationObserver(() => {
    if (ui.app.childElementCount) leaveLoading();
  });
  function leaveLoading() {
    shown.disconnect();
    ui.loading.hidden = true;
  }
  ui.app.hidden = false;
  shown.observe(ui.app, { childList: true });
  try {
    await start(engine, ui.app);
  } finally {
    leaveLoading();
  }
  document.body.dataset.app = "started";
  // After a switch of language the switch has focus again (not the first hand card). The game
  // is running by now: a failure here costs that focus only, never the game (it had put the
  // page's "could not start" over a game in play).
  import("./ui/language.js").then(
    ({ refocusLanguageSwitch }) => setTimeout(refocusLanguageSwitch, 0),
    report,
  );
}

async function boot() {
  resetLoading();
  let engine;
  try {
    engine = await createEngine({ onProgress: showProgress });
  } catch (error) {
    if (leaving) return; // its worker's loads were cancelled: nothing to tell
    document.body.dataset.engine = "error";
    await languageReady;
    const headline = text[`failed_${error.stage}`] ?? text.failed_worker ?? error.message;
    showError(headline, { detail: error.message });
    return;
  }
  // Ready: the only way to 100%.
  stopBar();
  drawBar(100);
  ui.stage.dataset.stage = "engine";
  ui.stage.textContent = text.engine ?? ui.stage.textContent;
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
    if (leaving) return; // an import cancelled by the page's leaving (see `leaving`)
    console.error(error);
    document.body.dataset.app = "error";
    showError(text.app_failed ?? String(error), { detail: String(error?.stack ?? error), canRetry: false });
  }
  // Only a site that works is worth keeping for offline play.
  if (document.body.dataset.app === "started") {
    import("./offline.js").then(({ keepForOffline }) => keepForOffline(), (error) => {
      report(error);
      document.body.dataset.offline = "unavailable";
    });
  }
}

ui.retry.addEventListener("click", () => { boot(); });
boot();
