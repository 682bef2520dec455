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
``is_total`` and ``paths_read``, keeping its answers in memos of its own. There is no
reasoner at module level: whoever starts a run makes one and hands it down (``hookc check``
and ``hookc compile`` make one ``hookc.optimize.Optimizer`` per run, which holds the run's
reasoner, and give it to the logic checks and to the optimizer), so that the checks and
the optimizer of one run answer from each other's memos, and a run's memos go with it.
``plain_paths``, ``plainly_possible`` and ``plainly_fallible`` answer those queries at a look
for the commonest conditions (``glance``); ``EarlierConditions`` is the index of earlier
conditions that keeps the shadow check linear (``candidates``).

The modules, in the order each builds on the last:

- ``requirements``: "``e`` evaluates to true (or false)" as a conjunction of atoms and
  choices;
- ``domain``: constraints on the value of one term, and the values they leave;
- ``facts``: the constraints each atom puts on terms;
- ``glance``: the answers known at a look;
- ``values``: constants, totality and paths read, and the first layer of ``Reasoner``;
- ``refutation``: never true; ``proof``: always true and implies;
- ``reasoner``: ``Reasoner``, with its memos;
- ``candidates``: the shadow check's index of earlier conditions; ``regex_words``: whether
  a regular expression matches some word of a language (MCP tool names).
"""

from hookc.reasoning.candidates import EarlierConditions
from hookc.reasoning.glance import plain_paths, plainly_fallible, plainly_possible
from hookc.reasoning.reasoner import Reasoner

__all__ = [
    "EarlierConditions",
    "Reasoner",
    "plain_paths",
    "plainly_fallible",
    "plainly_possible",
]
