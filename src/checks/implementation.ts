import { bodyOperation, type OperationId } from "../contract/index.js";
import {
  detectIds,
  detectKeyStatus,
  detectRecords,
  detectVersion,
  type KeyStatusMembers,
  type VersionMembers,
} from "./detect.js";
import type { Observed } from "./observed.js";
import { getPointer } from "../contract/json-pointer.js";

/** Routes whose IDs member the spec does not name (§4.3). */
type UnnamedIdsRoute = "searchPeople" | "queryJobs" | "queryCompanies";
/** Detail routes whose records member the spec does not name (§4.4). */
type UnnamedRecordsRoute = "getJobs" | "getCompanies";

/** JSON Pointers (into the whole response body) pinned in the config's `implementation:` block. */
export interface ImplementationPointers {
  readonly keyStatus?: KeyStatusMembers;
  readonly version?: VersionMembers;
  readonly searchIds?: Partial<Record<UnnamedIdsRoute, string>>;
  readonly detailRecords?: Partial<Record<UnnamedRecordsRoute, string>>;
}

/** Members the spec names; never guessed. The IDs member of a search is named where its response schema names it. */
const NAMED_RECORDS: Partial<Record<OperationId, string>> = { getProfiles: "/data/results" };
const PREFERRED_RECORDS: Record<UnnamedRecordsRoute, string[]> = {
  getJobs: ["results", "jobs"],
  getCompanies: ["results", "companies"],
};

const CLAUSE_OF: Record<string, string> = {
  searchPeople: "s4-3-nl-data-members-not-shown",
  queryJobs: "s4-3-jobs-companies-ids-and-next",
  queryCompanies: "s4-3-jobs-companies-ids-and-next",
  getJobs: "s4-4-jobs-companies-members-not-shown",
  getCompanies: "s4-4-jobs-companies-members-not-shown",
};

/**
 * Where each unnamed member lives in a deployment's responses: pinned by the config, else detected
 * from the first response that shows it, then kept for the rest of the run. Every choice is written to
 * `observed` with its source, so a report says what was detected and what was pinned.
 */
export class Implementation {
  private readonly ids = new Map<OperationId, string>();
  private readonly records = new Map<OperationId, string>();
  private keyStatusMembers: KeyStatusMembers | undefined;
  private versionMembers: VersionMembers | undefined;

  constructor(
    private readonly pinned: ImplementationPointers,
    private readonly observed: Observed,
  ) {
    for (const [op, p] of Object.entries(pinned.searchIds ?? {}))
      this.remember(this.ids, op as OperationId, p, "pinned", "ids");
    for (const [op, p] of Object.entries(pinned.detailRecords ?? {}))
      this.remember(this.records, op as OperationId, p, "pinned", "records");
  }

  /** Pointer of the IDs list of a search response. */
  idsPointer(operationId: OperationId, body: unknown): string | undefined {
    const op = bodyOperation(operationId);
    if (op?.idsNamed) return `/data/${op.idsMember}`;
    const known = this.ids.get(operationId);
    if (known) return known;
    // The dataset's IDs member (src/contract/operations.ts) is looked for first.
    const preferred = op ? [op.idsMember] : [];
    const found = detectIds(getPointer(body, "/data"), preferred);
    if (found && isConfident(getPointer(body, found), found, preferred))
      this.remember(this.ids, operationId, found, "detected", "ids");
    return found;
  }

  /** Pointer of the records list of a detail response. */
  recordsPointer(operationId: OperationId, body: unknown): string | undefined {
    const named = NAMED_RECORDS[operationId];
    if (named) return named;
    const known = this.records.get(operationId);
    if (known) return known;
    const preferred = PREFERRED_RECORDS[operationId as UnnamedRecordsRoute] ?? [];
    const found = detectRecords(getPointer(body, "/data"), preferred);
    if (found && isConfident(getPointer(body, found), found, preferred))
      this.remember(this.records, operationId, found, "detected", "records");
    return found;
  }

  /** Key status members (§4.5): pinned ones, the rest detected from this response. */
  keyStatus(body: unknown): KeyStatusMembers {
    if (!this.keyStatusMembers) {
      const detected = detectKeyStatus(getPointer(body, "/data"));
      const pinned = this.pinned.keyStatus ?? {};
      this.keyStatusMembers = { ...detected, ...pinned };
      this.observed.set(
        "members.key_status",
        describeSources(detected, pinned, ["remaining", "used", "active", "scopes", "rateLimit"]),
        "s4-5-key-status-members-not-shown",
      );
    }
    return this.keyStatusMembers;
  }

  /** Version members (§4.5): pinned ones, the rest detected from this response. */
  version(body: unknown): VersionMembers {
    if (!this.versionMembers) {
      const detected = detectVersion(getPointer(body, "/data"));
      const pinned = this.pinned.version ?? {};
      this.versionMembers = { ...detected, ...pinned };
      this.observed.set(
        "members.version",
        describeSources(detected, pinned, ["version", "fingerprint"]),
        "s4-5-version-members-not-shown",
      );
    }
    return this.versionMembers;
  }

  private remember(
    map: Map<OperationId, string>,
    op: OperationId,
    pointer: string,
    source: string,
    what: string,
  ): void {
    map.set(op, pointer);
    this.observed.set(`members.${op}.${what}`, { pointer, source }, CLAUSE_OF[op]);
  }
}

function isConfident(value: unknown, pointer: string, preferred: readonly string[]): boolean {
  const last = pointer.split("/").pop() ?? "";
  return (Array.isArray(value) && value.length > 0) || preferred.includes(last);
}

function describeSources(
  detected: object,
  pinned: object,
  names: readonly string[],
): Record<string, { pointer: string; source: string } | null> {
  const out: Record<string, { pointer: string; source: string } | null> = {};
  for (const name of names) {
    const p = (pinned as Record<string, string>)[name];
    const d = (detected as Record<string, string>)[name];
    out[name] = p ? { pointer: p, source: "pinned" } : d ? { pointer: d, source: "detected" } : null;
  }
  return out;
}
