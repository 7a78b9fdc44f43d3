import { getPointer } from "../runner/pointer.js";
import { isSuccess } from "../runner/views.js";
import { excerpt, fail, pass, type Check, type CheckOutcome } from "./check.js";

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
    if (!isSuccess(e)) return fail("GET /version is not a success", "a success envelope", { status: e.status, body: excerpt(e.bodyText ?? e.error, 200) });
    const members = ctx.run.implementation.version(e.json);
    const out: CheckOutcome[] = [];
    const version = members.version ? getPointer(e.json, members.version) : undefined;
    const fingerprint = members.fingerprint ? getPointer(e.json, members.fingerprint) : undefined;
    if ((typeof version !== "string" && typeof version !== "number") || version === "") out.push(fail("no version member the runner can find; pin it with implementation.version.version", "a version", excerpt(getPointer(e.json, "/data"), 200)));
    if (typeof fingerprint !== "string" || fingerprint === "") out.push(fail("no fingerprint member the runner can find; pin it with implementation.version.fingerprint", "a fingerprint", excerpt(getPointer(e.json, "/data"), 200)));
    ctx.run.observed.set("version", { version: version ?? null, fingerprint: fingerprint ?? null }, "s9-deprecation-policy-not-shown");
    if (args?.previous !== undefined) {
      const before = { version: members.version ? getPointer(args.previous, members.version) : undefined, fingerprint: members.fingerprint ? getPointer(args.previous, members.fingerprint) : undefined };
      if (before.version !== version || before.fingerprint !== fingerprint) out.push(fail("version or fingerprint changed between two calls", before, { version, fingerprint }));
    }
    const pinned = ctx.run.pinnedFingerprint;
    if (pinned !== undefined && typeof fingerprint === "string" && fingerprint !== pinned) {
      out.push({ status: "drift", message: `contract fingerprint ${fingerprint} differs from the pinned ${pinned}`, expected: pinned, actual: fingerprint });
    }
    return out.length ? out : [pass()];
  },
};
