import { request } from "undici";
import { operation } from "../../contract/index.js";
import type { CompanyInput, ExperienceInput, JobInput, PersonInput } from "../inputs.js";
import type { StoreInput } from "../store/store.js";

/**
 * Hand-built records and a small HTTP client for tests that need to know the data exactly (scope semantics,
 * Credit edges). The generated dataset is the default everywhere else.
 */
export function person(overrides: PersonInput = {}): PersonInput {
  return {
    first_name: "Ada",
    last_name: "Lovelace",
    linkedin_url:
      "https://www.linkedin.com/in/" +
      `${(overrides.first_name ?? "ada").toLowerCase()}-${(overrides.last_name ?? "lovelace").toLowerCase()}`,
    city: "London",
    state: "England",
    country: "United Kingdom",
    country_iso2: "GB",
    country_iso3: "GBR",
    regions: ["Europe", "EMEA"],
    is_working: true,
    skills: [],
    ...overrides,
  };
}

export function experience(overrides: ExperienceInput = {}): ExperienceInput {
  return { title: "Engineer", company: 0, company_name: "Acme", level: "Specialist", is_current: false, ...overrides };
}

export function job(overrides: JobInput = {}): JobInput {
  return {
    title: "Engineer",
    company: 0,
    company_name: "Acme",
    application_active: 1,
    posted_at: "2024-01-10",
    created_at: "2024-01-10",
    updated_at: "2024-01-11",
    ...overrides,
  };
}

export function company(overrides: CompanyInput = {}): CompanyInput {
  return {
    name: "Acme",
    hq_country: "United Kingdom",
    hq_country_iso2: "GB",
    employees_count: 120,
    size_range: 3,
    ...overrides,
  };
}

/** `n` people named person-0 ... person-(n-1), each built by `each(i)`. */
export function people(n: number, each: (i: number) => PersonInput = () => ({})): PersonInput[] {
  return Array.from({ length: n }, (_, i) =>
    person({
      first_name: "Person",
      last_name: String(i),
      linkedin_url: `https://www.linkedin.com/in/person-${i}`,
      ...each(i),
    }),
  );
}

export function dataset(
  parts: Partial<{ people: PersonInput[]; jobs: JobInput[]; companies: CompanyInput[] }>,
): StoreInput {
  return { people: parts.people ?? [], jobs: parts.jobs ?? [], companies: parts.companies ?? [company()] };
}

export interface HttpAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read data loosely and assert it with expect
  readonly body: { code: number | string; msg: string; data: any };
}

/** Talks to a server over real HTTP (undici) with one API key. */
export class RestClient {
  constructor(
    readonly url: string,
    readonly key: string | undefined,
  ) {}

  withKey(key: string | undefined): RestClient {
    return new RestClient(this.url, key);
  }

  async post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> {
    return this.send("POST", path, typeof body === "string" ? body : JSON.stringify(body), {
      "content-type": "application/json",
      ...headers,
    });
  }

  async get(path: string): Promise<HttpAnswer> {
    return this.send("GET", path, undefined, {});
  }

  async send(
    method: string,
    path: string,
    body: string | Buffer | undefined,
    headers: Record<string, string>,
  ): Promise<HttpAnswer> {
    const response = await request(`${this.url}${path}`, {
      method: method as "GET",
      body,
      headers: { ...(this.key !== undefined ? { authorization: `Bearer ${this.key}` } : {}), ...headers },
    });
    const text = await response.body.text();
    return { status: response.statusCode, headers: response.headers, body: JSON.parse(text) as HttpAnswer["body"] };
  }

  async remaining(): Promise<number> {
    const status = await this.get(operation("getKeyStatus").path);
    return (status.body.data as { remaining_credits: number }).remaining_credits;
  }
}
