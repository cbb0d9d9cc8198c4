"""Pishti, with Xeri (Harbin's "Dry Game") and Basra as presets.

The third game of the Cassino family (issue 15), built on the shared fishing parts
(:mod:`cassino_core.fishing`; docs/family.md): pile matching and several-group captures
(:mod:`cassino_core.fishing.capture`), counted card points (:mod:`~cassino_core.fishing.
scoring`), the plain target win (:mod:`~cassino_core.fishing.match`), records
(:mod:`~cassino_core.fishing.record`) and the session (:mod:`~cassino_core.fishing.session`).
Modules: :mod:`.rules` (:class:`PishtiRules`, presets), :mod:`.game` (one round),
:mod:`.match`, :mod:`.view` (what one seat knows), :mod:`.record`, :mod:`.players` (computer
levels), :mod:`.hints`, :mod:`.api` (:class:`PishtiSession`), :mod:`.tournament`,
:mod:`.bench`.

The package imports none of its modules itself: the page's first request (``catalog``) needs
only :mod:`.rules`.

Source of every rule: /work/shared/FAMILY.md §5.1 (Pishti), §5.2 (Dry Game and Xeri), §5.3
(Basra), and the pages they cite (pagat's Pishti through gambiter.com, de.wikipedia *Pişti*,
lodige.com, iskambilci.com; ultrafoodmess.com, gamerules.com and denexa.com for Xeri;
jawaker.com, catsatcards.com and en.wikipedia *Bastra* for Basra; Parlett's *Penguin Book of
Card Games* for the Dry Game's and Basra's scoring). docs/pishti.md says the same for people.

Readings we chose (where the sources leave a choice, or where we decided a detail):

1. Pishti's opening: the 4 middle cards lie face down, the top one is turned up; a jack turned
   up stays face up and the next is turned (pagat); four jacks: deal again. The cards never
   turned are taken, unseen by the others, by the first capture. A first capture of the
   starter by a match is no pişti (the pile holds more than one card).
2. The cut (pagat): a jack never lies at the bottom of the pack; the stock's bottom card is
   shown to everyone and reaches the dealer with the last deal (``show_bottom``; Pishti only).
3. Pişti on the round's last card: void in Pishti (de.wikipedia, lodige.com), scored in Xeri
   and Basra, whose sources void nothing (``last_card_pisti``).
4. Jack pişti 20 in Pishti [V: de.wikipedia, lodige, *Ultimate Book*]; Xeri's 20 for a jack
   xeri is [P] (FAMILY.md §5.2) and kept as a switch (``jack_pisti_points``).
5. Xeri is Greek Xeri's pile form (FAMILY.md §5.2's verdict for the seed's "Dry Game"): 6 cards
   each, 4 face up as the pile, redealt when two share a rank or the top one is a jack
   (ultrafoodmess, gamerules); scoring Parlett's Dry Game: 16 a round plus 10 a xeri, to 101.
6. Basra: a numeral takes any union of disjoint groups (one card of its rank, or numerals
   adding up to its value), the player's choice; Q and K take only their rank; a jack or the
   7♦ takes the whole floor (a 7♦ on an empty floor lies there as a 7). A card that can take
   must take (en.wikipedia *Bastra*: a card is added to the floor when it cannot fish).
   Jacks and the 7♦ dealt to the opening floor go to the bottom of the stock. Most cards 3
   (Parlett; jawaker's app scores 30).
7. The match ends after a round in which a side reaches the target; the strictly higher
   total wins; level leaders play another round (no source names a tie-break).
8. A pile capture's notation names the face-up cards it takes (``"9D x 3C 7S 9H"``); the
   face-down middle cards go with them unnamed, so no move text shows a hidden card.
9. The view shows every captured card that was ever face up (a player who remembers them all
   knows each pile); the face-down middle cards stay hidden from all but their taker until
   the round ends.
10. Three players score each for themselves; four play as partners opposite.
"""
