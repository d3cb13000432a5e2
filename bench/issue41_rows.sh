#!/usr/bin/env bash
# Every row of issue 41's table, each printed by its bench against its target, RUNS times (default 3), the rows
# interleaved (run 1 of every row, then run 2, ...), with the load average before each. Run on a quiet machine:
#     bench/issue41_rows.sh [RUNS] 2>&1 | tee /tmp/issue41-rows.log
# ONLY=REGEX runs only the rows whose name matches (grep -E), e.g. the request path's:
#     ONLY="hand CPU|game's end|tables" bench/issue41_rows.sh 3
# The databases named here are dropped and re-created by the benches (never a real one); Redis db 11.
set -uo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-3}"
PY=.venv/bin/python
PG=postgres://postgres@127.0.0.1:5432
REDIS=redis://127.0.0.1:6379/11
export SHARED_DIR="${SHARED_DIR:-$(cd .. && pwd)/shared}"

row() {  # row NAME COMMAND...: the load, then the bench's own lines (AXES's log lines left out)
    if [ -n "${ONLY:-}" ] && ! grep -qE "$ONLY" <<<"$1"; then
        return
    fi
    echo
    echo "#### $1 (run $run of $RUNS; load $(cut -d' ' -f1-3 /proc/loadavg), $(date +%H:%M:%S))"
    shift
    "$@" 2>&1 | grep -v -e "AXES" -e "No hostname was supplied"
}

for run in $(seq 1 "$RUNS"); do
    row "hand CPU, production" $PY bench/hand_cpu.py --settings production --hands 32 \
        --database-url "$PG/r41_hand_cpu" --redis-url "$REDIS"
    row "hand CPU, embedded" $PY bench/hand_cpu.py --settings embedded --hands 32
    row "game's end, production, 10k games" $PY bench/game_end.py --settings production \
        --database-url "$PG/r41_game_end" --redis-url "$REDIS"
    row "game's end, embedded, 10k games" $PY bench/game_end.py --settings embedded
    row "16 tables, both setups" $PY bench/club_night.py --tables 16 --setups gunicorn,embedded \
        --database-url "$PG/r41_club_night" --redis-url "$REDIS"
    row "64 tables, gunicorn" $PY bench/club_night.py --tables 64 --setups gunicorn \
        --database-url "$PG/r41_club_night" --redis-url "$REDIS"
    row "50,000 games, PostgreSQL" env DATABASE_URL="$PG/r41_scale" $PY bench/season_scale.py --games 50000 \
        --methods p_rating,openskill --repeat 3 --no-memory
    row "Tenhou import, embedded" $PY bench/tenhou_import.py --modes batch
done
row "offline engine start (three starts of each kind)" $PY bench/offline_engine.py --starts 3
