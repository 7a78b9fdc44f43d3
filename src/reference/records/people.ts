import { loadContract, type SubRecord } from "../../contract/index.js";
import type { IdCodec } from "../ids.js";
import { EDUCATION_COLUMNS, EXPERIENCE_COLUMNS, LANGUAGE_COLUMNS, PERSON_COLUMNS } from "../store/schema.js";
import type { Store } from "../store/store.js";
import { cell, type CellValue } from "../store/table.js";
import { DEGREES, SIZE_BANDS } from "../vocabulary.js";
import { listInWords } from "../generate/text.js";

/**
 * The people record of the reference (§2.4: the full list is not shown, s2-4-full-record-fields-not-shown).
 * It holds the four shown fields, every queryable name of §2.2 (sub-record fields as one entry per
 * sub-record, newest first), and the wider published set: the subject's own prose and links, the employers
 * as companies and the institutions (s2-4-source-reaches-full-set).
 */
const PROFILE_EXTRA_FIELDS = ["summary", "websites", "experiences", "educations", "language_records"] as const;

/** Fields of the default record (no `_source`): a subset (s2-4-default-record-subset), chosen by the reference. */
export const PROFILE_DEFAULT_FIELDS = [
  "profile_id",
  "full_name",
  "headline",
  "active_experience_title",
  "active_department",
  "management_level",
  "city",
  "country",
  "linkedin_url",
  "skills",
] as const;

export function profileFields(): string[] {
  return [...new Set([...loadContract().records.people, ...PROFILE_EXTRA_FIELDS])];
}

type Reader = (row: number) => unknown;

/** Builds profile records from the store, one reader per field, for the fields a request selects. */
export class ProfileRecords {
  private readonly readers = new Map<string, Reader>();

  constructor(
    private readonly store: Store,
    private readonly ids: IdCodec,
  ) {
    const t = store.tables;
    for (const name of Object.keys(PERSON_COLUMNS)) {
      const column = t.person.columns.get(name)!;
      this.readers.set(name, (row) => cell(column, row));
    }
    this.readers.set("active_experience_title", this.readers.get("active_title")!);
    for (const [sub, columns] of [
      ["experience", EXPERIENCE_COLUMNS],
      ["education", EDUCATION_COLUMNS],
      ["language", LANGUAGE_COLUMNS],
    ] as const) {
      for (const name of Object.keys(columns)) {
        if (name === "company") continue;
        const column = t[sub].columns.get(name)!;
        this.readers.set(name, (row) => this.children(sub, row).map((r) => cell(column, r)));
      }
    }
    this.readers.set("summary", (row) => this.summary(row));
    this.readers.set("experiences", (row) => this.children("experience", row).map((r) => this.experience(r)));
    this.readers.set("educations", (row) => this.children("education", row).map((r) => this.education(r)));
    this.readers.set("language_records", (row) =>
      this.children("language", row).map((r) => ({
        language: this.sub("language", "languages", r),
        proficiency: this.sub("language", "language_proficiency", r),
      })),
    );
  }

  /** One record with the selected fields, in the order selected; profile_id always comes first. */
  record(row: number, profileId: string, fields: readonly string[]): Record<string, unknown> {
    const out: Record<string, unknown> = { profile_id: profileId };
    for (const f of fields) {
      if (f === "profile_id") continue;
      const read = this.readers.get(f);
      if (read) out[f] = read(row);
    }
    return out;
  }

  private children(sub: SubRecord, row: number): number[] {
    const offsets = this.store.tables.person.children!.get(sub)!;
    const out: number[] = [];
    for (let r = offsets[row]!; r < offsets[row + 1]!; r++) out.push(r);
    return out;
  }

  private sub(table: SubRecord, column: string, row: number): CellValue {
    return cell(this.store.tables[table].columns.get(column)!, row);
  }

  private experience(r: number): Record<string, unknown> {
    const companyRow = this.sub("experience", "company", r);
    const size = this.sub("experience", "company_size_range", r);
    const companies = this.store.tables.companies;
    const known = typeof companyRow === "number" && companyRow >= 0 && companyRow < companies.rows;
    return {
      title: this.sub("experience", "title", r),
      company: {
        company_id: known ? this.ids.encode("company", [companyRow])[0]! : null,
        name: this.sub("experience", "company_name", r),
        type: this.sub("experience", "company_type", r),
        employees_count: this.sub("experience", "company_employees_count", r),
        size_range: size,
        size_range_label: SIZE_BANDS.find((b) => b.band === size)?.label ?? null,
        linkedin_url: known ? cell(companies.columns.get("linkedin_url")!, companyRow) : null,
        website: known ? cell(companies.columns.get("website")!, companyRow) : null,
      },
      role: this.sub("experience", "role", r),
      level: this.sub("experience", "level", r),
      industry: this.sub("experience", "industry", r),
      workplace_city: this.sub("experience", "workplace_city", r),
      workplace_state: this.sub("experience", "workplace_state", r),
      workplace_country: this.sub("experience", "workplace_country", r),
      is_current: this.sub("experience", "is_current", r),
      started_at: this.sub("experience", "started_at", r),
      ended_at: this.sub("experience", "ended_at", r),
      duration_months: this.sub("experience", "duration_months", r),
    };
  }

  private education(r: number): Record<string, unknown> {
    const level = this.sub("education", "degree_level", r);
    return {
      institution: {
        name: this.sub("education", "institution_name", r),
        ranking: this.sub("education", "institution_ranking", r),
      },
      major: this.sub("education", "major", r),
      degree: DEGREES.find((d) => d.level === level)?.name ?? null,
      degree_level: level,
      study_start_year: this.sub("education", "study_start_year", r),
      graduation_year: this.sub("education", "graduation_year", r),
      is_studying: this.sub("education", "is_studying", r),
    };
  }

  /** A prose summary written from the profile itself, so that it costs no storage. */
  private summary(row: number): string | null {
    const latest = this.children("experience", row)[0];
    if (latest === undefined) return null;
    const title = this.sub("experience", "title", latest);
    const role = this.sub("experience", "role", latest);
    const months = this.readers.get("experience_months")!(row);
    const years = typeof months === "number" ? Math.round(months / 12) : 0;
    const skills = (this.readers.get("skills")!(row) as string[]).slice(0, 3);
    const span = years === 1 ? "one year" : `${years} years`;
    return (
      `${String(title ?? "Professional")} with ${span} of ` +
      `experience${role ? ` in ${String(role)}` : ""}.${skills.length ? ` Skilled in ${listInWords(skills)}.` : ""}`
    );
  }
}
