import { subRecords, type SubRecord } from "../../contract/index.js";
import type { CompanyInput, JobInput, PersonInput } from "../inputs.js";
import {
  COMPANY_COLUMNS,
  EDUCATION_COLUMNS,
  EXPERIENCE_COLUMNS,
  JOB_COLUMNS,
  LANGUAGE_COLUMNS,
  PERSON_COLUMNS,
  type TableName,
} from "./schema.js";
import { cell, childOffsets, mergeParts, TableBuilder, type Table, type TablePart } from "./table.js";

/** The reference dataset in columnar form: people with their three sub-record tables, jobs, companies. */
export interface Store {
  readonly tables: Readonly<Record<TableName, Table>>;
  /** Person row by canonical LinkedIn URL (s2-1-profile-linkedin-urls), built on first use. */
  readonly linkedin: ReadonlyMap<string, number>;
}

export interface StoreInput {
  readonly people: Iterable<PersonInput>;
  readonly jobs: Iterable<JobInput>;
  readonly companies: Iterable<CompanyInput>;
}

/** The canonical form of a LinkedIn profile URL, or undefined when `text` is not one. */
export function canonicalLinkedinUrl(text: string): string | undefined {
  const match = /^(?:https?:\/\/)?(?:[a-z]{2,3}\.|www\.)?linkedin\.com\/in\/([^/?#\s]+)\/?(?:[?#].*)?$/i.exec(
    text.trim(),
  );
  if (!match) return undefined;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  return `https://www.linkedin.com/in/${slug.toLowerCase()}`;
}

/** People rows of one part of the dataset: the person table and its three sub-record tables. */
export type PeoplePart = Readonly<Record<"person" | SubRecord, TablePart>>;

/** Takes people one by one into the person table and the sub-record tables. */
export class PeopleBuilder {
  private readonly person = new TableBuilder("person", PERSON_COLUMNS);
  private readonly subs = {
    experience: new TableBuilder("experience", EXPERIENCE_COLUMNS, true),
    education: new TableBuilder("education", EDUCATION_COLUMNS, true),
    language: new TableBuilder("language", LANGUAGE_COLUMNS, true),
  };

  add(p: PersonInput): void {
    const experiences = p.experiences ?? [];
    // Generated people carry both derived members; hand-built ones may leave them to the store.
    const complete =
      p.full_name !== undefined && p.active_title !== undefined
        ? p
        : {
            ...p,
            full_name:
              p.full_name !== undefined ? p.full_name : [p.first_name, p.last_name].filter(Boolean).join(" ") || null,
            active_title:
              p.active_title !== undefined ? p.active_title : (experiences.find((e) => e.is_current)?.title ?? null),
          };
    const row = this.person.add(complete as Record<string, unknown>);
    for (const e of experiences) this.subs.experience.add(e as Record<string, unknown>, row);
    for (const e of p.educations ?? []) this.subs.education.add(e as Record<string, unknown>, row);
    for (const l of p.languages ?? []) this.subs.language.add(l as Record<string, unknown>, row);
  }

  part(): PeoplePart {
    return {
      person: this.person.part(),
      experience: this.subs.experience.part(),
      education: this.subs.education.part(),
      language: this.subs.language.part(),
    };
  }
}

export function jobsPart(jobs: Iterable<JobInput>): TablePart {
  const builder = new TableBuilder("jobs", JOB_COLUMNS);
  for (const j of jobs) builder.add(j as Record<string, unknown>);
  return builder.part();
}

export function companiesPart(companies: Iterable<CompanyInput>): TablePart {
  const builder = new TableBuilder("companies", COMPANY_COLUMNS);
  for (const c of companies) builder.add(c as Record<string, unknown>);
  return builder.part();
}

function lazyLinkedinIndex(person: Table): ReadonlyMap<string, number> {
  let index: Map<string, number> | undefined;
  const build = () => {
    if (index) return index;
    index = new Map();
    const column = person.columns.get("linkedin_url")!;
    for (let row = 0; row < person.rows; row++) {
      const url = cell(column, row);
      const canonical = typeof url === "string" ? canonicalLinkedinUrl(url) : undefined;
      if (canonical && !index.has(canonical)) index.set(canonical, row);
    }
    return index;
  };
  return {
    get: (key: string) => build().get(key),
    has: (key: string) => build().has(key),
    get size() {
      return build().size;
    },
    forEach: (fn, self) => build().forEach(fn, self),
    entries: () => build().entries(),
    keys: () => build().keys(),
    values: () => build().values(),
    [Symbol.iterator]: () => build()[Symbol.iterator](),
  };
}

/** Joins the parts of the dataset (people possibly built in several threads, in row order) into a Store. */
export function assembleStore(people: readonly PeoplePart[], jobs: TablePart, companies: TablePart): Store {
  const personOffsets: number[] = [];
  let rows = 0;
  for (const p of people) {
    personOffsets.push(rows);
    rows += p.person.rows;
  }
  const subs = Object.fromEntries(
    subRecords().map((sub) => [
      sub,
      mergeParts(
        people.map((p) => p[sub]),
        personOffsets,
      ),
    ]),
  ) as Record<SubRecord, Table>;
  const children = new Map(subRecords().map((sub) => [sub, childOffsets(rows, subs[sub].owner!)]));
  const person: Table = { ...mergeParts(people.map((p) => p.person)), children };
  return {
    tables: { person, ...subs, jobs: mergeParts([jobs]), companies: mergeParts([companies]) },
    linkedin: lazyLinkedinIndex(person),
  };
}

/** Builds the whole store in this thread. */
export function buildStore(input: StoreInput): Store {
  const builder = new PeopleBuilder();
  for (const p of input.people) builder.add(p);
  return assembleStore([builder.part()], jobsPart(input.jobs), companiesPart(input.companies));
}
