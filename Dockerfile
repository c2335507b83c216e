# Listwise in one image: the compiled API server, which also serves the built web app.
# docs/deploying.md explains how to run it; compose.yaml runs two replicas with their outside services.
#
# scripts/smoke-production.sh runs this file's final stage without Docker (its `COPY --from=build` lines, its
# `npm ci`, its CMD and its HEALTHCHECK) on every `npm test`: keep each COPY to one source and one destination.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: everything installed, then `npm run build` (web app, packages/domain and the server to JavaScript)
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first, so the dependency layer is reused while only the sources change.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: the compiled output and the server's production dependencies only (no TypeScript, no tsx, no Vite)
FROM ${NODE_IMAGE} AS runtime
# ffmpeg makes the poster frame of uploaded videos.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
WORKDIR /app
# npm ci checks the lock file against every workspace's manifest, so all of them come along.
COPY --from=build /app/package.json package.json
COPY --from=build /app/package-lock.json package-lock.json
COPY --from=build /app/packages/domain/package.json packages/domain/package.json
COPY --from=build /app/apps/server/package.json apps/server/package.json
COPY --from=build /app/apps/web/package.json apps/web/package.json
COPY --from=build /app/e2e/package.json e2e/package.json
COPY --from=build /app/bench/package.json bench/package.json
RUN npm ci --omit=dev --workspace @listwise/server --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/packages/domain/dist packages/domain/dist
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR (media on local disk when S3 is not configured) must be writable by the non-root user.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# Migrations run on start (each replica takes a lock; the first applies them, the others find them done).
CMD ["node", "--conditions=listwise-compiled", "apps/server/dist/main.js"]
