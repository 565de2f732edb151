import { defineConfig, type Plugin } from "vite";

// The print bundle (`npm run build:print` → dist-print/print.js and print.css) that
// `cairn export --format html` inlines into its self-contained file: the print renderer of
// src/features/print/ with the window's own Markdown, KaTeX and sanitiser. A library build
// inlines every asset; KaTeX's fonts are kept as woff2 only (every browser that prints reads it).
const woff2Only: Plugin = {
  name: "katex-woff2-only",
  enforce: "pre",
  transform(code, id) {
    if (!/katex(\.min)?\.css$/.test(id)) return null;
    return code.replace(/,\s*url\([^)]*\.(woff|ttf)\)\s*format\("(woff|truetype)"\)/g, "");
  },
};

export default defineConfig({
  base: "./",
  plugins: [woff2Only],
  clearScreen: false,
  build: {
    outDir: "dist-print",
    emptyOutDir: true,
    target: "es2022",
    cssCodeSplit: false,
    lib: {
      entry: "src/features/print/printEntry.ts",
      formats: ["iife"],
      name: "CairnPrint",
      fileName: () => "print.js",
      cssFileName: "print",
    },
  },
});
