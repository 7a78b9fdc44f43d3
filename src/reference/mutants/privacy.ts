import type { Service, ServiceResponse } from "../service.js";
import type { Mutant } from "./mutant.js";

/** An address made from the person's name, the way contact data leaks into prose. */
function emailOf(record: Record<string, unknown>): string {
  const name = typeof record.full_name === "string" ? record.full_name : "jane doe";
  return `${
    name
      .toLowerCase()
      .replace(/[^a-z]+/g, ".")
      .replace(/^\.|\.$/g, "") || "jane.doe"
  }@example.com`;
}

/**
 * The contact-unlock route of earlier release notes (§9: up to 10 LinkedIn URLs a request), left in a build:
 * the key is checked as every route checks it, then each URL gets an e-mail address and a phone number.
 */
async function unlockContacts(
  service: Service,
  body: unknown,
  authorization: string | undefined,
): Promise<ServiceResponse> {
  const key = await service.call("getKeyStatus", undefined, authorization);
  if (key.status !== 200) return key;
  const urls = (body as { linkedin_urls?: unknown } | undefined)?.linkedin_urls;
  const contacts = (Array.isArray(urls) ? (urls as unknown[]) : []).slice(0, 10).map((url) => {
    const handle = String(url).replace(/\/+$/, "").split("/").pop() || "someone";
    return {
      linkedin_url: url,
      email: `${handle.replace(/[^a-z0-9]+/gi, ".")}@example.com`,
      phone: "+44 20 7946 0958",
    };
  });
  return { status: 200, envelope: { code: 200, msg: "ok", data: { contacts } } };
}

export const PRIVACY_MUTANTS: readonly Mutant[] = [
  {
    id: "privacy-email-in-headline",
    clause: "s1-people-prose-no-contact",
    area: "privacy",
    description: "A profile's headline ends with the person's e-mail address.",
    faults: {
      record: (kind, record) =>
        kind === "profile" && typeof record.headline === "string"
          ? { ...record, headline: `${record.headline} | ${emailOf(record)}` }
          : record,
    },
  },
  {
    id: "privacy-phone-in-summary",
    clause: "s1-people-prose-no-contact",
    area: "privacy",
    description: "A profile's summary (reached through _source) ends with a phone number.",
    faults: {
      record: (kind, record) =>
        kind === "profile" && typeof record.summary === "string"
          ? { ...record, summary: `${record.summary} Call me on +44 20 7946 0958.` }
          : record,
    },
  },
  {
    id: "privacy-contact-unlock-served",
    clause: "s1-contact-data-not-callable",
    area: "privacy",
    description:
      "POST /v1/contacts/unlock, a route of earlier release notes, still answers: 200 with an e-mail address " +
      "and a phone number per LinkedIn URL.",
    faults: { routes: { "POST /v1/contacts/unlock": unlockContacts } },
  },
];
