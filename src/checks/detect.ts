import { escapeToken } from "../contract/json-pointer.js";
import { balanceValue, showsNoQuota } from "./balance-value.js";

/**
 * Heuristics that find members the specification does not name (§4.3 natural-language data, §4.3
 * jobs/companies IDs, §4.4 jobs/companies detail members, §4.5 version and key status). Each returns a
 * JSON Pointer into the whole response body, or undefined when nothing fits; a config pins any of them.
 * They look at member names and value types only, never at values a deployment happens to hold.
 */

interface Member {
  readonly pointer: string;
  /** Member names from `data` down, lower-cased and joined with "/": what the heuristics score. */
  readonly path: string;
  readonly value: unknown;
}

/** Every member under `data`, depth-first, at most three objects deep. */
function members(data: unknown, base = "/data", path = "", depth = 0): Member[] {
  if (data === null || typeof data !== "object" || Array.isArray(data) || depth > 2) return [];
  return Object.entries(data).flatMap(([key, value]) => {
    const m: Member = {
      pointer: `${base}/${escapeToken(key)}`,
      path: path ? `${path}/${key.toLowerCase()}` : key.toLowerCase(),
      value,
    };
    return [m, ...members(value, m.pointer, m.path, depth + 1)];
  });
}

function best(candidates: Member[], score: (m: Member) => number): string | undefined {
  let top: Member | undefined;
  let topScore = 0;
  for (const m of candidates) {
    const s = score(m);
    if (s > topScore) [top, topScore] = [m, s];
  }
  return top?.pointer;
}

const isStringList = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === "string");
const isObjectList = (v: unknown) =>
  Array.isArray(v) && v.length > 0 && v.every((x) => x !== null && typeof x === "object" && !Array.isArray(x));

/**
 * The list of IDs in a search response: a list of strings, preferring names ending in "ids" (profile_ids, job_ids,
 * ...).
 */
export function detectIds(data: unknown, preferred: readonly string[] = []): string | undefined {
  if (isStringList(data)) return "/data";
  return best(members(data), (m) => {
    if (!isStringList(m.value)) return 0;
    const last = m.path.split("/").pop()!;
    if (preferred.includes(last)) return 5;
    if (/(^|_)ids$/.test(last)) return 4;
    if (/^(results|items|hits|data)$/.test(last)) return 2;
    return (m.value as unknown[]).length > 0 ? 1 : 0;
  });
}

/** The list of records in a detail response: a list of objects, preferring results/records/items. */
export function detectRecords(data: unknown, preferred: readonly string[] = []): string | undefined {
  if (isObjectList(data)) return "/data";
  return best(members(data), (m) => {
    const last = m.path.split("/").pop()!;
    const named = preferred.includes(last) ? 5 : /^(results|records|items|hits|docs|data)$/.test(last) ? 4 : 0;
    if (Array.isArray(m.value) && m.value.length === 0) return named ? named - 2 : 0;
    if (!isObjectList(m.value)) return 0;
    return named || 1;
  });
}

export interface KeyStatusMembers {
  remaining?: string;
  /** The Credits the key has used, where key status counts them: a key without a quota may show no remaining. */
  used?: string;
  active?: string;
  scopes?: string;
  rateLimit?: string;
}

/**
 * Key status members (§4.5): remaining Credits, Credits used, active, scopes, rate limit. A member named for the
 * remaining quota that holds no number (null, "unlimited": a key without a quota) is still the remaining member, found
 * after any that holds one, so that another key's status (an exhausted key's 0) is read there.
 */
/** A member's own name, lower case. */
const last = (m: Member): string => m.path.split("/").pop()!;

/**
 * Whether a member sits inside a rate limit's object (`rate_limit/remaining` counts requests, not Credits). A group
 * named for limits in general (`limits/credits/remaining`) is no rate limit: the member's own name decides.
 */
const inRateLimit = (m: Member): boolean =>
  m.path
    .split("/")
    .slice(0, -1)
    .some((parent) => /rate|window|per_|^limit$/.test(parent));

export function detectKeyStatus(data: unknown): KeyStatusMembers {
  const all = members(data);
  const out: KeyStatusMembers = {};
  const remaining = best(all, (m) => {
    const named = /remain/.test(m.path)
      ? 4
      : /balance/.test(m.path)
        ? 3
        : /credit/.test(m.path)
          ? 2
          : /quota/.test(m.path)
            ? 1
            : 0;
    if (/used|spent|limit|total|max|reset|rate|per_|window|cost/.test(last(m)) || inRateLimit(m)) return 0;
    if (balanceValue(m.value) !== undefined) return named;
    // Below every member that holds a number, whatever its name.
    return showsNoQuota(m.value) ? named / 10 : 0;
  });
  if (remaining) out.remaining = remaining;
  const used = best(all, (m) => {
    if (balanceValue(m.value) === undefined || !/used|spent|consumed/.test(m.path)) return 0;
    if (/remain|limit|rate|per_|window|reset/.test(last(m)) || inRateLimit(m)) return 0;
    return /credit/.test(m.path) ? 2 : 1;
  });
  if (used) out.used = used;
  const active = best(all, (m) => {
    if (typeof m.value === "boolean") return /active|enabled|valid/.test(last(m)) ? 3 : 0;
    // A flag as the 1 and 0 of a store without a boolean type (reportsActive reads both), named as the flag alone: a
    // count such as active_sessions may be 1 too.
    if (m.value === 0 || m.value === 1) return /^(is_?)?(active|enabled|valid)$/i.test(last(m)) ? 3 : 0;
    if (typeof m.value === "string") return /^(status|state)$/.test(last(m)) ? 2 : 0;
    return 0;
  });
  if (active) out.active = active;
  // A list of names, or one text of them as OAuth writes `scope` ("people:read jobs:read").
  const scopes = best(all, (m) =>
    !/scope|permission/.test(m.path) ? 0 : Array.isArray(m.value) ? 3 : typeof m.value === "string" ? 2 : 0,
  );
  if (scopes) out.scopes = scopes;
  const rateLimit = best(all, (m) => {
    if (m.value === null || m.value === undefined || /remain/.test(m.path)) return 0;
    const parent = m.path.split("/").slice(0, -1).join("/");
    if (/rate/.test(parent)) return 0;
    return /rate/.test(m.path) ? 2 : 0;
  });
  if (rateLimit) out.rateLimit = rateLimit;
  return out;
}

export interface VersionMembers {
  version?: string;
  fingerprint?: string;
}

/** GET /version members (§4.5): the deployed version and the contract fingerprint. */
export function detectVersion(data: unknown): VersionMembers {
  const all = members(data).filter((m) => typeof m.value === "string" || typeof m.value === "number");
  const out: VersionMembers = {};
  const fingerprint = best(all, (m) =>
    typeof m.value !== "string"
      ? 0
      : /fingerprint/.test(m.path)
        ? 4
        : /hash|digest|checksum|etag/.test(m.path)
          ? 3
          : /contract/.test(m.path)
            ? 2
            : 0,
  );
  if (fingerprint) out.fingerprint = fingerprint;
  const version = best(all, (m) => {
    if (m.pointer === fingerprint) return 0;
    const last = m.path.split("/").pop()!;
    return last === "version" ? 4 : /version/.test(last) ? 3 : /release|build|tag/.test(last) ? 1 : 0;
  });
  if (version) out.version = version;
  return out;
}
