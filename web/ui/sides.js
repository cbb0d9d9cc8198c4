// Seat names and scoring sides. Which seats share a side is the engine's answer (the view's
// "side_of", one entry per seat); the page only names them.

import { strings } from "./strings.js";

/** The side of each seat: the view's `side_of`, or one side per seat when it is absent. */
export function sideOfSeats(view) {
  if (Array.isArray(view.side_of) && view.side_of.length === view.seats.length) return view.side_of;
  // An engine without "side_of": as many sides as scores, partners sitting alternately.
  const sides = view.scores && view.scores.length ? view.scores.length : view.seats.length;
  return view.seats.map((_, i) => i % sides);
}

/** The seats of each side, side 0 first. */
export function sideMembers(view) {
  const of = sideOfSeats(view);
  const count = Math.max(view.scores ? view.scores.length : 0, ...of.map((s) => s + 1));
  const members = Array.from({ length: count }, () => []);
  of.forEach((side, seat) => members[side] && members[side].push(seat));
  return members;
}

/** Whether any side has more than one seat (partners). */
export function hasPartners(view) {
  return sideMembers(view).some((m) => m.length > 1);
}

/**
 * The name of each seat: the name typed for it on the new-game screen, else "You" for the only
 * human and "Player N" for one of several;
 * "Computer" for the only computer, else "Computer N".
 * @param seats list of "human" | "computer"
 * @param typed names typed on the new-game screen (may be shorter, or hold empty strings)
 * @param words the page's words: {you, computer, player(seat), computerSeat(seat)} (the
 *   California Jack page passes its own section)
 */
export function seatNames(seats, typed = [], words = strings) {
  const humans = seats.filter((k) => k === "human").length;
  const computers = seats.length - humans;
  return seats.map((kind, i) => {
    const given = (typed[i] || "").trim();
    if (kind === "human") {
      if (given) return given;
      return humans === 1 ? words.you : words.player(i);
    }
    if (given) return given;
    return computers === 1 ? words.computer : words.computerSeat(i);
  });
}

/** The name of each side: its one seat's name, or its members joined ("You & Computer 3"). */
export function sideNames(view, names) {
  return sideMembers(view).map((seats) =>
    seats.length === 1 ? names[seats[0]] : strings.sideMembers(seats.map((s) => names[s])),
  );
}
