// The "Game" choice at the top of a new-game screen: Cassino, California Jack or Shasta Sam.
// Both new-game screens show it (Cassino's in newgame.js, the Jack games' in web/jack/); picking
// another game hands the page over to that game's screen (web/jack/games.js). Below the games,
// a button opens the list of the family's games that are not offered (web/ui/family.js).

import { h } from "./dom.js";
import { choiceCards } from "./newgame-parts.js";
import { jackStrings as t } from "../jack/strings.js";
import { GAMES } from "../jack/params.js";
import { familyButton } from "./family.js";

/**
 * @param current the game this screen is for ("cassino", "california_jack", "shasta_sam")
 * @param onChange (game) => void, called when another game is picked; without it, null
 * @param prefix   makes the radios' ids unique per screen
 */
export function renderGameChoice(current, onChange, prefix = "ng") {
  if (typeof onChange !== "function") return null;
  return h(
    "fieldset",
    { class: "ng-games", dataset: { gameChoice: current } },
    h("legend", {}, t.gameLegend),
    choiceCards({
      name: "game",
      kind: "game",
      prefix,
      class: "game-list",
      current,
      items: GAMES.map((game) => ({ value: game, title: t.games[game], summary: t.gameSummaries[game] })),
      onPick: (game) => {
        if (game !== current) onChange(game);
      },
    }),
    familyButton(),
  );
}
