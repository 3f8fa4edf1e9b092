"""What Alakazum! gives agents that play it: the collector bot (:mod:`.bots`), the encodings
for learning agents (:mod:`.encoding`, the action space and the mask; :mod:`.observation`, the
observation) and the evaluation a search makes when it stops (:mod:`.evaluation`). The
encodings number a config's cards as :mod:`.numbering` says, and list a player's moves from
the view alone with :mod:`.from_view`."""

__all__: list[str] = []
