import { defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

// Workspace packages resolve to their TypeScript sources ("source" export condition), so unit tests need no build.
// Integration tests that start services as processes run the built dist/ (the test command builds first).
export default defineConfig({
  resolve: { conditions: ["source", ...defaultServerConditions] },
  ssr: { resolve: { conditions: ["source", ...defaultServerConditions] } },
  test: {
    include: [
      "services/*/src/**/*.test.ts",
      "web/*/src/**/*.test.ts",
      "scripts/src/**/*.test.ts",
      "tests/**/*.test.ts",
    ],
    globalSetup: ["tests/setup/stores.global.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    reporters: ["default"],
  },
});
