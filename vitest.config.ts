import { defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";
import { externalStores } from "./tests/setup/external-stores.js";
import { LongestFirstSequencer } from "./tests/setup/longest-first.js";

// Workspace packages resolve to their TypeScript sources ("source" export condition), so unit tests need no build.
// Integration tests that start services as processes run the built dist/ (the test command builds first).
// Each worker has sets of local stores of its own and a system its files share (tests/setup/stores.global.ts).
// External stores named in the environment would be shared by every worker, so with them files run one at a time.

// Without "module": vitest hands these conditions to Node, whose require() would then load a package's bundler-only
// ESM build (@opentelemetry/api's, required by prom-client, has extensionless imports Node cannot resolve).
const conditions = ["source", ...defaultServerConditions.filter((condition) => condition !== "module")];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    testTimeout: 30_000,
    // A poll passes as soon as its condition holds; the default second is too short with two files and their
    // browsers sharing two cores.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    pool: "forks",
    // Three files at a time on the machines' two cores (TEST_WORKERS=1 runs one): a file often waits on its services
    // or browser. With two the cores were 87-88 % busy (704 and 731 s); with three, 96-97 % (655, 656 and 740 s;
    // 2026-12-07, not paired).
    maxWorkers: externalStores ? 1 : Number(process.env.TEST_WORKERS ?? "3"),
    reporters: ["default"],
    // The longest integration files first (a table of their last seconds), so the workers end together.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "services/*/src/**/*.test.ts",
            "web/*/src/**/*.test.ts",
            "scripts/src/**/*.test.ts",
          ],
          // Unit tests share a process per worker: a fresh one per file cost more than the tests themselves
          // (114 files: 138 s of CPU isolated, 54 s shared).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/**/*.test.ts"],
          globalSetup: ["tests/setup/stores.global.ts"],
          // A worker's files share its process and modules: each file's fresh process re-imported the services and
          // the test helpers (in-process files: 167 CPU-s isolated, 123 shared). A file leaves no state behind:
          // it closes what it opens in afterAll and passes settings to the processes it starts, never by process.env.
          isolate: false,
        },
      },
    ],
  },
});
