import { fileURLToPath } from "node:url";
import { defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";
import { externalStores } from "./tests/setup/external-stores.js";
import { LongestFirstSequencer } from "./tests/setup/longest-first.js";

// Unit tests read workspace packages as their TypeScript sources ("source" export condition), so they need no build.
// Integration tests (tests/) read the built dist/ that the services' processes, the bundles and the CLI run (the test
// command builds first; `npm run build` before running them alone), and Node loads those modules itself: through
// vite every module of the in-process services was transformed in vitest's main process and evaluated by its module
// runner in each worker (ten or eleven in-process files on one worker, three pairs of runs: 30.6-37.8 CPU-s from
// dist/ against 33.3-40.0 from sources; vitest's main process over a whole run: 15 CPU-s against 32).
// The two `testing` subpaths exist only as sources (the apps' builds are browser bundles).
// Each worker has sets of local stores of its own and a system its files share (tests/setup/stores.global.ts).
// External stores named in the environment would be shared by every worker, so with them files run one at a time.

// Without "module": vitest hands these conditions to Node, whose require() would then load a package's bundler-only
// ESM build (@opentelemetry/api's, required by prom-client, has extensionless imports Node cannot resolve).
const builtConditions = defaultServerConditions.filter((condition) => condition !== "module");
const sourceConditions = ["source", ...builtConditions];
const workspaceBuilds = /[\\/](services|packages|proto|web)[\\/][^\\/]+[\\/]dist[\\/]/;
const appTestingSources = {
  "@turnleaf/reader/testing": fileURLToPath(new URL("./web/reader/src/testing.ts", import.meta.url)),
  "@turnleaf/editor/testing": fileURLToPath(new URL("./web/editor/src/testing.ts", import.meta.url)),
};

export default defineConfig({
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
        resolve: { conditions: sourceConditions },
        ssr: { resolve: { conditions: sourceConditions } },
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
        resolve: { conditions: builtConditions, alias: appTestingSources },
        ssr: { resolve: { conditions: builtConditions } },
        test: {
          name: "integration",
          server: { deps: { external: [workspaceBuilds] } },
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
