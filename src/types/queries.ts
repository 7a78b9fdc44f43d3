// Generated from spec/catalog/ by npm run generate (src/types/emit.ts); do not edit.

/** A date: YYYY-MM-DD, or a relative offset now-<n>d / now-<n>m (§4.2 rule 3). */
export type DateValue = `${number}-${number}-${number}` | `now-${number}d` | `now-${number}m`;

/** The fixed values of `active_department` (§2.3): anything else matches nothing. */
export type ActiveDepartment = "Administrative" | "C-Suite" | "Consulting" | "Customer Service" | "Design" | "Education" | "Engineering and Technical" | "Finance & Accounting" | "General Management" | "Human Resources" | "Legal" | "Marketing" | "Medical" | "Operations" | "Other" | "Product" | "Project Management" | "Real Estate" | "Research" | "Sales" | "Trades";
/** The fixed values of `language_proficiency` (§2.3): anything else matches nothing. */
export type LanguageProficiency = "Elementary proficiency" | "Limited working proficiency" | "Professional working proficiency" | "Full professional proficiency" | "Native or bilingual proficiency";
/** The fixed values of `level` (§2.3): anything else matches nothing. */
export type Level = "Specialist" | "Senior" | "Manager" | "Head" | "Director" | "Vice President" | "President/Vice President" | "C-Level" | "Partner" | "Founder" | "Owner" | "Intern";
/** The fixed values of `management_level` (§2.3): anything else matches nothing. */
export type ManagementLevel = "Specialist" | "Senior" | "Manager" | "Head" | "Director" | "Vice President" | "President/Vice President" | "C-Level" | "Partner" | "Founder" | "Owner" | "Intern";
/** The fixed values of `industry` (§2.3): anything else matches nothing. */
export type Industry = "Accommodation Services" | "Administrative and Support Services" | "Construction" | "Consumer Services" | "Education" | "Entertainment Providers" | "Farming, Ranching, Forestry" | "Financial Services" | "Government Administration" | "Holding Companies" | "Hospitals and Health Care" | "Manufacturing" | "Oil, Gas, and Mining" | "Professional Services" | "Real Estate and Equipment Rental Services" | "Retail" | "Technology, Information and Media" | "Transportation, Logistics, Supply Chain and Storage" | "Utilities" | "Wholesale";
/** A queryable people field (§2). */
export type PeopleField = "active_title" | "active_department" | "title" | "headline" | "company_name" | "institution_name" | "skills" | "languages" | "certifications" | "courses" | "awards" | "publications" | "patents" | "major" | "language_proficiency" | "full_name" | "first_name" | "last_name" | "linkedin_url" | "city" | "state" | "country" | "country_iso2" | "country_iso3" | "regions" | "workplace_city" | "workplace_state" | "workplace_country" | "role" | "level" | "management_level" | "industry" | "company_type" | "is_working" | "is_decision_maker" | "is_current" | "is_studying" | "experience_months" | "duration_months" | "company_employees_count" | "company_size_range" | "degree_level" | "institution_ranking" | "graduation_year" | "study_start_year" | "started_at" | "ended_at";

/** A people leaf: a field with exactly one operator it takes (§4.2). */
export type PeopleLeaf =
  | { readonly field: "active_title"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "active_title"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "active_title"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "active_title"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "active_department"; readonly eq: ActiveDepartment; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "active_department"; readonly in: readonly ActiveDepartment[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "active_department"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "active_department"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "title"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "title"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "title"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "title"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "headline"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "headline"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "headline"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "headline"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "company_name"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "company_name"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "company_name"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "company_name"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "institution_name"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "institution_name"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "institution_name"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "institution_name"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "skills"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "skills"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "skills"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "skills"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "languages"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "languages"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "languages"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "languages"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "certifications"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "certifications"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "certifications"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "certifications"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "courses"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "courses"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "courses"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "courses"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "awards"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "awards"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "awards"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "awards"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "publications"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "publications"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "publications"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "publications"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "patents"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "patents"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "patents"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "patents"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "major"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "major"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "major"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "major"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "language_proficiency"; readonly eq: LanguageProficiency; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "language_proficiency"; readonly in: readonly LanguageProficiency[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "language_proficiency"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "full_name"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "full_name"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "full_name"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "first_name"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "first_name"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "first_name"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "last_name"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "last_name"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "last_name"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "linkedin_url"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "linkedin_url"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "linkedin_url"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "city"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "city"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "city"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "state"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "state"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "state"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "country"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "country"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "country"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "country_iso2"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "country_iso2"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "country_iso2"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "country_iso3"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "country_iso3"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "country_iso3"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "regions"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "regions"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "regions"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "workplace_city"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "workplace_city"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "workplace_city"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "workplace_state"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "workplace_state"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "workplace_state"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "workplace_country"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "workplace_country"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "workplace_country"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "role"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "role"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "role"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "level"; readonly eq: Level; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "level"; readonly in: readonly Level[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "level"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "management_level"; readonly eq: ManagementLevel; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "management_level"; readonly in: readonly ManagementLevel[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "management_level"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "industry"; readonly eq: Industry; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "industry"; readonly in: readonly Industry[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "industry"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "company_type"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "company_type"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "company_type"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "is_working"; readonly eq: boolean; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "is_working"; readonly in: readonly boolean[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "is_working"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "is_decision_maker"; readonly eq: boolean; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "is_decision_maker"; readonly in: readonly boolean[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "is_decision_maker"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "is_current"; readonly eq: boolean; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "is_current"; readonly in: readonly boolean[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "is_current"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "is_studying"; readonly eq: boolean; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "is_studying"; readonly in: readonly boolean[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "is_studying"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "experience_months"; readonly gte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "experience_months"; readonly lte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "experience_months"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "duration_months"; readonly gte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "duration_months"; readonly lte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "duration_months"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "company_employees_count"; readonly gte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "company_employees_count"; readonly lte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "company_employees_count"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "company_size_range"; readonly gte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "company_size_range"; readonly lte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "company_size_range"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "degree_level"; readonly gte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "degree_level"; readonly lte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "degree_level"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "institution_ranking"; readonly gte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "institution_ranking"; readonly lte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "institution_ranking"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "graduation_year"; readonly gte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "graduation_year"; readonly lte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "graduation_year"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "study_start_year"; readonly gte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "study_start_year"; readonly lte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "study_start_year"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "started_at"; readonly gte: DateValue; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "started_at"; readonly lte: DateValue; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "started_at"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "ended_at"; readonly gte: DateValue; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "ended_at"; readonly lte: DateValue; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "ended_at"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never };

/** A field of one experience sub-record (the scope table of spec/catalog/, clause s4-2-scope-membership). */
export type ExperienceField = "title" | "company_name" | "workplace_city" | "workplace_state" | "workplace_country" | "role" | "level" | "industry" | "company_type" | "is_current" | "duration_months" | "company_employees_count" | "company_size_range" | "started_at" | "ended_at";
/** A node inside `has_experience`: every condition must match the same experience sub-record. */
export type ExperienceWhere = Extract<PeopleLeaf, { readonly field: ExperienceField }> | ExperienceWhereAll | ExperienceWhereAny | ExperienceWhereNot;
export interface ExperienceWhereAll { readonly all: readonly ExperienceWhere[]; readonly any?: never; readonly not?: never; readonly field?: never }
export interface ExperienceWhereAny { readonly any: readonly ExperienceWhere[]; readonly all?: never; readonly not?: never; readonly field?: never }
export interface ExperienceWhereNot { readonly not: ExperienceWhere; readonly all?: never; readonly any?: never; readonly field?: never }

/** A field of one education sub-record (the scope table of spec/catalog/, clause s4-2-scope-membership). */
export type EducationField = "institution_name" | "major" | "is_studying" | "degree_level" | "institution_ranking" | "graduation_year" | "study_start_year";
/** A node inside `has_education`: every condition must match the same education sub-record. */
export type EducationWhere = Extract<PeopleLeaf, { readonly field: EducationField }> | EducationWhereAll | EducationWhereAny | EducationWhereNot;
export interface EducationWhereAll { readonly all: readonly EducationWhere[]; readonly any?: never; readonly not?: never; readonly field?: never }
export interface EducationWhereAny { readonly any: readonly EducationWhere[]; readonly all?: never; readonly not?: never; readonly field?: never }
export interface EducationWhereNot { readonly not: EducationWhere; readonly all?: never; readonly any?: never; readonly field?: never }

/** A field of one language sub-record (the scope table of spec/catalog/, clause s4-2-scope-membership). */
export type LanguageField = "languages" | "language_proficiency";
/** A node inside `has_language`: every condition must match the same language sub-record. */
export type LanguageWhere = Extract<PeopleLeaf, { readonly field: LanguageField }> | LanguageWhereAll | LanguageWhereAny | LanguageWhereNot;
export interface LanguageWhereAll { readonly all: readonly LanguageWhere[]; readonly any?: never; readonly not?: never; readonly field?: never }
export interface LanguageWhereAny { readonly any: readonly LanguageWhere[]; readonly all?: never; readonly not?: never; readonly field?: never }
export interface LanguageWhereNot { readonly not: LanguageWhere; readonly all?: never; readonly any?: never; readonly field?: never }

/** A people Query Spec node: a leaf, a composite or a scope (§4.2). */
export type PeopleWhere = PeopleLeaf | PeopleWhereAll | PeopleWhereAny | PeopleWhereNot
  | { readonly has_experience: ExperienceWhere; readonly has_education?: never; readonly has_language?: never; readonly field?: never; readonly all?: never }
  | { readonly has_education: EducationWhere; readonly has_experience?: never; readonly has_language?: never; readonly field?: never; readonly all?: never }
  | { readonly has_language: LanguageWhere; readonly has_experience?: never; readonly has_education?: never; readonly field?: never; readonly all?: never };
export interface PeopleWhereAll { readonly all: readonly PeopleWhere[]; readonly any?: never; readonly not?: never; readonly field?: never }
export interface PeopleWhereAny { readonly any: readonly PeopleWhere[]; readonly all?: never; readonly not?: never; readonly field?: never }
export interface PeopleWhereNot { readonly not: PeopleWhere; readonly all?: never; readonly any?: never; readonly field?: never }

/** The body of a people search (§4.2): where (required), size, after. */
export interface PeopleQueryBody {
  readonly where: PeopleWhere;
  readonly size?: number;
  readonly after?: string;
}

/** A queryable jobs field (§2). */
export type JobsField = "applicants_count" | "application_active" | "city" | "company_name" | "country" | "country_iso_2" | "created_at" | "description" | "employment_type" | "functions" | "industries" | "location" | "posted" | "regions" | "required_months_of_experience" | "salary_currency" | "salary_max" | "salary_min" | "seniority" | "state" | "title" | "updated_at";

/** A jobs leaf: a field with exactly one operator it takes (§4.2). */
export type JobsLeaf =
  | { readonly field: "applicants_count"; readonly eq: number; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "applicants_count"; readonly in: readonly number[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "applicants_count"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "applicants_count"; readonly gte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "applicants_count"; readonly lte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "applicants_count"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "application_active"; readonly eq: number; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "application_active"; readonly in: readonly number[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "application_active"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "application_active"; readonly gte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "application_active"; readonly lte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "application_active"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "city"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "city"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "city"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "city"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "city"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "city"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "company_name"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "company_name"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "company_name"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "company_name"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "company_name"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "company_name"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "country"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "country"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "country"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "country"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "country"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "country"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "country_iso_2"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "country_iso_2"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "country_iso_2"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "country_iso_2"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "country_iso_2"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "country_iso_2"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "created_at"; readonly eq: DateValue; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "created_at"; readonly in: readonly DateValue[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "created_at"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "created_at"; readonly gte: DateValue; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "created_at"; readonly lte: DateValue; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "created_at"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "description"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "description"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "description"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "description"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "description"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "description"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "employment_type"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "employment_type"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "employment_type"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "employment_type"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "employment_type"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "employment_type"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "functions"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "functions"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "functions"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "functions"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "functions"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "functions"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "industries"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "industries"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "industries"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "industries"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "industries"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "industries"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "location"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "location"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "location"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "location"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "location"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "location"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "posted"; readonly eq: DateValue; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "posted"; readonly in: readonly DateValue[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "posted"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "posted"; readonly gte: DateValue; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "posted"; readonly lte: DateValue; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "posted"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "regions"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "regions"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "regions"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "regions"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "regions"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "regions"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "required_months_of_experience"; readonly eq: number; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "required_months_of_experience"; readonly in: readonly number[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "required_months_of_experience"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "required_months_of_experience"; readonly gte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "required_months_of_experience"; readonly lte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "required_months_of_experience"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "salary_currency"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "salary_currency"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "salary_currency"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "salary_currency"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "salary_currency"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "salary_currency"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "salary_max"; readonly eq: number; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "salary_max"; readonly in: readonly number[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "salary_max"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "salary_max"; readonly gte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "salary_max"; readonly lte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "salary_max"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "salary_min"; readonly eq: number; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "salary_min"; readonly in: readonly number[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "salary_min"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "salary_min"; readonly gte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "salary_min"; readonly lte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "salary_min"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "seniority"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "seniority"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "seniority"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "seniority"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "seniority"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "seniority"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "state"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "state"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "state"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "state"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "state"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "state"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "title"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "title"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "title"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "title"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "title"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "title"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "updated_at"; readonly eq: DateValue; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "updated_at"; readonly in: readonly DateValue[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "updated_at"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "updated_at"; readonly gte: DateValue; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "updated_at"; readonly lte: DateValue; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "updated_at"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never };

/** A jobs Query Spec node: a leaf, a composite (§4.2). */
export type JobsWhere = JobsLeaf | JobsWhereAll | JobsWhereAny | JobsWhereNot;
export interface JobsWhereAll { readonly all: readonly JobsWhere[]; readonly any?: never; readonly not?: never; readonly field?: never }
export interface JobsWhereAny { readonly any: readonly JobsWhere[]; readonly all?: never; readonly not?: never; readonly field?: never }
export interface JobsWhereNot { readonly not: JobsWhere; readonly all?: never; readonly any?: never; readonly field?: never }

/** The body of a jobs search (§4.2): where, size, after. */
export interface JobsQueryBody {
  readonly where?: JobsWhere;
  readonly size?: number;
  readonly after?: string;
}

/** A queryable companies field (§2). */
export type CompaniesField = "categories_and_keywords" | "employees_count" | "employees_count_change_yearly_percentage" | "followers_count" | "founded_year" | "hq_city" | "hq_country" | "hq_country_iso2" | "hq_full_address" | "hq_regions" | "hq_state" | "industry" | "is_b2b" | "last_funding_round_amount_raised" | "last_funding_round_date" | "last_updated_at" | "linkedin_url" | "name" | "size_range" | "stock_exchange" | "stock_ticker" | "type" | "website";

/** A companies leaf: a field with exactly one operator it takes (§4.2). */
export type CompaniesLeaf =
  | { readonly field: "categories_and_keywords"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "categories_and_keywords"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "categories_and_keywords"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "categories_and_keywords"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "categories_and_keywords"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "categories_and_keywords"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "employees_count"; readonly eq: number; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "employees_count"; readonly in: readonly number[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "employees_count"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "employees_count"; readonly gte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "employees_count"; readonly lte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "employees_count"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "employees_count_change_yearly_percentage"; readonly eq: number; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "employees_count_change_yearly_percentage"; readonly in: readonly number[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "employees_count_change_yearly_percentage"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "employees_count_change_yearly_percentage"; readonly gte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "employees_count_change_yearly_percentage"; readonly lte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "employees_count_change_yearly_percentage"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "followers_count"; readonly eq: number; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "followers_count"; readonly in: readonly number[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "followers_count"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "followers_count"; readonly gte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "followers_count"; readonly lte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "followers_count"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "founded_year"; readonly eq: number; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "founded_year"; readonly in: readonly number[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "founded_year"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "founded_year"; readonly gte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "founded_year"; readonly lte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "founded_year"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "hq_city"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_city"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_city"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_city"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_city"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "hq_city"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "hq_country"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_country"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_country"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_country"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_country"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "hq_country"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "hq_country_iso2"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_country_iso2"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_country_iso2"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_country_iso2"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_country_iso2"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "hq_country_iso2"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "hq_full_address"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_full_address"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_full_address"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_full_address"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_full_address"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "hq_full_address"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "hq_regions"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_regions"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_regions"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_regions"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_regions"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "hq_regions"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "hq_state"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_state"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_state"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_state"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "hq_state"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "hq_state"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "industry"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "industry"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "industry"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "industry"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "industry"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "industry"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "is_b2b"; readonly eq: boolean; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "is_b2b"; readonly in: readonly boolean[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "is_b2b"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "is_b2b"; readonly gte: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "is_b2b"; readonly lte: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "is_b2b"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "last_funding_round_amount_raised"; readonly eq: number; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "last_funding_round_amount_raised"; readonly in: readonly number[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "last_funding_round_amount_raised"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "last_funding_round_amount_raised"; readonly gte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "last_funding_round_amount_raised"; readonly lte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "last_funding_round_amount_raised"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "last_funding_round_date"; readonly eq: DateValue; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "last_funding_round_date"; readonly in: readonly DateValue[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "last_funding_round_date"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "last_funding_round_date"; readonly gte: DateValue; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "last_funding_round_date"; readonly lte: DateValue; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "last_funding_round_date"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "last_updated_at"; readonly eq: DateValue; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "last_updated_at"; readonly in: readonly DateValue[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "last_updated_at"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "last_updated_at"; readonly gte: DateValue; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "last_updated_at"; readonly lte: DateValue; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "last_updated_at"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "linkedin_url"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "linkedin_url"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "linkedin_url"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "linkedin_url"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "linkedin_url"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "linkedin_url"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "name"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "name"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "name"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "name"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "name"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "name"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "size_range"; readonly eq: number; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "size_range"; readonly in: readonly number[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "size_range"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "size_range"; readonly gte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "size_range"; readonly lte: number; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "size_range"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "stock_exchange"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "stock_exchange"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "stock_exchange"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "stock_exchange"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "stock_exchange"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "stock_exchange"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "stock_ticker"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "stock_ticker"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "stock_ticker"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "stock_ticker"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "stock_ticker"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "stock_ticker"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "type"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "type"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "type"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "type"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "type"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "type"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never }
  | { readonly field: "website"; readonly eq: string; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "website"; readonly in: readonly string[]; readonly eq?: never; readonly match?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "website"; readonly match: string; readonly eq?: never; readonly in?: never; readonly gte?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "website"; readonly gte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly lte?: never; readonly exists?: never }
  | { readonly field: "website"; readonly lte: string; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly exists?: never }
  | { readonly field: "website"; readonly exists: boolean; readonly eq?: never; readonly in?: never; readonly match?: never; readonly gte?: never; readonly lte?: never };

/** A companies Query Spec node: a leaf, a composite (§4.2). */
export type CompaniesWhere = CompaniesLeaf | CompaniesWhereAll | CompaniesWhereAny | CompaniesWhereNot;
export interface CompaniesWhereAll { readonly all: readonly CompaniesWhere[]; readonly any?: never; readonly not?: never; readonly field?: never }
export interface CompaniesWhereAny { readonly any: readonly CompaniesWhere[]; readonly all?: never; readonly not?: never; readonly field?: never }
export interface CompaniesWhereNot { readonly not: CompaniesWhere; readonly all?: never; readonly any?: never; readonly field?: never }

/** The body of a companies search (§4.2): where, size, after. */
export interface CompaniesQueryBody {
  readonly where?: CompaniesWhere;
  readonly size?: number;
  readonly after?: string;
}
