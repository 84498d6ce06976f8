// Vite builds the explorer into dist/ (scripts/explorer-server.ts builds and serves it): a static
// app whose /graphql, over HTTP and WebSocket, is the origin it was served from.
import { defineConfig } from 'vite';

export default defineConfig({
  // No JSX plugin: Vite's own transform compiles the TSX with React's automatic runtime (tsconfig's `jsx`).
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1000 },
});
