import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = process.env.PORTICO_SERVER ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
  server: {
    port: 5173,
    proxy: { '/api': server, '/apis': server, '/healthz': server },
  },
});
