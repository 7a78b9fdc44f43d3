import { execFileSync } from "node:child_process";
import type { ValidateFunction } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { compileChecked, newAjv, schemaDigest } from "../contract/json-schema.js";
import { packageRoot } from "../contract/root.js";
import { loadCode } from "../contract/testing/load-code.js";
import { argsProblems, argsValidatorsCode } from "./args.js";
import { CHECKS } from "./index.js";

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
    const dist = (path: string) => JSON.stringify(new URL(path, `file://${packageRoot()}/`).href);
    const script =
      `const { createRequire } = await import("node:module"); ` +
      `const { fileURLToPath } = await import("node:url"); ` +
      `const m = await import(${dist("dist/src/checks/args.js")}); ` +
      `const built = createRequire(import.meta.url)(fileURLToPath(m.BUILT_ARGS_VALIDATORS)); ` +
      `let calls = 0; for (const [name, f] of Object.entries(built)) ` +
      `if (typeof f === "function") built[name] = Object.assign((v) => { calls++; const ok = f(v); ` +
      `built[name].errors = f.errors; return ok; }, { errors: null }); ` +
      `process.stdout.write(JSON.stringify({ problems: m.argsProblems("refused", { stray: 1 }) ?? null, calls }));`;
    const out = JSON.parse(
      execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: packageRoot(), encoding: "utf8" }),
    ) as { problems: string | null; calls: number };
    expect(out).toEqual({ problems: argsProblems("refused", { stray: 1 }) ?? null, calls: 1 });
  });
});
