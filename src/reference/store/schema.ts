import type { Dataset, SubRecord } from "../../contract/index.js";
import type { JobInput, LanguageInput } from "../inputs.js";
import type { ColumnSpec } from "./table.js";

/**
 * The columns of each table of the reference store. Every queryable field of the catalog (§2.2, §2.5, §2.7)
 * is a column of the same name, in the table of its sub-record (catalog `scope:`) or of its dataset; a few
 * more columns hold what records show but queries do not reach (summary, websites, company rows, ...).
 */
export const PERSON_COLUMNS = {
  full_name: "prose",
  first_name: "text",
  last_name: "text",
  linkedin_url: "prose",
  headline: "prose",
  active_title: "text",
  active_department: "text",
  management_level: "text",
  city: "text",
  state: "text",
  country: "text",
  country_iso2: "text",
  country_iso3: "text",
  regions: "list",
  is_working: "boolean",
  is_decision_maker: "boolean",
  experience_months: "number",
  skills: "list",
  certifications: "list",
  courses: "list",
  awards: "list",
  publications: "list",
  patents: "list",
  websites: "list",
} as const satisfies Record<string, ColumnSpec>;

export const EXPERIENCE_COLUMNS = {
  title: "text",
  company: "number",
  company_name: "text",
  company_type: "text",
  company_employees_count: "number",
  company_size_range: "number",
  industry: "text",
  role: "text",
  level: "text",
  workplace_city: "text",
  workplace_state: "text",
  workplace_country: "text",
  is_current: "boolean",
  duration_months: "number",
  started_at: "date",
  ended_at: "date",
} as const satisfies Record<string, ColumnSpec>;

export const EDUCATION_COLUMNS = {
  institution_name: "text",
  major: "text",
  degree_level: "number",
  institution_ranking: "number",
  graduation_year: "number",
  study_start_year: "number",
  is_studying: "boolean",
} as const satisfies Record<string, ColumnSpec>;

/** One row per language a person lists: `languages` is the language, `language_proficiency` its level (§2.2). */
export const LANGUAGE_COLUMNS = {
  languages: ["text", (l: LanguageInput) => l.language],
  language_proficiency: ["text", (l: LanguageInput) => l.proficiency],
} as const satisfies Record<string, ColumnSpec>;

export const JOB_COLUMNS = {
  title: "text",
  description: "prose",
  url: "prose",
  external_url: "prose",
  posted: ["date", (j: JobInput) => j.posted_at],
  application_active: "number",
  applicants_count: "number",
  created_at: "date",
  updated_at: "date",
  seniority: "text",
  employment_type: "text",
  functions: "list",
  industries: "list",
  required_months_of_experience: "number",
  company: "number",
  company_name: "text",
  company_url: "text",
  company_logo_url: "text",
  city: "text",
  state: "text",
  country: "text",
  country_iso_2: "text",
  location: "text",
  regions: "list",
  salary_min: ["number", (j: JobInput) => j.salary?.min],
  salary_max: ["number", (j: JobInput) => j.salary?.max],
  salary_currency: ["text", (j: JobInput) => j.salary?.currency],
  salary_unit: ["text", (j: JobInput) => j.salary?.unit],
} as const satisfies Record<string, ColumnSpec>;

export const COMPANY_COLUMNS = {
  name: "text",
  description: "text",
  website: "text",
  linkedin_url: "text",
  logo_url: "text",
  industry: "text",
  categories_and_keywords: "list",
  employees_count: "number",
  employees_count_change_yearly_percentage: "number",
  followers_count: "number",
  founded_year: "number",
  hq_city: "text",
  hq_state: "text",
  hq_country: "text",
  hq_country_iso2: "text",
  hq_full_address: "text",
  hq_regions: "list",
  is_b2b: "boolean",
  last_funding_round_amount_raised: "number",
  last_funding_round_date: "date",
  last_updated_at: "date",
  size_range: "number",
  stock_exchange: "text",
  stock_ticker: "text",
  type: "text",
} as const satisfies Record<string, ColumnSpec>;

/** Name of the table a field lives in: the dataset's own table, or a people sub-record table. */
export type TableName = "person" | SubRecord | "jobs" | "companies";

export function tableOf(dataset: Dataset, scope: SubRecord | undefined): TableName {
  if (dataset === "people") return scope ?? "person";
  return dataset;
}
