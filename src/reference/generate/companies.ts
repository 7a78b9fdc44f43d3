import type { CompanyInput } from "../inputs.js";
import type { Pools } from "../pools.js";
import type { Random } from "../random.js";
import {
  COMPANY_INDUSTRIES,
  COMPANY_KEYWORDS,
  COMPANY_TYPES,
  COUNTRIES,
  STOCK_EXCHANGES,
  sizeBand,
} from "../vocabulary.js";
import { slugify } from "./text.js";

const COUNTRY_WEIGHTS = COUNTRIES.map((c) => c.weight);

/** The 23 queryable fields of §2.7 plus name, description, links and logo, for `count` companies. */
export function generateCompanies(rng: Random, pools: Pools, count: number, asOf: number): CompanyInput[] {
  const slugs = new Set<string>();
  const companies: CompanyInput[] = [];
  for (let i = 0; i < count; i++) {
    const name = pools.companyNames[i]!;
    let slug = slugify(name) || "company";
    if (slugs.has(slug)) slug = `${slug}-${i.toString(36)}`;
    slugs.add(slug);
    const country = COUNTRIES[rng.weighted(COUNTRY_WEIGHTS)]!;
    const state = rng.pick(Object.keys(country.states));
    const city = rng.pick(country.states[state]!);
    // Company sizes are heavy-tailed: most are small, a few employ tens of thousands.
    const employees = 1 + Math.floor(Math.exp(Math.pow(rng.next(), 1.7) * 11.8));
    const type =
      employees > 5000 && rng.chance(0.6)
        ? "Public Company"
        : rng.pick(COMPANY_TYPES.filter((t) => t !== "Public Company"));
    const listed = type === "Public Company";
    const funded = !listed && rng.chance(0.4);
    const [industry] = rng.pick(COMPANY_INDUSTRIES);
    companies.push({
      name,
      description: `${name} is a ${industry.toLowerCase()} company based in ${city}. ${rng.pick(pools.catchPhrases)}.`,
      website: `https://www.${slug}.example.com`,
      linkedin_url: `https://www.linkedin.com/company/${slug}`,
      logo_url: `https://media.example.com/logos/${slug}.png`,
      industry,
      categories_and_keywords: rng.sample(COMPANY_KEYWORDS, rng.int(2, 6)),
      employees_count: employees,
      employees_count_change_yearly_percentage: Math.round((rng.next() * 70 - 15) * 10) / 10,
      followers_count: Math.floor(employees * (2 + rng.next() * 40)),
      founded_year: 2024 - Math.floor(Math.pow(rng.next(), 2) * 150),
      hq_city: city,
      hq_state: state,
      hq_country: country.name,
      hq_country_iso2: country.iso2,
      hq_full_address: `${rng.pick(pools.streets)}, ${city}, ${state}, ${country.name}`,
      hq_regions: country.regions,
      is_b2b: rng.chance(0.55),
      last_funding_round_amount_raised: funded ? rng.int(1, 400) * 250_000 : null,
      last_funding_round_date: funded ? asOf - rng.int(30, 3000) : null,
      last_updated_at: asOf - rng.int(0, 120),
      size_range: sizeBand(employees),
      stock_exchange: listed ? rng.pick(STOCK_EXCHANGES) : null,
      stock_ticker: listed ? slug.replace(/-/g, "").slice(0, 4).toUpperCase() : null,
      type,
    });
  }
  return companies;
}
