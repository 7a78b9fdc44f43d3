import type { TestProject } from "vitest/node";
import { loadSuites } from "../../src/runner/suites.js";
import type { CaseDef } from "../../src/runner/types.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The default suites, read once per vitest instance rather than once per mutant run. */
    readonly cases: CaseDef[];
  }
}

/**
 * Reads the suites once, in the main process: Stryker runs the test file again for every mutant, and parsing the
 * suites each time would cost more than most cases.
 */
export default function setup(project: TestProject): void {
  if (process.env.TDSS_SETUP_LOG) process.stderr.write("globalSetup ran\n");
  project.provide("cases", loadSuites());
}
