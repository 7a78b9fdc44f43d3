/**
 * The records the reference dataset is built from, generated (generate-*.ts) or written by hand in tests.
 * Every member may be left out: the store reads a missing member as null (or an empty list). Dates are
 * YYYY-MM-DD strings or day numbers (days since 1970-01-01, see days.ts).
 */
type DayInput = string | number | null;

export interface ExperienceInput {
  title?: string | null;
  /** Row of the employer in the companies dataset, for company_id in the full record. */
  company?: number | null;
  company_name?: string | null;
  company_type?: string | null;
  company_employees_count?: number | null;
  company_size_range?: number | null;
  industry?: string | null;
  role?: string | null;
  level?: string | null;
  workplace_city?: string | null;
  workplace_state?: string | null;
  workplace_country?: string | null;
  is_current?: boolean | null;
  duration_months?: number | null;
  started_at?: DayInput;
  ended_at?: DayInput;
}

export interface EducationInput {
  institution_name?: string | null;
  major?: string | null;
  degree_level?: number | null;
  institution_ranking?: number | null;
  graduation_year?: number | null;
  study_start_year?: number | null;
  is_studying?: boolean | null;
}

export interface LanguageInput {
  language?: string | null;
  proficiency?: string | null;
}

export interface PersonInput {
  first_name?: string | null;
  last_name?: string | null;
  /** Defaults to first_name and last_name joined by a space. */
  full_name?: string | null;
  linkedin_url?: string | null;
  headline?: string | null;
  /** Defaults to the title of the first current experience. */
  active_title?: string | null;
  active_department?: string | null;
  management_level?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  country_iso2?: string | null;
  country_iso3?: string | null;
  regions?: readonly string[];
  is_working?: boolean | null;
  is_decision_maker?: boolean | null;
  experience_months?: number | null;
  skills?: readonly string[];
  certifications?: readonly string[];
  courses?: readonly string[];
  awards?: readonly string[];
  publications?: readonly string[];
  patents?: readonly string[];
  websites?: readonly string[];
  experiences?: readonly ExperienceInput[];
  educations?: readonly EducationInput[];
  languages?: readonly LanguageInput[];
}

interface SalaryInput {
  min: number;
  max: number;
  currency: string;
  unit: string;
}

export interface JobInput {
  title?: string | null;
  description?: string | null;
  url?: string | null;
  external_url?: string | null;
  /** Day the posting went up; `posted` is filtered on it and worded from it. */
  posted_at?: DayInput;
  /** 1 while the posting accepts applications; a closed posting (0) is reported in not_found (§3). */
  application_active?: number | null;
  applicants_count?: number | null;
  created_at?: DayInput;
  updated_at?: DayInput;
  seniority?: string | null;
  employment_type?: string | null;
  functions?: readonly string[];
  industries?: readonly string[];
  required_months_of_experience?: number | null;
  /** Row of the hiring company in the companies dataset. */
  company?: number | null;
  company_name?: string | null;
  company_url?: string | null;
  company_logo_url?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  country_iso_2?: string | null;
  location?: string | null;
  regions?: readonly string[];
  salary?: SalaryInput | null;
}

export interface CompanyInput {
  name?: string | null;
  description?: string | null;
  website?: string | null;
  linkedin_url?: string | null;
  logo_url?: string | null;
  industry?: string | null;
  categories_and_keywords?: readonly string[];
  employees_count?: number | null;
  employees_count_change_yearly_percentage?: number | null;
  followers_count?: number | null;
  founded_year?: number | null;
  hq_city?: string | null;
  hq_state?: string | null;
  hq_country?: string | null;
  hq_country_iso2?: string | null;
  hq_full_address?: string | null;
  hq_regions?: readonly string[];
  is_b2b?: boolean | null;
  last_funding_round_amount_raised?: number | null;
  last_funding_round_date?: DayInput;
  last_updated_at?: DayInput;
  size_range?: number | null;
  stock_exchange?: string | null;
  stock_ticker?: string | null;
  type?: string | null;
}
