import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../contract/root.js";
import { LINT_KEYS } from "./config-file.js";
import { configSchema, lintSectionSchema, schemaError } from "./config-schema.js";

const published = join(packageRoot(), "schemas", "tdss.config.schema.json");

/** `lint` sections the schema takes, and ones it does not, each with the key the error must name. */
const GOOD: unknown[] = [
  {},
  { format: "sarif", maxWarnings: 0, cost: true },
  { rules: { cost: "off", "fixed-set-value": "warning" }, failOn: ["refused", "broadened"], route: "jobs" },
  { scopes: { is_current: null, skills: "has_experience" }, ext: [".json"], ignores: ["fixtures/"] },
  { scopes: "scopes.yaml", overrides: [{ files: ["jobs/**"], route: "jobs", rules: { cost: "off" } }] },
];
const BAD: [unknown, RegExp][] = [
  [[], /expected object/],
  [{ formatt: "json" }, /unknown key "formatt" \(did you mean "format"\?\)/],
  [{ rules: { "fixed-set-valu": "off" } }, /^rules: unknown key "fixed-set-valu" \(did you mean "fixed-set-value"\?\)/],
  [{ rules: { cost: "loud" } }, /^rules\.cost: "loud" is not one of "error", "warning", "info", "off"/],
  [{ failOn: ["refused", "cost"] }, /^failOn\[1\]: "cost" is not one of/],
  [{ maxWarnings: -1 }, /^maxWarnings: expected at least 0/],
  [{ maxWarnings: 1.5 }, /^maxWarnings: expected integer/],
  [{ ext: ["json"] }, /^ext\[0\]: "json" does not match/],
  [{ ext: [] }, /^ext: expected at least 1 item/],
  [{ scopes: { skills: 3 } }, /^scopes\.skills: expected string or null/],
  [{ overrides: [{ route: "jobs" }] }, /^overrides\[0\]: the key "files" is required/],
  [{ route: "peeple" }, /^route: "peeple" is not one of/],
];

describe("the configuration's JSON Schema", () => {
  it("is published as schemas/tdss.config.schema.json, byte for byte as built from the rules and routes", () => {
    expect(readFileSync(published, "utf8")).toBe(JSON.stringify(configSchema(), null, 2) + "\n");
  });

  it("takes and refuses what a general validator (ajv) does, and names the bad key", () => {
    const validate = new Ajv({ strict: false }).compile(JSON.parse(readFileSync(published, "utf8")));
    const $schema = "./node_modules/tdss/schemas/tdss.config.schema.json";
    for (const good of GOOD) {
      // The run's settings beside the section are the run's to check (docs/run.md, "Configuration").
      const file = { $schema, base_url: "https://example.test", lint: good };
      expect(validate(file), JSON.stringify(good)).toBe(true);
      expect(schemaError(file, configSchema())).toBeUndefined();
    }
    for (const [bad, message] of BAD) {
      expect(validate({ lint: bad }), JSON.stringify(bad)).toBe(false);
      expect(schemaError(bad, lintSectionSchema()), JSON.stringify(bad)).toMatch(message);
      expect(schemaError({ lint: bad }, configSchema(), "tdss"), JSON.stringify(bad)).toMatch(/^tdss\.lint/);
    }
  });

  it("lists the lint section's keys where tdss run reads them to refuse them at the top level", () => {
    expect(Object.keys(lintSectionSchema().properties ?? {})).toEqual(LINT_KEYS);
  });
});
