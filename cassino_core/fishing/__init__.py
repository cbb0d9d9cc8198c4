"""Parts shared by the fishing games of the Cassino family (Scopa first; Escoba, Pishti, Tablić...).

A fishing game here is a set of rules over these parts, not a copy of another game's code
(docs/family.md):

- :mod:`.pack`: the 40-card Italian pack (the 52-card pack without 8, 9 and 10), its suits and
  the capture values (A 1 ... 7, J 8, Q 9, K 10).
- :mod:`.deal`: deal schedules (cards to the table, then packets per player until the pack is
  used up).
- :mod:`.capture`: capture modes (a single matching card first, a sum by one subset, a sum to a
  fixed total with the played card) and compulsory capture.
- :mod:`.scoring`: scoring categories (most cards, most of a suit, a named card, primiera,
  napola, sweeps) and the "strictly most" award.
- :mod:`.match`: the match over rounds (a target, the count-out when several sides reach it).
- :mod:`.round`: the round with its undo history, the match's phases and deals, and the check
  of a hand-made position, which every fishing game's ``Round`` and match build on.
- :mod:`.record`: the records (JSON and text, replayed through the match), one
  ``RecordFormat`` per game.
- :mod:`.session`: the JSON session a fishing game fills in with class attributes.

Cards are :class:`cassino_core.cards.Card` values (``"7D"`` is the settebello, with the
usual French stand-ins: coins ``D``, cups ``H``, swords ``S``, batons ``C``; FAMILY.md §0).
"""

from __future__ import annotations
