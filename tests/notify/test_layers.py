"""notify sits above club, league and events: they never import it (they send signals instead)."""
from __future__ import annotations

import pytest

from tests.test_import_graph import ENTRY, import_graph, layer_of


@pytest.mark.parametrize("lower", ["club", "league", "events", "scoring"])
def test_no_lower_layer_imports_notify(lower):
    graph = import_graph()
    upward = {(module, target) for module, targets in graph.items()
              if module.split(".")[0] == lower and layer_of(module) != ENTRY  # screens may call any domain
              for target in targets if target.split(".")[0] == "notify"}
    assert upward == set()


def test_notify_listens_to_the_lower_layers_signals():
    graph = import_graph()
    assert {"events.signals", "league.signals"} <= graph["notify.receivers"]
