"""What Alethi gives agents that play it: the greedy bot (:mod:`.bots`), the encodings for
learning agents (:mod:`.encoding`: the action space, the mask, the observation) and the
evaluation a search makes when it stops (:mod:`.evaluation`)."""

__all__: list[str] = []
