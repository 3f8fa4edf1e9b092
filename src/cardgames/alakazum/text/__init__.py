"""Alakazum! told to people: the text picture of the table (:mod:`.render`), its SVG picture
(:mod:`.picture`) and the events a move makes, per viewer (:mod:`.story`). The move notation,
which the rules' refusals speak in, is :mod:`cardgames.alakazum.notation`."""

__all__: list[str] = []
