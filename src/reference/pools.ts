import { Faker, base, en } from "@faker-js/faker";
import { COUNTRIES } from "./vocabulary.js";

/** Value pools drawn once from a seeded faker; the record generators pick from them with a fast PRNG. */
export interface Pools {
  readonly firstNames: readonly string[];
  readonly lastNames: readonly string[];
  /** Long-tail job titles (faker), beside the curated career tracks. */
  readonly extraTitles: readonly string[];
  /** Exactly as many distinct company names as the companies dataset holds. */
  readonly companyNames: readonly string[];
  readonly streets: readonly string[];
  readonly catchPhrases: readonly string[];
  readonly publications: readonly string[];
  readonly patents: readonly string[];
  readonly institutions: readonly { readonly name: string; readonly ranking: number | null }[];
}

function distinct(count: number, draw: () => string, accept: (value: string) => boolean = () => true): string[] {
  const seen = new Set<string>();
  for (let attempts = 0; seen.size < count && attempts < count * 20; attempts++) {
    const value = draw();
    if (accept(value)) seen.add(value);
  }
  return [...seen];
}

/**
 * Prose from faker goes into people records: keep out anything with a digit or an at sign (§1,
 * s1-people-prose-no-contact).
 */
const PLAIN = (value: string) => !/[\d@]/.test(value);

export function buildPools(seed: number, companies: number): Pools {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(seed);
  const firstNames = distinct(600, () => faker.person.firstName(), PLAIN);
  const lastNames = distinct(1000, () => faker.person.lastName(), PLAIN);
  const extraTitles = distinct(250, () => faker.person.jobTitle(), PLAIN);

  const companyNames: string[] = [];
  const seenCompanies = new Set<string>();
  const suffixes = ["Group", "Labs", "Partners", "Holdings", "Systems", "Works", "Collective", "Global"];
  for (let i = 0; companyNames.length < companies; i++) {
    let name = faker.company.name();
    for (let k = 0; seenCompanies.has(name) || !PLAIN(name); k++) {
      name = `${faker.person.lastName()} ${suffixes[k % suffixes.length]}`;
      if (k > suffixes.length) name = `${name} ${faker.location.city()}`;
    }
    seenCompanies.add(name);
    companyNames.push(name);
  }

  const streets = distinct(800, () => faker.location.streetAddress());
  const catchPhrases = distinct(400, () => faker.company.catchPhrase(), PLAIN);
  const publications = distinct(
    300,
    () => `${faker.company.catchPhrase()}: ${faker.word.noun()} and ${faker.word.noun()}`,
    PLAIN,
  );
  const patents = distinct(300, () => `System and method for ${faker.company.buzzPhrase()}`, PLAIN);

  const cities = COUNTRIES.flatMap((c) => Object.values(c.states).flat());
  const institutionNames = distinct(
    400,
    () => {
      const city = faker.helpers.arrayElement(cities);
      return faker.helpers.arrayElement([
        `University of ${city}`,
        `${city} Institute of Technology`,
        `${faker.person.lastName()} University`,
        `${city} School of Business`,
        `Technical University of ${city}`,
        `${faker.person.lastName()} College`,
        `${city} State University`,
      ]);
    },
    PLAIN,
  );
  const institutions = institutionNames.map((name) => ({
    name,
    ranking: faker.number.int({ min: 0, max: 9 }) < 6 ? faker.number.int({ min: 1, max: 1000 }) : null,
  }));

  return {
    firstNames,
    lastNames,
    extraTitles,
    companyNames,
    streets,
    catchPhrases,
    publications,
    patents,
    institutions,
  };
}
