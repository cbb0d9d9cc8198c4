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
// "snapshot" when a saved one was found: engine-snapshot.js), data-offline = "waiting" |
// "ready" | "unavailable" (offline.js).

import { createEngine } from "./bridge.js";
import { keepForOffline } from "./offline.js";

// Overall share of the bar each stage fills: the runtime is the big download and compile.
const STAGES = {
  runtime: { start: 0, end: 80 },
  micropip: { start: 80, end: 88 },
  engine: { start: 88, end: 100 },
};

// The loading screen is shown before the UI's translations can load, so its few lines
// are here. The player may write Russian or Ukrainian.
const TEXT = {
  en: {
    runtime: "Loading the Python runtime",
    micropip: "Loading the package installer",
    engine: "Installing the Cassino engine",
    subtitle: "The fishing card game",
    note: "Everything runs in your browser; the first visit downloads a few megabytes.",
    error_title: "The game could not start.",
    retry: "Try again",
    app_missing: "The engine is ready, but this build has no game interface (app.js is missing).",
    app_failed: "The game interface failed to start.",
    details: "Technical details",
    failed_worker: "Your browser could not start the game engine.",
    failed_manifest: "Could not download the game. Check your connection and try again.",
    failed_runtime: "Could not start Python. Check your connection and try again.",
    failed_micropip: "Could not load Python's package installer. Check your connection and try again.",
    failed_engine: "Could not install the Cassino engine. Check your connection and try again.",
  },
  ru: {
    runtime: "Загрузка Python",
    micropip: "Загрузка установщика пакетов",
    engine: "Установка движка Cassino",
    subtitle: "Карточная игра «Казино»",
    note: "Всё работает в браузере; при первом визите загружается несколько мегабайт.",
    error_title: "Игру не удалось запустить.",
    retry: "Повторить",
    app_missing: "Движок готов, но в сборке нет интерфейса игры (нет app.js).",
    app_failed: "Интерфейс игры не запустился.",
    details: "Подробности",
    failed_worker: "Браузер не смог запустить игровой движок.",
    failed_manifest: "Не удалось загрузить игру. Проверьте соединение и попробуйте ещё раз.",
    failed_runtime: "Не удалось запустить Python. Проверьте соединение и попробуйте ещё раз.",
    failed_micropip: "Не удалось загрузить установщик пакетов Python. Проверьте соединение и попробуйте ещё раз.",
    failed_engine: "Не удалось установить движок Cassino. Проверьте соединение и попробуйте ещё раз.",
  },
  uk: {
    runtime: "Завантаження Python",
    micropip: "Завантаження інсталятора пакетів",
    engine: "Встановлення рушія Cassino",
    subtitle: "Карткова гра «Казино»",
    note: "Усе працює в браузері; під час першого візиту завантажується кілька мегабайт.",
    error_title: "Гру не вдалося запустити.",
    retry: "Спробувати ще",
    app_missing: "Рушій готовий, але в збірці немає інтерфейсу гри (немає app.js).",
    app_failed: "Інтерфейс гри не запустився.",
    details: "Подробиці",
    failed_worker: "Браузер не зміг запустити ігровий рушій.",
    failed_manifest: "Не вдалося завантажити гру. Перевірте з’єднання та спробуйте ще раз.",
    failed_runtime: "Не вдалося запустити Python. Перевірте з’єднання та спробуйте ще раз.",
    failed_micropip: "Не вдалося завантажити інсталятор пакетів Python. Перевірте з’єднання та спробуйте ще раз.",
    failed_engine: "Не вдалося встановити рушій Cassino. Перевірте з’єднання та спробуйте ще раз.",
  },
};

const lang = (navigator.languages ?? [navigator.language ?? "en"])
  .map((tag) => String(tag).slice(0, 2).toLowerCase())
  .find((code) => code in TEXT) ?? "en";
const text = TEXT[lang];

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
  document.documentElement.lang = lang;
  for (const element of document.querySelectorAll("[data-i18n]")) {
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
  ui.stage.textContent = text[stage] ?? stage;
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
  const files = await builtFiles();
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
}

async function boot() {
  resetLoading();
  let engine;
  try {
    engine = await createEngine({ onProgress: showProgress });
  } catch (error) {
    document.body.dataset.engine = "error";
    const headline = text[`failed_${error.stage}`] ?? text.failed_worker;
    showError(headline, { detail: error.message });
    return;
  }
  showProgress({ stage: "engine", fraction: 1 });
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  // Each loading step's end in ms from navigation, for bench/page_load.py.
  document.body.dataset.loadSteps = JSON.stringify(Object.fromEntries(
    Object.entries(engine.timings ?? {}).map(
      ([step, at]) => [step, Math.round(at - performance.timeOrigin)])));
  document.body.dataset.engine = "ready";
  try {
    await startApp(engine);
  } catch (error) {
    console.error(error);
    document.body.dataset.app = "error";
    showError(text.app_failed, { detail: String(error?.stack ?? error), canRetry: false });
  }
  // Only a site that works is worth keeping for offline play.
  if (document.body.dataset.app === "started") keepForOffline();
}

ui.retry.addEventListener("click", () => { boot(); });
translateStatic();
boot();
