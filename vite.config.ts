import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The SPA is built into dist/client, which wrangler serves as the worker's static assets.
export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react()],
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    sourcemap: false,
  },
});
