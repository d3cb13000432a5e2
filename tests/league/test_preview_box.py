"""The preview box's seat columns (``_preview.html``, ``{% preview_seats %}``): what each seat pays and keeps, with
the names escaped, drawn the same as the template loop drew them."""
from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import translation

SEATS = [{"name": "김 <동>", "delta": 8000, "score": 33000, "penalty": 0},
         {"name": "이&서", "delta": -8000, "score": 17000, "penalty": -1000},
         {"name": "박준", "delta": 0, "score": 25000, "penalty": 0},
         {"name": "최", "delta": 0, "score": -1200, "penalty": 1000}]


def _box(**preview) -> str:
    with translation.override("en"):
        return render_to_string("league/hands/_preview.html", {"preview": {
            "event": {"kind": "draw", "tenpai": []}, "seats": SEATS, "ends": None, "reopens": None, "edit": False,
            **preview}, "players": [s["name"] for s in SEATS]})


def test_each_seat_pays_and_keeps_in_its_column():
    box = _box(penalties=None)
    assert 'data-deltas="8000,-8000,0,0"' in box
    assert ('<li><span class="pv-name" title="김 &lt;동&gt;">김 &lt;동&gt;</span><span class="num pv-delta plus" '
            'data-delta="8000">+8,000</span><span class="num pv-after muted" title="After">33,000</span></li>') in box
    assert ('<span class="num pv-delta minus" data-delta="-8000">−8,000</span>'
            '<span class="num pv-after muted" title="After">17,000</span>') in box
    assert ('<span class="num pv-delta" data-delta="0">0</span>'
            '<span class="num pv-after muted" title="After">−1,200</span>') in box
    assert "이&amp;서" in box
    assert "<동>" not in box


def test_penalties_before_the_hand_have_their_own_line():
    box = _box(penalties=[0, -1000, 0, 1000])
    assert 'data-testid="preview-penalties" data-deltas="0,-1000,0,1000"' in box
