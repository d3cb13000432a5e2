"""The events' REST API (an entry layer, like ``league/api``): its viewsets are registered in the league API's
router (league/api/urls.py), under /api/."""
