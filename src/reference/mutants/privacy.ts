import type { Mutant } from "./mutant.js";

/** An address made from the person's name, the way contact data leaks into prose. */
function emailOf(record: Record<string, unknown>): string {
  const name = typeof record.full_name === "string" ? record.full_name : "jane doe";
  return `${name.toLowerCase().replace(/[^a-z]+/g, ".").replace(/^\.|\.$/g, "") || "jane.doe"}@example.com`;
}

export const PRIVACY_MUTANTS: readonly Mutant[] = [
  {
    id: "privacy-email-in-headline",
    clause: "s1-people-prose-no-contact",
    area: "privacy",
    description: "A profile's headline ends with the person's e-mail address.",
    faults: {
      record: (kind, record) => (kind === "profile" && typeof record.headline === "string" ? { ...record, headline: `${record.headline} | ${emailOf(record)}` } : record),
    },
  },
  {
    id: "privacy-phone-in-summary",
    clause: "s1-people-prose-no-contact",
    area: "privacy",
    description: "A profile's summary (reached through _source) ends with a phone number.",
    faults: {
      record: (kind, record) => (kind === "profile" && typeof record.summary === "string" ? { ...record, summary: `${record.summary} Call me on +44 20 7946 0958.` } : record),
    },
  },
];
