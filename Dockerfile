# syntax=docker/dockerfile:1
# One build, three images from it:
#   runtime  (default) backend, indexer and the one-shot deploy: built code + production dependencies, non-root
#   devchain a local anvil for the compose stack (anvil ships inside an npm dev dependency)
# docker compose builds it once (see docker-compose.yml); `docker build -t cent-tasks .` builds the runtime.
# Node 22 (maintenance LTS until April 2027): Node 20 reached its end of life in April 2026. The code keeps
# running on Node 20 too (`engines` in package.json), which is what the development machines have.

FROM node:22.22.0-bookworm-slim AS build
WORKDIR /app
ENV CI=true
# The whole workspace (see .dockerignore): the lock decides every version.
COPY . .
# npm ci where the lock satisfies it; the registry these machines reach lacks other platforms' optional
# binaries, so fall back to npm install from the same lock (it keeps every locked version), as .ci/run does.
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund
# Everything `npm start` builds (contracts with solc from npm, offline; backend; indexer; the browser app).
RUN npm run build

FROM build AS devchain
RUN mkdir -p /chain && chown node:node /chain
USER node
EXPOSE 8545
CMD ["node_modules/.bin/anvil", "--host", "0.0.0.0", "--port", "8545", "--state", "/chain/state.json", "--state-interval", "5"]

FROM build AS pruned
# Drop dev dependencies (hardhat, solc, jest, anvil, ...) and what only the build needed.
RUN npm prune --omit=dev --no-audit --no-fund \
 && rm -rf contracts/cache contracts/test backend/test backend/bench indexer/test indexer/bench \
 && find . -path ./node_modules -prune -o -name '*.spec.ts' -print | xargs rm -f

FROM node:22.22.0-bookworm-slim AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000
WORKDIR /app
COPY --from=pruned --chown=root:root /app /app
RUN mkdir -p /data/deployments /data/uploads && chown -R node:node /data
# Runs as the image's unprivileged `node` user; the code is owned by root and read-only to it.
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 CMD ["node", "scripts/healthcheck.mjs", "backend"]
# With-deployment: the addresses come from the environment, else from the deploy job's file in /data/deployments.
ENTRYPOINT ["node", "scripts/with-deployment.mjs"]
CMD ["backend/dist/main.js"]
