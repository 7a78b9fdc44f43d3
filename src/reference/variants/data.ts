import type { PersonInput } from "../inputs.js";
import type { StoreInput } from "../store/store.js";
import { refreshedSnapshots, rollingSnapshots } from "./refreshed-snapshot.js";
import type { Variant } from "./variant.js";

/**
 * Whether the `member` of record `row` keeps its value in the sparse variant: about one in five, by a hash of the
 * two, so that the same record is thinned the same way on every start (and in every server of a selftest).
 */
function keeps(row: number, member: string): boolean {
  let h = Math.imul(row + 1, 0x9e3779b1);
  for (let i = 0; i < member.length; i++) h = Math.imul(h ^ member.charCodeAt(i), 0x01000193);
  return (h >>> 0) % 100 < 20;
}

/** A record with most of its members left out: what names it is kept, every other value kept one time in five. */
function thinned<T extends object>(record: T, row: number, kept: ReadonlySet<string>, path = ""): T {
  const out: Record<string, unknown> = {};
  for (const [member, value] of Object.entries(record)) {
    if (kept.has(member)) out[member] = value;
    else if (Array.isArray(value) && value.length > 0 && typeof value[0] === "object")
      // Sub-records (jobs held, schools, languages) stay, each thinned in turn, so that scopes still have rows.
      out[member] = value.map((sub: object, k: number) => thinned(sub, row * 31 + k, kept, `${path}${member}.`));
    else if (keeps(row, path + member)) out[member] = value;
  }
  return out as T;
}

/** Members a record is found and named by, kept in the sparse variant (and the state of a posting, §3). */
const IDENTITY = new Set([
  "first_name",
  "last_name",
  "full_name",
  "linkedin_url",
  "name",
  "company",
  "application_active",
]);

/** Every people, job and company record thinned (`thinned`), lazily as the store reads them. */
function sparse(input: StoreInput): StoreInput {
  function* thin<T extends object>(records: Iterable<T>): Iterable<T> {
    let row = 0;
    for (const record of records) yield thinned(record, row++, IDENTITY);
  }
  return { people: thin(input.people), jobs: thin(input.jobs), companies: thin(input.companies) };
}

/** A hash of a text, so that one text is written the same way wherever it stands (a company's name on a job). */
function textHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const ACCENTED: Readonly<Record<string, string>> = { a: "á", e: "é", o: "ö", u: "ü", n: "ñ", c: "ç", s: "ş" };

/**
 * A text as real data writes it, one text in four each way: accented letters (José, Zürich), another script and a
 * symbol (東京 ✓), punctuation a parser must keep (O'Brien & "Co." \ 50%), or as it was.
 */
function worldly(text: string): string {
  switch (textHash(text) % 4) {
    case 0:
      return text.replace(/[aeouncs]/g, (c) => ACCENTED[c]!);
    case 1:
      return `${text} 東京 ✓`;
    case 2:
      return `O'${text} & "Co." \\ 50%`;
    default:
      return text;
  }
}

const worldlyOr = <T extends string | null | undefined>(text: T): T =>
  (typeof text === "string" ? worldly(text) : text) as T;
const worldlyAll = (texts: readonly string[] | undefined) => texts?.map(worldly);
/** Skills as a technologist's profile lists them, added to one person in three. */
const SYMBOL_SKILLS = ["C++", "C#", ".NET", "Node.js", "R&D", "UI/UX"];

/** Names, titles, places and prose of every record written in the world's scripts and punctuation (`worldly`). */
function worldText(input: StoreInput): StoreInput {
  function* people() {
    let row = 0;
    for (const p of input.people) {
      const skills = worldlyAll(p.skills) ?? [];
      yield {
        ...p,
        first_name: worldlyOr(p.first_name),
        last_name: worldlyOr(p.last_name),
        ...(p.full_name ? { full_name: worldly(p.full_name) } : {}),
        headline: worldlyOr(p.headline),
        active_title: worldlyOr(p.active_title),
        city: worldlyOr(p.city),
        skills: row++ % 3 === 0 ? [...skills, ...SYMBOL_SKILLS.slice(row % 4, (row % 4) + 2)] : skills,
        experiences: p.experiences?.map((x) => ({
          ...x,
          title: worldlyOr(x.title),
          company_name: worldlyOr(x.company_name),
          workplace_city: worldlyOr(x.workplace_city),
        })),
        educations: p.educations?.map((x) => ({
          ...x,
          institution_name: worldlyOr(x.institution_name),
          major: worldlyOr(x.major),
        })),
      };
    }
  }
  function* jobs() {
    for (const j of input.jobs)
      yield {
        ...j,
        title: worldlyOr(j.title),
        description: worldlyOr(j.description),
        company_name: worldlyOr(j.company_name),
        city: worldlyOr(j.city),
        location: worldlyOr(j.location),
        functions: worldlyAll(j.functions),
      };
  }
  function* companies() {
    for (const c of input.companies)
      yield {
        ...c,
        name: worldlyOr(c.name),
        description: worldlyOr(c.description),
        hq_city: worldlyOr(c.hq_city),
        hq_full_address: worldlyOr(c.hq_full_address),
        categories_and_keywords: worldlyAll(c.categories_and_keywords),
      };
  }
  return { people: people(), jobs: jobs(), companies: companies() };
}

/** Skills a profile collected again later has gained. */
const LATER_SKILLS = ["Kubernetes", "Negotiation"];

/**
 * Every fourth person from the second on a copy of the person before, collected again later: the same name, LinkedIn
 * URL, jobs and schools, its skills one dropped and two gained, as a profile collected twice from two sources and
 * never merged is held.
 */
function duplicatedPeople(input: StoreInput): StoreInput {
  function* people() {
    let row = 0;
    let before: PersonInput | undefined;
    for (const p of input.people) {
      const again = row++ % 4 === 1 && before !== undefined;
      yield again ? { ...before!, skills: [...(before!.skills ?? []).slice(1), ...LATER_SKILLS] } : p;
      before = p;
    }
  }
  return { ...input, people: people() };
}

/** How much data a deployment holds (§4.3: totals reach the 100000+ cap; jobs and companies carry no count). */
export const DATA_VARIANTS: readonly Variant[] = [
  {
    id: "data-production-sized",
    clause: "s4-3-dataset-size-unstated",
    area: "routes",
    description:
      "Production-sized data: 150,000 people (broad totals at the 100000+ cap), 20,000 postings and 10,000 " +
      "companies, so broad sets are far too large to page.",
    faults: {},
    dataset: { people: 150_000, jobs: 20_000, companies: 10_000 },
  },
  {
    id: "data-small",
    clause: "s4-3-dataset-size-unstated",
    area: "routes",
    description:
      "A small dataset, as a trial or regional deployment holds: 25 people, 10 postings and 8 companies, so that " +
      "a case finds few records of any kind, and an oracle short of data says so rather than failing.",
    faults: {},
    dataset: { people: 25, jobs: 10, companies: 8 },
  },
  {
    id: "data-duplicate-profiles",
    clause: "s2-1-linkedin-url-shared",
    area: "detail",
    description:
      "Every fourth profile a copy of the profile before it, collected again later: the same name, LinkedIn URL, " +
      "jobs and schools, other skills, and an ID of its own, as a profile collected twice and never merged is held; " +
      "both are found by search, and their LinkedIn URL resolves to the one collected last.",
    faults: { dataset: duplicatedPeople, linkedinUrlLastCollected: true },
  },
  {
    id: "data-sparse",
    clause: "s2-4-default-record-membership-not-shown",
    area: "detail",
    description:
      "Sparse data: four in five values of every record are missing (null or an empty list), each job, school " +
      "and language of a person thinned alike; names, LinkedIn URLs and a posting's state are kept. The spec " +
      "shows no field every record has a value for.",
    faults: { dataset: sparse },
  },
  {
    id: "data-world-text",
    clause: "s2-3-free-text-values",
    area: "detail",
    description:
      "Names, titles, places and prose in the world's scripts and punctuation: accented letters (José, Zürich), " +
      "another script and a symbol (東京 ✓), apostrophes, ampersands, quotes, a backslash and a percent sign, and " +
      "skills such as C++, C# and .NET; a text is written the same way wherever it stands.",
    faults: { dataset: worldText },
  },
  {
    id: "data-snapshot-refreshed",
    clause: "s1-snapshot-data-lag",
    area: "routes",
    description:
      "Data refreshed while a run is under way: two snapshots a day apart served in turn, switched every 100 priced " +
      "requests; in the newer one some people moved, some companies grew, some postings closed (out of the jobs " +
      "index, not_found by detail), a few people and companies are gone, and a few records are new; IDs stay.",
    faults: { refresh: { every: 100, snapshots: refreshedSnapshots } },
  },
  {
    id: "data-snapshot-rolling",
    clause: "s1-snapshot-data-lag",
    area: "routes",
    description:
      "Data refreshed often while a run is under way, a fifth of the records at a time: every 20 priced requests " +
      "one group of records changes (people move, companies grow, postings gain applicants, and the first records " +
      "of the group, one in ten of its people and companies, are gone) or changes back; IDs stay.",
    faults: { refresh: { every: 20, snapshots: rollingSnapshots } },
  },
];

/**
 * Variants served by `tdss serve --variant` that selftest does not hold the suite to yet, because a case still fails
 * them (docs/variants.md, "Not yet held").
 */
export const PENDING_DATA_VARIANTS: readonly Variant[] = [];
