# Club league — developer commands. `make run` and `make test` are all you need.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

# Test processes for `make test` (pytest-xdist, work-stealing: the long browser and worker tests do not
# hold up a whole chunk). Each process has its own test database and, for the tests that start a real
# Celery worker, its own Redis database (conftest.py). Beside them one more process runs the tests marked
# `waits` one after another (a real worker, `make serve`, the production stack, a Redis outage: mostly
# waiting, which would leave a worker's CPU idle); its report is printed after the others'.
# `make test TEST_WORKERS=0` runs everything in one process.
TEST_WORKERS ?= 2
# Python's bytecode cache on for the tests even where the machine turns it off (PYTHONDONTWRITEBYTECODE, as
# CI's does): the sources are compiled once before the run (compileall, ~1 s) and every test process and
# every Python a test starts (a worker, a server, manage.py) reads them instead of compiling them again (~0.5 s
# of CPU each start; pytest's rewritten test modules too, ~9 s a process). The waiting tests' process
# collects only the files that mark tests waits (grep); the others' run refuses to start when a test marked
# waits sits in a file the grep missed (conftest.py), so none is left out of both.
PYTEST := env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest

.PHONY: install run venue serve test test-docker bench-image test-fast messages demo migrate check

install: $(STAMP)

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

migrate: install
	$(PY) manage.py migrate --noinput

demo: migrate
	$(PY) manage.py load_demo

run: demo
	@echo ""
	@echo "Demo logins (password = user name + '1234'):"
	@echo "  admin   / admin1234    club admin (also Django admin at /admin/)"
	@echo "  referee / referee1234  referee"
	@echo "  host    / host1234     table host"
	@echo "  player  / player1234   plain member"
	@echo ""
	$(PY) manage.py runserver 127.0.0.1:8000

# At the venue: as `make run`, but listening on every interface so that the phones on the venue's Wi-Fi reach
# it; prints the laptop's address and a QR for them (core/management/commands/venue.py). VENUE_PORT (8000).
VENUE_PORT ?= 8000
venue: demo
	$(PY) manage.py venue --port $(VENUE_PORT)

# The production stack here: config.settings.production on PostgreSQL + Redis (both must be running;
# `.ci/run` shows how to start them): collectstatic, migrate, demo data, then gunicorn + a Celery
# worker + beat in the foreground; Ctrl-C stops all. SERVE_PORT (8000), DATABASE_URL, REDIS_URL.
serve: install
	$(PY) -m deploy.serve

# Browser tests need Debian's chromium; install it when we are root and can, else they skip.
test: install
	@if ! command -v chromium >/dev/null 2>&1 && [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-nanum) \
			|| echo "chromium could not be installed: browser tests will be skipped"; \
	fi
	@if [ -d locale ] && command -v msgfmt >/dev/null 2>&1; then $(PY) manage.py compilemessages -v 0 --ignore=.venv; fi
	@env -u PYTHONDONTWRITEBYTECODE $(PY) -m compileall -q -j 0 -x '(^|/)\.(venv|git)(/|$$)' .
	@if [ "$(TEST_WORKERS)" = "0" ]; then \
		echo "$(PYTEST) --create-db -m 'not docker'"; \
		$(PYTEST) --create-db -m "not docker"; \
	else \
		log="$$(mktemp "$${TMPDIR:-/tmp}/clubleague-waits.XXXXXX")"; \
		lane="$$(grep -rl 'mark\.waits' tests --include='*.py' | sort | tr '\n' ' ')"; \
		echo "TEST_LANE=waits $(PYTEST) --create-db -p no:xdist -m 'waits and not docker' $$lane (beside, into $$log)"; \
		TEST_LANE=waits $(PYTEST) --create-db -p no:xdist -m "waits and not docker" $$lane >"$$log" 2>&1 & lane_pid=$$!; \
		echo "TEST_LANE_FILES='$$lane' $(PYTEST) --create-db -n $(TEST_WORKERS) --dist worksteal -m 'not docker and not waits'"; \
		TEST_LANE_FILES="$$lane" $(PYTEST) --create-db -n $(TEST_WORKERS) --dist worksteal -m "not docker and not waits"; others=$$?; \
		wait $$lane_pid; waits=$$?; \
		echo "--- the tests marked waits, run beside the others (exit $$waits):"; cat "$$log"; rm -f "$$log"; \
		[ $$others -eq 0 ] && [ $$waits -eq 0 ]; \
	fi

# The container tests (marker docker, tests/deploy/test_container_*.py, test_systemd_units.py): build the
# image (and the base images from Debian's packages, the previous release's image) with
# deploy/docker/build-ci.sh, then run the compose stack, the venue mode, the upgrades, the backup round
# trip and the systemd units under systemd, one at a time (one engine, one build: no xdist). They skip when no Docker engine answers; `.ci/run` starts one.
test-docker: install
	$(PY) -m pytest -p no:xdist -m docker tests/deploy

# The image's size and cold start (bench/image.py); IMAGE defaults to the tests' clubleague:ci.
bench-image: install
	$(PY) bench/image.py --image $(or $(IMAGE),clubleague:ci)

# Local runs that keep the test database between runs (SQLite: .pytest-db/, migrated forward;
# PostgreSQL: test_<name> is kept). Name what to run: make test-fast ARGS="tests/league/test_x.py".
# After a migration was renamed or edited (a merge), rebuild it once: ARGS="--create-db tests/...".
# Two runs at once in one checkout would share the database: run one at a time.
test-fast: install
	$(PY) -m pytest --reuse-db $(ARGS)

messages: install
	$(PY) manage.py makemessages -l ko -l en --ignore=.venv --ignore=staticfiles
	$(PY) manage.py makemessages -d djangojs -l ko -l en --ignore=.venv --ignore=staticfiles --ignore=static/vendor
	$(PY) manage.py compilemessages -l ko -l en --ignore=.venv

check: install
	$(VENV)/bin/ruff check .
	$(PY) manage.py check
	$(PY) manage.py makemigrations --check --dry-run
