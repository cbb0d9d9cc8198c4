// Where the site's own files are. Every page of the site is index.html at the site's root, so
// a path from the root ("i18n/ru.json", "sw.js") resolves against the page's address, under
// whatever sub-path the site is hosted (GitHub Pages: /<repository>/).
//
// A module's own address (import.meta.url) would not do: build.py bundles the page's modules
// into a few files (main.js, app.js... and chunks/*.js), so a path relative to the module that
// wrote it would point into another folder once it is bundled.

/**
 * The address of one of the site's files.
 * @param {string} path the file's path from the site's root, e.g. "i18n/ru.json" or "sw.js"
 * @returns {URL} its absolute address
 * @throws {ReferenceError} outside a page (no `document`: a worker or Node)
 */
export function siteURL(path) {
  return new URL(path, document.baseURI);
}
