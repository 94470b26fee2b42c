import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    // Hashed files land in build/client/assets and are served with immutable caching.
    assetsDir: 'assets',
  },
});
