// The game menu of the top bar: one button (aria-expanded, aria-controls) opening a panel of
// the actions a player needs now and then (rules, records, statistics, settings...). The
// actions of every turn (Undo, New game, Hint) stay outside it, in view.
//
// The menu is built once and kept: the page redraws its top bar after every answer, but an
// item is only updated in place (label, disabled, title), so an open <select> or the focus on
// an item survives a computer's move.
//
// Mouse and touch: the button opens and closes it; a press outside closes it. Keyboard: Enter
// or Space on the button opens it with the focus on the first item; Up/Down move between the
// buttons (wrapping), Home/End go to the first and last; the settings (<select>) keep their
// own arrow keys and are reached with Tab; Escape closes and gives the focus back to the
// button, as does a press outside while the focus was in the menu; Tab out of it closes it.
// Choosing a button closes the menu and puts the focus on the menu button before the action
// runs, so a dialog it opens gives the focus back there.

import { h, fill } from "../ui/dom.js";
import { strings } from "../ui/strings.js";
import { languageSelect } from "../ui/language.js";
import { SPEEDS } from "../ui/speed.js";
import { THINK_CHOICES } from "../ui/think.js";
import { formatDecimal } from "../ui/format.js";

/**
 * One entry of the menu: a button, or a control of the page's own (a labelled <select>).
 * @typedef {object} MenuItem
 * @property {string} action data-action (and data-key, unless `key` says otherwise)
 * @property {string} [key] data-key, for focusing it again (default: `action`)
 * @property {string} [label] the button's words
 * @property {() => void} [run] what choosing the button does
 * @property {boolean} [disabled] shown, but cannot be chosen
 * @property {string | null} [title] the reason it is disabled, or a note (tooltip)
 * @property {string} [shortcut] aria-keyshortcuts ("L", "?")
 * @property {boolean} [expanded] aria-expanded, for an item that shows or hides a panel
 * @property {string} [controls] aria-controls, with `expanded`
 * @property {() => HTMLElement} [control] builds a control (made once, kept)
 * @property {(el: HTMLElement) => void} [refresh] brings a kept control up to date
 */

export class GameMenu {
  /**
   * @param {{id: string, label: () => string, title: () => string}} opts `id` of the panel;
   *   `label`: the button's words; `title`: the panel's accessible name
   */
  constructor(opts) {
    this.opts = opts;
    /** @type {Map<string, {el: HTMLElement, item: MenuItem, why: HTMLElement | null}>} */
    this.entries = new Map();
    this.button = /** @type {HTMLButtonElement} */ (
      h("button", {
        type: "button",
        class: "menu-button",
        "aria-expanded": "false",
        "aria-controls": opts.id,
        dataset: { action: "menu", key: "menu" },
        onclick: () => (this.isOpen() ? this.close({ returnFocus: true }) : this.open()),
      })
    );
    this.list = h("ul", { class: "menu-items" });
    this.panel = h("div", { class: "menu-panel", id: opts.id, role: "group", hidden: true }, this.list);
    this.el = h("div", { class: "game-menu" }, this.button, this.panel);
    this.el.addEventListener("keydown", (e) => this.onKey(e));
    this.el.addEventListener("focusout", (e) => {
      const to = e.relatedTarget;
      if (this.isOpen() && to instanceof Node && !this.el.contains(to)) this.close();
    });
    // A press outside closes the menu. When the focus was in it, the focus comes back to the
    // button, unless the press put it on a control of its own (after the click, as a press on
    // something unfocusable takes the focus away from any element first).
    this.restore = () => {
      document.removeEventListener("click", this.restore, true);
      const active = document.activeElement;
      if (!this.isOpen() && (!active || active === document.body)) this.button.focus();
    };
    this.outside = (e) => {
      if (!(e.target instanceof Node) || this.el.contains(e.target)) return;
      const hadFocus = this.el.contains(document.activeElement);
      this.close({ returnFocus: hadFocus });
      if (hadFocus) {
        document.addEventListener("click", this.restore, true);
        setTimeout(this.restore, 0);
      }
    };
    this.refreshWords();
  }

  isOpen() {
    return !this.panel.hidden;
  }

  /** The button's words and the panel's name, in the page's language. */
  refreshWords() {
    this.button.textContent = this.opts.label();
    this.panel.setAttribute("aria-label", this.opts.title());
  }

  /**
   * Brings the menu up to date: items new to it are made, the others updated in place, and
   * items no longer listed removed. Order follows `items`.
   * @param {MenuItem[]} items
   */
  update(items) {
    const seen = new Set();
    const rows = [];
    for (const item of items) {
      seen.add(item.action);
      let entry = this.entries.get(item.action);
      if (!entry) {
        // A button's reason for being disabled is a line under it too: a phone shows no tooltip.
        entry = { el: this.make(item), item, why: item.control ? null : h("span", { class: "menu-item-why", dataset: { why: item.action }, hidden: true }) };
        this.entries.set(item.action, entry);
      }
      entry.item = item;
      this.sync(entry);
      rows.push(entry.el.parentElement || h("li", { class: item.control ? "menu-setting" : "menu-action" }, entry.el, entry.why));
    }
    for (const [action, entry] of this.entries) {
      if (!seen.has(action)) {
        if (entry.el.parentElement) entry.el.parentElement.remove();
        this.entries.delete(action);
      }
    }
    // Only moved when the order changed: moving an element would drop its focus.
    const current = [...this.list.children];
    if (current.length !== rows.length || rows.some((row, i) => current[i] !== row)) fill(this.list, ...rows);
    this.refreshWords();
  }

  /** @param {MenuItem} item */
  make(item) {
    if (item.control) return item.control();
    return h("button", {
      type: "button",
      class: "menu-item",
      dataset: { action: item.action, key: item.key || item.action },
      onclick: () => this.choose(item.action),
    });
  }

  /** @param {{el: HTMLElement, item: MenuItem, why?: HTMLElement | null}} entry */
  sync({ el, item, why = null }) {
    if (item.control) {
      if (item.refresh) item.refresh(el);
      return;
    }
    const button = /** @type {HTMLButtonElement} */ (el);
    if (button.textContent !== item.label) button.textContent = item.label;
    button.disabled = Boolean(item.disabled);
    setAttr(button, "title", item.title);
    if (why) {
      const reason = item.disabled && item.title ? item.title : "";
      if (why.textContent !== reason) why.textContent = reason;
      why.hidden = !reason;
    }
    setAttr(button, "aria-keyshortcuts", item.shortcut);
    setAttr(button, "aria-expanded", item.expanded === undefined ? null : String(Boolean(item.expanded)));
    setAttr(button, "aria-controls", item.expanded === undefined ? null : item.controls);
  }

  /** A button of the menu was chosen: the menu closes (focus on its button), then it runs. */
  choose(action) {
    const entry = this.entries.get(action);
    if (!entry || !entry.item.run || /** @type {HTMLButtonElement} */ (entry.el).disabled) return;
    this.close({ returnFocus: true });
    entry.item.run();
  }

  /** Opens the panel; `focus`: the first usable item takes the focus (the default). */
  open({ focus = true } = {}) {
    if (!this.isOpen()) {
      document.removeEventListener("click", this.restore, true);
      this.panel.hidden = false;
      this.button.setAttribute("aria-expanded", "true");
      document.addEventListener("pointerdown", this.outside, true);
      // No taller than the window below it: a long menu scrolls inside itself.
      const top = this.panel.getBoundingClientRect().top;
      if (globalThis.innerHeight) this.panel.style.maxHeight = `${Math.max(160, Math.floor(innerHeight - top - 8))}px`;
    }
    if (focus) {
      const first = this.buttons()[0] || this.panel.querySelector("select");
      if (first) first.focus();
    }
  }

  /** Closes the panel; `returnFocus`: the menu button takes the focus. */
  close({ returnFocus = false } = {}) {
    if (this.isOpen()) {
      this.panel.hidden = true;
      this.button.setAttribute("aria-expanded", "false");
      document.removeEventListener("pointerdown", this.outside, true);
    }
    if (returnFocus) this.button.focus();
  }

  /** Whether `el` is an item of the closed menu (it cannot take the focus then). */
  hides(el) {
    return Boolean(el) && !this.isOpen() && this.panel.contains(el);
  }

  /** @returns {HTMLButtonElement[]} the items that can be chosen now */
  buttons() {
    return [.../** @type {NodeListOf<HTMLButtonElement>} */ (this.list.querySelectorAll("button.menu-item"))].filter((b) => !b.disabled);
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    if (e.key === "Escape") {
      if (!this.isOpen()) return;
      e.preventDefault();
      e.stopPropagation(); // the game's own Escape (clearing a selection) stays out
      this.close({ returnFocus: true });
      return;
    }
    const target = e.target instanceof HTMLElement ? e.target : null;
    if (target === this.button && e.key === "ArrowDown" && !this.isOpen()) {
      e.preventDefault();
      e.stopPropagation();
      this.open();
      return;
    }
    if (!target || target === this.button || target.tagName === "SELECT") return;
    const buttons = this.buttons();
    const i = buttons.indexOf(/** @type {HTMLButtonElement} */ (target));
    if (i < 0 || !buttons.length) return;
    let next;
    if (e.key === "ArrowDown") next = (i + 1) % buttons.length;
    else if (e.key === "ArrowUp") next = (i - 1 + buttons.length) % buttons.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = buttons.length - 1;
    else return;
    e.preventDefault();
    e.stopPropagation(); // not the game's roving arrows
    buttons[next].focus();
  }

  /** The page stops: the menu closes and stops listening. */
  stop() {
    this.close();
  }
}

function setAttr(el, name, value) {
  if (value === null || value === undefined || value === "") el.removeAttribute(name);
  else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/**
 * A setting of the menu: a label above a <select> of `choices` ([value, words] pairs), its
 * value `value()` (kept up to date by `refresh`), `onChange(value)` when the player picks one.
 * `note`: why the address overrides it (shown under the choice and as its title, for a phone
 * shows no title), or null; `disabled`: the choice cannot be made here.
 * @param {{key: string, label: string, choices: [string, string][], value: () => string,
 *   onChange: (value: string) => void, note: string | null, disabled?: boolean}} opts
 * @returns {MenuItem}
 */
function settingItem(opts) {
  const { key, note } = opts;
  return {
    action: key,
    control: () =>
      h(
        "label",
        { class: key, title: note },
        h("span", {}, opts.label),
        h(
          "select",
          {
            name: key,
            disabled: Boolean(opts.disabled),
            "aria-describedby": note ? `${key}-note` : null,
            dataset: { key, [key]: opts.value() },
            onchange: (e) => opts.onChange(e.target.value),
          },
          opts.choices.map(([value, words]) => h("option", { value }, words)),
        ),
        note ? h("span", { class: "menu-item-why", id: `${key}-note` }, note) : null,
      ),
    refresh: (el) => {
      const select = el.querySelector("select");
      if (!select) return;
      const value = opts.value();
      if (select.value !== value) select.value = value;
      select.dataset[key] = value;
    },
  };
}

/**
 * The "Computer speed" setting as a menu item: how long a computer's move stays on show
 * (web/ui/speed.js). The address's `delay` overrides it: the item is then disabled (the
 * choice kept for later visits) and says why.
 * @param {{speed: () => string, onChange: (name: string) => void, fixedDelay: number | null}} opts
 * @returns {MenuItem}
 */
export function speedItem(opts) {
  const fixed = opts.fixedDelay !== null && opts.fixedDelay !== undefined;
  return settingItem({
    key: "speed",
    label: strings.speedLabel,
    choices: Object.keys(SPEEDS).map((name) => [name, strings.speedNames[name] || name]),
    value: opts.speed,
    onChange: opts.onChange,
    note: fixed ? strings.speedByAddress(opts.fixedDelay, formatDecimal(opts.fixedDelay, 0)) : null,
    disabled: fixed,
  });
}

/**
 * The "Expert's thinking time" setting as a menu item: how long the expert level thinks a move
 * (web/ui/think.js), 0.2 to 5 s. The address's `think` overrides it: the item then shows that
 * time, is disabled, and says why.
 * @param {{think: () => number, onChange: (ms: number) => void, fixedThink: number | null}} opts
 * @returns {MenuItem}
 */
export function thinkItem(opts) {
  const fixed = opts.fixedThink !== null && opts.fixedThink !== undefined;
  const choices = fixed && !THINK_CHOICES.includes(opts.fixedThink) ? [opts.fixedThink, ...THINK_CHOICES] : THINK_CHOICES;
  return settingItem({
    key: "think",
    label: strings.thinkLabel,
    choices: choices.map((ms) => [String(ms), strings.thinkSeconds(ms)]),
    value: () => String(opts.think()),
    onChange: (value) => opts.onChange(Number(value)),
    note: fixed ? strings.thinkByAddress(opts.fixedThink, formatDecimal(opts.fixedThink, 0)) : null,
    disabled: fixed,
  });
}

/** The language switch (web/ui/language.js) as a menu item. @returns {MenuItem} */
export function languageItem() {
  return { action: "language", control: () => languageSelect() };
}
