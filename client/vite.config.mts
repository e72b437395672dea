import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = process.env.PORTICO_SERVER ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  // The wire format is written once, beside the server's mappers (DESIGN.md §2, "One contract").
  resolve: {
    alias: { '@contracts': fileURLToPath(new URL('../server/src/contracts', import.meta.url)) },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
  server: {
    port: 5173,
    proxy: { '/api': server, '/apis': server, '/healthz': server },
  },
});
