/**
 * The JSON Schema of the tdss configuration's `lint` section (`tdss.config.json` or .yaml, or the `tdss` key of
 * package.json; src/linter/config-file.ts), built
 * from the rule table, the routes and the formats so that it cannot drift from them. It is published as
 * schemas/tdss.config.schema.json (checked byte for byte by src/linter/config-schema.test.ts) and checked by the
 * small validator both commands share (src/linter/plain-schema.ts; docs/configuration.md).
 */
import { RULES } from "../../rules/all.js";
import { FORMATS } from "./format/report.js";
import { repositoryFileUrl } from "./format/rule-page.js";
import { routeNames } from "../contract/routes.js";
import { subRecords } from "../contract/scopes.js";
import { FINDING_CLASSES, type FindingClass } from "../lint/consequence.js";
import type { Schema } from "./plain-schema.js";

/** The classes --fail-on takes by default (FINDING_CLASSES are all it takes; cost and style never fail a run). */
export const DEFAULT_FAIL_ON: readonly FindingClass[] = ["refused", "empty"];
export const DEFAULT_EXTENSIONS: readonly string[] = [".json", ".jsonl"];

/** The `lint` section: what `tdss lint` reads. */
export function lintSectionSchema(): Schema {
  const rules: Schema = {
    description: "Rule id to severity, or off (docs/rules/<id>.md)",
    type: "object",
    propertyNames: { enum: RULES.map((r) => r.meta.id) },
    additionalProperties: { enum: ["error", "warning", "info", "off"] },
  };
  const route: Schema = {
    description: "The route bodies are sent to (operationId, or people, jobs, companies); inferred when omitted",
    enum: routeNames(),
  };
  const globs: Schema = { type: "array", items: { type: "string" } };
  const classes = `(${FINDING_CLASSES.join("|")})`;
  return {
    description: "What tdss lint reads (docs/lint.md, Configuration)",
    type: "object",
    additionalProperties: false,
    properties: {
      route,
      rules,
      scopes: {
        description:
          `The scope table's overrides: people field -> ${subRecords().join(" | ")} | null, ` +
          "or the path of a YAML/JSON file holding them (relative to this file)",
        anyOf: [{ type: "string" }, { type: "object", additionalProperties: { type: ["string", "null"] } }],
      },
      format: { description: "Report format", enum: [...FORMATS] },
      failOn: {
        description:
          "Consequence classes that fail the run (their diagnostics are errors): a list, or one comma-separated " +
          'string as --fail-on takes, or "none"',
        anyOf: [
          { type: "array", items: { enum: [...FINDING_CLASSES] } },
          {
            type: "string",
            pattern: `^\\s*(none|${classes}(\\s*,\\s*${classes})*)\\s*$`,
            description:
              `consequence classes (${FINDING_CLASSES.join(", ")}), comma-separated, or "none"; a severity such ` +
              `as "warning" is not one (maxWarnings counts warnings)`,
          },
        ],
      },
      maxWarnings: { description: "Fail the run when there are more warnings than this", type: "integer", minimum: 0 },
      cost: { description: "Show the cost line in the stylish, github, junit and sarif formats", type: "boolean" },
      ext: {
        description: "File extensions linted in a folder",
        type: "array",
        items: { type: "string", pattern: "^\\.[^/\\\\]+$", description: 'an extension with its dot, such as ".json"' },
        minItems: 1,
      },
      ignores: { ...globs, description: "More ignore patterns, gitignore syntax, as in .tdssignore" },
      overrides: {
        description: "Settings for the files some globs match (relative to this file's folder), in order",
        type: "array",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["files"],
          properties: { files: { ...globs, minItems: 1 }, route, rules },
        },
      },
    },
  };
}

/**
 * The whole file as `tdss lint` sees it: the `lint` section; the other top-level keys are `tdss run`'s, which that
 * command checks (docs/run.md, "Configuration").
 */
export function configSchema(): Schema {
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: repositoryFileUrl("schemas/tdss.config.schema.json"),
    title: "tdss configuration",
    description:
      "tdss.config.json (or .yaml), or the tdss key of package.json: tdss run's settings at the top level " +
      "(docs/run.md), tdss lint's under lint (docs/lint.md)",
    type: "object",
    properties: { $schema: { type: "string" }, lint: lintSectionSchema() },
  };
}
