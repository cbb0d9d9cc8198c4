// The page's side of the engine worker (see engine-worker.js for the message protocol).
//
//   const engine = await createEngine({onProgress: ({stage, fraction}) => ...});
//   const answer = await engine.call("new_game", {rules: "classic", seed: 7});
//   if (answer.error) ...  // {error: {code, message}}: a refused request, not an exception
//
// createEngine rejects (EngineLoadError) when loading fails. engine.call resolves with the
// parsed response object, whatever it says; it rejects only when the call could not be made
// (worker gone, not ready, response not JSON, Python raised). Every message carries an id.

import { siteURL } from "./ui/site.js";

/**
 * Loading failed. `stage`: "worker" | "manifest" | "runtime" | "micropip" | "engine", the step
 * that failed (the page words its message from it); `message`: the technical detail.
 */
export class EngineLoadError extends Error {
  constructor(stage, message) {
    super(message);
    this.name = "EngineLoadError";
    this.stage = stage;
  }
}

/** A call could not be made or answered (not a refused move: those resolve). */
export class EngineCallError extends Error {
  constructor(message) {
    super(message);
    this.name = "EngineCallError";
  }
}

/**
 * Start the engine worker and wait until it is ready.
 * @param {{onProgress?: (p: {stage: "runtime"|"micropip"|"engine", fraction: number}) => void,
 *          workerURL?: string|URL}} [options]
 * @returns {Promise<{call: (op: string, payload?: object) => Promise<object>,
 *                    versions: {pyodide: string, python: string, micropip: string,
 *                               cassino_core: string},
 *                    sourceImports: string[] | null,
 *                    timings: {[step: string]: number},
 *                    terminate: () => void}>}
 *   sourceImports: the standard-library files the load compiled (null: not known); timings:
 *   when each loading step ended (ms since the epoch).
 */
export function createEngine({ onProgress = () => {}, workerURL } = {}) {
  const worker = new Worker(workerURL ?? siteURL("engine-worker.js"),
    { type: "module" });
  let nextId = 1;
  const pending = new Map(); // id → {resolve, reject}
  let broken = null; // an Error once the worker is unusable

  const failAll = (error) => {
    broken ??= error;
    for (const { reject } of pending.values()) reject(broken);
    pending.clear();
  };

  const call = (op, payload = {}) => {
    if (broken) return Promise.reject(broken);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ type: "call", id, request: JSON.stringify({ ...payload, op }) });
    });
  };

  const terminate = () => {
    worker.terminate();
    failAll(new EngineCallError("The engine was stopped."));
  };

  return new Promise((resolveLoad, rejectLoad) => {
    const loadId = nextId++;

    worker.addEventListener("message", (event) => {
      const message = event.data ?? {};
      if (message.id === loadId) {
        if (message.type === "progress") {
          onProgress({ stage: message.stage, fraction: message.fraction });
        } else if (message.type === "ready") {
          resolveLoad({
            call, versions: message.versions, timings: message.timings ?? {},
            sourceImports: message.sourceImports ?? null, terminate,
          });
        } else if (message.type === "fatal") {
          worker.terminate();
          failAll(new EngineLoadError(message.stage, message.message));
          rejectLoad(broken);
        }
        return;
      }
      const waiter = pending.get(message.id);
      if (!waiter) return;
      pending.delete(message.id);
      if (message.type === "result") {
        try {
          waiter.resolve(JSON.parse(message.response));
        } catch (error) {
          waiter.reject(new EngineCallError(`The engine answered with bad JSON: ${error.message}`));
        }
      } else {
        waiter.reject(new EngineCallError(message.message ?? "The engine failed."));
      }
    });

    // The worker script itself failed (missing file, syntax error, import failure).
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      const detail = event.message ? `: ${event.message}` : "";
      failAll(new EngineLoadError("worker", `The engine worker could not start${detail}.`));
      rejectLoad(broken);
    });
    worker.addEventListener("messageerror", () => {
      failAll(new EngineCallError("A message from the engine could not be read."));
    });

    worker.postMessage({ type: "load", id: loadId });
  });
}
