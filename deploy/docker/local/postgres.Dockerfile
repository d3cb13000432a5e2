# Debian's postgresql-15 as a stand-in for postgres:15-bookworm: the same PGDATA, the same variables
# (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB) and "postgres ARGS" as the command.
FROM clubleague-local/debian:bookworm
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-15 \
    && apt-get clean && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin \
    && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
    && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
VOLUME /var/lib/postgresql/data
USER postgres
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
