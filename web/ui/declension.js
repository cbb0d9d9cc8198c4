// Card names in the grammatical case a sentence needs. Russian and Ukrainian decline a rank's
// name ("восьмёрка бубен" -> "положите восьмёрку бубен", "картой семёркой"); the suit part of a
// card's name is a genitive ("бубен", "монет") and stays. Each language file gives, beside a
// section's `rankNames` (the capitalised name a card shows alone: a button's spoken label),
// `rankForms`: {nom, acc, gen, ins} -> {rank code -> the lower-case form in that case}
// (English gives its names unchanged in every case). A message names the case of a card
// argument after a colon: "положите {0:acc} на стол", "{0:Nom} может взять..." (a capital
// first letter asks for a capitalised form, for a sentence's start); web/ui/i18n.js calls
// `form` on such an argument. Anything else in a message gets the card's standalone name.

/** The cases a language file's `rankForms` holds, each with its every rank. */
export const CASES = ["nom", "acc", "gen", "ins"];

/**
 * A phrase with a form per case: what cardWords and wordsList return, what a message takes.
 * `forms`: {case -> text}; `alone`: the text shown outside a sentence (String(phrase)).
 */
export class Declined {
  constructor(forms, alone) {
    this.forms = forms;
    this.alone = alone;
  }

  /** The phrase in `name`'s case ("acc"; "Acc": the same, first letter capitalised); the
   * standalone text for a case the language does not give. */
  form(name) {
    const lower = name.toLowerCase();
    const text = Object.hasOwn(this.forms, lower) ? this.forms[lower] : this.alone;
    return name === lower ? text : text.charAt(0).toUpperCase() + text.slice(1);
  }

  toString() {
    return this.alone;
  }
}

/**
 * A card's name in every case. `code`: the engine's card ("8D"); `words`: a compiled section
 * with rankNames {rank: name}, rankForms {case: {rank: form}} (optional: English-like, no
 * cases) and cardName(rank, suit); `suits`: {suit code: the suit's name as cardName takes it}.
 * Returns a Declined whose standalone text is cardName(rankNames[rank], suit).
 */
export function cardWords(code, words, suits) {
  const rank = code[0];
  const suit = suits[code[1]] ?? code[1];
  const name = (r) => String(words.cardName(r, suit));
  const forms = {};
  for (const c of CASES) {
    const form = words.rankForms && words.rankForms[c] && words.rankForms[c][rank];
    if (typeof form === "string" && form) forms[c] = name(form);
  }
  return new Declined(forms, name(words.rankNames[rank] ?? rank));
}

/** `texts` joined by `separator`, the last two by `last` ("a, b и c"). */
function joined(texts, separator, last) {
  if (texts.length < 2) return texts.join("");
  return texts.slice(0, -1).join(separator) + last + texts[texts.length - 1];
}

/**
 * Several phrases as one, in every case: joined by `separator`, the last one after `last`
 * (default: `separator` too). A list in a sentence passes the language's words ("двойку,
 * тройку и четвёрку": web/ui/cards.js `cardsInSentence`); an enumeration in a label keeps
 * the commas ("двойка, тройка").
 */
export function wordsList(phrases, separator = ", ", last = separator) {
  const forms = {};
  for (const c of CASES) forms[c] = joined(phrases.map((p) => (p instanceof Declined ? p.form(c) : String(p))), separator, last);
  return new Declined(forms, joined(phrases.map(String), separator, last));
}
