from django.apps import AppConfig


class EventsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "events"
    verbose_name = "Club nights and events"

    def ready(self) -> None:
        from events import signals  # noqa: F401  (connects the receivers)
