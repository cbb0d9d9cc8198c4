// Every piece of text the page shows. English only for now; another language is another
// object of the same shape. Functions take plain values (numbers, card names) and return text,
// so word order can differ between languages.

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

export const en = {
  title: "Cassino",
  you: "You",
  computer: "Computer",
  player: (seat) => `Player ${seat + 1}`,

  rankNames: {
    A: "Ace", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven",
    8: "Eight", 9: "Nine", T: "Ten", J: "Jack", Q: "Queen", K: "King",
  },
  // Plural value names for multiple builds ("Build threes").
  valuePlurals: {
    1: "aces", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens",
    8: "eights", 9: "nines", 10: "tens", 11: "jacks", 12: "queens", 13: "kings", 14: "fourteens",
  },
  suitNames: { S: "Spades", H: "Hearts", D: "Diamonds", C: "Clubs" },
  cardName: (rank, suit) => `${rank} of ${suit}`,

  // Header and status
  scoreboardLabel: "Match score",
  scoreLine: (name, points) => `${name}: ${points}`,
  target: (n) => `playing to ${n}`,
  roundDeal: (round, deal, deals) => `Round ${round} · Deal ${deal} of ${deals}`,
  lastDeal: "Last deal",
  stock: "Stock",
  stockCount: (n) => `${n} cards in the stock`,
  yourTurn: "Your turn",
  theirTurn: (name) => `${name}'s turn`,
  thinking: (name) => `${name} is thinking`,
  loading: "Starting the game…",
  dealer: "dealer",

  // Seat panels
  handCount: (n) => `${plural(n, "card", "cards")} in hand`,
  captured: "Captured",
  capturedCards: (n) => plural(n, "card", "cards"),
  capturedSpades: (n) => `${n} ♠`,
  capturedSweeps: (n) => plural(n, "sweep", "sweeps"),
  capturedLabel: (name, cards, spades, sweeps) =>
    `${name} captured ${plural(cards, "card", "cards")}, ${plural(spades, "spade", "spades")}, ` +
    plural(sweeps, "sweep", "sweeps"),
  lastCapturer: "captured last: takes the cards left at the end",
  lastCapturerShort: "captured last",
  lastMove: "Last move",
  noMoveYet: "No move yet this round",
  yourHand: "Your hand",
  opponentHand: (name) => `${name}'s hand`,
  table: "Table",
  tableEmpty: "The table is empty",

  // Builds
  buildBadge: (value) => `${value}`,
  single: "single",
  multiple: "multiple",
  raisable: "raisable",
  owner: (name) => name,
  yours: "yours",
  theirs: (name) => `${name.toLowerCase()}'s`,
  buildLabel: (value, kind, owner, cards) => `Build of ${value}, ${kind}, ${owner}: ${cards}`,

  // Moves, as a preview ("what will happen") and as a past event ("who did what")
  previewTrail: (card) => `Trail ${card}`,
  previewCapture: (taken, card) => `Capture ${taken} with ${card}`,
  previewSweep: " — sweep!",
  previewBuildSingle: (value, card, on) => `Build ${value} (single) with ${card} on ${on}`,
  previewBuildMultiple: (plural, card, on) => `Build ${plural} (multiple) with ${card} on ${on}`,
  previewRaise: (value, card, on) => `Raise to ${value} with ${card} on ${on}`,
  pastTrail: (who, card) => `${who} trailed ${card}`,
  pastCapture: (who, taken, card) => `${who} captured ${taken} with ${card}`,
  pastBuild: (who, value, card, on) => `${who} built ${value} with ${card} on ${on}`,
  pastRaise: (who, value, card, on) => `${who} raised the build to ${value} with ${card} (${on})`,
  pastBuildMultiple: (who, plural, card, on) => `${who} built ${plural} with ${card} on ${on}`,
  pastSweep: " — sweep!",

  // Move selection
  chooseCard: "Choose a card from your hand.",
  chooseTable: (card) =>
    `${card} selected. Choose table cards or builds to take or build on, or trail it.`,
  noMoveForSelection: "No legal move uses exactly these cards. Add or remove a table card.",
  chooseOne: "These cards allow more than one move. Choose one:",
  notPartOfMove: "Not usable with the selected card",
  waitTurn: "Wait for your turn.",
  badThink: (v, min, max) => `The thinking time “${v}” in the address is not a number of milliseconds from ${min} to ${max}; the expert thinks about a second a move.`,
  badDelay: (v, max) => `The delay “${v}” in the address is not a number of milliseconds from 0 to ${max}; the usual delay is used.`,
  badMoveList: (v) => `The move-list size “${v}” in the address is not a whole number; the usual size is used.`,
  noMoveForCard: (card, why) => `${card} has no legal move now. ${why}`.trim(),
  trailRefusals: {
    owner_may_not_trail: "You own a build, so you may not trail: capture or build instead.",
    must_capture: "This card can capture, so it may not be trailed.",
    keep_card: "This is your last card to take your build with: keep it.",
  },
  noTrailOther: "This card may not be trailed now.",
  noTrailNoCard: "Choose a card to trail.",
  confirm: "Confirm",
  actionsLabel: "Your move",
  trail: "Trail",
  clear: "Clear",
  undo: "Undo",
  undoSeveralHumans: "Undo is off when several people play at one screen: it would take back another player's move.",
  undoNothing: "There is no earlier turn of yours to go back to.",
  newGame: "New game",
  moveBoxLabel: "Type a move",
  // The pluck notation only where the rules have plucks (Pluck Cassino).
  moveBoxHint: (pluck) =>
    "Notation: 7H x 3C 4D (capture), 3H b8 5D (build), 5C t (trail)" + (pluck ? ", 7C p (pluck)" : ""),
  moveBoxPlay: "Play",
  moveBoxUnknown: (text) => `“${text}” is not one of the legal moves now.`,
  confirmNewGame: "Abandon this match and start a new one?",
  cancel: "Cancel",
  retryComputer: (name) => `Ask ${name} to move again`,

  // Round and match end
  roundOver: (round) => `Round ${round} is over`,
  matchOver: "Match over",
  category: "Category",
  categories: {
    cards: "Most cards",
    spades: "Most spades",
    big_casino: "Big casino 10♦",
    little_casino: "Little casino 2♠",
    aces: "Aces",
    sweeps: "Sweeps",
    spade_cards: "Spades, 1 each",
    jack_of_spades: "Jack of spades J♠",
    diamonds: "Most diamonds",
    seven_of_diamonds: "Seven of diamonds 7♦",
    four_of_a_kind: "Sets of four",
    penalties: "Penalties",
  },
  categoryOther: (key) => key.replace(/_/g, " "),
  countIn: (n) => `(${n})`,
  roundTotal: "Round total",
  matchTotal: "Match total",
  nextRound: "Next round",
  newMatch: "New match",
  winner: (name) => (name === "You" ? "You win the match!" : `${name} wins the match.`),
  finalScore: (a, b) => `Final score ${a} – ${b}`,
  roundHistory: "Points in each round",
  roundLine: (n, totals) => `Round ${n}: ${totals}`,

  // Seats, sides and names
  computerSeat: (seat) => `Computer ${seat + 1}`,
  side: (n) => `Team ${"ABCDEF"[n] || n + 1}`,
  sideMembers: (names) => names.join(" & "),
  sideScoreLine: (name, points) => `${name}: ${points}`,
  teamMembers: (names) => ` (${names})`,
  scoreValue: (points) => `: ${points}`,
  partnerOf: (name) => `partner of ${name}`,
  yourPartner: "your partner",
  toPlay: "to play",
  handCountShort: (n) => `${n} in hand`,
  capturedShort: (n) => `${n} taken`,

  // Pass the device (several people at one screen)
  passTitle: (name) => `Pass to ${name}`,
  passBody: (name) =>
    `The cards are hidden. Hand the device to ${name}; everyone else, look away.`,
  passShow: (name) => (name === "You" ? "Show my cards" : `I'm ${name}, show my cards`),
  passNext: (name) => `${name} plays next.`,
  handsHidden: "Hands are hidden until the next player is at the screen.",

  // Toolbar
  rulesButton: "Rules",
  copyLink: "Copy link to this deal",
  linkCopied: "Link copied. Anyone opening it gets this deal with these rules.",
  linkCopyFailed: "Copy the link below (your browser did not let the page copy it).",
  linkLabel: "Link to this deal",
  saveRecord: "Save record",
  loadRecord: "Load record",
  close: "Close",
  moreActions: "Game",

  // New-game screen
  newGameTitle: "New game",
  newGameIntro: "Choose a variant, the players and, if you like, change single rules.",
  variantLegend: "Variant",
  variantRules: (title) => `Rules of ${title}`,
  playersLegend: "Players",
  playersCount: "Number of players",
  playersOption: (n) => `${n} players`,
  seatsLegend: "Seats",
  seatLabel: (seat) => `Seat ${seat + 1}`,
  seatKind: "Played by",
  seatHuman: "Human",
  seatComputer: "Computer",
  seatName: "Name",
  seatNamePlaceholder: (name) => name,
  seatSide: (side) => `Team ${"ABCDEF"[side] || side + 1}`,
  seatsNote: "Several humans share this screen: the cards are hidden between their turns.",
  groups: {
    players: "Players",
    cards: "Cards and dealing",
    capturing: "Capturing",
    building: "Building",
    scoring: "Scoring",
    end: "Game end",
    other: "Other rules",
  },
  rulesLegend: "Rules",
  rulesIntro: "Each rule starts at the variant's setting. Changed rules are marked.",
  changed: "changed",
  variantDefault: (text) => `Variant's setting: ${text}`,
  resetDefaults: "Reset to the variant's defaults",
  seedLegend: "Deal",
  seedLabel: "Deal number (optional)",
  seedHelp: "The same number with the same rules gives the same cards; leave empty for a random deal.",
  startGame: "Start",
  starting: "Starting…",
  cancelNewGame: "Cancel",
  yes: "yes",
  no: "no",
  wholeNumber: (min, max) => `a whole number from ${min} to ${max}`,
  noCatalog: "The engine did not list its variants, so only Classic Cassino can be chosen.",
  refusedGame: (message) => `The engine refused this game: ${message}`,

  // Rules page
  rulesTitle: (title) => `Rules: ${title}`,
  rulesPlaceholder:
    "PLACEHOLDER: the written rules for this variant are not in this build yet. " +
    "The game itself follows the engine's rules as listed below.",
  rulesChanged: "Rules changed for this game",
  rulesNoChanges: "No rule is changed from the variant's settings.",
  rulesInForce: "Settings in this game",

  // Records
  recordsTitle: "Game record",
  recordsIntro:
    "A record holds the rules, the deal number and every move: loading it replays the game exactly.",
  saveText: "Download as text (.txt)",
  saveJson: "Download as JSON (.json)",
  saved: (file) => `Saved ${file}.`,
  loadLegend: "Load a record",
  loadFile: "From a file",
  loadPaste: "Or paste its text",
  loadButton: "Load",
  loadEmpty: "Choose a file or paste a record first.",
  loadFailed: (message) => `This record could not be loaded: ${message} The game in progress is kept.`,
  loadReadFailed: (name) => `The file ${name} could not be read.`,
  loaded: "Record loaded.",
  // A game kept in the browser (web/ui/saved.js), resumed on the next visit.
  resumed: "Your game was resumed where you left it.",
  savedGameBad: (why) => `The saved game could not be resumed (${why}), so it was discarded.`,

  // Pluck Cassino
  pluck: "Pluck",
  pluckHelp: "Pluck: choose a loose table card to take into your pile (your turn goes on).",
  previewPluck: (card) => `Pluck ${card} from the table`,
  pastPluck: (who, card) => `${who} plucked ${card}`,

  // Address parameters
  badVariant: (raw, known) =>
    `The variant “${raw}” in the address (parameter “variant”) is not known; use one of ${known}. ` +
    "This game uses Classic Cassino.",
  badPlayers: (raw, min, max) =>
    `The number of players “${raw}” in the address (parameter “players”) is not valid: use a whole number from ${min} to ${max}. ` +
    "This game uses the variant's usual number.",
  badRules: (raw, why) =>
    `The rules “${raw}” in the address (parameter “rules”) are not valid: ${why} The variant's own rules are used.`,
  badRulesJson: "they are not a JSON object of rule settings.",
  badRulesField: (field) => `“${field}” is not a rule setting.`,
  badSeats: (raw) =>
    `The seats “${raw}” in the address (parameter “seats”) are not valid: use one letter per player, h (human) or c (computer). ` +
    "You play seat 1 against the computer.",
  badAddressGame: (message) =>
    `The game the address asks for cannot be played: ${message} A Classic game is dealt instead.`,

  // Score sheet for more categories and sides
  matchMultiplier: (n) => (n === 2 ? "The win counts double." : `The win counts ${n} times.`),
  winnerSide: (name, you, plural) =>
    you ? `${name} win the match!` : `${name} ${plural ? "win" : "wins"} the match.`,
  finalScores: (scores) => `Final score ${scores.join(" – ")}`,
  noWinner: "The match ended without a winner.",

  // Computer levels (the engine plays them; cassino_core.players LEVELS)
  levelLabel: "Level",
  levelNames: { beginner: "Beginner", intermediate: "Intermediate", expert: "Expert" },
  levelHelp: {
    beginner: "Looks only at the move in front of it and makes mistakes: good for learning the game.",
    intermediate: "Weighs the points each move takes and avoids leaving easy sweeps.",
    expert: "Thinks ahead about the cards it cannot see; takes about a second a move.",
  },
  levelOf: (level) => en.levelNames[level] || String(level),
  levelChipTitle: (level) => `Computer level: ${en.levelNames[level] || level}`,
  badLevel: (raw, problem) =>
    `The computer level “${raw}” in the address (parameter “level”) is not valid: ` +
    (problem === "count"
      ? "give one level for every computer, or one entry per seat separated by commas. "
      : problem === "human"
        ? "a human seat takes “-” in the per-seat form. "
        : "use beginner, intermediate or expert (or b, i, e). ") +
    "The computer plays at Intermediate.",

  // Computer speed (how long each computer move stays on show)
  speedLabel: "Computer speed",
  speedNames: { fast: "Fast", normal: "Normal", slow: "Slow" },
  speedByAddress: (ms) => `The address sets the delay (delay=${ms}): ${ms} ms a move.`,

  // Thinking (the computer's move, or a hint, is being searched)
  thinkingBusy: "The engine is busy; this waits for it.",

  // Last moves of every player
  lastMovesButton: "Last moves",
  lastMovesTitle: "Last move of each player",
  lastMovesClose: "Hide last moves",
  lastMoveWhy: (level, seconds, reasons) =>
    [level, seconds !== null ? `${seconds} s` : "", reasons].filter(Boolean).join(" · "),

  // Hints
  hintButton: "Hint",
  hintThinking: "Thinking…",
  hintTitle: "Suggest a move (key H)",
  hintTitleWait: "Hints are for your turn.",
  hintSearching: "Looking for a good move…",
  hintSuggest: (move) => `Suggested: ${move}`,
  hintWhy: "Why",
  hintUse: "Select this move",
  hintFailed: (message) => `No hint: ${message}`,
  hintStale: "The position changed; ask again for a hint.",
  // Reason codes from the engine (docs/api.md, hint); value and card as the engine sent them,
  // and the words for the mover: `you` for a hint to the player, `it` for a computer's move.
  // An unknown code gets `reasonOther`, never its bare code.
  reasonPerson: {
    you: { you: "you", your: "your", yours: "yours" },
    it: { you: "it", your: "its", yours: "its" },
  },
  reasons: {
    takes_big_casino: () => "It takes big casino (10♦), worth 2 points.",
    takes_little_casino: () => "It takes little casino (2♠), worth 1 point.",
    takes_aces: (n) => (n > 1 ? `It takes ${n} aces, a point each.` : "It takes an ace, worth a point."),
    takes_spades: (n) => (n > 1 ? `It takes ${n} spades.` : "It takes a spade."),
    takes_seven_of_diamonds: () => "It takes the seven of diamonds (7♦), a scoring card.",
    most_cards: (n) => (n ? `It takes ${n} cards toward most cards.` : "It gathers cards toward most cards."),
    sweep: () => "It sweeps the table clear.",
    secures_last_capture: (n, card, w) =>
      `It makes sure ${w.you} capture${w.you === "it" ? "s" : ""} last, so the cards left on the table at the end are ${w.yours}.`,
    protects_build: (n, card, w) =>
      `It protects ${w.your} build${n ? ` of ${n}` : ""}: a multiple build cannot be raised.`,
    steals_build: (n) => (n ? `It takes an opponent's build of ${n} away from them.` : "It takes an opponent's build away from them."),
    builds_for_next_turn: (n, card, w) =>
      n ? `It builds ${n}, to take on ${w.your} next turn.` : `It makes a build to take on ${w.your} next turn.`,
    raises_build: (n) => (n ? `It raises the build to ${n}.` : "It raises a build."),
    leaves_no_sweep: () => "It leaves no sweep for the next player.",
    safe_trail: (n, card) =>
      card ? `${card} is safe to trail: no card still unseen can take it.` : "It is a safe trail: no card still unseen can take it.",
    keeps_pair: (n, card, w) =>
      `It keeps ${w.your} ${en.valuePlurals[n] ? `two ${en.valuePlurals[n]}` : "pair"} in hand, to trail one and take it with the other later.`,
    only_move: () => "It is the only legal move.",
  },
  reasonOther: "It scored best in the engine's look ahead.",

  // Statistics (web/ui/stats.js, web/ui/statspanel.js)
  statsButton: "Statistics",
  statsTitle: "Statistics",
  statsEmpty: "No match counted yet: a match against the computer counts when it ends.",
  statsOff: "This browser keeps no data for the page (storage is off or full), so no statistics can be kept.",
  statsWhatCounts:
    "A match counts once, when it ends: you against the computer. Matches with several people at one " +
    "screen, or with no human, are not counted. Points are your final match score (with a partner, your " +
    "side's); sweeps are your side's sweeps over the match.",
  statsColumns: {
    variant: "Variant",
    level: "Computer",
    played: "Played",
    won: "Won",
    lost: "Lost",
    average: "Avg points",
    sweeps: "Sweeps",
    best: "Best streak",
    streak: "Current streak",
  },
  statsLevel: (level) => (level === "mixed" ? "Mixed" : en.levelNames[level] || String(level)),
  statsVariant: (title, players, custom) => `${title}, ${players} players${custom ? ", changed rules" : ""}`,
  statsReset: "Reset statistics",
  statsResetConfirm: "Delete every figure in this table? This cannot be undone.",
  statsResetYes: "Delete statistics",
  statsResetDone: "The statistics were reset.",
  statsResetFailed: "The browser refused to delete the statistics.",
  statsBad: (why, key) =>
    key
      ? `Your statistics could not be read (${why}). They were set aside under “${key}” in this browser's storage; new statistics start empty.`
      : `Your statistics could not be read (${why}) nor set aside; they are left as they are and this match is not counted.`,
  statsCounted: (variant, level) => `Counted in your statistics: ${variant}, computer ${level}.`,
  statsAlready: "This match is already in your statistics.",
  statsFailed: "This match could not be counted: the browser did not let the page keep it.",
  statsSkipped: {
    several_humans: "Not counted in the statistics: several people played at this screen.",
    no_human: "Not counted in the statistics: no human played.",
    no_computer: "Not counted in the statistics: nobody played the computer.",
  },

  // The daily deal (web/ui/daily.js)
  dailyButton: "Daily deal",
  dailyHelp: (date) =>
    `Today's Classic deal (${date}), the same for everyone: you against the Intermediate computer. ` +
    "Your result is the first round's score.",
  dailyBadge: (date) => `Daily deal ${date}`,
  dailyTitle: (date) => `Daily deal ${date}: your result`,
  dailyShare: (date, you, them, sweeps) => `Cassino daily ${date}: ${you}–${them}, ${plural(sweeps, "sweep", "sweeps")}`,
  dailyCopy: "Copy",
  dailyCopied: "Copied: paste it wherever you like.",
  dailyCopyFallback: "The browser did not let the page copy it: the line is selected, copy it yourself (Ctrl+C, or your device's Copy).",
  badDaily: (raw) =>
    `The daily deal “${raw}” in the address (parameter “daily”) is not a date: use YYYY-MM-DD (for example ` +
    "2026-12-01) or “today”. A normal game is dealt instead.",
  dailyIgnores: (names) =>
    `The daily deal is always Classic, you against the Intermediate computer: the address's ${names.join(", ")} ` +
    `${names.length === 1 ? "is" : "are"} not used.`,

  // A seat named in an engine message ("the viewer (seat 0) ...").
  seatNamed: (name, seat) => `${name} (seat ${seat + 1})`,

  // Read out after a round or the match (the live region, web/ui/live.js)
  roundResult: (round, totals, match) => `Round ${round} is over. Points this round: ${totals}. Match score: ${match}.`,
  matchResult: (winner, totals) => `Match over. ${winner} Final score: ${totals}.`,
  scorePairs: (pairs) => pairs.map(([name, points]) => `${name} ${points}`).join(", "),
  dealtText: (round, deal, counts, stock) =>
    `Round ${round}, deal ${deal}: ` +
    counts.map(([name, n]) => (name === "You" ? `you have ${n} card${n === 1 ? "" : "s"}` : `${name} has ${n}`)).join(", ") +
    `; ${stock} left in the stock.`,
  moveReady: (words) => `${words}. Press C or Confirm to play it.`,

  // Move box suggestions
  moveBoxMatches: (n, typed) =>
    n === 0 ? `No listed legal move starts with “${typed}”.` : n === 1 ? `1 legal move starts with “${typed}”.` : `${n} legal moves start with “${typed}”.`,
  moveBoxPartial: (listed, total) =>
    listed === 0
      ? `This table allows ${total} moves, too many to suggest: type the whole move, or choose it with the cards.`
      : `Suggestions show ${listed} of the ${total} legal moves; any legal move may be typed.`,

  // Keys (the "Keys" dialog, key ?)
  keysButton: "Keys",
  keysTitle: "Keys",
  keysKey: "Key",
  keysDoes: "What it does",
  keysNote: "Single-letter keys do nothing while you type in the move box.",
  keysRows: [
    ["Tab, Shift+Tab", "Move between the table, your hand, and the buttons"],
    ["← → ↑ ↓, Home, End", "Move along your hand, the table, or the move choices"],
    ["Enter, Space", "Choose the card, table item or button in focus"],
    ["T", "Trail the chosen card (or the hand card in focus)"],
    ["C", "Confirm: play the move chosen"],
    ["Escape", "Clear the choice (or close a panel)"],
    ["U, Ctrl+Z", "Undo your last move"],
    ["H", "Hint: the engine suggests a move"],
    ["L", "Show or hide the last move of each player"],
    ["?", "This list of keys"],
  ],

  // Errors
  errorPrefix: "Error",
  badSeed: (raw) =>
    `The seed “${raw}” in the address is not valid: use a whole number from 0 to 9007199254740991 ` +
    "(for example ?seed=7). This game uses a random deal.",
  engineFailed: (message) => `The engine did not answer: ${message}`,
  dismiss: "Dismiss",

  // --- display (branch display) ---
  displayButton: "Display",
  displayTitle: "Display",
  displayLargeCards: "Large cards",
  displayLargeCardsHelp: "Bigger cards and bigger corner numbers, on the table and in your hand.",
  displayFourColour: "Four-colour deck",
  displayFourColourHelp: "Each suit its own colour: spades black, hearts red, diamonds blue, clubs green.",
  displayNotKept: "This browser would not keep the setting: it lasts until the page is closed.",
};

export const strings = en;
