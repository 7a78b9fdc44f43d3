import { yearOfDay } from "../days.js";
import type { CompanyInput, EducationInput, ExperienceInput, LanguageInput, PersonInput } from "../inputs.js";
import type { Pools } from "../pools.js";
import { Random } from "../random.js";
import {
  AWARDS,
  CERTIFICATIONS,
  COMPANY_INDUSTRIES,
  COUNTRIES,
  COURSES,
  DEGREES,
  GENERAL_SKILLS,
  LANGUAGES,
  MAJORS,
  PROFICIENCIES,
  TRACKS,
  type Track,
} from "../vocabulary.js";
import { listInWords, rowTag, slugify } from "./text.js";

const DAYS_PER_MONTH = 30.44;
const DECISION_LEVELS = new Set([
  "Head",
  "Director",
  "Vice President",
  "President/Vice President",
  "C-Level",
  "Partner",
  "Founder",
  "Owner",
]);
const PERSON_INDUSTRY = new Map(COMPANY_INDUSTRIES);
const COUNTRY_WEIGHTS = COUNTRIES.map((c) => c.weight);
const TRACK_WEIGHTS = [...TRACKS.map((t) => t.weight), 8];
const EXPERIENCE_COUNT_WEIGHTS = [4, 20, 28, 24, 14, 10];
const LEVEL_WORDS: readonly (readonly [RegExp, string])[] = [
  [/\bChief\b/, "C-Level"],
  [/\bDirector\b/, "Director"],
  [/\bManager\b/, "Manager"],
  [/\b(Senior|Lead|Principal)\b/, "Senior"],
];

/** Career track of the long tail: faker's job titles, with a level read from their words, in department Other. */
function longTailTrack(pools: Pools, rng: Random): Track {
  const base = rng.pick(TRACKS);
  const titles = rng
    .sample(pools.extraTitles, 4)
    .map((title) => [title, LEVEL_WORDS.find(([re]) => re.test(title))?.[1] ?? "Specialist"] as const);
  return { ...base, department: "Other", titles };
}

/** Employers are drawn in proportion to the square root of their size, by binary search over cumulative weights. */
class EmployerPicker {
  private readonly cumulative: Float64Array;
  constructor(private readonly companies: readonly CompanyInput[]) {
    this.cumulative = new Float64Array(companies.length);
    let total = 0;
    companies.forEach((c, i) => {
      total += Math.sqrt(c.employees_count ?? 1);
      this.cumulative[i] = total;
    });
  }
  pick(rng: Random): number {
    const target = rng.next() * (this.cumulative[this.cumulative.length - 1] ?? 0);
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  company(row: number): CompanyInput {
    return this.companies[row]!;
  }
}

function place(rng: Random) {
  const country = COUNTRIES[rng.weighted(COUNTRY_WEIGHTS)]!;
  const state = rng.pick(Object.keys(country.states));
  return { country, state, city: rng.pick(country.states[state]!) };
}

function experiences(
  rng: Random,
  track: Track,
  employers: EmployerPicker,
  home: ReturnType<typeof place>,
  careerStart: number,
  asOf: number,
  working: boolean,
) {
  const count = rng.weighted(EXPERIENCE_COUNT_WEIGHTS);
  const out: ExperienceInput[] = [];
  let step = rng.chance(0.15) ? 0 : Math.min(1, track.titles.length - 1);
  let cursor = careerStart;
  for (let k = 0; k < count && cursor < asOf - 30; k++) {
    const last = k === count - 1;
    const months = rng.int(6, 84);
    const started = cursor;
    const current = last && working;
    let ended: number | null = Math.round(started + months * DAYS_PER_MONTH);
    if (current || ended >= asOf) ended = current ? null : asOf - rng.int(1, 60);
    const duration = Math.max(1, Math.round(((ended ?? asOf) - started) / DAYS_PER_MONTH));
    const companyRow = employers.pick(rng);
    const company = employers.company(companyRow);
    const [title, level] = track.titles[Math.min(step, track.titles.length - 1)]!;
    const workplace = rng.chance(0.75) ? home : place(rng);
    const remote = rng.chance(0.08);
    out.push({
      title,
      company: companyRow,
      company_name: company.name ?? null,
      company_type: company.type ?? null,
      company_employees_count: company.employees_count ?? null,
      company_size_range: company.size_range ?? null,
      industry: PERSON_INDUSTRY.get(company.industry ?? "") ?? null,
      role: track.role,
      level,
      workplace_city: remote ? null : workplace.city,
      workplace_state: remote ? null : workplace.state,
      workplace_country: workplace.country.name,
      is_current: current,
      duration_months: duration,
      started_at: started,
      ended_at: ended,
    });
    step += rng.int(0, 2);
    cursor = (ended ?? asOf) + rng.int(0, 180);
  }
  // Newest first, as profiles list them.
  return out.reverse();
}

function educations(rng: Random, pools: Pools, careerStartYear: number, asOfYear: number): EducationInput[] {
  if (rng.chance(0.12)) return [];
  const out: EducationInput[] = [];
  const studying = rng.chance(0.06);
  let start = careerStartYear - (studying ? 0 : rng.int(3, 6));
  let degree = rng.chance(0.15) ? 0 : 1;
  const count = 1 + (rng.chance(0.35) ? 1 : 0) + (rng.chance(0.08) ? 1 : 0);
  for (let k = 0; k < count && degree < DEGREES.length; k++) {
    const institution = rng.pick(pools.institutions);
    const graduation = start + (degree === 3 ? rng.int(3, 6) : rng.int(2, 4));
    out.push({
      institution_name: institution.name,
      major: rng.pick(MAJORS),
      degree_level: DEGREES[degree]!.level,
      institution_ranking: institution.ranking,
      study_start_year: start,
      graduation_year: graduation,
      is_studying: graduation > asOfYear,
    });
    start = graduation + rng.int(0, 3);
    degree += 1;
  }
  return out.reverse();
}

function languages(rng: Random, native: string): LanguageInput[] {
  const out: LanguageInput[] = [{ language: native, proficiency: PROFICIENCIES[4] }];
  if (native !== "English" && rng.chance(0.7))
    out.push({ language: "English", proficiency: PROFICIENCIES[rng.int(1, 4)]! });
  for (let k = rng.weighted([55, 35, 10]); k > 0; k--) {
    const language = rng.pick(LANGUAGES);
    if (!out.some((l) => l.language === language)) out.push({ language, proficiency: PROFICIENCIES[rng.int(0, 3)]! });
  }
  return out;
}

/**
 * People are generated in chunks, each from its own stream, so that any chunk-aligned range can be built apart (in a
 * worker).
 */
export const PEOPLE_CHUNK = 5000;

/**
 * People `from` (a multiple of PEOPLE_CHUNK) to `to`, with careers at the given companies, educations and
 * languages (§2.2 fields, §2.3 value sets), yielded one by one so that the store takes each into its
 * columns before the next is built. The same rows are the same people whatever range they are built in.
 */
export function* generatePeople(
  seed: number,
  pools: Pools,
  companies: readonly CompanyInput[],
  from: number,
  to: number,
  asOf: number,
): Generator<PersonInput> {
  if (from % PEOPLE_CHUNK !== 0) throw new RangeError(`generatePeople: from must be a multiple of ${PEOPLE_CHUNK}`);
  const employers = new EmployerPicker(companies);
  const asOfYear = yearOfDay(asOf);
  const firstSlugs = pools.firstNames.map(slugify);
  const lastSlugs = pools.lastNames.map(slugify);
  const root = new Random(seed);
  let rng = root;
  for (let i = from; i < to; i++) {
    if (i % PEOPLE_CHUNK === 0) rng = root.fork(1000 + i / PEOPLE_CHUNK);
    const home = place(rng);
    const firstIndex = rng.int(0, pools.firstNames.length - 1);
    const lastIndex = rng.int(0, pools.lastNames.length - 1);
    const first = pools.firstNames[firstIndex]!;
    const last = pools.lastNames[lastIndex]!;
    const trackIndex = rng.weighted(TRACK_WEIGHTS);
    const track = trackIndex < TRACKS.length ? TRACKS[trackIndex]! : longTailTrack(pools, rng);
    const careerYears = rng.int(0, 38);
    const careerStart = asOf - Math.round(careerYears * 365.25) - rng.int(0, 364);
    const working = rng.chance(0.86);
    const jobs = experiences(rng, track, employers, home, careerStart, asOf, working);
    const current = jobs.find((j) => j.is_current);
    const latest = current ?? jobs[0];
    const skills = [...rng.sample(track.skills, rng.int(3, 9)), ...rng.sample(GENERAL_SKILLS, rng.int(0, 3))];
    const slug = `${firstSlugs[firstIndex]}-${lastSlugs[lastIndex]}-${rowTag(i, seed)}`;
    const activeTitle = current?.title ?? null;
    const headline =
      rng.chance(0.05) || !latest
        ? null
        : rng.pick([
            `${latest.title} at ${latest.company_name}`,
            `${latest.title} | ${listInWords(skills.slice(0, 2))}`,
            `${track.role[0]!.toUpperCase()}${track.role.slice(1)} professional. ${rng.pick(pools.catchPhrases)}`,
          ]);
    yield {
      first_name: first,
      last_name: last,
      full_name: `${first} ${last}`,
      linkedin_url: `https://www.linkedin.com/in/${slug}`,
      headline,
      active_title: activeTitle,
      active_department: current ? track.department : null,
      management_level: latest?.level ?? null,
      city: home.city,
      state: home.state,
      country: home.country.name,
      country_iso2: home.country.iso2,
      country_iso3: home.country.iso3,
      regions: home.country.regions,
      is_working: current !== undefined,
      is_decision_maker: latest
        ? DECISION_LEVELS.has(latest.level ?? "") || (latest.level === "Manager" && rng.chance(0.5))
        : false,
      experience_months: jobs.reduce((sum, j) => sum + (j.duration_months ?? 0), 0),
      skills,
      certifications: rng.chance(0.3) ? rng.sample(CERTIFICATIONS, rng.int(1, 2)) : [],
      courses: rng.chance(0.35) ? rng.sample(COURSES, rng.int(1, 3)) : [],
      awards: rng.chance(0.15) ? [rng.pick(AWARDS)] : [],
      publications: rng.chance(0.05) ? rng.sample(pools.publications, rng.int(1, 2)) : [],
      patents: rng.chance(0.02) ? [rng.pick(pools.patents)] : [],
      websites: rng.chance(0.15) ? [`https://${slug}.example.com`] : [],
      experiences: jobs,
      educations: educations(rng, pools, yearOfDay(careerStart), asOfYear),
      languages: languages(rng, home.country.language),
    };
  }
}
