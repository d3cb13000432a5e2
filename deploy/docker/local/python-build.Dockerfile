# The build stage's base: the runtime base + msgfmt (compilemessages).
FROM clubleague-local/python:3.11-bookworm
RUN apt-get update && apt-get install -y --no-install-recommends gettext \
    && apt-get clean && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin
