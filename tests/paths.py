"""Where the tests find the project's shared sources (rule documents, real Tenhou logs).

``shared/`` lies beside the checkout, here and in CI; ``SHARED_DIR`` points elsewhere.
"""
from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("SHARED_DIR", REPO.parent / "shared")).resolve()
TENHOU6_LOGS = SHARED / "data" / "tenhou6"
