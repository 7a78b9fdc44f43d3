import type { CompanyInput, JobInput } from "../inputs.js";
import type { Pools } from "../pools.js";
import type { Random } from "../random.js";
import { COUNTRIES, EMPLOYMENT_TYPES, SALARY_UNITS, SENIORITIES, TRACKS } from "../vocabulary.js";
import { listInWords, slugify } from "./text.js";

const SENIORITY_OF_LEVEL: Readonly<Record<string, (typeof SENIORITIES)[number]>> = {
  Intern: "Internship",
  Specialist: "Entry level",
  Senior: "Mid-Senior level",
  Manager: "Manager",
  Head: "Director",
  Director: "Director",
  Partner: "Executive",
  "Vice President": "Executive",
  "President/Vice President": "Executive",
  "C-Level": "Executive",
  Founder: "Executive",
  Owner: "Executive",
};
const EMPLOYMENT_WEIGHTS = [75, 7, 8, 3, 4, 1, 2];
const TRACK_WEIGHTS = TRACKS.map((t) => t.weight);
const BENEFITS = [
  "flexible hours",
  "remote work options",
  "a learning budget",
  "health insurance",
  "parental leave",
  "a pension plan",
  "stock options",
];
const REQUIRED_MONTHS = [0, 6, 12, 24, 36, 48, 60, 84, 120];
const SYMBOLS: Readonly<Record<string, string>> = { USD: "$", GBP: "£", EUR: "€", JPY: "¥", INR: "₹" };
const UNIT_WORD: Readonly<Record<string, string>> = { YEAR: "yr", MONTH: "mo", HOUR: "hr" };

function money(value: number, currency: string): string {
  const symbol = SYMBOLS[currency];
  const amount = value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return symbol ? `${symbol}${amount}` : `${amount} ${currency}`;
}

/** The salary block's display string, as a posting shows it ("$80,000.00/yr - $120,000.00/yr"). */
export function salaryString(min: number, max: number, currency: string, unit: string): string {
  const per = UNIT_WORD[unit] ?? unit.toLowerCase();
  return `${money(min, currency)}/${per} - ${money(max, currency)}/${per}`;
}

/**
 * `count` postings of the given companies, with the fields of §2.5 and §2.6; a minority states a salary.
 * Yielded one by one.
 */
export function* generateJobs(
  rng: Random,
  pools: Pools,
  companies: readonly CompanyInput[],
  count: number,
  asOf: number,
  seed: number,
): Generator<JobInput> {
  for (let i = 0; i < count; i++) {
    const companyRow = rng.int(0, companies.length - 1);
    const company = companies[companyRow]!;
    const track = TRACKS[rng.weighted(TRACK_WEIGHTS)]!;
    const [title, level] = rng.chance(0.1) ? [rng.pick(pools.extraTitles), "Specialist"] : rng.pick(track.titles);
    const atHq = rng.chance(0.6) && company.hq_country;
    const country = atHq ? COUNTRIES.find((c) => c.name === company.hq_country)! : rng.pick(COUNTRIES);
    const state = atHq ? company.hq_state! : rng.pick(Object.keys(country.states));
    const city = atHq ? company.hq_city! : rng.pick(country.states[state]!);
    const postedAt = asOf - Math.floor(Math.pow(rng.next(), 2) * 90);
    const active = rng.chance(0.92) ? 1 : 0;
    const intern = level === "Intern";
    const employment = intern ? "Internship" : EMPLOYMENT_TYPES[rng.weighted(EMPLOYMENT_WEIGHTS)]!;
    const skills = rng.sample(track.skills, 3);
    const number = 3_000_000_000 + ((Math.imul(i + 1, 0x2c1b3c6d) ^ seed) >>> 1);
    let salary: JobInput["salary"] = null;
    if (rng.chance(0.25)) {
      const unit = rng.weighted([80, 10, 10]);
      const base = unit === 0 ? rng.int(25, 180) * 1000 : unit === 1 ? rng.int(20, 150) * 100 : rng.int(15, 120);
      salary = {
        min: base,
        max: Math.round(base * (1.1 + rng.next() * 0.5)),
        currency: country.currency,
        unit: SALARY_UNITS[unit]!,
      };
    }
    const companySlug = slugify(company.name ?? "company");
    yield {
      title,
      description:
        `${company.name} is hiring ${/^[AEIOU]/i.test(title) ? "an" : "a"} ${title} ` +
        `in ${city}. ${rng.pick(pools.catchPhrases)}. ` +
        `You will work with ${listInWords(skills)} in a team that ` +
        `values ${rng.pick(pools.catchPhrases).toLowerCase()}. ` +
        `We offer ${listInWords(rng.sample(BENEFITS, 2))}.`,
      url: `https://www.linkedin.com/jobs/view/${number}`,
      external_url: rng.chance(0.6)
        ? `https://careers.${companySlug}.example.com/jobs/${slugify(title)}-${number.toString(36)}`
        : null,
      posted_at: postedAt,
      application_active: active,
      applicants_count: rng.chance(0.1) ? null : Math.floor(Math.pow(rng.next(), 2) * 600),
      created_at: postedAt,
      updated_at: postedAt + rng.int(0, Math.min(14, asOf - postedAt)),
      seniority: level === "Specialist" && rng.chance(0.5) ? "Associate" : (SENIORITY_OF_LEVEL[level] ?? "Associate"),
      employment_type: employment,
      functions: track.functions.slice(0, rng.int(1, track.functions.length)),
      industries: company.industry ? [company.industry] : [],
      required_months_of_experience: rng.chance(0.6) ? rng.pick(REQUIRED_MONTHS) : null,
      company: companyRow,
      company_name: company.name ?? null,
      company_url: company.linkedin_url ?? null,
      company_logo_url: company.logo_url ?? null,
      city,
      state,
      country: country.name,
      country_iso_2: country.iso2,
      location: `${city}, ${state}, ${country.name}`,
      regions: country.regions,
      salary,
    };
  }
}
