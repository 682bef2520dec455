"""``Reasoner``: the queries of the reasoning, with the memos that keep their answers.

A reasoner owns its memos: answers are pure (forgetting them changes only time and
memory), so two reasoners give the same answers, and one that is asked again answers from
its memos. There is none at module level: each run of ``hookc check`` or ``hookc compile``
makes one (``hookc.optimize.Optimizer`` holds it) and hands it to the logic checks and to
the optimizer, so that each answers from what the other has asked; its memos go when the
run does. A benchmark makes a new one to time the reasoning as a new process meets it.

Its layers, one job each: ``values.Terms`` (constants, totality, paths, and the
requirements and facts the queries are made of), ``refutation.Refutation`` (never true),
``proof.Proof`` (always true, implies).
"""

from __future__ import annotations

import functools

from hookc.reasoning.proof import Proof

# The methods whose answers a reasoner keeps, and how many of each (least recently used
# first out): the optimizer asks ``never_true`` of every hook's nodes, ``implies`` asks
# ``always_true`` of every earlier hook it meets, the shadow check asks about the same
# atoms once per candidate pair.
_MEMOS = {
    "requirements": 65536,
    "facts": 65536,
    "unsatisfiable_together": 65536,
    "evaluated": 65536,
    "never_true": 65536,
    "refuted_atom": 65536,
    "always_true": 65536,
    "is_total": 65536,
    "premise": 16384,
    "paths_read": 65536,
}


class Reasoner(Proof):
    """Whether a condition can never be true (``never_true``), is always true
    (``always_true``), or is true whenever another is (``implies``); whether it always
    evaluates to a bool (``is_total``); the paths it reads (``paths_read``). See
    ``hookc.reasoning`` for what every verdict means."""

    def __init__(self) -> None:
        # Each memo is the method's own answers, kept on this reasoner (an attribute of
        # the instance is found before the class's method): every call, from outside or
        # from another method, goes through it.
        self.memos = tuple(
            functools.lru_cache(maxsize=size)(getattr(self, name)) for name, size in _MEMOS.items()
        )
        for name, memo in zip(_MEMOS, self.memos, strict=True):
            setattr(self, name, memo)
