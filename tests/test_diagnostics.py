"""Rendering a diagnostic (``hookc.diagnostics``): what it reads off its source line."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from hookc.source import Source


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
