import type { SubRecord } from "../../contract/index.js";
import type { CompanyInput, JobInput, PersonInput } from "../inputs.js";
import { COMPANY_COLUMNS, EDUCATION_COLUMNS, EXPERIENCE_COLUMNS, JOB_COLUMNS, LANGUAGE_COLUMNS, PERSON_COLUMNS, type TableName } from "./schema.js";
import { TableBuilder, type Table } from "./table.js";

/** The reference dataset in columnar form: people with their three sub-record tables, jobs, companies. */
export interface Store {
  readonly tables: Readonly<Record<TableName, Table>>;
  /** Person row by canonical LinkedIn URL (s2-1-profile-linkedin-urls). */
  readonly linkedin: ReadonlyMap<string, number>;
}

export interface StoreInput {
  readonly people: Iterable<PersonInput>;
  readonly jobs: Iterable<JobInput>;
  readonly companies: Iterable<CompanyInput>;
}

export const SUB_RECORDS: readonly SubRecord[] = ["experience", "education", "language"];

/** The canonical form of a LinkedIn profile URL, or undefined when `text` is not one. */
export function canonicalLinkedinUrl(text: string): string | undefined {
  const match = /^(?:https?:\/\/)?(?:[a-z]{2,3}\.|www\.)?linkedin\.com\/in\/([^/?#\s]+)\/?(?:[?#].*)?$/i.exec(text.trim());
  if (!match) return undefined;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  return `https://www.linkedin.com/in/${slug.toLowerCase()}`;
}

export function buildStore(input: StoreInput): Store {
  const person = new TableBuilder("person", PERSON_COLUMNS);
  const subs = {
    experience: new TableBuilder("experience", EXPERIENCE_COLUMNS, true),
    education: new TableBuilder("education", EDUCATION_COLUMNS, true),
    language: new TableBuilder("language", LANGUAGE_COLUMNS, true),
  };
  const childOffsets: Record<SubRecord, number[]> = { experience: [0], education: [0], language: [0] };
  const linkedin = new Map<string, number>();

  for (const p of input.people) {
    const experiences = p.experiences ?? [];
    // Generated people carry both derived members; hand-built ones may leave them to the store.
    const complete =
      p.full_name !== undefined && p.active_title !== undefined
        ? p
        : {
            ...p,
            full_name: p.full_name !== undefined ? p.full_name : [p.first_name, p.last_name].filter(Boolean).join(" ") || null,
            active_title: p.active_title !== undefined ? p.active_title : (experiences.find((e) => e.is_current)?.title ?? null),
          };
    const row = person.add(complete as Record<string, unknown>);
    if (p.linkedin_url) {
      const canonical = canonicalLinkedinUrl(p.linkedin_url);
      if (canonical && !linkedin.has(canonical)) linkedin.set(canonical, row);
    }
    for (const e of experiences) subs.experience.add(e as Record<string, unknown>, row);
    for (const e of p.educations ?? []) subs.education.add(e as Record<string, unknown>, row);
    for (const l of p.languages ?? []) subs.language.add(l as Record<string, unknown>, row);
    for (const sub of SUB_RECORDS) childOffsets[sub].push(subs[sub].rows);
  }

  const jobs = new TableBuilder("jobs", JOB_COLUMNS);
  for (const j of input.jobs) jobs.add(j as Record<string, unknown>);
  const companies = new TableBuilder("companies", COMPANY_COLUMNS);
  for (const c of input.companies) companies.add(c as Record<string, unknown>);

  const children = new Map(SUB_RECORDS.map((sub) => [sub, Uint32Array.from(childOffsets[sub])]));
  return {
    tables: {
      person: person.finish(children),
      experience: subs.experience.finish(),
      education: subs.education.finish(),
      language: subs.language.finish(),
      jobs: jobs.finish(),
      companies: companies.finish(),
    },
    linkedin,
  };
}
