// The language switch of both pages' game menus and of the new-game screen: a labelled <select>
// of the page's languages, each named in its own language. Choosing one keeps it and reloads
// the page in it (web/ui/i18n.js switchLanguage); the game in progress resumes from its save,
// and focus comes back to the switch.
//
// A reload is a big change, so it never happens while the player is only looking through the
// choices with the keyboard (arrow keys change a closed <select> at once in some browsers):
// a choice made with the keyboard takes effect on Enter, or when focus leaves the switch; one
// made with the mouse or by touch takes effect at once.

import { h } from "./dom.js";
import { strings } from "./strings.js";
import { LANGUAGES, currentLanguage, switchLanguage } from "./i18n.js";

const FOCUS_KEY = "cassino.lang-focus"; // sessionStorage: put focus back on the switch

/** A <label> holding the language <select> (data-key "language"), showing the language in use. */
export function languageSelect() {
  let browsing = false; // the value was changed by keys and not yet confirmed
  const apply = (select) => {
    browsing = false;
    if (select.value === currentLanguage) return;
    try {
      globalThis.sessionStorage?.setItem(FOCUS_KEY, "1");
    } catch {
      // no session storage: focus starts where the page puts it
    }
    switchLanguage(select.value);
  };
  return h(
    "label",
    { class: "language", title: strings.languageHelp },
    h("span", {}, strings.languageLabel),
    h(
      "select",
      {
        name: "language",
        dataset: { key: "language" },
        onkeydown: (event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            apply(event.target);
          } else if (!event.altKey && !event.ctrlKey && !event.metaKey && event.key !== "Tab" && event.key !== "Escape") {
            browsing = true;
          }
        },
        onchange: (event) => {
          if (!browsing) apply(event.target);
        },
        onblur: (event) => {
          if (browsing) apply(event.target);
        },
      },
      LANGUAGES.map((code) =>
        h("option", { value: code, lang: code, selected: code === currentLanguage }, strings.languageNames[code]),
      ),
    ),
  );
}

/** After a reload for a new language: focus the switch again (once): the new-game screen's
 * when that screen is open (a first visit), else the game menu's (opened for it). */
export function refocusLanguageSwitch() {
  let asked;
  try {
    asked = globalThis.sessionStorage?.getItem(FOCUS_KEY);
    globalThis.sessionStorage?.removeItem(FOCUS_KEY);
  } catch {
    return;
  }
  if (!asked) return;
  const select = /** @type {HTMLSelectElement | null} */ (document.querySelector("dialog[open] select[name=language]")
    || document.querySelector(".game-menu select[name=language]"));
  if (!select) return;
  const panel = /** @type {HTMLElement | null} */ (select.closest(".menu-panel"));
  const button = /** @type {HTMLButtonElement | null} */ (select.closest(".game-menu")?.querySelector("[data-action=menu]"));
  if (panel && panel.hidden && button) button.click(); // the menu opens, then the switch is focused
  select.focus();
}
