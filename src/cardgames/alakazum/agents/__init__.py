"""What Alakazum! gives agents that play it: the collector bot (:mod:`.bots`), the encodings
for learning agents (:mod:`.encoding`, the action space and the mask; :mod:`.observation`, the
observation) and the evaluation a search makes when it stops (:mod:`.evaluation`)."""

__all__: list[str] = []
