"""The embedded default's database backend: Django's SQLite with writers served in turn (``base``)."""
