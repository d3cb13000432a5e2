"""Markup rendered once and remembered per key, per process (``value_grid``, ``panels``).

Each memo is bounded (cleared whole when full: a club's tables and languages fit many times over)
and pure: what it holds is a function of its key. Under ``runserver`` an edited template clears
every memo, so the next request renders it again.
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Hashable

from django.dispatch import receiver
from django.utils.autoreload import file_changed

_MEMOS: list[RenderedMemo] = []


class RenderedMemo:
    def __init__(self, size: int) -> None:
        self._html: dict[Hashable, str] = {}
        self._lock = threading.Lock()
        self._size = size
        _MEMOS.append(self)

    def get(self, key: Hashable, render: Callable[[], str]) -> str:
        """The markup remembered for ``key``, else ``render()``'s, remembered."""
        html = self._html.get(key)
        if html is None:
            html = render()
            with self._lock:
                if len(self._html) >= self._size:
                    self._html.clear()
                self._html[key] = html
        return html

    def forget(self) -> None:
        with self._lock:
            self._html.clear()

    def __len__(self) -> int:
        return len(self._html)


@receiver(file_changed)
def _template_edited(sender, file_path, **kwargs) -> None:
    """``runserver``: an edited template shows at the next request."""
    if file_path.suffix == ".html":
        for memo in _MEMOS:
            memo.forget()
