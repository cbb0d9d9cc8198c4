// The language switch of both pages' toolbars: a labelled <select> of the page's languages,
// each named in its own language. Choosing one keeps it and reloads the page in it
// (web/ui/i18n.js switchLanguage); the game in progress resumes from its save.

import { h } from "./dom.js";
import { strings } from "./strings.js";
import { LANGUAGES, currentLanguage, switchLanguage } from "./i18n.js";

/** A <label> holding the language <select> (data-key "language"), showing the language in use. */
export function languageSelect() {
  return h(
    "label",
    { class: "language", title: strings.languageHelp },
    h("span", {}, strings.languageLabel),
    h(
      "select",
      {
        name: "language",
        dataset: { key: "language" },
        onchange: (event) => {
          const lang = event.target.value;
          if (lang !== currentLanguage) switchLanguage(lang);
        },
      },
      LANGUAGES.map((code) =>
        h("option", { value: code, lang: code, selected: code === currentLanguage }, strings.languageNames[code]),
      ),
    ),
  );
}
