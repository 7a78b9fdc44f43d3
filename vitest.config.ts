import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "src/**/*.test.ts",
      "rules/**/*.test.ts",
      "scripts/**/*.test.ts",
      "spec/**/*.test.ts",
      "suites/**/*.test.ts",
      "test/**/*.test.ts",
    ],
    globalSetup: ["test/temp-folder.setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two files at a time on two cores (vitest's default is one fewer than the cores): many files wait on servers,
    // child processes, timeouts and rate limits, and the other file's work fills that wait.
    maxWorkers: 2,
  },
});
