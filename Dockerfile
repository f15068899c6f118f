# syntax=docker/dockerfile:1
#
# Restricted-party screening service: multi-stage image.
#   build:   npm ci (which runs `prepare` = npm run build: WASM core + TypeScript), then drop dev dependencies
#   runtime: compiled code, WASM core, production node_modules, bundled sample lists; runs as `node` (uid 1000)
#
#   docker build -t restricted-party-screening .
#   docker run -p 8080:8080 -e SESSION_JWT_SECRET=... restricted-party-screening
#
# Lists live in LISTS_DIR (/var/lib/rps/lists; mount a volume there and fill it with `lists update`).
# Until it holds a list file the service screens against the bundled sample (status "sample").

# Node 24, the LTS line that the prebuilt uWebSockets.js binaries cover (ABI 137; Node 20 is past its
# end of life; Node 26's ABI has no binary in @based/uws 6.0.1). The code also runs on Node >= 20.19.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# lmdb, msgpackr-extract and uWebSockets.js ship prebuilt binaries for linux x64/arm64 glibc: no compiler needed.
ENV SCARF_ANALYTICS=false
COPY package.json package-lock.json tsconfig.json asconfig.json ./
COPY assembly ./assembly
COPY src ./src
COPY data/sample ./data/sample
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund \
 && test -f dist/server/main.js && test -f dist/cli/main.js && test -f build/core.wasm && test -f build/core.js \
 && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    LISTS_DIR=/var/lib/rps/lists \
    DATA_DIR=/var/lib/rps/data
WORKDIR /app
# Application files stay owned by root: the service user can read them, not change them.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# core.js holds the generated bindings that dist/engine/core.js imports; core.wasm is the core itself.
COPY --from=build /app/build/core.wasm /app/build/core.js ./build/
COPY --from=build /app/data/sample ./data/sample
# The dashboard serves these files from the source tree's path (src/server/dashboard/asset-store.ts).
COPY --from=build /app/src/server/dashboard/assets ./src/server/dashboard/assets
# Writable state for uid 1000 only. A named volume mounted on /var/lib/rps/lists starts as a copy of
# this directory, ownership included, so `lists update` (same user) can write into it.
RUN mkdir -p /var/lib/rps/lists /var/lib/rps/data \
 && chown -R node:node /var/lib/rps \
 && chmod 0750 /var/lib/rps/data
USER node
EXPOSE 8080
# Liveness only (the process answers); /readyz (lists loaded, store reachable) is for load balancers.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/server/main.js"]
