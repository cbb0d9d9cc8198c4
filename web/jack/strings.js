// Every piece of text the California Jack / Shasta Sam page shows (English). Functions take
// plain values (names, card labels, numbers) and return text, so another language can order
// its words differently. Card labels come from web/ui/cards.js (cardShort, cardName).

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

export const SUIT_SYMBOLS = { S: "♠\uFE0E", H: "♥\uFE0E", D: "♦\uFE0E", C: "♣\uFE0E" };

export const jackStrings = {
  games: { cassino: "Cassino", california_jack: "California Jack", shasta_sam: "Shasta Sam" },
  statsChanged: "changed target or dealing", // a row of the statistics (web/ui/statspanel.js)
  gameSummaries: {
    cassino: "The fishing game: capture and build from the table.",
    california_jack: "Tricks for two; the stock lies face up, so you see what the next trick wins.",
    shasta_sam: "California Jack with the stock face down: every draw is a surprise.",
  },
  gameLegend: "Game",
  you: "You",
  computer: "Computer",

  // Top bar
  scoreboardLabel: "Match score",
  scoreValue: (n) => `: ${n}`,
  target: (n) => `playing to ${n}`,
  dealNumber: (n) => `Deal ${n}`,
  undo: "Undo",
  hint: "Hint",
  hintKey: "H",
  newGame: "New game",
  confirmNewGame: "Abandon this match and start a new one?",
  cancel: "Cancel",
  rulesButton: "Rules",
  moreActions: "Game",
  saveRecord: "Save record",
  loadRecord: "Load record",

  // Table
  trumps: "Trumps",
  trumpBadge: (suitName) => `Trumps: ${suitName}`,
  trumpTurned: (card) => `turned ${card}`,
  stock: "Stock",
  stockCount: (n) => plural(n, "card", "cards"),
  stockFaceUp: (card, n) => `Stock, ${plural(n, "card", "cards")}; the top card, face up, is the ${card}`,
  stockFaceDown: (n) => `Stock, ${plural(n, "card", "cards")}, face down`,
  stockEmpty: "The stock is used up",
  trick: "Trick",
  trickLabel: "The trick being played",
  trickEmpty: (name) => (name === "You" ? "Your lead" : `${name} leads`),
  trickWaiting: "waiting…",
  trickWon: (name) => (name === "You" ? "You win the trick" : `${name} wins the trick`),
  lastTrick: "Last trick",
  lastTrickNone: "No trick played yet in this deal.",
  lastTrickWon: (name) => (name === "You" ? "you won it" : `${name} won it`),
  drew: (name, card) => (name === "You" ? `you drew ${card}` : `${name} drew ${card}`),
  drewHidden: (name) => (name === "You" ? "you drew a card" : `${name} drew a hidden card`),
  drewNothing: "no cards drawn (the stock is used up)",
  handCount: (n) => plural(n, "card", "cards"),
  opponentHand: (name, n) => `${name}'s hand: ${plural(n, "card", "cards")}`,
  knownCards: "Seen drawn",
  seenByThem: "your opponent saw you draw it",
  seenByThemLine: (cards) => `Your opponent saw you draw ${cards}.`,
  knownHelp: "Cards you saw this player draw from the face-up stock and still in their hand",
  knownLabel: (name, cards) => `${name} holds, as you saw them draw: ${cards}`,
  won: (tricks, points) => `${plural(tricks, "trick", "tricks")} · ${plural(points, "card point", "card points")}`,
  wonLabel: (name, tricks, points) => `${name}: ${plural(tricks, "trick", "tricks")} won, ${plural(points, "card point", "card points")}`,
  dealer: "dealer",
  toPlay: "to play",
  yourHand: "Your hand",
  you_: "You",

  // Status and prompts
  yourLead: "Your lead: play any card.",
  yourFollow: (suit) => `Your turn: follow suit ${suit}.`,
  yourFollowAny: (suit) => `You have no ${suit}: play any card (a trump wins the trick).`,
  yourTurn: "Your turn",
  theirTurn: (name) => `${name}'s turn`,
  thinking: (name) => `${name} is thinking…`,
  waitTurn: "Wait for your turn.",
  mustFollow: (suit) => `must follow suit ${suit}`,
  notLegal: "not playable now",
  keysRows: [
    ["Tab, Shift+Tab", "Move between your hand and the buttons"],
    ["← → ↑ ↓, Home, End", "Move along your hand"],
    ["Enter, Space", "Play the card in focus"],
    ["H", "Hint: the engine suggests a card"],
    ["U, Ctrl+Z", "Undo your last card"],
    ["Escape", "Hide the hint"],
    ["?", "This list of keys"],
  ],
  played: (name, card) => (name === "You" ? `You played ${card}` : `${name} played ${card}`),
  trickResult: (winner, draws) => `${winner === "You" ? "You win" : `${winner} wins`} the trick${draws ? `; ${draws}` : ""}.`,
  handLabel: (card, why) => (why ? `${card}, ${why}` : card),
  retryComputer: (name) => `Ask ${name} to move again`,
  loading: "Starting the game…",

  // Hints
  hintTitle: (card) => `Hint: play ${card}.`,
  hintNone: "No hint now.",
  hintWorking: "Looking for a good card…",
  // Hint reasons (cassino_core/calijack/hints.py REASONS): (card label or "", value or null)
  reasons: {
    only_move: () => "It is the only card you may play.",
    wins_trick: (c) => (c ? `${c} wins the trick.` : "It wins the trick."),
    ducks_trick: () => "It loses this trick on purpose, cheaply.",
    takes_stock_card: (c) => (c ? `Winning the trick brings you the ${c} from the top of the stock.` : "Winning the trick brings you the top card of the stock."),
    leaves_stock_card: (c) => (c ? `Losing leaves the poor ${c} on the stock to your opponent; you draw the unknown card under it.` : "Losing leaves the poor top stock card to your opponent; you draw the unknown card under it."),
    takes_high: (c) => (c ? `The trick holds the ace of trumps (${c}): a point for High.` : "The trick holds the ace of trumps: a point for High."),
    takes_low: (c) => (c ? `The trick holds the two of trumps (${c}): a point for Low.` : "The trick holds the two of trumps: a point for Low."),
    takes_jack: (c) => (c ? `The trick holds the jack of trumps (${c}): a point for Jack.` : "The trick holds the jack of trumps: a point for Jack."),
    takes_points: (c, v) => (v ? `The trick is worth ${v} card points toward Game.` : "The trick is worth many card points toward Game."),
    saves_trump: () => "It keeps your trumps for later.",
    gives_up_worthless_card: (c) => (c ? `${c} counts nothing, so little is lost.` : "The card counts nothing, so little is lost."),
    draws_trump: () => "Leading a trump pulls out your opponent's trumps.",
    protects_jack: (c) => (c ? `Your jack of trumps (${c}) stays safe in your hand.` : "Your jack of trumps stays safe in your hand."),
    protects_ten: (c) => (c ? `Your ${c} stays in your hand instead of being lost in this trick.` : "Your ten stays in your hand instead of being lost in this trick."),
    exact_endgame: (c, v) =>
      v === null || v === undefined
        ? "The stock is used up, and the computer worked out the rest of the deal exactly."
        : `The stock is used up, and the computer worked out the rest of the deal exactly: with best play you end ${v > 0 ? `${v} point${v === 1 ? "" : "s"} ahead` : v < 0 ? `${-v} point${v === -1 ? "" : "s"} behind` : "level"}.`,
  },
  reasonOther: (code, c) => `The computer rates it best (${code.replace(/_/g, " ")}${c ? `, ${c}` : ""}).`,

  // Deal over and match over
  dealOver: (n) => `Deal ${n} is over`,
  matchOver: "Match over",
  category: "Point",
  categories: {
    high: "High (ace of trumps)",
    low: "Low (two of trumps)",
    jack: "Jack (jack of trumps)",
    game: "Game (most card points)",
  },
  categoryCard: { high: "A", low: "2", jack: "J" },
  cardPointsRow: "Card points in tricks",
  dealTotal: "Points this deal",
  matchTotal: "Match total",
  gameTie: "tied: nobody scores Game",
  nextDeal: "Next deal",
  newMatch: "New match",
  winnerLine: (name) => (name === "You" ? "You win the match!" : `${name} wins the match.`),
  noWinner: "The match ended without a winner.",
  finalScores: (a, b) => `Final score ${a} – ${b}`,
  dealHistory: "Points in each deal",
  dealLine: (n, text) => `Deal ${n}: ${text}`,
  point: "1",
  noPoint: "–",

  // New-game dialog
  newGameTitle: "New game",
  newGameIntro: "Two players, one against the computer. Trumps change every deal.",
  levelLabel: "Computer level",
  levelNames: { beginner: "Beginner", intermediate: "Intermediate", expert: "Expert" },
  levelHelp: {
    beginner: "Plays its cards without much thought: good for learning.",
    intermediate: "Counts the cards played and, in California Jack, weighs the face-up stock card.",
    expert: "Looks ahead over the hands you might hold (takes a moment longer).",
  },
  packetLabel: "Dealing",
  packetNames: { 1: "one card at a time", 3: "three cards at a time" },
  packetHelp: "Only the way the six cards are handed out; play is the same.",
  targetLabel: "Points to win",
  targetHelp: "The match goes to this many points (the usual game is 10).",
  seedLabel: "Deal number (optional)",
  seedHelp: "The same number gives the same cards; leave empty for a random deal.",
  startGame: "Start",
  starting: "Starting…",
  cancelNewGame: "Cancel",
  refusedGame: (message) => `The engine refused this game: ${message}`,
  gameRules: (title) => `Rules of ${title}`,

  // Messages
  errorPrefix: "Error",
  dismiss: "Dismiss",
  engineFailed: (detail) => `The engine failed: ${detail}`,
  resumed: "Your game was resumed where you left it.",
  savedGameBad: (why) =>
    `The saved California Jack game could not be resumed (${why}). It was set aside, and a new game can begin.`,
  badGame: (raw) =>
    `The game “${raw}” in the address (parameter “game”) is not known; use cassino, california_jack or shasta_sam.`,
  badLevel: (raw) =>
    `The level “${raw}” in the address (parameter “level”) is not known; use beginner, intermediate or expert. The usual level is used.`,
  badTarget: (raw) =>
    `The target “${raw}” in the address (parameter “target”) is not a whole number from 1 to 100; the usual 10 points are used.`,
  badPacket: (raw) =>
    `The dealing “${raw}” in the address (parameter “packet”) is not 1 or 3; the usual dealing is used.`,
  badAddressGame: (message) => `The game the address asks for cannot be played: ${message}`,
  undoNothing: "There is no earlier turn of yours to go back to.",
  loaded: "Record loaded.",
  notJackRecord: "it is not a California Jack or Shasta Sam record (Cassino records load on Cassino's page).",

  // --- replay (branch replay) ---
  replayTitle: "Replay: both hands and the stock face up",
  replayDealt: (deal) => `Deal ${deal}: the cards are dealt`,
  replayPlayed: (deal, trick, name, card) => `Deal ${deal}, trick ${trick}: ${name} played ${card}`,
  replayWon: (name) => ` (${name} won the trick)`,
  replayTrump: (suit, card) => `Trumps: ${suit} (turned: ${card})`,
  replayTrick: "Trick",
  replayStock: (n) => `Stock: ${n} cards, next first`,
  replayWonCards: (cards, points) => `Won ${cards} cards, ${points} card points`,
  replayScores: (a, b, nameA, nameB) => `Score: ${nameA} ${a} · ${nameB} ${b}`,
  replayHand: (name) => `${name}’s hand`,
  moveLogIntro: "Every card played so far, trick by trick (every card played is seen by both players).",
  moveLogDeal: (deal) => `Deal ${deal}`,
  moveLogCard: (trick, name, card) => `Trick ${trick}: ${name} played ${card}`,
  moveLogWon: (name) => ` — ${name} won the trick`,
  keysMoveLogKey: "M",
  keysMoveLogDoes: "Open the move log (every card played)",
};
