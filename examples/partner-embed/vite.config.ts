import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Two pages, both served by the Parley server in the test (APP_DIST=dist), so the API is same-origin:
// index.html (React: @parley/ui + @parley/chat-sdk) and sdk-only.html (no React, sdk only).
export default defineConfig({
  plugins: [react()],
  build: {
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        sdkOnly: fileURLToPath(new URL('./sdk-only.html', import.meta.url)),
      },
    },
  },
});
