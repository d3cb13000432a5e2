#!/bin/sh
# The part of the official postgres image's entrypoint compose.yaml uses: on an empty PGDATA, initdb with
# POSTGRES_USER/POSTGRES_PASSWORD (scram) and create POSTGRES_DB; then run the command.
set -eu
if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
    : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}"
    user="${POSTGRES_USER:-postgres}"
    db="${POSTGRES_DB:-$user}"
    pwfile="$(mktemp)"
    printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
    initdb -D "$PGDATA" -U "$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
        --encoding=UTF8 --locale=C.UTF-8 >/dev/null
    rm -f "$pwfile"
    echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
    pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -c unix_socket_directories=/var/run/postgresql" -w start >/dev/null
    if [ "$db" != postgres ]; then
        psql -h /var/run/postgresql -U "$user" -d postgres -v ON_ERROR_STOP=1 -qc "CREATE DATABASE \"$db\""
    fi
    pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
    echo "postgres: initialised $PGDATA (user $user, database $db)"
fi
exec "$@"
