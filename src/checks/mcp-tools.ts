import type { ValidateFunction } from "ajv/dist/2020.js";
import { canonicalJson, loadContract, OPERATION_IDS, type OperationId } from "../contract/index.js";
import { requestValidator } from "../contract/validators.js";
import { builtBySchema, compileChecked, newAjv, standaloneBySchema } from "../contract/json-schema.js";
import { deriveTools } from "../contract/mcp-tools.js";
import { matchToolsToRoutes, type ToolNameMap } from "../client/tool-match.js";
import { excerpt, fail, failOn, pass, type Check, type CheckContext, type CheckOutcome } from "./check.js";

/** The part of a deployed tool the checks read. */
export interface DeployedTool {
  readonly name: string;
  readonly inputSchema?: unknown;
}

/** How a match was made, for the report's observed section: from the config's map, by §4.1 suffix, or both. */
function matchedBy(pinned: ToolNameMap | undefined): string {
  const routes = Object.keys(pinned ?? {});
  if (routes.length === 0) return "the §4.1 name suffix";
  if (routes.length === OPERATION_IDS.length) return "the config (mcp.tools)";
  return `the config (mcp.tools) for ${routes.join(", ")}; the §4.1 name suffix for the other routes`;
}

/**
 * tools/list holds exactly one tool per route of §4.1, and nothing else (s4-1-mcp-tool-per-route,
 * s1-mcp-exposes-nine-routes).
 */
export function checkOneToolPerRoute(tools: readonly DeployedTool[], pinned: ToolNameMap = {}): CheckOutcome {
  const names = tools.map((t) => t.name);
  const duplicates = [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];
  const match = matchToolsToRoutes(names, pinned);
  const problems = [
    ...match.missing.map((id) => {
      const op = loadContract().operations.get(id)!;
      const pin = pinned[id];
      return pin !== undefined
        ? `no tool ${pin} for ${op.method} ${op.path} (named in the config's mcp.tools)`
        : `no tool for ${op.method} ${op.path} (§4.1 names it ${op.tool})`;
    }),
    ...match.unmatched.map((n) => `tool ${n} matches no route of §4.1`),
    ...duplicates.map((n) => `tool ${n} is listed more than once`),
  ];
  if (problems.length > 0)
    return fail(
      problems.join("; "),
      OPERATION_IDS.map((id) => pinned[id] ?? loadContract().operations.get(id)!.tool),
      names,
    );
  return pass(`${names.length} tools${match.prefix !== undefined ? `, prefix "${match.prefix}"` : ""}`);
}

/** Keywords that annotate a schema and never change what it accepts (JSON Schema 2020-12, Meta-Data and Core). */
const ANNOTATIONS: ReadonlySet<string> = new Set([
  "title",
  "description",
  "$schema",
  "$comment",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
]);

/** Keywords whose value maps names to schemas: the names are kept as they are, the schemas read as schemas. */
const SCHEMA_MAPS: ReadonlySet<string> = new Set([
  "properties",
  "patternProperties",
  "dependentSchemas",
  "$defs",
  "definitions",
]);

/** Keywords whose value is data, not a schema. */
const DATA_KEYWORDS: ReadonlySet<string> = new Set(["enum", "const"]);

/**
 * The constraints of a schema in one spelling: annotations left out, and draft-07's `definitions` (and references to
 * them) read as 2020-12's `$defs`, so that two builds writing the same constraints compare equal.
 */
function constraintsOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(constraintsOf);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(node as Record<string, unknown>)) {
    if (ANNOTATIONS.has(keyword)) continue;
    const spelled = keyword === "definitions" ? "$defs" : keyword;
    if (DATA_KEYWORDS.has(keyword)) out[spelled] = value;
    else if (keyword === "$ref" && typeof value === "string") out.$ref = value.replace(/^#\/definitions\//, "#/$defs/");
    else if (SCHEMA_MAPS.has(keyword) && value !== null && typeof value === "object" && !Array.isArray(value))
      out[spelled] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, schema]) => [name, constraintsOf(schema)]),
      );
    else out[spelled] = constraintsOf(value);
  }
  return out;
}

/**
 * Both transports list the same tools (s4-6-tool-per-route-same-rules), with input schemas of the same constraints
 * (s4-6-tool-schema-same-text, a reading): what each schema accepts is judged against its route on each transport
 * (tool-schemas-agree-with-routes), so schemas that differ only in annotations or in the dialect's spelling of
 * `$defs` pass, and any other difference warns.
 */
export function checkSameToolsOnBothTransports(
  streamable: readonly DeployedTool[],
  sse: readonly DeployedTool[],
): CheckOutcome {
  const index = (tools: readonly DeployedTool[]) =>
    new Map(tools.map((t) => [t.name, canonicalJson(constraintsOf(t.inputSchema ?? null))]));
  const a = index(streamable);
  const b = index(sse);
  const problems = [
    ...[...a.keys()].filter((n) => !b.has(n)).map((n) => `${n} is listed on /mcp only`),
    ...[...b.keys()].filter((n) => !a.has(n)).map((n) => `${n} is listed on /sse only`),
  ];
  if (problems.length > 0) return fail(problems.join("; "), [...a.keys()].sort(), [...b.keys()].sort());
  const differing = [...a.keys()].filter((n) => a.get(n) !== b.get(n));
  if (differing.length > 0)
    return failOn(
      "s4-6-tool-schema-same-text",
      `${differing.join(", ")}: the input schema on /sse states other constraints than on /mcp (each is judged ` +
        `against its route by tool-schemas-agree-with-routes)`,
      differing.map((n) => a.get(n)),
      differing.map((n) => b.get(n)),
    );
  return pass();
}

/** A sample body and the verdict the route's request schema gives it. */
export interface SchemaSample {
  readonly body: unknown;
  readonly note?: string;
  /** The clause the route's verdict on the body rests on (a reading makes a disagreement a warning). */
  readonly clause?: string | readonly string[];
}

/** Compiled tool schemas by their JSON: a deployment lists the same tools to every case that asks. */
const compiledToolSchemas = new Map<string, ValidateFunction | string>();

/** Validator of a deployed input schema, compiled the way an MCP client would: on its own, unknown keywords ignored. */
function compileToolSchema(schema: unknown): ValidateFunction | string {
  const key = JSON.stringify(schema ?? null);
  let compiled = compiledToolSchemas.get(key);
  if (compiled === undefined) compiledToolSchemas.set(key, (compiled = compileFresh(schema)));
  return compiled;
}

const TOOL_OPTIONS = { strict: false, allErrors: false, validateFormats: false } as const;

/** Where npm run build leaves the contract's own tool schemas compiled to code (scripts/compile-validators.ts). */
export const BUILT_TOOL_VALIDATORS = new URL("./tool-validators.cjs", import.meta.url);

/** The build's copy of a deployed input schema's validator: there for a tool that lists the contract's own schema. */
const builtToolSchema = builtBySchema(BUILT_TOOL_VALIDATORS, TOOL_OPTIONS);

function compileFresh(schema: unknown): ValidateFunction | string {
  try {
    const { $schema: _dialect, ...rest } = (schema ?? {}) as Record<string, unknown>;
    return builtToolSchema(rest) ?? compileChecked(newAjv(TOOL_OPTIONS), rest);
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * The module npm run build writes to BUILT_TOOL_VALIDATORS: the input schemas of the contract's tools (§4.1,
 * src/contract/mcp-tools.ts), which a deployment that derives its tools from the contract lists, compiled as
 * compileFresh compiles a deployed one.
 */
export function toolValidatorsCode(): string {
  return standaloneBySchema(
    TOOL_OPTIONS,
    deriveTools().map((tool) => {
      const { $schema: _dialect, ...rest } = tool.inputSchema as Record<string, unknown>;
      return rest;
    }),
  );
}

/** Whether the route accepts a body: its OpenAPI request schema, or for a GET route (no body) only the empty object. */
export function routeAccepts(operationId: OperationId, body: unknown): boolean {
  if (!loadContract().operations.get(operationId)!.requestSchema) return canonicalJson(body) === "{}";
  return requestValidator(operationId)(body) === true;
}

/**
 * A tool's input schema against its route's request schema, in the direction that matters (docs/verdicts.md):
 * a schema that refuses a body the route accepts fails (an agent cannot make that valid call;
 * s4-1-tool-schema-agreement, or the sample's own `clause` where the route's acceptance is a reading). A schema
 * that accepts a body the route refuses is a warning (s4-1-tool-schema-direction): the call itself must then be
 * refused, which the case checks by calling the tool. For a GET route only the empty object is asked about: the
 * route takes no body, so whether the tool refuses stray arguments is its own affair.
 */
export function checkToolSchemaAgreement(
  tool: DeployedTool,
  operationId: OperationId,
  samples: readonly SchemaSample[],
): CheckOutcome[] {
  const validate = compileToolSchema(tool.inputSchema);
  if (typeof validate === "string")
    return [failOn("s4-1-tool-schema-agreement", `the input schema of ${tool.name} does not compile: ${validate}`)];
  const isGet = !loadContract().operations.get(operationId)!.requestSchema;
  const asked = isGet ? samples.filter((s) => canonicalJson(s.body) === "{}") : samples;
  if (asked.length === 0) return [fail(`no sample body to check ${tool.name} with`)];
  const judged = asked.map((sample) => ({
    sample,
    route: routeAccepts(operationId, sample.body),
    tool: validate(sample.body) === true,
  }));
  const tighter = judged.filter((j) => j.route && !j.tool);
  const looser = judged.filter((j) => !j.route && j.tool);
  const describe = (list: typeof judged, what: string) => {
    const { body, note } = list[0]!.sample;
    return (
      `${tool.name} ${what} ${JSON.stringify(body)}${note ? ` (${note})` : ""}` +
      (list.length > 1 ? `; ${list.length - 1} more sample(s) alike` : "")
    );
  };
  const out: CheckOutcome[] = [];
  // Each tighter sample rests on its own clause (a reading where the route's acceptance is one), so each is judged
  // alone.
  for (const j of tighter) {
    out.push(
      failOn(
        j.sample.clause ?? "s4-1-tool-schema-agreement",
        `${describe([j], "refuses")}, which the route accepts: an agent cannot make this valid call`,
        { body: j.sample.body, verdict: "accepts" },
        { body: j.sample.body, verdict: "refuses" },
      ),
    );
  }
  if (looser.length) {
    out.push(
      failOn(
        "s4-1-tool-schema-direction",
        `${describe(looser, "accepts")}, which the route refuses: the tool must refuse the call itself`,
        looser.map((j) => ({ body: j.sample.body, verdict: "refuses" })),
        looser.map((j) => ({ body: j.sample.body, verdict: "accepts" })),
      ),
    );
  }
  return out.length ? out : [pass(`${asked.length} sample bodies`)];
}

/** The tools a `mcp_tools` step listed, or the failure that there are none to judge. */
function listedTools(ctx: CheckContext): DeployedTool[] | CheckOutcome {
  const exchange = ctx.exchanges.at(-1);
  const tools = (exchange?.json as { tools?: unknown } | undefined)?.tools;
  if (
    !Array.isArray(tools) ||
    !tools.every((t) => t !== null && typeof t === "object" && typeof (t as DeployedTool).name === "string")
  ) {
    return fail(
      "no tools/list answer to judge",
      "a list of named tools",
      excerpt(exchange?.bodyText ?? exchange?.error, 200),
    );
  }
  return tools as DeployedTool[];
}

function toolList(value: unknown, what: string): DeployedTool[] | CheckOutcome {
  if (
    !Array.isArray(value) ||
    !value.every((t) => t !== null && typeof t === "object" && typeof (t as DeployedTool).name === "string")
  ) {
    return fail(`${what} is not a captured tools list`, "a list of named tools", excerpt(value, 200));
  }
  return value as DeployedTool[];
}

export const mcpToolsPerRoute: Check = {
  description: "tools/list holds exactly one tool per route of §4.1, matched by name suffix, and nothing else",
  run: (ctx) => {
    const tools = listedTools(ctx);
    if (!Array.isArray(tools)) return tools;
    const pinned = ctx.run.mcpTools ?? {};
    const match = matchToolsToRoutes(
      tools.map((t) => t.name),
      pinned,
    );
    ctx.run.observed.set(
      "mcp.tools",
      {
        prefix: match.prefix ?? null,
        names: tools.map((t) => t.name),
        routes: Object.fromEntries(match.byOperation),
        matched_by: matchedBy(pinned),
      },
      "s4-1-tools-list-authoritative",
    );
    return checkOneToolPerRoute(tools, pinned);
  },
};

const SAMPLE = {
  type: "object",
  required: ["body"],
  additionalProperties: false,
  properties: {
    body: {},
    note: { type: "string" },
    clause: { oneOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] },
  },
};

export const mcpToolSchemas: Check<{ samples: Record<OperationId, SchemaSample[]> }> = {
  description:
    "each tool's input schema accepts every sample body its route accepts (one that accepts more is a warning)",
  clauses: ["s4-1-tool-schema-agreement"],
  args: {
    type: "object",
    required: ["samples"],
    additionalProperties: false,
    properties: {
      samples: {
        type: "object",
        required: [...OPERATION_IDS],
        additionalProperties: false,
        properties: Object.fromEntries(OPERATION_IDS.map((id) => [id, { type: "array", minItems: 1, items: SAMPLE }])),
      },
    },
  },
  run: (ctx, args) => {
    const tools = listedTools(ctx);
    if (!Array.isArray(tools)) return tools;
    const match = matchToolsToRoutes(
      tools.map((t) => t.name),
      ctx.run.mcpTools,
    );
    return OPERATION_IDS.flatMap((operationId) => {
      const name = match.byOperation.get(operationId);
      const tool = tools.find((t) => t.name === name);
      const configured = ctx.run.mcpTools?.[operationId];
      if (!tool)
        return fail(
          `no tool ${configured !== undefined ? `${configured} ` : ""}for ${operationId}, ` +
            `so its input schema cannot agree with the route's`,
        );
      return checkToolSchemaAgreement(tool, operationId, args.samples[operationId]);
    });
  },
};

export const mcpSameTools: Check<{ streamable: unknown; sse: unknown }> = {
  description: "/mcp and /sse list the same tools with the same input schemas",
  args: {
    type: "object",
    required: ["streamable", "sse"],
    additionalProperties: false,
    properties: { streamable: {}, sse: {} },
  },
  run: (_ctx, args) => {
    const streamable = toolList(args.streamable, "streamable");
    if (!Array.isArray(streamable)) return streamable;
    const sse = toolList(args.sse, "sse");
    if (!Array.isArray(sse)) return sse;
    return checkSameToolsOnBothTransports(streamable, sse);
  },
};
