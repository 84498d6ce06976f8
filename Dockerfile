# syntax=docker/dockerfile:1
# Multi-stage: dependencies are installed from the lockfile in a build stage; the runtime image has
# production dependencies only and runs as a non-root user.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=4000 \
    HOST=0.0.0.0
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY src ./src
COPY schema ./schema
COPY examples ./examples
USER node
EXPOSE 4000
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# tsx (a production dependency) runs the TypeScript sources directly; no build step to drift.
CMD ["node", "--import", "tsx", "src/main.ts"]
