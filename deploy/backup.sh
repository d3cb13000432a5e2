#!/usr/bin/env bash
# Nightly backup: a pg_dump of the whole database (custom format, for pg_restore) and every season's
# export (python manage.py export_season: the club's records in the contract's JSON, readable
# without this application). Keeps BACKUP_KEEP_DAYS (14) days. Run from the app directory with the
# production environment (deploy/systemd/clubleague-backup.service does both).
set -euo pipefail
BACKUP_DIR="${BACKUP_DIR:-/var/backups/clubleague}"
KEEP="${BACKUP_KEEP_DAYS:-14}"
PY="${PYTHON:-.venv/bin/python}"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
dir="$BACKUP_DIR/$stamp"
mkdir -p "$dir"
umask 077

pg_dump --format=custom --no-owner --file="$dir/clubleague.dump" "$DATABASE_URL"

for season in $("$PY" manage.py shell -v 0 -c 'from league.models import Season; print(*Season.objects.values_list("pk", flat=True))'); do
    "$PY" manage.py export_season "$season" --output "$dir/season-$season.json"
done

# A backup you have not read back is not one: the dump must list its tables.
pg_restore --list "$dir/clubleague.dump" | grep -q "TABLE DATA public league_handrecord"
find "$BACKUP_DIR" -mindepth 1 -maxdepth 1 -type d -mtime +"$KEEP" -exec rm -rf {} +
echo "backup written to $dir"
