import { fail, nothingToJudge, pass, type Check, type CheckContext } from "./check.js";
import { scanForContactData } from "./privacy-scan.js";

function scan(records: readonly unknown[], what: string) {
  const findings = records.flatMap((r, i) => scanForContactData(r).map((f) => ({ record: i + 1, ...f })));
  if (findings.length === 0) return pass(`${records.length} ${what} scanned`);
  return fail(
    `${findings.length} contact details in prose fields of ${what}: ${findings
      .slice(0, 3)
      .map((f) => `${f.kind} at record ${f.record}${f.path}`)
      .join("; ")}`,
    "no e-mail address or phone number",
    findings.slice(0, 5),
  );
}

function stepRecords(ctx: CheckContext): unknown[] {
  return ctx.exchanges.flatMap((e) => ctx.view(e).records ?? []);
}

/** Prose fields of the people records in this step's responses carry no e-mail address or phone number (§1). */
export const privacy: Check = {
  description: "no e-mail address or phone number in prose fields of the records returned",
  run: (ctx) => {
    const records = stepRecords(ctx);
    return records.length ? scan(records, "records") : fail("no records to scan", "records", 0);
  },
};

/**
 * The same scan over every people record the whole run fetched (§1); runs in a case marked `runs: last`. A run that
 * fetched none (the cases that fetch them did not run, or were left out by --only) has nothing to scan.
 */
export const privacyScanAll: Check = {
  description: "no e-mail address or phone number in prose fields of any people record the run fetched",
  run: (ctx) => {
    const records = ctx.run.peopleRecords;
    return records.length
      ? scan(records, "people records fetched by the run")
      : nothingToJudge("the run fetched no people record to scan (the cases that fetch them did not run)");
  },
};
