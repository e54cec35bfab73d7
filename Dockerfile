# syntax=docker/dockerfile:1.7

# Build: install with Bun and produce the one self-contained executable (client, public/ and migrations inside).
FROM oven/bun:1.4.5 AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN bun install
COPY . .
RUN bun run build

# Runtime: the executable plus Litestream, nothing else.
FROM debian:bookworm-slim AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --create-home --home-dir /home/gordu gordu \
 && mkdir -p /data && chown gordu:gordu /data
COPY --from=build /app/dist/gordu /usr/local/bin/gordu
COPY --from=litestream/litestream:0.3.13 /usr/local/bin/litestream /usr/local/bin/litestream
COPY litestream.yml /etc/litestream.yml
COPY --chmod=755 <<'SCRIPT' /usr/local/bin/start-gordu
#!/bin/sh
# A fresh volume with a replica somewhere: restore first. Then run the app under Litestream, so
# every write is replicated and the app stops when Litestream does.
set -e
if [ ! -f "$DATABASE_PATH" ]; then
  litestream restore -config /etc/litestream.yml -if-replica-exists "$DATABASE_PATH"
fi
exec litestream replicate -config /etc/litestream.yml -exec /usr/local/bin/gordu
SCRIPT

USER gordu
WORKDIR /data
ENV DATABASE_PATH=/data/app.sqlite PORT=3000 HOST=0.0.0.0
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD curl -fsS http://127.0.0.1:3000/healthz || exit 1
CMD ["/usr/local/bin/start-gordu"]
