// The single list of test projects. Vitest 5 no longer reads a workspace file by name,
// so `npm test` passes this file as the config (`vitest run --config vitest.workspace.ts`).
import { tmpdir } from "node:os"
import { join } from "node:path"
import { defineConfig } from "vitest/config"
import { LongestFilesFirst } from "./test-support/src/LongestFilesFirst.ts"

/** The order engine's model-based test files (core/test/orders/OrderEngine.model.*.test.ts). */
const MODEL_FILES = "test/**/*.model.*.test.ts"

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "core",
          isolate: false,
          root: "./core",
          include: ["test/**/*.test.ts"],
          exclude: [MODEL_FILES],
          environment: "node",
        },
      },
      {
        // The order engine's model-based runs (thousands of generated sequences against a model of the ledger): run
        // beside the other projects' files, not under coverage, which would slow them by half and add no line.
        test: {
          name: "core-model",
          isolate: false,
          root: "./core",
          include: [MODEL_FILES],
          environment: "node",
        },
      },
      {
        test: {
          name: "adapters",
          isolate: false,
          root: "./adapters",
          include: ["test/**/*.test.ts"],
          environment: "node",
          // One migrated, empty database for the run, copied by each suite (test-support's DatabaseTemplates.ts).
          globalSetup: ["../test-support/src/DatabaseTemplates.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Where the app's files go in tests (the development document key, mail files): never the repo.
          env: { DATA_DIR: join(tmpdir(), "landunits-test-data") },
        },
      },
      {
        test: {
          name: "cli",
          isolate: false,
          root: "./cli",
          include: ["test/**/*.test.ts"],
          environment: "node",
          // One migrated, empty database for the run, copied by each suite (test-support's DatabaseTemplates.ts).
          globalSetup: ["../test-support/src/DatabaseTemplates.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          env: { DATA_DIR: join(tmpdir(), "landunits-test-data") },
        },
      },
      {
        test: {
          name: "web",
          isolate: false,
          root: "./web",
          include: ["test/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
        },
      },
      {
        // Debian's Chromium against the real server (web/e2e/server.ts); screenshots in web/test-artifacts.
        test: {
          name: "web-e2e",
          root: "./web",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // web/dist is built once for all the browser test files, not once per file.
          globalSetup: ["e2e/buildWeb.ts"],
          // expect.poll waits for the page, not for a clock: 1 s (the default) is too short on a loaded 2-core box.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
    // Vitest's default on a 2-core machine is one worker, so every file ran after the other while most of
    // them wait on PostgreSQL, PGlite or a server process; two workers keep both cores busy. The browser files
    // share the two workers with the others (they were one at a time, after everything else: 12 minutes of a
    // 24-minute run with one worker idle), and the longest files start first.
    maxWorkers: 2,
    sequence: { sequencer: LongestFilesFirst },
    // The node and DOM projects reuse a worker's modules from file to file (isolate: false): with isolation every
    // file imported effect, the adapters and the app again, which was three quarters of core's run (26 s → 7 s)
    // and half of web's (13 s → 6 s). Their files keep no state in shared modules; the browser files stay
    // isolated (each holds its own server and browser in module variables).
    // Coverage of core/src by core's own tests (`npm run test:core`, the first half of `npm test`): the rules are proved
    // where they are written, at 90% of the lines at least. Measured by itself because V8's coverage slows every file
    // of a run it is on (core's model files by half), and the adapters', CLI's and browser files' runs measure
    // nothing here. `include` is relative to the project's root (./core) when only that project runs.
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      exclude: ["src/index.ts"],
      reporter: ["text-summary"],
      thresholds: { lines: 90 },
    },
  },
})
