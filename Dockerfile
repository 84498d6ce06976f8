# syntax=docker/dockerfile:1
# Multi-stage: a build stage compiles the TypeScript sources (with every dependency, from the
# lockfile); the runtime image holds the compiled JavaScript and production dependencies only, and
# runs as a non-root user. No TypeScript is compiled at run time.
#
# npm's own settings and a CA certificate come in as BuildKit secrets, both optional, for a build behind
# a TLS-inspecting proxy or against a private registry: they are mounted for the `npm ci` steps only and
# land in no layer (docs/operations.md, Deployment):
#   docker build --secret id=npmrc,src=$HOME/.npmrc --secret id=ca,src=proxy-ca.pem -t avalanche-graph .
# `npmrc` becomes root's ~/.npmrc (proxy, registry, auth); `ca` is trusted beside Node's own CAs.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
# Of the workspace packages (packages/), the build takes two: the wire types, type declarations tsc
# needs and the compiled code does not import; and the identity package (networks and codecs), which
# the compiled gateway imports by name (`@avalanche-graph/identity`), so `npm run build` compiles it to
# its dist/ before the gateway. The sandbox, a development tool, is not copied. The install is the
# root's dependencies and those packages, from the same lockfile. No dependency's install script runs;
# patch-package then applies patches/ (see patches/README.md), and the runtime stage takes the patched
# packages from here.
COPY packages/wire-types ./packages/wire-types
COPY packages/identity ./packages/identity
RUN --mount=type=secret,id=npmrc,target=/root/.npmrc --mount=type=secret,id=ca,target=/run/secrets/ca.pem \
    NODE_EXTRA_CA_CERTS="$([ -s /run/secrets/ca.pem ] && echo /run/secrets/ca.pem)" \
    npm ci --ignore-scripts --workspace=@avalanche-graph/wire-types --workspace=@avalanche-graph/identity --include-workspace-root && npx patch-package --error-on-fail
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build

# The production dependencies, without the workspaces: the identity package, a dependency of the root,
# is left as the link npm makes for a workspace (node_modules/@avalanche-graph/identity to
# ../../packages/identity), which the runtime stage fills with the build's compiled package.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN --mount=type=secret,id=npmrc,target=/root/.npmrc --mount=type=secret,id=ca,target=/run/secrets/ca.pem \
    NODE_EXTRA_CA_CERTS="$([ -s /run/secrets/ca.pem ] && echo /run/secrets/ca.pem)" \
    npm ci --omit=dev --ignore-scripts --workspaces=false && npm cache clean --force

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=4000 \
    HOST=0.0.0.0
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/node_modules/@envelop/response-cache ./node_modules/@envelop/response-cache
COPY --from=build /app/dist ./dist
# `@avalanche-graph/identity` at run time: its manifest and compiled code, where its link points; no sources.
COPY --from=build /app/packages/identity/package.json ./packages/identity/
COPY --from=build /app/packages/identity/dist ./packages/identity/dist
COPY package.json ./
# GraphiQL opens the example operations as tabs (read beside dist/, as beside src/). The example explorer
# app (examples/explorer/, a development example) stays out: .dockerignore.
COPY examples ./examples
USER node
EXPOSE 4000
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The Node flags come from MEMORY_LIMIT_MB, else the container's memory limit, else 512 MiB
# (dist/node-flags.js: a heap limit of 3/5 of it, a young generation of 2 × 16 MiB); the caches and the
# admission bounds derive from the same setting (docs/operations.md, Memory and overload). `exec` leaves
# node as the container's main process, so it gets the stop signal itself.
CMD ["sh", "-c", "flags=$(node dist/node-flags.js) && exec node $flags dist/main.js"]
# OCI labels (docs/releasing.md): the version defaults to package.json's (test/package.test.ts checks
# it), the rest come from the release's build arguments. Last, so a new value rebuilds no layer. No
# `licenses` label: the repository has no licence file.
ARG VERSION=0.1.0
ARG REVISION=
ARG SOURCE=
ARG CREATED=
LABEL org.opencontainers.image.title="avalanche-graph" \
      org.opencontainers.image.description="One GraphQL graph over Avalanche's Data API, node JSON-RPC and metrics services." \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.created="${CREATED}"
