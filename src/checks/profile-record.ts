import { excerpt, fail, pass, type Check, type CheckOutcome } from "./check.js";
import { withEnvelopeClauses } from "./envelope.js";

interface Args {
  /** The field selection sent: each named field is present in every record (§4.4). */
  source?: string[];
  /** With source: no field beyond the named ones (and profile_id) — a narrower selection. */
  exact?: boolean;
}

const SHOWN: Record<string, (v: unknown) => boolean> = {
  profile_id: (v) => typeof v === "string" && v.length > 0,
  full_name: (v) => typeof v === "string" || v === null,
  active_experience_title: (v) => typeof v === "string" || v === null,
  skills: (v) => v === null || (Array.isArray(v) && v.every((s) => typeof s === "string")),
};

/**
 * People records (§2.4, §4.4): the four shown fields have their types where present (skills a list of
 * strings); with a selection, every named field is there, and with `exact` nothing else is. The fields
 * of the default record and of a wide selection are recorded as observed (their membership is not shown).
 */
export const profileRecord: Check<Args> = {
  description: "profile records carry the selected fields, and the §2.4 shown fields with their types",
  args: {
    type: "object",
    additionalProperties: false,
    properties: { source: { type: "array", items: { type: "string" } }, exact: { type: "boolean" } },
  },
  run: (ctx, args) => {
    const e = ctx.exchanges.at(-1);
    if (!e) return fail("no response");
    const view = ctx.view(e);
    if (!view.success || !view.records)
      return withEnvelopeClauses(
        e,
        fail("not a success response with records", "profile records", e.status ?? e.error),
      );
    if (view.records.length === 0) return fail("no profile record to inspect", "at least one record", 0);
    const out: CheckOutcome[] = [];
    const fieldsSeen = new Set<string>();
    view.records.forEach((record, i) => {
      const at = `record ${i + 1}`;
      if (record === null || typeof record !== "object" || Array.isArray(record))
        return out.push(fail(`${at} is not an object`, "an object", excerpt(record, 80)));
      const r = record as Record<string, unknown>;
      Object.keys(r).forEach((k) => fieldsSeen.add(k));
      for (const [name, ok] of Object.entries(SHOWN))
        if (name in r && !ok(r[name]))
          out.push(
            fail(
              `${at} ${name} has the wrong type`,
              name === "skills" ? "a list of strings" : "a string",
              excerpt(r[name], 80),
            ),
          );
      if (args?.source) {
        const missing = args.source.filter((f) => !(f in r));
        if (missing.length)
          out.push(fail(`${at} lacks selected fields ${missing.join(", ")}`, args.source, Object.keys(r)));
        if (args.exact) {
          const extra = Object.keys(r).filter((k) => !args.source!.includes(k) && k !== "profile_id");
          if (extra.length)
            out.push(
              fail(`${at} holds fields that were not selected: ${extra.join(", ")}`, args.source, Object.keys(r)),
            );
        }
      }
    });
    const topic = args?.source
      ? args.exact
        ? "profiles.narrow_record_fields"
        : "profiles.selected_record_fields"
      : "profiles.default_record_fields";
    ctx.run.observed.set(
      topic,
      [...fieldsSeen].sort(),
      args?.source ? "s2-4-full-record-fields-not-shown" : "s2-4-default-record-membership-not-shown",
    );
    return out.length ? out : [pass()];
  },
};
