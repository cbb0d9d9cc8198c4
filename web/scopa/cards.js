// The 40-card Italian pack, drawn by this page in SVG (our own simple drawings, no copied art):
// coins (denari), cups (coppe), swords (spade) and clubs (bastoni), ace to seven as pips, and
// the three courts Fante, Cavallo and Re as figures holding their suit. The engine's card codes
// stay the French stand-ins it plays with (docs/scopa.md): D coins, H cups, S swords, C clubs;
// J Fante, Q Cavallo, K Re. Escoba's Spanish pack (oros, copas, espadas, bastos; sota, caballo,
// rey) is the same drawing with Spanish marks: a straight sword and a knobbed cudgel, and the
// breaks in the frame's line that tell the suits apart on Spanish cards (none for oros, one for
// copas, two for espadas, three for bastos). The player may show the French faces instead
// (web/ui/cards.js), kept in localStorage under packKey(game).

import { h } from "../ui/dom.js";
import { cardFace } from "../ui/cards.js";
import { cardWords } from "../ui/declension.js";
import { scopaStrings as t } from "./strings.js";

const SVG = "http://www.w3.org/2000/svg";
export const PACK_KEY = "cassino.scopa-pack";
export const ESCOBA_PACK_KEY = "cassino.escoba-pack";
export const PACKS = ["italian", "french"];
export const ESCOBA_PACKS = ["spanish", "french"];

/** Pishti's and Tablić's 52-card pack is French only: web/ui/cards.js draws it, as on
 * Cassino's page; so is Cirulla's Genoese pack (40 cards with French suits: docs/cirulla.md). */
export const PISHTI_PACKS = ["french"];

/** The packs `game` may be shown in, its own first. */
export function packsOf(game = "scopa") {
  if (game === "pishti" || game === "tablic" || game === "cirulla") return PISHTI_PACKS;
  return game === "escoba" ? ESCOBA_PACKS : PACKS;
}

function packKey(game) {
  return game === "escoba" ? ESCOBA_PACK_KEY : PACK_KEY;
}

/** An SVG element with attributes and children. */
function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  for (const child of children.flat()) if (child) el.append(child);
  return el;
}

/** One suit sign centred on (x, y), `r` its half height (viewBox units); `spanish`: Spanish marks. */
function suitSign(suit, x, y, r, spanish = false) {
  const g = s("g", { transform: `translate(${x} ${y}) scale(${r / 10})`, class: `sc-sign sc-${suit}` });
  if (spanish && suit === "S") {
    // An espada: a straight double-edged blade, a cross guard with curled ends and a pommel.
    g.append(
      s("path", { d: "M0 -10.5 L1.8 -7.5 V3 H-1.8 V-7.5 Z", class: "sc-fill" }),
      s("path", { d: "M-6 3 Q-7 5 -5 5.2 H5 Q7 5 6 3 Z M-1 5.2 H1 V8 H-1 Z", class: "sc-mark" }),
      s("circle", { cy: 9, r: 1.5, class: "sc-mark" }),
    );
  } else if (spanish && suit === "C") {
    // A basto: a cudgel, thick at the head, with lopped-off branches.
    g.append(
      s("path", { d: "M-4.5 -9 Q0 -11.5 4.5 -9 Q5 -3 2 9.5 Q0 10.5 -2 9.5 Q-5 -3 -4.5 -9 Z", class: "sc-fill" }),
      s("path", { d: "M4 -4 L6.5 -5.5 M-3.6 1 L-6 -0.5 M2.6 4 L4.8 3", class: "sc-line" }),
    );
  } else if (suit === "D") {
    // A coin: a gold disc, a ring and a four-petal rosette.
    g.append(
      s("circle", { r: 9.5, class: "sc-fill" }),
      s("circle", { r: 6.5, class: "sc-line" }),
      s("path", { d: "M0 -5 Q2 0 0 5 Q-2 0 0 -5 M-5 0 Q0 2 5 0 Q0 -2 -5 0", class: "sc-mark" }),
    );
  } else if (suit === "H") {
    // A cup: a wide bowl on a stem and foot.
    g.append(s("path", { d: "M-8 -9 H8 Q8 0 1.5 2 V6 H5 V9 H-5 V6 H-1.5 V2 Q-8 0 -8 -9 Z", class: "sc-fill" }), s("path", { d: "M-6 -6 H6", class: "sc-line" }));
  } else if (suit === "S") {
    // A sword, point up: blade, guard and grip.
    g.append(s("path", { d: "M0 -10 L2.2 -6 V3 H-2.2 V-6 Z", class: "sc-fill" }), s("path", { d: "M-6 3 H6 V5 H-6 Z M-1.2 5 H1.2 V9 H-1.2 Z", class: "sc-mark" }));
  } else {
    // A club: a knotted stick, slanting.
    g.append(
      s("path", { d: "M-3.5 -9.5 Q0 -11 3.5 -9.5 L2 9.5 Q0 10.5 -2 9.5 Z", class: "sc-fill", transform: "rotate(18)" }),
      s("circle", { cx: -1.6, cy: -3, r: 1.3, class: "sc-mark" }),
      s("circle", { cx: 1.4, cy: 3, r: 1.3, class: "sc-mark" }),
    );
  }
  return g;
}

// Where the pips of ace to seven stand, in the 50 x 70 box.
const PIPS = {
  1: [[25, 35]],
  2: [[25, 20], [25, 50]],
  3: [[25, 16], [25, 35], [25, 54]],
  4: [[16, 20], [34, 20], [16, 50], [34, 50]],
  5: [[16, 20], [34, 20], [25, 35], [16, 50], [34, 50]],
  6: [[16, 17], [34, 17], [16, 35], [34, 35], [16, 53], [34, 53]],
  7: [[16, 16], [34, 16], [25, 26], [16, 38], [34, 38], [16, 54], [34, 54]],
};

/** A court figure: a body and a head, a cap (Fante), a horse under it (Cavallo) or a crown (Re). */
function court(rank, suit, spanish) {
  const parts = [];
  if (rank === "Q") {
    // The rider's horse: body, legs and a raised head.
    parts.push(s("path", { d: "M10 46 Q12 38 22 39 H34 L40 30 L44 32 L39 42 Q40 47 36 48 V58 H33 V49 H18 V58 H15 V49 Q10 49 10 46 Z", class: "sc-horse" }));
  }
  const top = rank === "Q" ? 16 : 20;
  parts.push(
    s("path", { d: `M17 ${top + 30} L20 ${top + 10} Q25 ${top + 7} 30 ${top + 10} L33 ${top + 30} Z`, class: `sc-robe sc-robe-${rank}` }),
    s("circle", { cx: 25, cy: top + 4, r: 5, class: "sc-head" }),
  );
  if (rank === "K") parts.push(s("path", { d: `M19.5 ${top - 1} L21 ${top - 7} L23 ${top - 3} L25 ${top - 8} L27 ${top - 3} L29 ${top - 7} L30.5 ${top - 1} Z`, class: "sc-crown" }));
  if (rank === "J") parts.push(s("path", { d: `M19.5 ${top} Q25 ${top - 8} 30.5 ${top} Z`, class: "sc-cap" }));
  parts.push(suitSign(suit, 36, top + 17, 6, spanish));
  return parts;
}

// The Spanish pack's breaks in the frame line (pintas): how many, by suit.
const BREAKS = { D: 0, H: 1, S: 2, C: 3 };

/** The breaks of a Spanish card's frame: gaps painted over the top and bottom edges. */
function breaks(suit) {
  const out = [];
  for (let i = 0; i < BREAKS[suit]; i++) {
    const x = 19 + i * 5;
    out.push(s("rect", { x, y: 1.5, width: 2.5, height: 2, class: "sc-break" }), s("rect", { x, y: 66.5, width: 2.5, height: 2, class: "sc-break" }));
  }
  return out;
}

/** The SVG of one card face (viewBox 50 x 70); `pack` "spanish" draws Escoba's marks. */
export function italianSvg(code, pack = "italian") {
  const rank = code[0];
  const suit = code[1];
  const spanish = pack === "spanish";
  const short = (t.rankShort && t.rankShort[rank]) || rank;
  const inner = "JQK".includes(rank) ? court(rank, suit, spanish) : (PIPS[Number(rank === "A" ? 1 : rank)] || []).map(([x, y]) => suitSign(suit, x, y, rank === "A" ? 12 : 6, spanish));
  return s(
    "svg",
    { viewBox: "0 0 50 70", class: "sc-svg", focusable: "false", "aria-hidden": "true" },
    s("rect", { x: 2.5, y: 2.5, width: 45, height: 65, rx: 3, class: "sc-frame" }),
    spanish ? breaks(suit) : null,
    s("text", { x: 6, y: 11, class: `sc-index sc-ink-${suit}` }, document.createTextNode(short)),
    s("text", { x: 44, y: 65, class: `sc-index sc-ink-${suit}`, "text-anchor": "end" }, document.createTextNode(short)),
    inner,
  );
}

/** The pack chosen for `game`'s display: its own (the default: italian, spanish) or "french". */
export function readPack(game = "scopa") {
  const packs = packsOf(game);
  if (packs.length === 1) return packs[0];
  try {
    const kept = globalThis.localStorage?.getItem(packKey(game));
    return packs.includes(kept) ? kept : packs[0];
  } catch {
    return packs[0];
  }
}

export function savePack(game, pack) {
  if (packsOf(game).length === 1) return;
  try {
    globalThis.localStorage?.setItem(packKey(game), pack);
  } catch {
    // storage refused: the choice lasts for this visit
  }
}

/** A card's face in the chosen pack; web/ui/motion.js follows it by data-face. */
export function scopaFace(code, pack, extraClass = "") {
  if (pack === "french") return cardFace(code, extraClass);
  return h("span", { class: `card face scopa-face pack-${pack} suit-${code[1]} ${extraClass}`.trim(), "aria-hidden": "true", dataset: { face: code } }, italianSvg(code, pack));
}

/** The spoken name: "Seven of coins" (Italian pack; Escoba's words: "Seven of oros") or "Seven of diamonds" (French faces). */
export function scopaName(code, pack) {
  return String(scopaWords(code, pack));
}

/** The name in every case ("{0:acc}" in a message: "семёрку монет"), web/ui/declension.js. */
export function scopaWords(code, pack) {
  return cardWords(code, t, pack === "french" ? t.suitNamesFrench : t.suitNames);
}
