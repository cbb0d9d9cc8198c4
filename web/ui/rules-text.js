// The rules as the page explains them: one entry per preset, the wording of every rules switch
// for the new-game screen, and the labels of the score categories. Written in our own words
// from the project's rule reference (source keys in docs/rules.md); plain text only, one string
// per paragraph, so another language is another module of the same shape.
//
// Shapes:
//   RULES_TEXT[preset]   = { title, summary, sections: [{ heading, paragraphs: [string] }] }
//   SWITCH_TEXT[field]   = { label, help, choices: { [String(value)]: string } }
//                          (booleans use the keys "true" and "false"; number fields list the
//                          usual values, and any other allowed number is fine too)
//   CATEGORY_TEXT[key]   = label of a score category in a round's result

const SAME = "Everything not mentioned here is played as in Classic Cassino.";
const SAME_AS_ROYAL = "Everything not mentioned here is played as in Royal Cassino.";

/** Presets in the order the new-game screen lists them. */
export const PRESET_ORDER = [
  "classic", "royal", "buckeye", "spade", "spade_royal", "draw", "diamond", "california",
  "portuguese", "trailing_royals", "pluck", "initial_pairs", "sudden_death", "michigan",
];

export const RULES_TEXT = {
  classic: {
    title: "Classic Cassino",
    summary: "The standard game: capture and build from the table, 11 points a round plus sweeps, first to 21.",
    sections: [
      {
        heading: "Players and the deal",
        paragraphs: [
          "Cassino is played with one 52-card pack and no jokers. Two people play, each on their own. Three can play too, each on their own, and four play as two teams, partners sitting opposite each other and sharing their captured cards and points.",
          "The dealer hands out the cards two at a time: two to each other player, two face up to the table, two to the dealer, and then the same once more. Everyone now holds four cards and four cards lie face up on the table. The rest of the pack is set aside for later deals.",
          "When all hands are empty, the dealer gives everyone four more cards, again two at a time, but nothing more goes to the table. Two players get six deals out of the pack, three players four deals, four players three deals.",
          "The player on the dealer's left plays first in every deal and play goes clockwise, so the dealer always plays last. The first dealer is picked at random; in each new round the deal moves one seat to the left.",
        ],
      },
      {
        heading: "What the cards are worth",
        paragraphs: [
          "An ace counts 1 and the cards from 2 to 10 count their number. These number cards can capture, add up and build.",
          "Jacks, queens and kings have no number at all. A court card can only be paired with a card of its own rank, and it never takes part in a sum or a build.",
          "Suits make no difference during play. They only matter when the round is scored: spades, the 10 of diamonds (big casino) and the 2 of spades (little casino) are worth points.",
        ],
      },
      {
        heading: "Your turn",
        paragraphs: [
          "On your turn you play exactly one card from your hand, and that card does one of three things: it captures cards from the table, it builds, or it is trailed (simply left face up on the table).",
          "Cards on the table never move by themselves: something only happens to them when a card from someone's hand is played.",
        ],
      },
      {
        heading: "Capturing",
        paragraphs: [
          "Pairing: a card takes a table card of the same value. Your 6 takes a 6 from the table; if two 6s lie there, it may take one of them or both.",
          "Combining: a number card takes two or more table cards whose values add up to its own. A 9 can take a 4 and a 5, or a 2, a 3 and a 4.",
          "One card may make several captures in the same play, mixing pairs, sums and builds of its value, as long as every table card belongs to one group only. Example: with A, 2, 3, 5, 6 and 8 on the table, your 8 can take the 8, 6+2 and 5+3, or the 8 and 5+2+A, but never all six cards.",
          "You are never forced to take everything you could: taking fewer groups is allowed.",
          "Court cards: a jack takes one jack, a queen one queen, a king one king, one per play even when more of that rank lie on the table. Taking them in pairs this way means no lone court card is left behind that nothing could ever take.",
          "The cards you capture go face down into your pile together with the card you played.",
        ],
      },
      {
        heading: "Building",
        paragraphs: [
          "A build ties table cards together so that only one value can take them. You play a card onto one or more table cards and announce the total, and you must keep another card of that value in your hand to take the build later. A build always includes the card you just played: you cannot build with table cards alone.",
          "Single build: your card and table cards that add up to a total. Example: you hold a 3 and an 8 and a 5 lies on the table. Play the 3 onto the 5 and announce \"building 8\". From now on those two cards count only as one 8.",
          "Multiple build: two or more groups that are each worth the same value, stacked together. Example: you hold two 7s, and a 7, a 4 and a 3 lie on the table. Play one 7 onto the table 7 and put the 4 and 3 with them: \"building sevens\". Only a 7 can take the stack, and the value of a multiple build can never change.",
          "A card played on a card of the same value could mean two things: a 3 on a 3 is either \"building 6\" (a single build, taken by a 6) or \"building threes\" (a multiple build, taken by a 3). When both are possible, the game asks you which one you mean.",
          "Raising: anyone may raise a single build, its owner included, with one card from hand, as long as they hold a card of the new total. Example: a build of 5 (2 and 3) is on the table; holding a 3 and an 8, you add the 3 and announce \"building 8\". Cards from the table can never change a build's value, and a multiple build cannot be raised.",
          "Adding: to any build, single or multiple, you may add a card from hand which, alone or together with table cards, makes the build's value. The build then becomes multiple. Example: a build of 9 (4 and 5) and a loose 6 lie on the table; holding a 3 and a 9, you play the 3 with the 6 onto the build: \"building nines\".",
          "Whenever you make, raise or add to a build, you may also gather in any loose table cards that make the build's value, alone or in groups. One play changes only one build that is already on the table.",
          "A build is taken only as a whole and only by a card of its value. It is never broken up: once a 5 and a 2 form a build of 7, a 5 or a 2 from hand cannot touch either of them. The highest possible build is 10.",
        ],
      },
      {
        heading: "Owning a build",
        paragraphs: [
          "You own a build when you were the last player to make it, raise it or add to it. If another player raises it or adds to it, it becomes theirs.",
          "While you own a build on the table, you may not trail. You must capture something, make a new build, or raise or add to a build.",
          "Until your build is taken, you must keep a card of its value in your hand, so your last card of that value can only be used to take the build itself. One card guards one value: if you own builds of two different values, you need a card of each. Because of this you always have a legal move.",
          "With four players in teams, you may also make or add to a build of a value your partner has already built, even without holding that value yourself, trusting your partner to take it. Such a build stays your partner's: they remain its owner, with the duty to keep the card that takes it.",
        ],
      },
      {
        heading: "Trailing",
        paragraphs: [
          "If you do not want to capture or build, lay your card face up on the table, where anyone may use it later. You may trail even a card that could have captured something; only the owner of a build may not trail.",
          "After a sweep the table is empty, so the next player has nothing to capture or build on and must trail.",
        ],
      },
      {
        heading: "Sweeps",
        paragraphs: [
          "Taking every card on the table in one play is a sweep, worth 1 point. The game keeps count of the sweeps for you.",
          "A sweep made with the very last card of a round counts only if that card really captures everything on the table by itself.",
        ],
      },
      {
        heading: "The end of a round: \"last\" and the leftovers",
        paragraphs: [
          "When the dealer gives out the last cards of the pack, the page marks it as the last deal. This is the dealer's traditional call of \"last\": it warns everyone that the round is about to end.",
          "When the final card has been played, any cards still on the table go to the player or team that made the last capture. Taking them this way is never a sweep.",
          "No build can be left at the end, because its owner always holds a card that takes it. If nobody captured anything during the whole round, the leftovers go to the dealer; the old rules say nothing about that case, so this is our choice.",
        ],
      },
      {
        heading: "Scoring a round",
        paragraphs: [
          "Most cards: 3 points (with two players, 27 or more of the 52).",
          "Most spades: 1 point (with two players, 7 or more of the 13).",
          "Big casino, the 10 of diamonds: 2 points. Little casino, the 2 of spades: 1 point.",
          "Each ace: 1 point. Each sweep: 1 point.",
          "A tie for most cards or most spades scores nothing for anyone. With three players, \"most\" means more than each of the other two. Partners add their piles together before counting.",
          "So a round is worth 11 points plus sweeps, or 8 plus sweeps when the cards are split 26 to 26.",
        ],
      },
      {
        heading: "Winning the match",
        paragraphs: [
          "Rounds are played until someone has 21 points or more. If more than one player or team gets there in the same round, the higher total wins; if those totals are equal, another round is played.",
        ],
      },
      {
        heading: "What the computer takes care of",
        paragraphs: [
          "The computer shuffles and deals, so misdeals, cards shown by accident, too many or too few cards, and a forgotten \"last\" call cannot happen, and neither can the penalties for them.",
          "The page only offers legal moves: you cannot play out of turn, make a build you could not take, or break a build apart, so there is nothing to correct or penalise.",
        ],
      },
      {
        heading: "Changing the rules",
        paragraphs: [
          "Tables have always played Cassino in slightly different ways. The new-game screen lets you change each rule above one by one, or pick one of the named variants, which the other pages describe by how they differ from this one.",
        ],
      },
    ],
  },

  royal: {
    title: "Royal Cassino",
    summary: "Jacks, queens and kings count 11, 12 and 13, and an ace 1 or 14.",
    sections: [
      {
        heading: "What changes",
        paragraphs: [
          "Court cards get numbers: a jack counts 11, a queen 12 and a king 13. An ace played from your hand counts 1 or 14, whichever suits you.",
          "Court cards now behave like every other card: they capture by pairing and by adding up, they can be built and built on, and a court card can take several cards at once.",
          "Builds can go up to 14. Only an ace played from hand, counting 14, can take a build of 14, so you must hold an ace to make one.",
          "An ace lying on the table counts 1 or 14 as the player who captures it or builds with it decides. A switch makes a table ace always count 1.",
          "Sweeps count 1 point each, as in Classic. Some Royal tables do not count them at all: switch Sweeps off to play that way.",
          SAME,
        ],
      },
      {
        heading: "Examples",
        paragraphs: [
          "A king (13) takes a jack and a 2 from the table (11 + 2).",
          "An ace from your hand, counting 14, takes a queen and a 2 (12 + 2).",
          "With a queen and an ace on the table, a king takes both (12 + 1, the table ace counting 1).",
        ],
      },
      {
        heading: "Which reading we use",
        paragraphs: [
          "The old books disagree about an ace already on the table; the game follows the user's Russian source, where the player using the ace chooses its value, and offers Foster's \"always 1\" as a switch.",
          "Sources also differ on sweeps in Royal; the game keeps them, as the user's Ukrainian source does.",
        ],
      },
    ],
  },

  buckeye: {
    title: "Buckeye Cassino",
    summary: "Royal Cassino where the 10 of diamonds counts 10 or 11.",
    sections: [
      {
        heading: "What changes",
        paragraphs: [
          "Everything in Royal Cassino applies: jacks 11, queens 12, kings 13, an ace 1 or 14.",
          "On top of that the 10 of diamonds counts 10 or 11. Whoever plays it from hand, or captures it or builds with it on the table, chooses which. It still scores 2 points as big casino.",
          SAME_AS_ROYAL,
        ],
      },
      {
        heading: "Examples",
        paragraphs: [
          "Your 10 of diamonds can take a jack from the table (as 11), or a 6 and a 4 (as 10).",
          "With the 10 of diamonds and a 2 on the table, a king takes both (11 + 2), and so does a queen (10 + 2).",
        ],
      },
    ],
  },

  spade: {
    title: "Spade Cassino",
    summary: "Every spade scores: 24 points a round, first to 61.",
    sections: [
      {
        heading: "What changes",
        paragraphs: [
          "Every spade you capture is worth a point. A round is scored like this: most cards 3; the 10 of diamonds 2; each ace 1; each spade 1; and 1 more each for the 2 of spades and the jack of spades. There is no separate point for most spades.",
          "That makes 24 points a round, plus sweeps.",
          "The match is played to 61. If the loser has fewer than 31 points when it ends, the win counts double.",
          SAME,
        ],
      },
      {
        heading: "Example",
        paragraphs: [
          "The jack of spades is worth 2 (1 as a spade and 1 extra), the ace of spades 2 (1 as an ace and 1 as a spade), and the 2 of spades 2 (1 as a spade and 1 as little casino). Every other spade is worth 1.",
        ],
      },
      {
        heading: "Which reading we use",
        paragraphs: [
          "Books count 24, 25 or 26 points a round; the game uses 24, where Foster, pagat and the user's Russian source agree, and offers Wikipedia's 25 and Bicycle's 26 as switches.",
        ],
      },
    ],
  },

  spade_royal: {
    title: "Spade Royal Cassino",
    summary: "Spade scoring with Royal card values, first to 61.",
    sections: [
      {
        heading: "What changes",
        paragraphs: [
          "Cards have their Royal values: jack 11, queen 12, king 13, an ace 1 or 14 (see Royal Cassino).",
          "Rounds are scored as in Spade Cassino: every spade 1, 1 more each for the 2 and jack of spades, most cards 3, the 10 of diamonds 2, each ace 1, so 24 a round plus sweeps. The match is played to 61, and the win counts double if the loser has fewer than 31.",
          SAME,
        ],
      },
      {
        heading: "Example",
        paragraphs: [
          "A king (13) can take the jack of spades and the 2 of spades together (11 + 2): 4 points in one play.",
        ],
      },
    ],
  },

  draw: {
    title: "Draw Cassino",
    summary: "One deal only: after every play you draw a card from the stock.",
    sections: [
      {
        heading: "What changes",
        paragraphs: [
          "There is only one deal: four cards to each player and four to the table. The rest of the pack lies face down as a stock.",
          "Each time you play a card, you draw the top card of the stock, so you keep four cards in hand for as long as the stock lasts. The game draws for you, so a draw can never be forgotten.",
          "Once the stock is empty, the hands are played out, and the last player to capture takes the cards left on the table, as usual.",
          SAME,
        ],
      },
      {
        heading: "Example",
        paragraphs: [
          "With two players, the stock starts with 40 cards; each of you draws 20 times and plays 24 cards in the round.",
        ],
      },
    ],
  },

  diamond: {
    title: "Diamond Cassino",
    summary: "40 cards, three each; most cards, most diamonds, the 7 of diamonds and sets of four score; first to 11.",
    sections: [
      {
        heading: "What changes",
        paragraphs: [
          "The pack has 40 cards: the jacks, queens and kings are taken out. A switch removes the 8s, 9s and 10s instead.",
          "Each player gets three cards per deal, dealt one at a time, and four go to the table on the first deal only. With two players that makes six deals.",
          "Scoring a round: most cards 1; most diamonds 1; the 7 of diamonds 1; 2 points for each complete set of four 7s, four 6s or four aces that you capture; each sweep 1. A tie for most cards or most diamonds scores nothing.",
          "The match is played to 11.",
          SAME,
        ],
      },
      {
        heading: "Example",
        paragraphs: [
          "If you capture all four 7s, the 7 of diamonds among them, you score 2 for the set and 1 more for the 7 of diamonds.",
        ],
      },
      {
        heading: "Which reading we use",
        paragraphs: [
          "Few sources describe this game: Wikipedia (the user's source) removes the court cards and Ostrow removes the 8s, 9s and 10s, so the game follows Wikipedia by default and offers Ostrow's pack as a switch; the scoring follows Ostrow, since Wikipedia gives no numbers.",
        ],
      },
    ],
  },

  california: {
    title: "California Cassino",
    summary: "Dealt one card at a time, matching court cards taken together, no sweeps; everyone deals twice.",
    sections: [
      {
        heading: "What changes",
        paragraphs: [
          "Two, three, four or six can play.",
          "The cards are dealt one at a time instead of two at a time.",
          "Court cards still have no number, but one court card takes every card of its rank lying on the table. Example: two queens are on the table and you hold a queen: you take all three.",
          "Sweeps score nothing.",
          "The match lasts until every player has dealt twice (four rounds with two players, six with three), and the highest total wins.",
          SAME,
        ],
      },
      {
        heading: "Which reading we use",
        paragraphs: [
          "The source only says several matching court cards may be taken together; the game takes them all in one play, as the older books (Foster, Britannica) do.",
        ],
      },
    ],
  },

  portuguese: {
    title: "Portuguese Cassino",
    summary: "Play to 31; at 26 cards each, the side with more spades takes the 3 points for cards.",
    sections: [
      {
        heading: "What changes",
        paragraphs: [
          "Two play alone or four in two teams, and the match is played to 31 instead of 21.",
          "When the cards are split 26 to 26, the 3 points for most cards are not lost: the side with more spades takes them, besides its usual point for most spades.",
          SAME,
        ],
      },
      {
        heading: "Example",
        paragraphs: [
          "You and your opponent both end the round with 26 cards, and 8 of yours are spades. You score 3 for cards and 1 for spades.",
        ],
      },
    ],
  },

  trailing_royals: {
    title: "Trailing-Royals Cassino",
    summary: "Court cards can be built by rank and taken several at a time.",
    sections: [
      {
        heading: "What changes",
        paragraphs: [
          "Court cards still have no number, but they can be built by rank: play a jack onto a jack on the table and announce \"building jacks\" while you hold another jack. Only a jack can take that build.",
          "A court card may take one, two or three cards of its rank from the table in one play.",
          "When three cards of one rank leave the table in the same play, the fourth is an orphan: nothing can ever take it. It stays on the table until the end of the round and goes with the leftovers to the last player who captured. While an orphan lies on the table, nobody can make a sweep.",
          SAME,
        ],
      },
      {
        heading: "Example",
        paragraphs: [
          "Two kings lie on the table and you hold a king: you may take both at once. The fourth king, once it is played, will stay on the table to the end of the round.",
        ],
      },
    ],
  },

  pluck: {
    title: "Pluck Cassino",
    summary: "Once per deal, pluck one card from the table into your pile.",
    sections: [
      {
        heading: "What changes",
        paragraphs: [
          "Once in every deal, on one of your turns, you may pluck a loose card from the table and put it straight into your pile before you play your card. Your turn goes on: you still play a card as usual.",
          "You may not pluck an ace, the 10 of diamonds or the 2 of spades; you may not pluck the only card on the table; and you may not pluck on your last turn of the round.",
          "A pluck is never a sweep, and cards inside a build cannot be plucked, because a build is never broken up.",
          SAME,
        ],
      },
      {
        heading: "Example",
        paragraphs: [
          "The table shows a 4, a 9 and a king. Before playing, you pluck the king into your pile; then you capture the 4 with a 4 from your hand.",
        ],
      },
      {
        heading: "Which reading we use",
        paragraphs: [
          "The only source allows plucking before or after your card; the game offers it before your card, which also settles the source's rule that you may not pluck the card you have just played.",
        ],
      },
    ],
  },

  initial_pairs: {
    title: "Initial pairs",
    summary: "Pairs dealt to the table go straight to the first player.",
    sections: [
      {
        heading: "What changes",
        paragraphs: [
          "When the first deal of a round lays two or more cards of one rank on the table, they go straight into the first player's pile before anyone plays, whether or not that player holds a card of that rank.",
          "This is not a capture and never a sweep, even when it leaves the table empty.",
          "The idea is to give the first player something back for the advantage later players have in stealing or changing the first player's builds.",
          SAME,
        ],
      },
      {
        heading: "Example",
        paragraphs: [
          "The table is dealt 7, 7, queen, 3. The two 7s go to the first player; the queen and the 3 stay on the table.",
        ],
      },
    ],
  },

  sudden_death: {
    title: "Sudden death",
    summary: "Sweeps score at once, and a sweep that brings you to 20 wins the match on the spot.",
    sections: [
      {
        heading: "What changes",
        paragraphs: [
          "A sweep's point goes onto the match score the moment the sweep is made, not at the end of the round.",
          "If a sweep brings a player or team to one point short of the target (20 in a game to 21) or more, they win the match at once, without finishing the round.",
          SAME,
        ],
      },
      {
        heading: "Example",
        paragraphs: [
          "You have 19 points in a game to 21 and clear the table: your score becomes 20 and you win straight away.",
        ],
      },
      {
        heading: "Which reading we use",
        paragraphs: [
          "The source gives only a line about a sweeper at 20 ending the game; the game reads it as a sweep that lifts a side to 20 (one less than the target) winning at once.",
        ],
      },
    ],
  },

  michigan: {
    title: "Michigan Cassino",
    summary: "Sweeps score 2, and a builder may break the owner's rules at a cost of 2 points.",
    sections: [
      {
        heading: "What changes",
        paragraphs: [
          "Each sweep is worth 2 points.",
          "The owner of a build may default: trail while owning a build, or play away the last card that could take it. Each default costs 2 points, taken off that round's score and shown as a penalty.",
          "A build left without a card to take it stays on the table. Anyone holding its value may still take it; otherwise it goes with the leftovers to the last player who captured.",
          SAME,
        ],
      },
      {
        heading: "Example",
        paragraphs: [
          "You own a build of 8 but would rather keep your other cards for later, so you trail a 4. That costs you 2 points, and your build of 8 stays on the table.",
        ],
      },
      {
        heading: "Which reading we use",
        paragraphs: [
          "The source also mentions a series of short rounds to 5 ended by three quick scores; the game keeps the usual match to 21, since that series needs a match format of its own.",
        ],
      },
    ],
  },
};

export const SWITCH_TEXT = {
  players: {
    label: "Players",
    help: "How many people sit at the table.",
    choices: {
      2: "Two players, each on their own.",
      3: "Three players, each on their own.",
      4: "Four players: two teams of partners sitting opposite, or everyone alone.",
      5: "Five players, each alone: the 2s of hearts, diamonds and clubs are removed, and the last deal gives five cards each.",
      6: "Six players (as in California Cassino): two teams of three in alternate seats, or everyone alone.",
    },
  },
  partnerships: {
    label: "Partnerships",
    help: "With four or six players, play in two teams.",
    choices: {
      true: "Teams: partners sit in alternate seats and share their captured cards and points.",
      false: "Everyone plays for themselves.",
    },
  },
  deal_packet: {
    label: "Dealing",
    help: "How many cards the dealer hands out at a time.",
    choices: {
      2: "Two at a time, the traditional way.",
      1: "One at a time, as in California Cassino.",
    },
  },
  hand_size: {
    label: "Cards per deal",
    help: "How many cards each player gets in every deal.",
    choices: {
      4: "Four cards, the usual number.",
      3: "Three cards, as in Diamond Cassino.",
    },
  },
  pack: {
    label: "Pack",
    help: "Which cards are played with.",
    choices: {
      standard: "All 52 cards.",
      no_courts: "40 cards without jacks, queens and kings (Diamond, as Wikipedia has it).",
      no_high: "40 cards without 8s, 9s and 10s (Diamond, as Ostrow has it); builds then go up to 7.",
    },
  },
  values: {
    label: "Card values",
    help: "What each card counts for capturing and building.",
    choices: {
      classic: "Ace 1, number cards their number; jacks, queens and kings have no number and only pair.",
      royal: "Jack 11, queen 12, king 13, an ace from hand 1 or 14; every card can add up and build.",
    },
  },
  table_ace: {
    label: "Ace on the table",
    help: "Royal values only: what an ace lying on the table counts.",
    choices: {
      chosen: "1 or 14, as the player who captures it or builds with it decides.",
      one: "Always 1; only an ace played from hand can count 14.",
    },
  },
  big_casino_eleven: {
    label: "10 of diamonds counts 11",
    help: "Meant for Royal values (Buckeye): the 10 of diamonds can count 11.",
    choices: {
      true: "The 10 of diamonds counts 10 or 11, as the player using it chooses.",
      false: "The 10 of diamonds counts 10.",
    },
  },
  court_capture: {
    label: "Court cards per capture",
    help: "How many matching jacks, queens or kings one court card takes.",
    choices: {
      one: "One per play, even when more lie on the table.",
      one_or_three: "One, or all three at once when you play the fourth.",
      all: "Every card of its rank on the table, all at once.",
      any: "As many as you like: one, two or three.",
    },
  },
  court_builds: {
    label: "Building court cards",
    help: "Whether jacks, queens and kings can be built by rank.",
    choices: {
      true: "Yes: a jack on a jack is \"building jacks\", taken only by a jack.",
      false: "No: court cards are never built.",
    },
  },
  capture_compulsory: {
    label: "Must capture",
    help: "Whether a card that can capture may still be trailed.",
    choices: {
      true: "A card that can capture something may not be trailed.",
      false: "You may trail any card, even one that could capture.",
    },
  },
  builder_restriction: {
    label: "Owning a build",
    help: "What you may do while a build of yours is on the table.",
    choices: {
      no_trail: "You may not trail; capture or build instead.",
      may_trail: "You may trail like anyone else.",
      wiki2: "Every play must take your build or build on it.",
      wiki3: "You must take your build, build on it, or make or take over another build; a capture must include your build.",
      penalty: "You may trail, or give up your last card of the build's value, but each time costs 2 points (Michigan).",
    },
  },
  raise_own_build: {
    label: "Raising your own build",
    help: "Whether you may raise a single build you own.",
    choices: {
      true: "Yes, if you hold a card of the new total.",
      false: "No: only other players may raise your build.",
    },
  },
  same_value_builds: {
    label: "Two builds of one value",
    help: "Whether two separate builds of the same value may lie on the table.",
    choices: {
      true: "Allowed.",
      false: "Not allowed: a second group of that value must join the first build.",
    },
  },
  partner_building: {
    label: "Building for your partner",
    help: "Teams only: building to your partner's value without holding it.",
    choices: {
      true: "You may make or add to a build of a value your partner has built, without holding it; the build stays your partner's.",
      false: "You must hold the value of every build you make or add to.",
    },
  },
  sweeps: {
    label: "Sweeps",
    help: "What clearing the table is worth.",
    choices: {
      off: "Nothing.",
      one: "1 point each.",
      cancel: "1 point each, but the two sides' sweeps cancel each other one for one.",
      two: "2 points each (Michigan).",
    },
  },
  sudden_death: {
    label: "Sudden death",
    help: "Whether sweeps score at once and can end the match.",
    choices: {
      true: "Sweeps count the moment they are made; a sweep that brings a side to one short of the target wins.",
      false: "Sweeps are added up at the end of the round.",
    },
  },
  draw: {
    label: "Draw after every play",
    help: "One deal, then a card from the stock after each play (Draw Cassino).",
    choices: {
      true: "One deal only; after each play you draw back up to four while the stock lasts.",
      false: "New deals of four whenever the hands are empty.",
    },
  },
  pluck: {
    label: "Pluck",
    help: "Once per deal, take one table card into your pile (Pluck Cassino).",
    choices: {
      true: "Once per deal, before your card, you may pluck one loose table card that does not score by itself (usually: not an ace, 10 of diamonds or 2 of spades).",
      false: "No plucking.",
    },
  },
  initial_pairs: {
    label: "Initial pairs",
    help: "What happens to pairs dealt to the table.",
    choices: {
      true: "Two or more cards of one rank dealt to the table go straight to the first player.",
      false: "They stay on the table like any other cards.",
    },
  },
  scoring: {
    label: "Scoring",
    help: "How the cards captured in a round are counted.",
    choices: {
      standard: "11 a round: most cards 3, most spades 1, 10 of diamonds 2, 2 of spades 1, each ace 1.",
      spade24: "Spade, 24 a round: every spade 1, 1 more for the 2 and jack of spades, most cards 3, 10 of diamonds 2, aces 1.",
      spade25: "Spade as Wikipedia counts it, 25 a round: the usual 11, the jack of spades 2 and every other spade 1.",
      spade26: "Spade as Bicycle counts it, 26 a round: cards 3, most spades 1, 10 of diamonds 2, aces 1, ace, jack and 2 of spades 2 each, other spades 1.",
      diamond: "Diamond: most cards 1, most diamonds 1, 7 of diamonds 1, 2 for each set of four 7s, 6s or aces.",
    },
  },
  portuguese_tiebreak: {
    label: "Spades break a tie for cards",
    help: "Who gets the 3 points for cards at 26 each.",
    choices: {
      true: "The side with more spades takes them (Portuguese).",
      false: "Nobody: a tie scores nothing.",
    },
  },
  double_below: {
    label: "Double game",
    help: "The win counts double when the loser ends below this score; 0 turns it off.",
    choices: {
      0: "No doubling.",
      31: "Double when the loser has fewer than 31 (Spade).",
    },
  },
  game_end: {
    label: "Match length",
    help: "When the match is over.",
    choices: {
      target: "When someone reaches the target score.",
      one_deal: "After one round: the higher score wins.",
      two_deals: "After two rounds, each player dealing once: the higher total wins.",
      eleven_doubling: "First to 11; reaching it within two rounds doubles the win, within one round quadruples it.",
      deals_twice: "When every player has dealt twice: the highest total wins (California).",
    },
  },
  target: {
    label: "Target score",
    help: "Points that win the match when it is played to a score; any number from 1 to 1000.",
    choices: {
      11: "11, a short game (Diamond).",
      21: "21, the usual game.",
      31: "31, a longer game (Portuguese).",
      61: "61, for Spade scoring.",
    },
  },
  tie_break: {
    label: "Equal totals",
    help: "When sides pass the target in the same round with equal totals.",
    choices: {
      another_round: "Play another round.",
      cards_then_spades: "The side with more cards in that round wins; if still equal, more spades.",
      count_out: "Count that round's points in the usual order (cards, spades, casinos, aces, sweeps); the first to reach the target wins.",
    },
  },
};

export const CATEGORY_TEXT = {
  cards: "Most cards",
  spades: "Most spades",
  big_casino: "Big casino (10♦)",
  little_casino: "Little casino (2♠)",
  aces: "Aces",
  sweeps: "Sweeps",
  spade_cards: "Spades, 1 each",
  jack_of_spades: "Jack of spades (J♠)",
  diamonds: "Most diamonds",
  seven_of_diamonds: "Seven of diamonds (7♦)",
  four_of_a_kind: "Sets of four (7s, 6s or aces)",
  penalties: "Penalties",
};
