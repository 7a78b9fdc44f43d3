import { getPointer } from "../contract/json-pointer.js";
import { isSuccess } from "./views.js";
import { excerpt, fail, pass, unclaimedMembers, type Check, type CheckOutcome } from "./check.js";

/**
 * GET /version gives a version and a contract fingerprint (§4.5, §9); member names are pinned or
 * detected. With `previous` (the body of an earlier call) both must be unchanged. When the config
 * pins a fingerprint, a different one is contract drift: its own status, not a plain failure.
 */
export const versionInfo: Check<{ previous?: unknown }> = {
  description: "version and fingerprint are present (and stable, and equal to the pinned fingerprint)",
  args: { type: "object", additionalProperties: false, properties: { previous: {} } },
  run: (ctx, args) => {
    const e = ctx.exchanges.at(-1);
    if (!e) return fail("no response");
    if (!isSuccess(e))
      return fail("GET /version is not a success", "a success envelope", {
        status: e.status,
        body: excerpt(e.bodyText ?? e.error, 200),
      });
    const members = ctx.run.implementation.version(e.json);
    const out: CheckOutcome[] = [];
    const version = members.version ? getPointer(e.json, members.version) : undefined;
    const fingerprint = members.fingerprint ? getPointer(e.json, members.fingerprint) : undefined;
    // Member names are not shown (§4.5): one the detector cannot find may be there under a name of its own.
    // With no member left that the detector did not place, the answer lacks it
    // (s4-5-version-returns-version-fingerprint).
    const unclaimed =
      unclaimedMembers(
        e.json,
        [members.version, members.fingerprint],
        (v) => typeof v === "string" || typeof v === "number",
      ).length > 0;
    const unfound = (what: string) => {
      const missing = fail(
        `no ${what} member the runner can find; pin it with implementation.version.${what}`,
        `a ${what}`,
        excerpt(getPointer(e.json, "/data"), 200),
      );
      return unclaimed ? { ...missing, clause: "s4-5-version-members-not-shown" } : missing;
    };
    if ((typeof version !== "string" && typeof version !== "number") || version === "") out.push(unfound("version"));
    if (typeof fingerprint !== "string" || fingerprint === "") out.push(unfound("fingerprint"));
    ctx.run.observed.set(
      "version",
      { version: version ?? null, fingerprint: fingerprint ?? null },
      "s9-deprecation-policy-not-shown",
    );
    if (args?.previous !== undefined) {
      const before = {
        version: members.version ? getPointer(args.previous, members.version) : undefined,
        fingerprint: members.fingerprint ? getPointer(args.previous, members.fingerprint) : undefined,
      };
      if (before.version !== version || before.fingerprint !== fingerprint)
        out.push(fail("version or fingerprint changed between two calls", before, { version, fingerprint }));
    }
    const pinned = ctx.run.pinnedFingerprint;
    if (pinned !== undefined && typeof fingerprint === "string" && fingerprint !== pinned) {
      out.push({
        status: "drift",
        message: `contract fingerprint ${fingerprint} differs from the pinned ${pinned}`,
        expected: pinned,
        actual: fingerprint,
      });
    }
    return out.length ? out : [pass()];
  },
};
