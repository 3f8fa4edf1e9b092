"""Alethi told to people: the text picture of the field (:mod:`.render`), its SVG picture
(:mod:`.picture`) and the events a move makes (:mod:`.story`). The move notation, which the
rules' refusals speak in, is :mod:`cardgames.alethi.notation`."""

__all__: list[str] = []
