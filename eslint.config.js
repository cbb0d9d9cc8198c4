// ESLint for the front end (web/, plain ES modules, no build step): `make lint` runs it.
// The recommended rules, plus a few that catch real faults; globals of the page, the Web Worker
// (web/engine-worker.js) and the service worker (web/sw.js).
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["web/**/*.js"],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.worker, ...globals.serviceworker },
    },
    rules: {
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
      eqeqeq: ["error", "always", { null: "ignore" }], // `x == null`: null or undefined
      "no-shadow": "error",
      "prefer-const": "error",
    },
  },
];
