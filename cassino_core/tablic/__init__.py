"""Tablić, with Phillips' Tablanette as a preset.

The fourth fishing game of the Cassino family (issue 15), built on the shared fishing parts
(:mod:`cassino_core.fishing`; docs/family.md): several-group captures with cards of two values
(:func:`cassino_core.fishing.capture.group_unions_of`), counted card points
(:mod:`~cassino_core.fishing.scoring`), the plain target win (:mod:`~cassino_core.fishing.
match`), records (:mod:`~cassino_core.fishing.record`), the session
(:mod:`~cassino_core.fishing.session`), the players' search (:mod:`~cassino_core.fishing.
players`) and the tournament (:mod:`~cassino_core.fishing.tournament`). Modules:
:mod:`.rules` (:class:`TablicRules`, presets), :mod:`.game` (one round), :mod:`.match`,
:mod:`.view` (what one seat knows), :mod:`.record`, :mod:`.players` (computer levels),
:mod:`.hints`, :mod:`.api` (:class:`TablicSession`), :mod:`.tournament`, :mod:`.bench`.

The package imports none of its modules itself: the page's first request (``catalog``) needs
only :mod:`.rules`.

Source of every rule: /work/shared/FAMILY.md §5.4 and the pages it cites: pagat's Tablić
(gambiter.com/cards/fishing/tablic.html, and its wording as quoted by a Tablić engine in the
code index), askarte.com, igresakartama.com, extramagazin.rs, catsatcards.com and netplaces.com
for Tablanette, Parlett's *Penguin Book of Card Games* for Phillips' 1939 rules.
docs/tablic.md says the same for people.

Readings we chose (where the sources leave a choice, or where we decided a detail):

1. Capture is never compulsory: a card may always be laid on the table, and a capture may
   take any choice of the groups the card could take (askarte: the player "may, need not"
   take; extramagazin likewise; pagat: "not obliged to capture everything that you can").
2. An ace counts 1 or 11, in hand and on the table; each ace on the table may count either
   way in its group, and the played ace is 1 or 11 for the whole capture (as 1 it takes only
   aces, which it may take as 11 too). FAMILY.md §5.4 test 2: A♠ on A♥ 10♣ takes A♥, or
   both as 11.
3. Most cards: 3 points to the side with strictly the most; 26-26 (or any tie for the most
   with four players each for themselves) scores nothing (pagat, as quoted).
4. A tabla made with the round's last card counts (no source voids it); the cards left on the
   table at the end never make one. They go to the last capturer (FAMILY.md, extramagazin);
   pagat's "to the dealer's team" is the ``leftover`` switch.
5. Players: 2, or 4 in two partnerships (pagat) or each for themselves (askarte). Three are
   refused: pagat calls the game "possible but less usual" and plays it with a 40-card pack
   we do not have, and 48 cards do not deal out six at a time to three.
6. The opening: four cards face up from the pack, as they come (pagat; no jack rule in
   Tablić). The cut's shown bottom card (pagat) is not modelled: the stock is unseen.
7. Tablanette (Phillips 1939 via Parlett): the jack has no value and takes every card on the
   table; a jack on an empty table is laid there and only a jack can take it. A jack dealt
   to the opening table goes to the bottom of the stock (catsatcards, netplaces). A sweep
   scores the pip total of the table cards it takes (Parlett), our reading of "pips": an ace
   1, a jack 0, the others their capture values (FAMILY.md §5.4 test 5: 5+7+9 = 21). A
   jack's sweep scores it too (Parlett) unless ``jack_tabla`` is off (netplaces). Game 251.
8. The match ends after a round in which a side reaches the target; the strictly higher
   total wins; level leaders play another round (pagat's simplest form, as quoted).
9. The view shows every captured card: each was face up before it was taken, so a seat that
   remembers them knows each pile (the piles are kept face down only to test memory).
"""
