import type { AnyCheck } from "./check.js";
import { atMost } from "./at-most.js";
import { completeSet } from "./complete-set.js";
import { count } from "./count.js";
import { detailCounts } from "./detail-counts.js";
import { envelope } from "./envelope.js";
import { equals } from "./equals.js";
import { idsNotIssued } from "./ids-not-issued.js";
import { idsOnly } from "./ids-only.js";
import { idsResolve } from "./ids-resolve.js";
import { jobRecord } from "./job-record.js";
import { jsonrpcResult } from "./jsonrpc-result.js";
import { MCP_CHECKS } from "./mcp-checks.js";
import { keyStatus } from "./key-status.js";
import { nextLeadsToIds } from "./next-leads-to-ids.js";
import { nextPresence } from "./next-presence.js";
import { noDuplicates } from "./no-duplicates.js";
import { noContactData } from "./no-contact-data.js";
import { noTotal } from "./no-total.js";
import { notFound } from "./not-found.js";
import { observe } from "./observe.js";
import { pageSize } from "./page-size.js";
import { privacy, privacyScanAll } from "./privacy.js";
import { profileRecord } from "./profile-record.js";
import { refused } from "./refused.js";
import { responseSchema } from "./response-schema.js";
import { sameRecord } from "./same-record.js";
import { subsetOf } from "./subset-of.js";
import { totalFormat } from "./total-format.js";
import { versionInfo } from "./version-info.js";

export type { Check, CheckContext, CheckOutcome, RunState } from "./check.js";

/**
 * The checks suite files name under `expect:`. Extension point: a new check (e.g. for MCP tool
 * results) is `src/checks/<name>.ts` exporting a Check, plus one line here; suites can use it at once
 * and its `args` schema is enforced when they load. (Credits are checked by the engine, through the
 * step's `credits:` member, since they need the key-wide balance around the request.)
 */
export const CHECKS: Readonly<Record<string, AnyCheck>> = {
  envelope,
  refused,
  "response-schema": responseSchema,
  "ids-only": idsOnly,
  "no-total": noTotal,
  "total-format": totalFormat,
  "page-size": pageSize,
  "next-presence": nextPresence,
  "next-leads-to-ids": nextLeadsToIds,
  "no-duplicates": noDuplicates,
  "complete-set": completeSet,
  "not-found": notFound,
  "ids-not-issued": idsNotIssued,
  "detail-counts": detailCounts,
  "ids-resolve": idsResolve,
  "job-record": jobRecord,
  "profile-record": profileRecord,
  privacy,
  "privacy-scan": privacyScanAll,
  "same-record": sameRecord,
  "subset-of": subsetOf,
  equals,
  "at-most": atMost,
  count,
  observe,
  "no-contact-data": noContactData,
  "key-status": keyStatus,
  "version-info": versionInfo,
  "jsonrpc-result": jsonrpcResult,
  ...MCP_CHECKS,
};
