import type { ValidateFunction } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { compileChecked, newAjv, schemaDigest } from "../contract/json-schema.js";
import { loadCode } from "../contract/testing/load-code.js";
import { argsProblems, argsValidatorsCode } from "./args.js";
import { CHECKS } from "./index.js";
import { runWithBuiltValidators } from "../contract/testing/built-validators.js";

describe("the checks' arguments schemas compiled to code by the build (scripts/compile-validators.ts)", () => {
  it("hold every check's schema, with the errors a compile here gives", () => {
    const built = loadCode(argsValidatorsCode()) as Record<string, ValidateFunction>;
    const probes: unknown[] = [{}, null, [], "x", { unknown: 1 }, { expected: [], samples: 1, topic: 2, of: {} }];
    const withArgs = Object.entries(CHECKS).filter(([, check]) => check.args);
    expect(withArgs.length).toBeGreaterThan(10);
    for (const [name, check] of withArgs) {
      const validate = built[schemaDigest(check.args!)]!;
      const fresh = compileChecked(newAjv({ allErrors: true, strict: false }), check.args!);
      for (const value of probes) {
        expect(validate(value), `${name} ${JSON.stringify(value)}`).toBe(fresh(value));
        expect(validate.errors, name).toEqual(fresh.errors);
      }
    }
  });

  it("are what a built run checks arguments with", () => {
    const out = runWithBuiltValidators<{ problems: string | null; calls: number }>(
      "dist/src/checks/args.js",
      "BUILT_ARGS_VALIDATORS",
      `process.stdout.write(JSON.stringify({ problems: m.argsProblems("refused", { stray: 1 }) ?? null, calls }));`,
    );
    expect(out).toEqual({ problems: argsProblems("refused", { stray: 1 }) ?? null, calls: 1 });
  });
});
