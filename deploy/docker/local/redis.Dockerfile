# Debian's redis-server as a stand-in for redis:7-bookworm (the command is given by compose.yaml).
FROM clubleague-local/debian:bookworm
RUN apt-get update && apt-get install -y --no-install-recommends redis-server \
    && apt-get clean && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin && mkdir -p /data && chown redis:redis /data
WORKDIR /data
USER redis
CMD ["redis-server", "--bind", "127.0.0.1", "--protected-mode", "yes"]
