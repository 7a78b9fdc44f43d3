import { resolve as resolvePath } from "node:path";
import { OPERATION_IDS } from "../contract/index.js";
import {
  ConfigError,
  findConfigSource,
  misplacedLintKeys,
  readConfigSource,
  type ConfigSource,
} from "../linter/config-file.js";
import { schemaError, type Schema } from "../linter/plain-schema.js";
import type { ImplementationPointers } from "../checks/implementation.js";
import type { ToolNameMap } from "../client/tool-match.js";
import { FINDING_CLASSES, type FindingClass } from "../lint/consequence.js";

export { ConfigError };

export const REPORTERS = ["console", "json", "junit", "markdown", "html"] as const;
export type ReporterName = (typeof REPORTERS)[number];

/**
 * The run's and the gateway's settings in the configuration file (docs/configuration.md), every member optional;
 * command-line options win over it. Its `lint` section is `tdss lint`'s (src/linter/config.ts), taken and left alone
 * here.
 */
export interface RunConfig {
  readonly file?: string;
  readonly baseUrl?: string;
  /** Environment variable holding the API key (default TDSS_API_KEY). Keys never live in the file. */
  readonly apiKeyEnv?: string;
  /** Environment variable holding a second, exhausted key (default TDSS_SECOND_API_KEY). */
  readonly secondKeyEnv?: string;
  /** Environment variable holding a key that exists but is inactive (default TDSS_INACTIVE_API_KEY). */
  readonly inactiveKeyEnv?: string;
  readonly maxCredits?: number;
  readonly concurrency?: number;
  readonly timeoutMs?: number;
  readonly fingerprint?: string;
  readonly expectations?: string;
  readonly reportDir?: string;
  readonly reporters?: readonly ReporterName[];
  readonly versionCostReserve?: number;
  /**
   * `quick` (default) or `thorough`: how many records the search-semantics oracles sample (docs/search-semantics.md).
   */
  readonly depth?: "quick" | "thorough";
  readonly implementation: ImplementationPointers;
  /** Deployed MCP tool names by route (`mcp.tools`), for names that do not end with the §4.1 suffix. */
  readonly mcpTools?: ToolNameMap;
  /** Outcomes resting on the project's readings fail the run too (docs/verdicts.md). */
  readonly strict?: boolean;
  /** Run only the cases that fit the key's balance and max_credits (`--fit-balance`, docs/run.md). */
  readonly fitBalance?: boolean;
  /** `tdss gateway` settings (`gateway:`); its flags win over them. */
  readonly gateway?: GatewayConfig;
}

interface GatewayConfig {
  readonly upstream?: string;
  readonly port?: number;
  readonly host?: string;
  readonly block?: readonly FindingClass[];
  /** Resolved against the config file's folder. */
  readonly log?: string;
  readonly timeoutMs?: number;
}

const pointer: Schema = {
  type: "string",
  pattern: "^(/.*)?$",
  description: 'a JSON Pointer into the answer, such as "/data/remaining_credits" ("" for the whole answer)',
};
const pointers = (names: string[]): Schema => ({
  type: "object",
  additionalProperties: false,
  properties: Object.fromEntries(names.map((n) => [n, pointer])),
});
const envName: Schema = {
  type: "string",
  pattern: "^[A-Za-z_][A-Za-z0-9_]*$",
  description: "the name of an environment variable (letters, digits and _, not starting with a digit)",
};

/** The run's settings at the top level of the file; the `lint` section is `tdss lint`'s to check. */
const SCHEMA: Schema = {
  type: "object",
  additionalProperties: false,
  properties: {
    $schema: { type: "string" },
    lint: { type: "object" },
    base_url: { type: "string" },
    api_key_env: envName,
    second_key_env: envName,
    inactive_key_env: envName,
    max_credits: { type: "integer", minimum: 0 },
    concurrency: { type: "integer", minimum: 1, maximum: 64 },
    timeout_ms: { type: "integer", minimum: 100, maximum: 600000 },
    fingerprint: { type: "string", minLength: 1 },
    expectations: { type: "string" },
    report_dir: { type: "string" },
    reporters: { type: "array", items: { enum: [...REPORTERS] } },
    version_cost_reserve: { type: "integer", minimum: 0 },
    depth: { enum: ["quick", "thorough"] },
    strict: { type: "boolean" },
    fit_balance: { type: "boolean" },
    implementation: {
      type: "object",
      additionalProperties: false,
      properties: {
        key_status: pointers(["remaining", "used", "active", "scopes", "rate_limit"]),
        version: pointers(["version", "fingerprint"]),
        search_ids: pointers(["searchPeople", "queryJobs", "queryCompanies"]),
        detail_records: pointers(["getJobs", "getCompanies"]),
      },
    },
    gateway: {
      type: "object",
      additionalProperties: false,
      properties: {
        upstream: { type: "string", minLength: 1 },
        port: { type: "integer", minimum: 0, maximum: 65535 },
        host: { type: "string", minLength: 1 },
        block: { type: "array", items: { enum: [...FINDING_CLASSES] }, uniqueItems: true },
        log: { type: "string", minLength: 1 },
        timeout_ms: { type: "integer", minimum: 100, maximum: 600000 },
      },
    },
    mcp: {
      type: "object",
      additionalProperties: false,
      properties: {
        // §4.1: the deployed tools/list is authoritative; keyed by operationId, as spec/openapi.yaml names routes.
        tools: {
          type: "object",
          additionalProperties: false,
          properties: Object.fromEntries(
            OPERATION_IDS.map((id) => [
              id,
              {
                type: "string",
                minLength: 1,
                maxLength: 128,
                pattern: "^\\S+$",
                description: "a tool name without spaces",
              },
            ]),
          ),
        },
      },
    },
  },
};

/**
 * The settings of `tdss run` or `tdss gateway` run in `cwd`: from the file `--config` names, else from the one
 * found upward as every command finds it (src/linter/config-file.ts); undefined when there is none.
 */
export function findRunConfig(explicit: string | undefined, cwd: string): RunConfig | undefined {
  const source = findConfigSource(explicit, cwd);
  return source && runConfig(source);
}

type Raw = {
  base_url?: string;
  api_key_env?: string;
  second_key_env?: string;
  inactive_key_env?: string;
  max_credits?: number;
  concurrency?: number;
  timeout_ms?: number;
  fingerprint?: string;
  expectations?: string;
  report_dir?: string;
  reporters?: ReporterName[];
  version_cost_reserve?: number;
  depth?: "quick" | "thorough";
  strict?: boolean;
  fit_balance?: boolean;
  implementation?: {
    key_status?: { remaining?: string; used?: string; active?: string; scopes?: string; rate_limit?: string };
    version?: { version?: string; fingerprint?: string };
    search_ids?: ImplementationPointers["searchIds"];
    detail_records?: ImplementationPointers["detailRecords"];
  };
  mcp?: { tools?: Record<string, string> };
  gateway?: {
    upstream?: string;
    port?: number;
    host?: string;
    block?: GatewayConfig["block"];
    log?: string;
    timeout_ms?: number;
  };
};

/** Members a user may write for a key itself, and the member that names its environment variable instead. */
const KEY_MEMBERS: Readonly<Record<string, string>> = {
  api_key: "api_key_env",
  apiKey: "api_key_env",
  key: "api_key_env",
  second_key: "second_key_env",
  second_api_key: "second_key_env",
  inactive_key: "inactive_key_env",
  inactive_api_key: "inactive_key_env",
};

/** What to do about a key written into the file itself, or undefined when there is none. */
function keyInFile(raw: unknown): string | undefined {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return undefined;
  const member = Object.keys(raw).find((k) => Object.hasOwn(KEY_MEMBERS, k));
  if (member === undefined) return undefined;
  const env = KEY_MEMBERS[member]!;
  return (
    `${member}: a key never lives in the file: set ${env} to the name of the environment variable that holds it ` +
    `(default ${env === "api_key_env" ? "TDSS_API_KEY" : "TDSS_SECOND_API_KEY"})`
  );
}

/** The settings of one configuration file (a package.json is read for its `tdss` key). */
export function loadConfig(file: string): RunConfig {
  return runConfig(readConfigSource(resolvePath(file), file));
}

function runConfig({ shown, dir, value, at }: ConfigSource): RunConfig {
  const raw = value ?? {};
  const misplaced = misplacedLintKeys(raw);
  if (misplaced) throw new ConfigError(`configuration ${shown}: ${misplaced}`);
  const keyMember = keyInFile(raw);
  if (keyMember) throw new ConfigError(`configuration ${shown}: ${at === "" ? "" : `${at}.`}${keyMember}`);
  const error = schemaError(raw, SCHEMA, at);
  if (error) throw new ConfigError(`configuration ${shown}: ${error}`);
  const r = raw as Raw;
  const tools = r.mcp?.tools;
  const shared =
    tools &&
    Object.entries(tools).find(([id, name]) => Object.entries(tools).some(([other, n]) => other !== id && n === name));
  if (shared)
    throw new ConfigError(
      `configuration ${shown}: ${at === "" ? "" : `${at}.`}mcp.tools.${shared[0]}: tool ${shared[1]} is named ` +
        `for more than one route; each route has its own tool (§4.1)`,
    );
  const ks = r.implementation?.key_status;
  return {
    file: shown,
    ...(r.base_url !== undefined ? { baseUrl: r.base_url } : {}),
    ...(r.api_key_env ? { apiKeyEnv: r.api_key_env } : {}),
    ...(r.second_key_env ? { secondKeyEnv: r.second_key_env } : {}),
    ...(r.inactive_key_env ? { inactiveKeyEnv: r.inactive_key_env } : {}),
    ...(r.max_credits !== undefined ? { maxCredits: r.max_credits } : {}),
    ...(r.concurrency !== undefined ? { concurrency: r.concurrency } : {}),
    ...(r.timeout_ms !== undefined ? { timeoutMs: r.timeout_ms } : {}),
    ...(r.fingerprint ? { fingerprint: r.fingerprint } : {}),
    ...(r.expectations ? { expectations: resolvePath(dir, r.expectations) } : {}),
    ...(r.report_dir ? { reportDir: resolvePath(dir, r.report_dir) } : {}),
    ...(r.reporters ? { reporters: r.reporters } : {}),
    ...(r.version_cost_reserve !== undefined ? { versionCostReserve: r.version_cost_reserve } : {}),
    ...(r.depth ? { depth: r.depth } : {}),
    ...(r.strict !== undefined ? { strict: r.strict } : {}),
    ...(r.fit_balance !== undefined ? { fitBalance: r.fit_balance } : {}),
    implementation: {
      ...(ks
        ? {
            keyStatus: {
              ...(ks.remaining ? { remaining: ks.remaining } : {}),
              ...(ks.used ? { used: ks.used } : {}),
              ...(ks.active ? { active: ks.active } : {}),
              ...(ks.scopes ? { scopes: ks.scopes } : {}),
              ...(ks.rate_limit ? { rateLimit: ks.rate_limit } : {}),
            },
          }
        : {}),
      ...(r.implementation?.version ? { version: r.implementation.version } : {}),
      ...(r.implementation?.search_ids ? { searchIds: r.implementation.search_ids } : {}),
      ...(r.implementation?.detail_records ? { detailRecords: r.implementation.detail_records } : {}),
    },
    ...(tools && Object.keys(tools).length > 0 ? { mcpTools: tools } : {}),
    ...(r.gateway ? { gateway: gatewayConfig(r.gateway, dir) } : {}),
  };
}

function gatewayConfig(g: NonNullable<Raw["gateway"]>, dir: string): GatewayConfig {
  const { timeout_ms: timeoutMs, log, ...rest } = g;
  return {
    ...rest,
    ...(log !== undefined ? { log: resolvePath(dir, log) } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  };
}
