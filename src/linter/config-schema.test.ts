import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../contract/root.js";
import { LINT_KEYS } from "./config-file.js";
import { configSchema, lintSectionSchema } from "./config-schema.js";
import { schemaError } from "./plain-schema.js";

const published = join(packageRoot(), "schemas", "tdss.config.schema.json");

/** `lint` sections the schema takes, and ones it does not, each with the key the error must name. */
const GOOD: unknown[] = [
  {},
  { format: "sarif", maxWarnings: 0, cost: true },
  { rules: { cost: "off", "fixed-set-value": "warning" }, failOn: ["refused", "broadened"], route: "jobs" },
  { scopes: { is_current: null, skills: "has_experience" }, ext: [".json"], ignores: ["fixtures/"] },
  { scopes: "scopes.yaml", overrides: [{ files: ["jobs/**"], route: "jobs", rules: { cost: "off" } }] },
  // failOn as --fail-on takes it.
  { failOn: "refused, broadened" },
  { failOn: "none" },
];
const BAD: [unknown, RegExp][] = [
  [[], /^expected a map of keys to values, got \[\]$/],
  [{ formatt: "json" }, /unknown key "formatt" \(did you mean "format"\?\)/],
  [{ rules: { "fixed-set-valu": "off" } }, /^rules: unknown key "fixed-set-valu" \(did you mean "fixed-set-value"\?\)/],
  [{ rules: { cost: "loud" } }, /^rules\.cost: "loud" is not one of "error", "warning", "info", "off"/],
  [{ failOn: ["refused", "cost"] }, /^failOn\[1\]: "cost" is not one of/],
  [
    { failOn: "warning" },
    new RegExp(
      /^failOn: "warning": expected consequence classes \(refused, [a-z, ]+\), comma-separated, or "none"; /.source +
        /a severity such as "warning" is not one \(maxWarnings counts warnings\)$/.source,
    ),
  ],
  [{ failOn: "refused,cost" }, /^failOn: "refused,cost": expected consequence classes/],
  [{ failOn: 3 }, /^failOn: expected a list or a string, got 3$/],
  [{ maxWarnings: -1 }, /^maxWarnings: expected at least 0, got -1$/],
  [{ maxWarnings: 1.5 }, /^maxWarnings: expected a whole number, got 1\.5$/],
  [{ ext: ["json"] }, /^ext\[0\]: "json": expected an extension with its dot, such as "\.json"$/],
  [{ ext: [] }, /^ext: expected at least 1 item/],
  [{ scopes: { skills: 3 } }, /^scopes\.skills: expected a string or null, got 3$/],
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
