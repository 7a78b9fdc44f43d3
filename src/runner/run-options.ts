import type { ImplementationPointers } from "../checks/implementation.js";
import type { HttpClient, HttpClientOptions } from "../client/http.js";
import type { ToolNameMap } from "../client/tool-match.js";
import type { Credentials } from "./credentials.js";
import type { Expectations } from "./expectations.js";
import type { GeneratedQueries } from "./generators.js";
import type { Depth } from "./steps/index.js";
import type { Generator } from "./template.js";
import type { CaseDef, CaseResult } from "./types.js";

/** What a conformance run is given (runConformance in src/runner/run.ts); the engine takes a part of it as is. */
export interface RunOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** A second key whose balance is exhausted (auth cases tell it apart from a rejected key). */
  readonly secondKey?: string;
  /** A key that exists but is switched off (auth cases check that key status reports it inactive, §4.5). */
  readonly inactiveKey?: string;
  /** The selected cases, in order. */
  readonly cases: readonly CaseDef[];
  readonly maxCredits: number;
  /**
   * The limit as the user set it, for the messages that name it: `max_credits 150 (tdss.config.yaml)` when the
   * configuration file gave it (default `--max-credits N`), so that what the message says to raise is what was set.
   */
  readonly maxCreditsSetting?: string;
  /** How many cases, and expansions of one step, are sent at once (--concurrency). */
  readonly concurrency: number;
  /** Per-request deadline: the HTTP client's, and that of step kinds that do not send through it (MCP). */
  readonly timeoutMs: number;
  readonly fingerprint?: string;
  readonly implementation?: ImplementationPointers;
  /** MCP tool names pinned by route (config `mcp.tools`); other routes' tools are matched by §4.1 suffix. */
  readonly mcpTools?: ToolNameMap;
  readonly expectations?: Expectations;
  /** Credits reserved per GET /version until its cost is observed (§8: not shown). */
  readonly versionCostReserve?: number;
  readonly dryRun?: boolean;
  /** How deep step kinds that sample the deployment's data go (default quick; docs/search-semantics.md). */
  readonly depth?: Depth;
  readonly maxBodyBytes?: number;
  /** Extra template generators (e.g. the linter's corpus). */
  readonly generators?: Readonly<Record<string, Generator>>;
  /** How many request bodies the generated-queries generator draws, and its seed (`--generated`, `--seed`). */
  readonly generated?: GeneratedQueries;
  readonly onCaseStart?: (c: CaseDef) => void;
  readonly onCaseDone?: (r: CaseResult) => void;
  /** Outcomes resting on a reading fail their case too, labelled as readings (docs/verdicts.md). */
  readonly strict?: boolean;
  /** Which exchanges each case keeps as evidence (default: those of its failures). */
  readonly record?: "failures" | "all";
  /** Bytes of each body kept as evidence (default DEFAULT_EVIDENCE_BYTES, 64 KiB). */
  readonly evidenceBytes?: number;
  /**
   * Aborted on an interrupt: no case starts and no case sends another step; steps in flight finish, and the outcome
   * says what was not run.
   */
  readonly signal?: AbortSignal;
  /** Why `signal` was aborted (e.g. "SIGINT"), for the report. */
  readonly interruptedBy?: () => string | undefined;
  /** Makes the HTTP client (a recording or replaying one, src/runner/cassette.ts); default a plain HttpClient. */
  readonly httpClient?: (options: HttpClientOptions, credentials: Credentials) => HttpClient;
  /** Read the key's balance afresh around every measured step (recorded and replayed runs). */
  readonly freshBalance?: boolean;
  /**
   * Run only the cases whose worst case fits the key's balance (and --max-credits), in order; the others are "not
   * run: balance" (or "budget"). Without it a plan the balance cannot cover refuses to start.
   */
  readonly fitBalance?: boolean;
  /** Each warning found before the first case runs, as it is found (they are in the outcome's warnings too). */
  readonly onWarning?: (text: string) => void;
}
