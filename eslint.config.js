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
      // The DOM writes a null child as the text "null" (play-tests 11 and 13): children are
      // replaced through web/ui/dom.js fill(), which leaves out what a renderer left out.
      "no-restricted-syntax": ["error", {
        selector: "CallExpression[callee.property.name='replaceChildren'][arguments.length>0]",
        message: "Use fill(el, ...children) from web/ui/dom.js: it leaves out null, undefined and false.",
      }],
    },
  },
  {
    files: ["web/ui/dom.js"],
    rules: { "no-restricted-syntax": "off" },
  },
];
