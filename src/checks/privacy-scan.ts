/**
 * Contact data detectors for the §1 privacy statement: e-mail addresses and phone numbers in prose.
 * A phone number is a run of 9 to 15 digits with phone-like separators; runs made of years and one- or
 * two-digit parts only, with at least one year (date ranges such as "2015-03 - 2019-11"), are not, nor is a range of
 * two counts rising ("5001-10000", a company's size band), which no dialling plan writes without a leading 0 or a +.
 */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
const PHONE_CANDIDATE = /\+?\(?\d[\d\s()./-]{7,}\d/g;
/** Members whose values are identifiers or links, not prose. */
const NOT_PROSE = /(^|_)(id|ids|url|urls|link|links|website|logo)$|^(linkedin_url|profile_id|not_found|next|after)$/i;

export interface ContactFinding {
  readonly path: string;
  readonly kind: "e-mail address" | "phone number";
  readonly match: string;
}

export function findPhone(text: string): string | undefined {
  for (const m of text.matchAll(PHONE_CANDIDATE)) {
    const candidate = m[0].trim();
    const groups = candidate.split(/\D+/).filter(Boolean);
    const digits = groups.join("").length;
    if (digits < 9 || digits > 15) continue;
    const year = (g: string) => /^(19|20)\d{2}$/.test(g);
    if (groups.some(year) && groups.every((g) => year(g) || g.length <= 2)) continue;
    if (countRange(candidate)) continue;
    return candidate;
  }
  return undefined;
}

/** Two counts joined by a hyphen, the second above the first, neither written with a leading 0: a range of sizes. */
function countRange(candidate: string): boolean {
  const range = /^([1-9]\d*)\s*-\s*([1-9]\d*)$/.exec(candidate);
  return range !== null && Number(range[1]) < Number(range[2]);
}

export function findEmail(text: string): string | undefined {
  return EMAIL.exec(text)?.[0];
}

/** Every e-mail address and phone number in the prose strings of a record (nested members included). */
export function scanForContactData(value: unknown, path = ""): ContactFinding[] {
  if (typeof value === "string") {
    if (/^https?:\/\//i.test(value)) return [];
    const out: ContactFinding[] = [];
    const email = findEmail(value);
    if (email) out.push({ path, kind: "e-mail address", match: email });
    const phone = findPhone(value);
    if (phone) out.push({ path, kind: "phone number", match: phone });
    return out;
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => scanForContactData(v, `${path}/${i}`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => (NOT_PROSE.test(k) ? [] : scanForContactData(v, `${path}/${k}`)));
  }
  return [];
}
