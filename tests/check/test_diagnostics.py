"""Rendering a diagnostic (``hookc.source.diagnostics``): what it reads off its source line; many
rendered at once as each alone; findings put in order, each once."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, Severity, in_order, render_each


@given(st.text(alphabet="ab\t\r\n\x01é", max_size=40), st.data())
def test_a_span_that_ends_on_its_first_line_ends_where_the_source_says(
    text: str, data: st.DataObject
) -> None:
    # `Diagnostic._snippet` reads the end's column off the line where the span starts
    # instead of asking `Source.position` again.
    source = Source("f", text)
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    line, _ = source.position(start)
    line_start, line_end = source.line_bounds(line)
    if line_start <= end <= line_end:
        assert source.position(end) == (line, end - line_start + 1)


def _reference_render(diagnostic: Diagnostic) -> str:
    """``Diagnostic.render`` as it was written for one finding at a time, through
    ``Source.position`` and ``Source.line_bounds``: ``render_each`` must say the same."""
    source, span = diagnostic.source, diagnostic.span
    line, column = source.position(span.start)
    out = [f"{source.name}:{line}:{column}: {diagnostic.severity.value}[{diagnostic.code}]: "]
    out[0] += diagnostic.message
    if source.text:
        line_start, line_end = source.line_bounds(line)
        length = line_end - line_start
        end_line, end_column = source.position(span.end)
        width = max(1, end_column - column if end_line == line else length - column + 1)
        start, first, last = column - 1, 0, length
        if length > 100:
            first = max(0, min(start - 50, length - 100))
            last = first + 100
        text = source.text[line_start + first : line_start + last]
        text = "".join(c if c.isprintable() or c == "\t" else "\ufffd" for c in text)
        if length > 100:
            prefix = "…" if first else ""
            text = prefix + text + ("…" if last < length else "")
            start = start - first + len(prefix)
            width = min(width, len(text) - start)
        padding = "".join(c if c == "\t" else " " for c in text[:start])
        out += [f"    {text}", f"    {padding}{'^' * max(1, width)}"]
    if diagnostic.hint:
        out.append(f"  hint: {diagnostic.hint}")
    return "\n".join(out)


_TEXTS = st.text(alphabet="ab\t\r\n\x01é ", max_size=40) | st.builds(
    lambda line, rest: line + "\n" + rest,
    st.text(alphabet="ab\t\x01", min_size=90, max_size=260),
    st.text(alphabet="ab\n", max_size=20),
)


@st.composite
def _findings(draw: st.DrawFn) -> list[Diagnostic]:
    sources = [
        Source(name, draw(_TEXTS))
        for name in draw(st.lists(st.sampled_from("fg"), min_size=1, max_size=3))
    ]
    found = []
    for _ in range(draw(st.integers(0, 8))):
        source = draw(st.sampled_from(sources))
        start = draw(st.integers(0, len(source.text)))
        end = draw(st.integers(start, len(source.text)))
        found.append(
            Diagnostic(
                draw(st.sampled_from(["HK501", "HK402", "HK101"])),
                draw(st.sampled_from(Severity)),
                draw(st.sampled_from(["m", "n"])),
                source,
                Span(start, end),
                draw(st.sampled_from([None, "", "try this"])),
            )
        )
    return found


@given(_findings())
def test_findings_render_many_at_once_as_each_alone(found: list[Diagnostic]) -> None:
    rendered = render_each(found)
    assert rendered == [d.render() for d in found]
    assert rendered == [_reference_render(d) for d in found]


@given(_findings())
def test_findings_in_order_are_sorted_each_once(found: list[Diagnostic]) -> None:
    ordered = in_order(found)
    assert len(set(ordered)) == len(ordered)
    assert set(ordered) == set(found)
    assert list(ordered) == sorted(ordered, key=Diagnostic.sort_key)
    if len({d.sort_key() for d in found}) == len(set(found)):  # no key shared by two
        assert ordered == tuple(sorted(set(found), key=Diagnostic.sort_key))
