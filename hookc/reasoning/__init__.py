"""Reasoning about what conditions mean, shared by ``hookc check`` (HK503 to HK505) and the
optimizer's rules. Imports point one way: the checks and the optimizer import this package,
and it imports neither.

Every verdict must hold under SPEC §2: a condition evaluates to true, to false or to an
error (a missing key, a type with no operator), ``&&``/``||`` absorb errors the way
Kleene's logic absorbs "unknown", ``==`` is CEL's heterogeneous equality, and NaN compares
false with everything. A hook fires iff its condition is exactly ``true``. So the laws
reason about "evaluates to true" and "evaluates to false" as two separate outcomes, and
never treat "not true" as "false". They are incomplete on purpose: whatever they do not
understand could be true, false or an error, and then they say nothing.

The interface: a ``Reasoner`` answers ``never_true``, ``always_true``, ``implies``,
``is_total`` and ``paths_read``, keeping its answers; ``shared`` is the one the checks and
the optimizer ask, through the functions below (its bound methods). ``plain_paths``,
``plainly_possible`` and ``plainly_fallible`` answer those queries at a look for the
commonest conditions (``glance``); ``EarlierConditions`` is the index of earlier conditions
that keeps the shadow check linear (``candidates``).

The modules, in the order each builds on the last:

- ``requirements``: "``e`` evaluates to true (or false)" as a conjunction of atoms and
  choices;
- ``domain``: constraints on the value of one term, and the values they leave;
- ``facts``: the constraints each atom puts on terms;
- ``glance``: the answers known at a look;
- ``values``: constants, totality and paths read, and the first layer of ``Reasoner``;
- ``refutation``: never true; ``proof``: always true and implies;
- ``reasoner``: ``Reasoner``, with its memos.
"""

from hookc.reasoning.candidates import EarlierConditions
from hookc.reasoning.glance import plain_paths, plainly_fallible, plainly_possible
from hookc.reasoning.reasoner import Reasoner

__all__ = [
    "EarlierConditions",
    "Reasoner",
    "always_true",
    "clear_caches",
    "implies",
    "is_total",
    "never_true",
    "paths_read",
    "plain_paths",
    "plainly_fallible",
    "plainly_possible",
    "shared",
]

shared = Reasoner()
never_true = shared.never_true
always_true = shared.always_true
implies = shared.implies
is_total = shared.is_total
paths_read = shared.paths_read


def clear_caches() -> None:
    """Forget every answer ``shared`` keeps (they are pure: only time and memory change),
    so that a benchmark can time the reasoning as a new process meets it."""
    shared.clear()
