/**
 * Realistic misspellings of the names and values a client types, with the one suggestion that should follow
 * (null: nothing is close enough to be what was meant). The suggestion quality of src/lint/suggest.ts is
 * measured on them (src/lint/suggest.test.ts prints precision and recall).
 */
export interface Misspelling {
  readonly input: string;
  /** Which list the input is looked up in: a dataset's fields or a field's fixed values. */
  readonly among: "people" | "jobs" | "companies" | "management_level" | "language_proficiency" | "active_department" | "industry";
  readonly expected: string | null;
}

const m = (among: Misspelling["among"], pairs: Record<string, string | null>): Misspelling[] =>
  Object.entries(pairs).map(([input, expected]) => ({ input, among, expected }));

export const MISSPELLINGS: readonly Misspelling[] = [
  ...m("people", {
    citty: "city", cty: "city", titel: "title", tittle: "title", Title: "title", skill: "skills", skils: "skills",
    Skills: "skills", languge: "languages", language: "languages", langauges: "languages", certification: "certifications",
    certificatons: "certifications", cources: "courses", course: "courses", award: "awards", publication: "publications",
    patent: "patents", majr: "major", fullname: "full_name", full_nme: "full_name", firstname: "first_name",
    first_nmae: "first_name", lastname: "last_name", last_Name: "last_name", linkedinurl: "linkedin_url",
    linkedin_ulr: "linkedin_url", sate: "state", stat: "state", contry: "country", counrty: "country",
    country_iso: "country_iso2", countryiso2: "country_iso2", country_is02: "country_iso2", country_iso_2: "country_iso2",
    region: "regions", workplace_cty: "workplace_city", workplacecity: "workplace_city", workplace_contry: "workplace_country",
    rol: "role", roles: "role", levl: "level", leve: "level", managment_level: "management_level",
    management_levle: "management_level", managementlevel: "management_level", industy: "industry", industries: "industry",
    company_typ: "company_type", companytype: "company_type", is_workin: "is_working", isworking: "is_working",
    is_decisionmaker: "is_decision_maker", is_decison_maker: "is_decision_maker", is_curent: "is_current", iscurrent: "is_current",
    is_studyng: "is_studying", experiance_months: "experience_months", experience_month: "experience_months",
    duration_month: "duration_months", duraton_months: "duration_months", company_employee_count: "company_employees_count",
    company_employees_cnt: "company_employees_count", company_size: "company_size_range", company_size_rnage: "company_size_range",
    degree_levle: "degree_level", degreelevel: "degree_level", institution_rank: "institution_ranking", institution_ranking_: "institution_ranking",
    graduation_yaer: "graduation_year", graduationyear: "graduation_year", study_start_yr: "study_start_year",
    start_at: "started_at", startedat: "started_at", ended: "ended_at", endet_at: "ended_at", active_titel: "active_title",
    activetitle: "active_title", active_departmnet: "active_department", headlin: "headline", head_line: "headline",
    company_nam: "company_name", companyname: "company_name", institution: null, department: "active_department", institution_nme: "institution_name",
    salary: null, email: null, phone: null, job_title: "title", age: null, gender: null, zzz: null,
  }),
  ...m("jobs", {
    titel: "title", descripton: "description", employment: "employment_type", employment_typ: "employment_type",
    country_iso2: "country_iso_2", salary_minimum: "salary_min", salarymin: "salary_min", salary_mx: "salary_max",
    senority: "seniority", industry: "industries", function: "functions", applicant_count: "applicants_count",
    created: "created_at", updatedat: "updated_at", postd: "posted", requred_months_of_experience: "required_months_of_experience",
  }),
  ...m("companies", {
    employee_count: "employees_count", employees: null, hq_contry: "hq_country", hq_country_iso: "hq_country_iso2",
    founded: "founded_year", foundedyear: "founded_year", nmae: "name", websit: "website", stock_tiker: "stock_ticker",
    is_btob: "is_b2b", typ: "type", size_rnage: "size_range",
  }),
  ...m("management_level", {
    director: "Director", Directr: "Director", "vice president": "Vice President", "Vice-President": "Vice President",
    "c-level": "C-Level", CLevel: "C-Level", senior: "Senior", manger: "Manager", intern: "Intern", VP: null, CEO: null,
  }),
  ...m("language_proficiency", {
    "native or bilingual proficiency": "Native or bilingual proficiency", fluent: null, Native: "Native or bilingual proficiency",
    "Professional Working Proficiency": "Professional working proficiency",
  }),
  ...m("active_department", { engineering: "Engineering and Technical", Enginering: null, "human resources": "Human Resources", Sales: "Sales", sales: "Sales", Finance: "Finance & Accounting" }),
  ...m("industry", { retail: "Retail", "Financial Service": "Financial Services", Tech: "Technology, Information and Media" }),
];
