// The address's parameters for the trick-taking games: `game` (cassino | california_jack |
// shasta_sam | scopa | escoba | cirulla | pishti | tablic, the last five read by web/scopa/params.js), and for a Jack game `level` (beginner | intermediate | expert), `target` (points
// to win, 1..100) and `packet` (1 or 3 cards at a time). `seed` and `delay` are read by
// web/ui/params.js for both games. Only the form of a value is checked here; the engine
// answers whether it plays it.

import { jackStrings as t } from "./strings.js";
import { levelName } from "../ui/levels.js";

export const JACK_GAMES = ["california_jack", "shasta_sam"];
// Every game the page plays (Scopa, Escoba, Cirulla, Pishti and Tablić: web/scopa/), in the order the game choice lists them.
export const GAMES = ["cassino", ...JACK_GAMES, "scopa", "escoba", "cirulla", "pishti", "tablic"];
export const JACK_LEVELS = ["beginner", "intermediate", "expert"];
export const DEFAULT_LEVEL = "intermediate";
export const DEFAULT_TARGET = 10;
export const MAX_TARGET = 100; // cassino_core/calijack/rules.py MAX_TARGET

/** The parameters that name a Jack deal: an address with them resumes only its own game. */
export const JACK_DEAL_PARAMS = ["game", "seed", "level", "target", "packet", "follow"];

/** The engine's `follow` switch (cassino_core/calijack/rules.py): the seed's rule first. */
export const FOLLOW_RULES = ["suit", "suit_or_trump"];
/** Cassino's deal parameters that a Jack game has no use for (`players` has its own message). */
const CASSINO_ONLY = ["variant", "rules", "seats", "daily"];

export function isJackGame(game) {
  return JACK_GAMES.includes(game);
}

/**
 * `game` from URLSearchParams: null when absent or wrong (then an error {code, text} is pushed
 * to `errors`), else one of GAMES (letter case and a hyphen for the underscore are accepted).
 */
export function readGame(params, errors) {
  if (!params.has("game")) return null;
  const raw = params.get("game");
  const name = raw.trim().toLowerCase().replace(/-/g, "_");
  if (GAMES.includes(name)) return name;
  // Each value with the game's title where the page's language names it otherwise ("scopa
  // (Скопа)"), so that a player who does not read the values finds the game (play-test 9).
  const known = GAMES.map((game) => {
    const title = t.games && t.games[game];
    return title && title.toLowerCase() !== game.replace(/_/g, " ") ? `${game} (${title})` : game;
  });
  errors.push({ code: "bad_game", param: "game", text: t.badGame(raw, known.join(", ")) });
  return null;
}

/**
 * The Jack settings an address asks for (`game`: the Jack game it opens, named in messages).
 * Cassino's own deal parameters (variant, rules, seats, daily) do not apply: each is named in
 * an error and left out, never silently dropped.
 * @returns {{level: string|null, target: number|null, packet: number|null, follow: string|null,
 *   errors: {code: string, param: string, text: string}[]}} (`param`: the parameter each error is about)
 */
export function readJackParams(search, game = "california_jack") {
  const params = new URLSearchParams(search);
  const out = { level: null, target: null, packet: null, follow: null, errors: [] };
  if (params.has("level")) {
    const name = levelName(params.get("level"));
    if (name && JACK_LEVELS.includes(name)) out.level = name;
    else out.errors.push({ code: "bad_level", param: "level", text: t.badLevel(params.get("level")) });
  }
  if (params.has("target")) {
    const raw = params.get("target").trim();
    if (/^\d{1,3}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= MAX_TARGET) out.target = Number(raw);
    else out.errors.push({ code: "bad_target", param: "target", text: t.badTarget(params.get("target")) });
  }
  if (params.has("packet")) {
    const raw = params.get("packet").trim();
    if (raw === "1" || raw === "3") out.packet = Number(raw);
    else out.errors.push({ code: "bad_packet", param: "packet", text: t.badPacket(params.get("packet")) });
  }
  // `follow=trump` (or the engine's own name) plays Hoyle's rule; `follow=suit` the seed's.
  if (params.has("follow")) {
    const raw = params.get("follow").trim().toLowerCase();
    if (raw === "trump" || raw === "suit_or_trump") out.follow = "suit_or_trump";
    else if (raw !== "suit") out.errors.push({ code: "bad_follow", param: "follow", text: t.badFollow(params.get("follow")) });
  }
  // Both trick-taking games are for two players (S001): another count is said, not hidden.
  if (params.has("players") && params.get("players").trim() !== "2") {
    out.errors.push({ code: "jack_players", param: "players", text: t.jackPlayers(params.get("players")) });
  }
  for (const name of CASSINO_ONLY) {
    if (params.has(name)) out.errors.push({ code: "jack_ignores", param: name, text: t.jackIgnores(name, t.games[game] ?? game) });
  }
  return out;
}

/** The Jack deal parameters of an address, as one comparable string ("" when none). */
export function jackDealKey(search) {
  const params = new URLSearchParams(search);
  return JACK_DEAL_PARAMS.filter((name) => params.has(name))
    .map((name) => `${name}=${params.get(name)}`)
    .join("&");
}

/**
 * The address without the parameters that name a deal (of either game), keeping display ones
 * such as `delay`: after the player switches game on the page, a reload resumes the game they
 * chose rather than dealing the one the address names.
 */
export function addressWithoutDeal(href, dealParams) {
  const url = new URL(href);
  const params = new URLSearchParams(url.search);
  for (const name of new Set([...JACK_DEAL_PARAMS, ...dealParams])) params.delete(name);
  url.search = params.toString();
  return url.href;
}
