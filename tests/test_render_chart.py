"""domeng.render.chart: small grouped-bar and line charts as SVG, checked by structure."""

import xml.etree.ElementTree as ET

import pytest

from domeng.render.chart import chart_svg, nice_ticks

NS = {"svg": "http://www.w3.org/2000/svg"}
SVG = "{http://www.w3.org/2000/svg}"
ENDINGS = ["FIRST CAPPU", "CEKI", "POLLO", "MANGUNO", "MATTIKKENG"]


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def series(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(SVG + "g") if g.get("class") == "domeng-chart-series"]


def marks(g: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in g.iter() if e.get("class") == cls]


def test_grouped_bars_one_group_per_series_one_bar_per_category_with_values():
    svg = chart_svg(ENDINGS, [("random moves", [0.8, 0.05, 0.01, 0.1, 0.04]),
                              ("computer players", [0.7, 0.04, 0.01, 0.2, 0.05])],
                    kind="bar", y_format="{:.0%}", y_label="share of rounds")
    root = parse(svg)
    groups = series(root)
    assert [g.get("data-label") for g in groups] == ["random moves", "computer players"]
    assert [len(marks(g, "domeng-chart-bar")) for g in groups] == [5, 5]
    assert [b.get("data-value") for b in marks(groups[1], "domeng-chart-bar")][3] == "0.2"
    assert "url(#domeng-hatch-" in marks(groups[1], "domeng-chart-bar")[0].get("fill")
    texts = [t.text for t in root.iter(SVG + "text")]
    assert all(e in texts for e in ENDINGS) and "share of rounds" in texts and "80%" in texts


def test_a_taller_value_draws_a_taller_bar_from_the_same_base():
    root = parse(chart_svg(["a", "b"], [("x", [1, 3])], kind="bar"))
    low, high = marks(series(root)[0], "domeng-chart-bar")
    assert float(high.get("height")) == pytest.approx(3 * float(low.get("height")))
    assert float(low.get("y")) + float(low.get("height")) == pytest.approx(
        float(high.get("y")) + float(high.get("height")))


def test_lines_one_path_per_series_a_point_per_value_and_gaps_for_none():
    root = parse(chart_svg(["start", "after R1", "after R2"],
                           [("Table", [25, 20, 21]), ("Ati", [0, None, 4])], end_labels=True))
    table, ati = series(root)
    assert len(marks(table, "domeng-chart-line")) == 1
    assert [p.get("data-value") for p in marks(ati, "domeng-chart-point")] == ["0", "4"]
    assert marks(ati, "domeng-chart-line")[0].get("d").count("M") == 2  # broken at the gap
    legend = [e.text for e in root.iter() if e.text and ":" in e.text]
    assert "Table: 21" in legend and "Ati: 4" in legend


def test_every_mark_has_a_title_and_the_chart_has_one_for_screen_readers():
    root = parse(chart_svg(["a"], [("x", [2])], title="Stones"))
    assert root.get("role") == "img" and root.find("svg:title", NS).text == "Stones"
    point = marks(series(root)[0], "domeng-chart-point")[0]
    assert point.find("svg:title", NS).text == "x, a: 2"


def test_two_charts_on_one_page_do_not_share_pattern_ids():
    a = chart_svg(["a", "b"], [("x", [1, 2]), ("y", [2, 1])], kind="bar")
    b = chart_svg(["a", "b"], [("x", [1, 2]), ("y", [3, 1])], kind="bar")
    ids = lambda svg: {e.get("id") for e in parse(svg).iter() if e.get("id")}  # noqa: E731
    assert ids(a) and not ids(a) & ids(b)


def test_same_data_same_picture():
    args = (["a", "b"], [("x", [1, 2])])
    assert chart_svg(*args) == chart_svg(*args)


@pytest.mark.parametrize("lo, hi", [(0, 1), (0, 25), (0, 0.37), (-2.5, 7), (3, 3)])
def test_ticks_cover_the_data_with_round_steps(lo, hi):
    ticks = nice_ticks(lo, hi)
    assert ticks[0] <= lo and ticks[-1] >= hi and 3 <= len(ticks) <= 12


def test_values_that_do_not_match_the_categories_are_refused():
    with pytest.raises(ValueError, match="has 1 values for 2 categories"):
        chart_svg(["a", "b"], [("x", [1])])
