// How long each computer move stays on show before the table moves on: the player's setting,
// kept in the browser (localStorage). The address's `delay` (milliseconds) overrides it, for
// tests and for anyone who wants an exact figure. Storage may be missing or refuse; the
// setting then lasts for the page only. Nothing here throws.

import { keep, readKept } from "./gamestore.js";

export const SPEED_KEY = "cassino.speed";
export const SPEEDS = { fast: 400, normal: 1200, slow: 2500 }; // ms a computer move stays shown
export const DEFAULT_SPEED = "normal";

/** The saved speed name, or the default when none (or an unknown one) is saved. */
export function readSpeed() {
  const raw = readKept(SPEED_KEY);
  return Object.hasOwn(SPEEDS, raw ?? "") ? raw : DEFAULT_SPEED;
}

/** Keeps `name` (one of SPEEDS) for the next visit; answers whether it could be kept. */
export function saveSpeed(name) {
  return Object.hasOwn(SPEEDS, name) && keep(SPEED_KEY, name);
}
