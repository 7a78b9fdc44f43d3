// Stryker on the reference server (`npm run mutation`, docs/selftest.md "Stryker"): each mutant of the
// reference's contract modules is killed when a conformance case fails against it
// (test/mutation/conformance.mutation.ts, run by vitest.mutation.config.ts).
export default {
  packageManager: "npm",
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  coverageAnalysis: "perTest",
  // The contract modules measured within 30 minutes on two cores (docs/benchmarks.md, "Mutation score"): how the
  // linter's diagnostics refuse a body, query translation, field selection, cursors, the Credit charge, keys and
  // their ledger, the request pipeline's stages (route, key, scope, body, JSON, validation, rate limit, handler,
  // charge), and the MCP tools' listing and calls. Code in them that carries
  // no contract clause (the switches of the hand-written mutants and of the variants, the readings of open clauses,
  // a refusal's wording, the parsing of --keys) is left out where it stands, by `// Stryker disable` comments that
  // give the reason (Stryker reports those mutants as ignored); readings.ts is left out whole. `--mutate <file>`
  // runs another module of src/reference/.
  mutate: [
    "src/reference/body-validation.ts",
    "src/reference/query/translate.ts",
    "src/reference/records/selection.ts",
    "src/reference/records/companies.ts",
    "src/reference/cursor.ts",
    "src/reference/pipeline/stages/charge.ts",
    "src/reference/keys.ts",
    "src/reference/pipeline/stages/key.ts",
    "src/reference/pipeline/stages/scope.ts",
    "src/reference/pipeline/stages/route.ts",
    "src/reference/mcp/server.ts",
    "src/reference/pipeline/stages/body-limit.ts",
    "src/reference/pipeline/stages/content-type.ts",
    "src/reference/pipeline/stages/json.ts",
    "src/reference/pipeline/stages/validation.ts",
    "src/reference/pipeline/stages/rate-limit.ts",
    "src/reference/pipeline/stages/handler.ts",
  ],
  // The sandbox leaves out what no test reads: the build, reports, docs, benchmarks and the eslint workspace.
  ignorePatterns: ["dist", "reports", "docs", "bench", "tools"],
  reporters: ["html", "json", "clear-text", "progress"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  incremental: true,
  incrementalFile: "reports/mutation/stryker-incremental.json",
  tempDirName: "reports/mutation/.stryker-tmp",
  // Stryker rewrites the sandbox's tsconfig with TypeScript's JavaScript API, which TypeScript 7 (the build's
  // tsc) does not have; vitest compiles with esbuild and needs no rewritten tsconfig, so none is named.
  tsconfigFile: "stryker-rewrites-no-tsconfig.json",
  // One test runner per core (each a vitest process running one case at a time).
  concurrency: 2,
  // Added to 1.5 times a mutant's cases' own time before it counts as a timeout (a hang is a kill).
  timeoutMS: 10_000,
};
