/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The window loads the UI from its own files: relative paths, nothing remote, no inline script.
export default defineConfig({
  base: "./",
  plugins: [react()],
  clearScreen: false,
  server: { port: 1420, strictPort: true },
  build: {
    outDir: "dist",
    target: "es2022",
    // KaTeX's fonts stay files (CSP font-src 'self'), never inlined into the CSS.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1200,
    modulePreload: { polyfill: false },
  },
  test: {
    environment: "jsdom",
    globals: true,
    setupFiles: ["./src/test/setup.ts"],
    css: false,
    // Whole-app interaction tests run on busy 2-core machines too.
    testTimeout: 20_000,
  },
});
