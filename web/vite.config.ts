import { tanstackRouter } from "@tanstack/router-plugin/vite"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"

// The router plugin must come before react(): it generates src/routeTree.gen.ts and splits each route's
// component into its own chunk, so a page loads only the code it shows.
export default defineConfig({
  plugins: [tanstackRouter({ target: "react", autoCodeSplitting: true }), react()],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, manifest: true },
  server: { proxy: { "/api": `http://127.0.0.1:${process.env.API_PORT ?? "3000"}` } },
})
