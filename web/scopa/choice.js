// The row of a choice of moves on the fishing page (web/scopa/table.js renderChoice, Tablić's
// renderPickChoice in web/tablic/table.js): the options in a box of their own, then «Назад».
//
// On a phone the options' box scrolls (sideways in one row, or, for Tablić's ways upright,
// down with the choice) while Back stays beside it, outside the scrolling box, so it is always
// in sight and never lies over an option (play-test 18: in a long row Back was past the
// window's edge, and a Back stuck over the row's end took an option's click). On a wide
// screen the options' box adds nothing to the layout (display: contents, web/scopa.css).
// Back stays last in the DOM: last for Tab and the arrow keys (web/ui/keys.js, one roving row
// over every button of `.scopa-choices`).

import { h } from "../ui/dom.js";
import { scopaStrings as t } from "./strings.js";

/**
 * The choice's buttons: `options` (button elements, null ones left out) in
 * `div.scopa-ways`, then the Back button (data-action="cancel-choice", data-key "C:cancel"),
 * all inside `div.choices.scopa-choices` (the roving row).
 * @param {Array<HTMLElement | null>} options the options' buttons, in the order shown
 * @param {() => void} onCancel called when Back is pressed
 * @returns {HTMLElement} the row
 */
export function choiceRow(options, onCancel) {
  return h(
    "div",
    { class: "choices scopa-choices" },
    h("div", { class: "scopa-ways" }, options),
    h("button", { type: "button", class: "scopa-option cancel", dataset: { action: "cancel-choice", key: "C:cancel" }, onclick: onCancel }, t.cancelChoice),
  );
}
