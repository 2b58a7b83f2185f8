"""The shared SVG toolkit: escaping, attribute names, well-formed documents."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tycoon.core import svg


def test_text_and_attributes_are_escaped() -> None:
    shown = svg.text(1, 2, '<b> & "x"', data_target='sq:"A1"')
    assert "&lt;b&gt; &amp; &quot;x&quot;" in shown
    assert 'data-target="sq:&quot;A1&quot;"' in shown


def test_attribute_names_and_values() -> None:
    shown = svg.rect(0, 0.5, 10.25, 3.0, class_="lot", stroke_width=2, hidden=None, flag=False)
    assert shown == '<rect x="0" y="0.5" width="10.25" height="3" class="lot" stroke-width="2"/>'


def test_a_document_parses_and_names_itself() -> None:
    picture = svg.document(
        100,
        50,
        [svg.group([svg.circle(5, 5, 2, fill=svg.seat_colour(9))], data_target="a")],
        "A & B",
    )
    root = ET.fromstring(picture)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("aria-label") == "A & B"
    assert root.get("viewBox") == "0 0 100 50"


def test_seat_colours_are_distinct_and_text_reads_on_them() -> None:
    assert len(set(svg.SEAT_COLOURS)) == len(svg.SEAT_COLOURS)
    assert svg.text_colour_on("#F0E442") == svg.INK
    assert svg.text_colour_on("#0072B2") == "#ffffff"
