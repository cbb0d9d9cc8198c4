// How long the expert thinks a move: the player's setting, kept in the browser (localStorage),
// shared by every game. The engine takes it as `budget_ms` (a new or loaded game's, and
// `set_budget` during a game); the address's `think` (milliseconds) overrides it, as `delay`
// overrides the speed setting (web/ui/speed.js). Storage may be missing or refuse; the setting
// then lasts for the page only. Nothing here throws.

import { keep, readKept } from "./gamestore.js";

export const THINK_KEY = "cassino.think";
/** The choices, ms a move (issue 16: "a setting chooses 0.2 to 5 s"). */
export const THINK_CHOICES = [200, 500, 1000, 2000, 5000];
export const DEFAULT_THINK = 1000;

/** The saved thinking time (ms), or the default when none (or one not offered) is saved. */
export function readThink() {
  const raw = readKept(THINK_KEY);
  const ms = Number(raw);
  return raw !== null && THINK_CHOICES.includes(ms) ? ms : DEFAULT_THINK;
}

/** Keeps `ms` (one of THINK_CHOICES) for the next visit; answers whether it could be kept. */
export function saveThink(ms) {
  return THINK_CHOICES.includes(ms) && keep(THINK_KEY, String(ms));
}
