"""Cirulla, the Genoese fishing game of fifteens (also *ciapachinze*).

Built on Scopa's engine and the shared fishing parts, not a copy of them (docs/family.md):
:mod:`.rules` (:class:`CirullaRules`, presets: the hooks a Scopa round asks of its rules),
:mod:`.game` (the declarations as moves, the opening scope), :mod:`.scoring` (grande,
piccola, declarations, cappotto), :mod:`.match`, :mod:`.view`, :mod:`.players`,
:mod:`.hints`, :mod:`.record` (Scopa's records under the ``cirulla-record`` format),
:mod:`.api` (:class:`CirullaSession`), :mod:`.tournament`
(``python -m cassino_core.cirulla.tournament``).

The package imports none of its modules itself: the page's first request (``catalog``) needs
only :mod:`.rules`, and the rest loads with the first Cirulla game.

Sources: /work/shared/FAMILY.md §4.7 (Parlett's *Penguin Book of Card Games*,
regoledelgioco.com, spazioinwind.libero.it, sbiro.eu; facts tagged [V]) and §4.4 (the ace
takes all: it.wikipedia *Scopa d'assi*, lotoflaughs). Readings (docs/cirulla.md says why):

1. Pack, values, deal: 40 cards (French suits, the Genoese pack), A 1 ... 7, J 8, Q 9, K 10;
   2, 3 or 4 players (4 in two partnerships); 3 cards each and 4 face up, then 3 each until
   the pack is used up.
2. Two or more aces on the opening table: shuffle and deal again [V]. An opening table adding
   up to 15 is taken by the dealer with 1 scopa, 30 with 2 [V]; the 7♥ wild in that count is
   Parlett's, a switch (``opening_wild``, off).
3. Capture is compulsory [V], of three kinds, the player choosing among them: a simple capture
   as in Scopa with the fewest cards (a single matching card before any sum); a capture by 15
   (the card played and the cards taken add up to 15); the ace taking the whole table when no
   ace lies on it (with one there, it takes that ace) [V; the ace-on-table case [I]]. Whether
   the ace's sweep is a scopa is a switch (``ace_sweep_scopa``, on: a Cirulla source,
   fumettolosteriaulisse.blogspot.com, counts it; off is the UIGC reading of Scopa d'Assi).
4. A capture clearing the table is a scopa, never on the round's last play; the cards left go
   to the last capturer [V, as Scopa].
5. Declarations: a hand of three adding up to 9 or less (a knock, *bussare*) or three of a
   kind; the 7♥ is wild (1 toward the total, any rank for three of a kind). Declaring is an
   optional move at the seat's first turn of each deal; it shows the hand to every seat.
   Values by the ``declarations`` switch: Parlett (knock 3, three 10; default), spazioinwind
   (knock 1, three 3) or none.
6. Count: most cards, most diamonds, settebello 7♦, primiera, 1 per scopa; grande (J Q K ♦ 5,
   6 with the 6♦, 7 with the 6♦ and 7♦); piccola (A 2 3 ♦ 3, 4 with the 4♦, 5 with the 4♦ and
   5♦); all ten diamonds (cappotto) wins the match; game to 51 [V].
"""
