# The portal as one image (docs/deployment.md): built in a first stage, run as the compiled server
# (dist/server, decisions/017) by an unprivileged user, its data in the /data volume.
# Debian (glibc), not Alpine: better-sqlite3, sharp and @node-rs/argon2 install prebuilt binaries
# for linux-x64 with glibc; on musl they would have to be compiled or would not load.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# A compiler for a native addon whose prebuilt binary cannot be downloaded (better-sqlite3 then
# builds from source); only in this stage.
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# npm install, as the README and CI install (npm ci trips over optional platform packages that
# npm leaves out of the lock file); the lock file still fixes every version.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
# No demo program with its published passwords in an empty production database (SEED_DEMO=on
# to try the image out). MALLOC_ARENA_MAX: the C library's setting `npm start` gives the server
# (scripts/lib/server-flags.mjs).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    SEED_DEMO=off
WORKDIR /app
# The compiled server and the SPA, the packages left out of the bundle (native addons, pdfkit),
# the content seeded at every start, and the sources `npm run staff`, `npm run backup` and
# `npm run restore` run with tsx. Owned by root: the server cannot change its own code (it writes
# nothing under dist/ anyway: every start loads the bundle the same way, decisions/017).
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/content ./content
COPY --from=build /app/common ./common
COPY --from=build /app/server ./server
COPY --from=build /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /api/health answers 200 once the database answers; the first start migrates (and on SQLite
# seeds the demo program), hence the start period.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The V8 options `npm start` gives the server (scripts/lib/server-flags.mjs); node as PID 1 gets
# SIGTERM from `docker stop` and finishes the requests in flight (10 s at most).
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=25", "--v8-pool-size=2", "dist/server/main.js"]
