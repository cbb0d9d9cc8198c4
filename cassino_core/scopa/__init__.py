"""Scopa, with Scopone (four players in two partnerships) and Hurricane as presets.

The first game of the Cassino family built on the shared fishing parts
(:mod:`cassino_core.fishing`; docs/family.md). Modules: :mod:`.rules` (:class:`ScopaRules`,
presets), :mod:`.game` (one round: :class:`RoundState`, :class:`Round`, legal moves, sweeps,
:func:`score_round`), :mod:`.match` (:class:`ScopaMatch`), :mod:`.view` (:class:`ScopaView`,
what one seat knows), :mod:`.record` (JSON and text records, :func:`replay`),
:mod:`.players` (computer levels), :mod:`.hints`, :mod:`.api` (:class:`ScopaSession`),
:mod:`.tournament` (``python -m cassino_core.scopa.tournament``).

A round asks its rules object for what another game of this shape does otherwise (the hooks
of :class:`~.rules.ScopaRules`: ``capture_sets``, ``capture_compulsory``, ``capture_refusal``,
``sweep_value``, ``open_round``, ``score_round``); Escoba (:mod:`cassino_core.escoba`) is
played on this engine through them.

The package imports none of its modules itself: the page's first request (``catalog``) needs
only :mod:`.rules`, and the rest loads with the first Scopa game.

Source of every rule: /work/shared/FAMILY.md §4.1 (Scopa), §4.2 (Scopone), §4.5 (Hurricane);
only facts tagged [V] there (read in the source: pagat.com/fishing/scopa.html through its
marieganslandt.se copy, Parlett's *Penguin Book of Card Games*, viniciocoletti.it,
linnetwoods.com, biska.com, ludopoli.us, de.wikipedia "Hurrikan", casinospiegel.net). The one
[P] fact (*re bello*, K♦ worth a point) is not played.

Readings we chose (where the sources leave a choice, or where we decided a detail):

1. *Round* and *deal*. A round uses the whole pack; it is made of deals (3 cards each in Scopa:
   6 deals for two players, 3 for four, 4 for three; Hurricane 6 cards, 3 deals; Scopone one
   deal of 10, or of 9 with 4 on the table). "No scopa on the last play" means the round's
   last play (its last card), as FAMILY.md §4.1 test 5 says.
2. Play starts at the dealer's next seat (seat + 1 here; anticlockwise at a real table is only
   a matter of drawing, §3). The deal passes to the next seat each round; the first dealer is
   drawn by lot (the match's generator).
3. The three-king redeal applies to the opening table only, and only in Scopa and Scopone
   classico; Hurricane's sources (§4.5) do not mention it, so it is off there; in Scopone
   scientifico no card goes to the table.
4. Capture: a single card of equal value on the table must be taken before any sum [V]; with
   several equal cards the player chooses one; a sum is one set of two or more cards; capture
   is compulsory [V]. Hurricane follows the same rules: its sources call trailing when able to
   capture, and "fewest cards", house rules (§4.5).
5. Scoring: most cards (a tie for the most scores nothing; with two sides that is 21 of 40),
   most coins (hearts in Hurricane: §4.5), the settebello 7♦ (7♥ in Hurricane), primiera
   (strictly highest total; a side missing a suit has none; no point on a tie; Hurricane's
   "best holding in all four suits" is scored as primiera, as casinospiegel's ranking of
   sevens, sixes, aces, fives amounts to), 1 per scopa. Napola in Scopone (the presets
   ``scopone`` and ``scopone_classico``): A-2-3 of coins 3, +1 per further card in sequence
   (the run follows A-7, J, Q, K) [§4.2 [V]]; a switch elsewhere.
6. Three players score each for themselves: "most" means strictly more than both others.
7. The match: to 11 (Hurricane 16); after a round in which a side reaches the target, the
   higher total wins; equal totals go to the first of them to reach the target while the
   round's points are counted in Parlett's order cards, coins, settebello, primiera (napola,
   our place for it), sweeps in the order they were made [§4.1 "Game" [V]].
8. Captured cards are public: every capture is made face up, so the view shows each pile;
   the other hands and the stock stay hidden (:mod:`.view`).
9. A sweep by the round's last play scores nothing; the switch ``last_play_sweep`` lets it
   score (some Scopone circles, ⚑ §4.2). The cards left at the end go to the last capturer
   and are never a sweep [V].
"""
