"""The Python engine's evaluator: every hook of one event in one generated function, which
reads each context path once and gives each hook's answer: True (fires), False, or None
(undecided: the condition is an error or not a bool).

The Python back end's true and false modes (``hookc.backend.expressions``) say exactly
when a condition is CEL ``true`` and exactly when it is ``false``; a hook is undecided when
neither holds. They are the code a compiled module runs, so the replay's reference answer
is the module's; the paths are read once an event, shared by its hooks (a path and every
prefix of it, a dict read inline), where one ``compile_expression`` per hook read each path
in each hook through the runtime's generic functions (35,000 against 160,000 events/s);
and a pattern's test of a path is run once an event, not once in each mode and hook.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from typing import Any

from hookc.backend.expressions import Expressions, Scope
from hookc.ir.expr import context_paths
from hookc.runtime import rye, support

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hookc.ir.hooks import Hook

Steps = tuple[str, tuple[str | int, ...]]
# One event's context in, each of its hooks' answers out (in the order given).
Answers = Callable[[Any], tuple[bool | None, ...]]


def compile_event(hooks: Sequence[Hook]) -> Answers:
    """The function that answers every hook of ``hooks`` (all of one event) on a context."""
    exprs = Expressions()
    paths: dict[Steps, str] = {}
    for hook in hooks:
        if hook.condition is None:
            continue
        for _, (name, keys) in context_paths(hook.condition):
            for end in range(len(keys) + 1):  # every prefix too: each step read once
                paths.setdefault((name, keys[:end]), f"_hk_p{len(paths)}")
    body = ["def _hk_answers(context):", "    if type(context) is not dict:",
            "        context = _hk_context(context)"]  # fmt: skip
    for (name, keys), local in paths.items():
        if not keys:
            body.append(f"    {local} = context.get({name!r}, _hk_MISSING)")
        else:
            base, key = paths[(name, keys[:-1])], keys[-1]
            fast = f"{base}.get({key!r}, _hk_MISSING)" if isinstance(key, str) else None
            slow = f"_hk_key({base}, {key!r})"
            body.append(
                f"    {local} = {fast} if type({base}) is dict else {slow}"
                if fast is not None
                else f"    {local} = {slow}"
            )
    scope = Scope(hoisted=paths)
    answers = []
    memos: dict[str, str] = {}
    tests: list[tuple[str, str] | None] = []
    for hook in hooks:
        if hook.condition is None:
            tests.append(None)
            continue
        true = exprs.true(hook.condition, scope)
        false = exprs.false(hook.condition, scope)
        tests.append((_memoized(true, memos), _memoized(false, memos)))
    body += [f"    {memo} = None" for memo in memos.values()]
    for number, test in enumerate(tests):
        if test is None:
            answers.append("True")
            continue
        true, false = test
        # Each hook apart: one that raises (a context no CEL value can be) is undecided,
        # and the hooks after it are still answered.
        body += [
            "    try:",
            f"        _hk_a{number} = True if {true} else (False if {false} else None)",
            "    except Exception:",
            f"        _hk_a{number} = None",
        ]
        answers.append(f"_hk_a{number}")
    body.append(f"    return ({''.join(a + ', ' for a in answers)})")
    lines = [f"{name} = {source}" for source, name in exprs.constants.items()]
    for constant, method in sorted({(c, m) for c, m, _ in map(_parts, memos)}):
        fast = f"{constant}_{method}"
        lines.append(f"{fast}, {fast}_n = _hk_fast({constant}, {method!r})")
    namespace = {**vars(support), **vars(rye), "_hk_fast": _fast}
    exec(compile("\n".join(lines + body), "<hookc replay>", "exec"), namespace)
    function: Answers = namespace["_hk_answers"]
    return function


# A pattern's test of a path, as the true and false modes both write it (``_STRING_TESTS``).
_PATTERN_TEST = re.compile(r"(_hk_c\d+)\.(search|fullmatch)\((_hk_p\d+)\) is not None")


def _memoized(code: str, memos: dict[str, str]) -> str:
    """The code with each pattern's test of a path run once an event: the false mode of a
    hook that did not fire tests the same pattern on the same text again, and so may other
    hooks (the memo, None until it is run, is shared by every hook of the event). Not in
    code with a macro: a memo set inside its lambda would be the lambda's own."""
    if "lambda" in code:
        return code

    def once(found: re.Match[str]) -> str:
        test = found.group(0)
        memo = memos.setdefault(test, f"_hk_memo{len(memos)}")  # not _hk_m<n>: a macro's
        constant, method, text = _parts(test)
        fast = f"{constant}_{method}"
        run = f"({fast}({text}) if len({text}) <= {fast}_n else {constant}.{method}({text}))"
        return f"({memo} if {memo} is not None else ({memo} := {run} is not None))"

    return _PATTERN_TEST.sub(once, code)


def _parts(test: str) -> tuple[str, str, str]:
    found = _PATTERN_TEST.fullmatch(test)
    assert found is not None
    return found.group(1), found.group(2), found.group(3)


def _fast(compiled: Any, method: str) -> tuple[Any, int]:
    """Python's ``re`` method of a compiled pattern, and the longest text it may run on
    (``regex.GatedPattern``): called directly, without the pattern's own method (a tenth
    of the time of a guard). Otherwise the pattern's method, on no text (-1)."""
    from hookc.runtime.regex import GatedPattern

    if isinstance(compiled, GatedPattern):
        return getattr(compiled._re, method), compiled.limit
    if isinstance(compiled, re.Pattern):
        return getattr(compiled, method), sys.maxsize
    return None, -1
