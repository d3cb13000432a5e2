# Debian's python3 (3.11 on bookworm) as a stand-in for python:3.11-slim-bookworm.
FROM clubleague-local/debian:bookworm
RUN apt-get update && apt-get install -y --no-install-recommends python3 python3-venv \
    && apt-get clean && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin
CMD ["python3"]
