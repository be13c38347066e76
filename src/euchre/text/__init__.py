"""The words of the game for people: how each call is said in the preset's style
(:mod:`~euchre.text.words`), how a table's texts name its sides
(:mod:`~euchre.text.side_words`), the rules in plain words (:mod:`~euchre.text.explain`)
and the score kept with counters (:mod:`~euchre.text.counters`).

Presentation beside the rules, not inside them: this package imports :mod:`euchre.core`
and the core never imports it (docs/DESIGN.md "Layers")."""
