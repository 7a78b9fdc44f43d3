import { reportsActive } from "./key-state.js";
import { balanceValue, showsNoQuota } from "./balance-value.js";
import { getPointer } from "../contract/json-pointer.js";
import { isSuccess } from "./views.js";
import { excerpt, fail, failOn, pass, unclaimedMembers, type Check, type CheckOutcome } from "./check.js";

/**
 * GET /auth/key/status reports whether the key is active, its scopes, its rate limit and its remaining
 * quota (§4.5, §5). Member names are not shown: each is pinned or auto-detected, and a member the runner
 * cannot find fails with the config key that would pin it. With `exhausted`, the remaining quota is 0
 * and the answer is still a success — which is what tells an exhausted key from a rejected one. With `inactive`
 * (a key the tester holds that exists but is switched off), the answer is a success that reports the key not
 * active: a key status that refused it, or called it active, would not report whether the key is active
 * (s4-5-key-status-reports), for the one kind of key of which the answer is no.
 */
/** The values each member could hold, whatever its name: a member of another kind cannot be it. */
const FITS: Readonly<Record<"active" | "scopes" | "rateLimit" | "remaining", (v: unknown) => boolean>> = {
  active: (v) => typeof v === "boolean" || typeof v === "string" || v === 0 || v === 1,
  scopes: (v) => Array.isArray(v) || typeof v === "string",
  rateLimit: (v) => v !== null && (typeof v === "object" || typeof v === "string" || typeof v === "number"),
  remaining: (v) => balanceValue(v) !== undefined,
};

/** What `observed` keeps of a balance: its kind, which a deployment chose, not its value, which every run spends. */
export const BALANCE_SHAPE =
  "a number (the balance, as a number or decimal text; its value changes with every priced request)";

function balanceShape(remaining: unknown): unknown {
  return balanceValue(remaining) !== undefined ? BALANCE_SHAPE : (remaining ?? null);
}

/** What `observed` keeps of the other counts of a key status (Credits used, requests made): their kind. */
export const COUNT_SHAPE = "a number (a count; its value changes as the key is used)";

/**
 * A key status body's `data` as `observed` keeps it: what the deployment chose (member names, scopes, the
 * rate limit), with the balance at `remaining` and every other count outside `rateLimit` replaced by its kind,
 * so that two runs on one key show the same choices.
 */
export function stableKeyStatus(body: unknown, pointers: { remaining?: string; rateLimit?: string }): unknown {
  const walk = (value: unknown, at: string): unknown => {
    if (pointers.rateLimit && (at === pointers.rateLimit || at.startsWith(`${pointers.rateLimit}/`))) return value;
    if (at === pointers.remaining && balanceValue(value) !== undefined) return BALANCE_SHAPE;
    if (typeof value === "number") return COUNT_SHAPE;
    if (Array.isArray(value)) return value.map((v, i) => walk(v, `${at}/${i}`));
    if (value !== null && typeof value === "object")
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, walk(v, `${at}/${k.replaceAll("~", "~0").replaceAll("/", "~1")}`)]),
      );
    return value;
  };
  return walk(getPointer(body, "/data"), "/data");
}

export const keyStatus: Check<{ exhausted?: boolean; inactive?: boolean }> = {
  description:
    "key status reports active, scopes, rate limit and remaining quota (exhausted: remaining is 0; inactive: " +
    "not active)",
  args: {
    type: "object",
    additionalProperties: false,
    properties: { exhausted: { type: "boolean" }, inactive: { type: "boolean" } },
  },
  run: (ctx, args) => {
    const e = ctx.exchanges.at(-1);
    if (!e) return fail("no response");
    if (!isSuccess(e))
      return fail(
        args?.exhausted
          ? "key status refused the exhausted key, as it would a rejected one"
          : args?.inactive
            ? "key status refused the inactive key instead of reporting that it is not active"
            : "key status is not a success",
        "a success envelope",
        { status: e.status, body: excerpt(e.bodyText ?? e.error, 200) },
      );
    const members = ctx.run.implementation.keyStatus(e.json);
    const out: CheckOutcome[] = [];
    const pinHint = (name: string) =>
      `; pin it with implementation.key_status.${name.replace("rateLimit", "rate_limit")} in the config`;
    const read = (name: keyof typeof members) => (members[name] ? getPointer(e.json, members[name]) : undefined);
    for (const name of ["active", "scopes", "rateLimit", "remaining"] as const) {
      // Names are not shown (§4.5): while members the detector did not place remain, the missing one may be among
      // them under a name of its own (a warning on s4-5-key-status-members-not-shown until it is pinned); with none
      // left, the key status does not report it (s4-5-key-status-reports).
      if (!members[name] || read(name) === undefined) {
        const missing = fail(
          `key status shows no ${name === "rateLimit" ? "rate limit" : name} member the runner can ` +
            `find${pinHint(name)}`,
          `a ${name} member`,
          excerpt(getPointer(e.json, "/data"), 200),
        );
        out.push(
          unclaimedMembers(e.json, Object.values(members), FITS[name]).length
            ? { ...missing, clause: "s4-5-key-status-members-not-shown" }
            : missing,
        );
      }
    }
    const remaining = read("remaining");
    const used = members.used ? balanceValue(read("used")) : undefined;
    if (members.remaining && remaining !== undefined && balanceValue(remaining) === undefined)
      out.push(
        // A key without a quota has none to show (§8: quota sizes are not shown): null beside a count of the Credits
        // used is read as that, a reading; anything else is no remaining quota reported.
        showsNoQuota(remaining) && used !== undefined
          ? failOn(
              "s8-rate-limit-quota-not-shown",
              `remaining quota is null beside ${used} Credits used: read as a key without a quota`,
              "a number",
              null,
            )
          : fail("remaining quota is not a number", "a number (or one written as decimal text)", remaining),
      );
    const who = args?.exhausted ? "second_key" : "key";
    // The inactive key's answer is held to not active, not recorded: its members are those key_status.key records.
    if (!args?.inactive)
      ctx.run.observed.set(
        `key_status.${who}`,
        {
          active: read("active") ?? null,
          scopes: read("scopes") ?? null,
          rate_limit: read("rateLimit") ?? null,
          // The active key's balance falls with every priced request: observed holds that it is a number.
          remaining: who === "key" ? balanceShape(remaining) : (remaining ?? null),
        },
        "s4-5-key-status-members-not-shown",
      );
    const balance = balanceValue(remaining);
    if (args?.exhausted && balance !== undefined && balance > 0)
      out.push(fail(`the configured second key is not exhausted: ${balance} remaining`, "0 remaining", remaining));
    const active = read("active");
    if (args?.inactive && active !== undefined && reportsActive(active))
      out.push(fail("key status reports the configured inactive key as active", "not active", active));
    if (!args?.exhausted && !args?.inactive && active !== undefined && !reportsActive(active))
      out.push(fail("key status does not report the key as active", "active", active));
    return out.length ? out : [pass()];
  },
};
