import { defineConfig } from "vitest/config";

/**
 * The conformance cases as vitest tests against the in-process reference server, for Stryker
 * (stryker.config.json, `npm run mutation`); never part of `npm test` (vitest.config.ts).
 */
export default defineConfig({
  test: {
    include: ["test/mutation/**/*.mutation.ts"],
    globalSetup: ["test/mutation/suites.setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
