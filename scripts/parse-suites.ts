/**
 * npm run build, after tsc: parses and checks the package's suites once, so that a run reads them without the YAML
 * parser (src/runner/suites.ts, builtParse). A suite with a mistake fails the build with the message a run would give.
 */
import { writeFileSync } from "node:fs";
import { BUILT_SUITES, parseSuitesForBuild, SuiteError } from "../src/runner/suites.js";

try {
  writeFileSync(BUILT_SUITES, JSON.stringify(parseSuitesForBuild()));
} catch (error) {
  if (!(error instanceof SuiteError)) throw error;
  process.stderr.write(`parse-suites: ${error.message}\n`);
  process.exit(1);
}
