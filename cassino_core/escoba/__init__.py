"""Escoba (Escoba de 15), the Spanish and Latin American fishing game of fifteens.

Built on Scopa's engine and the shared fishing parts, not a copy of them (docs/family.md):
:mod:`.rules` (:class:`EscobaRules`, presets: the hooks a Scopa round asks of its rules),
:mod:`.scoring` (the opening escobas, the round's count), :mod:`.record` (Scopa's records under
the ``escoba-record`` format), :mod:`.api` (:class:`EscobaSession`), :mod:`.tournament`
(``python -m cassino_core.escoba.tournament``). The match, the view, the computer players and
the hints are :mod:`cassino_core.scopa`'s.

The package imports none of its modules itself: the page's first request (``catalog``) needs
only :mod:`.rules`, and the rest loads with the first Escoba game.

Sources: /work/shared/FAMILY.md §4.3 ([V] facts: en.wikipedia *Escoba*, studylib "Escoba de
quince", naipes-casino.com.ar, aprenderjuegoscartas), and pages read with the search tool for
the facts §4.3 leaves open: magnojuegos.com (Escoba del 15 rules), diariopopular.com.ar,
entretodos.com.uy (the sevens tie-break), the VIP Games help page. Readings (docs/escoba.md
says why):

1. Pack, values, deal: Scopa's 40 cards, A 1 ... 7, J 8, Q 9, K 10; 3 cards each and 4 face up,
   then 3 each until the pack is used up; play starts at the dealer's next seat.
2. A capture takes one set of one or more table cards that makes 15 with the card played; no
   match priority; one set per play [V]. Capture is optional unless ``must_capture`` (no
   source read makes it compulsory).
3. An opening table of 15 is one escoba, of two 15s two escobas [V]; the dealer takes it
   (``opening="dealer"``, en.wikipedia, diariopopular) or the player who leads
   (``opening="first"``, magnojuegos, aprenderjuegoscartas). A table adding up to 30 that holds
   no set of 15 is not an escoba.
4. A capture that clears the table is an escoba, 1 point [V]. The pack adds up to 220, which is
   10 more than a multiple of 15, and every capture takes a multiple of 15: the last table is
   never empty, so the question of an escoba on the last play never arises. The cards left go
   to the last capturer, never an escoba [V].
5. Count: most cards, most oros, the 7 of oros (velo), the fourth point, 1 per escoba [V]; a
   tie for the most scores nothing. The fourth point is most sevens, a tie going to most sixes,
   then aces, then fives (entretodos), or under ``sevens="setenta"`` Scopa's primiera count
   (studylib's *setenta*).
6. Game to 15 [V] (21 or 31 by ``target``); Scopa's match rules decide when two sides pass it
   (the higher total; a tie by the counting order cards, oros, velo, sevens, escobas).
7. Three players score each alone; four play in two partnerships (seats 0+2 against 1+3).
"""
