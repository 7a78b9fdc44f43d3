import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContract, type OperationId } from "../contract/index.js";
import { responseValidator } from "../contract/validators.js";
import { RestClient } from "./testing/fixtures.js";
import { startReferenceServer, type ReferenceServer } from "./server.js";

let server: ReferenceServer;
let api: RestClient;

beforeAll(async () => {
  server = await startReferenceServer({ people: 1500, jobs: 400, companies: 150, seed: 7 });
  api = new RestClient(server.url, server.keys.active);
});
afterAll(() => server.close());

function valid(operationId: OperationId, body: unknown): string[] {
  const validate = responseValidator(operationId);
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

async function collect(where: unknown, size: number): Promise<{ ids: string[]; pages: number; totals: unknown[] }> {
  const ids: string[] = [];
  const totals: unknown[] = [];
  let after: string | undefined;
  let pages = 0;
  do {
    const r = await api.post("/v1/people/query", { where, size, ...(after ? { after } : {}) });
    expect(r.status).toBe(200);
    ids.push(...r.body.data.profile_ids);
    totals.push(r.body.data.total);
    after = r.body.data.next;
    pages++;
  } while (after);
  return { ids, pages, totals };
}

describe("GET /version (s4-5-version-returns-version-fingerprint)", () => {
  it("returns the version and the fingerprint of spec/openapi.yaml, in the envelope, at no cost", async () => {
    const before = await api.remaining();
    const r = await api.get("/version");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      code: 200,
      msg: "ok",
      data: { version: expect.stringMatching(/^tdss-reference\//), contract_fingerprint: loadContract().fingerprint },
    });
    expect(valid("getVersion", r.body)).toEqual([]);
    expect(await api.remaining()).toBe(before);
  });
});

describe("GET /auth/key/status (s4-5-key-status-reports, s7-rejected-vs-exhausted-key-status)", () => {
  it("reports activity, scopes, rate limit and remaining Credits, and costs nothing", async () => {
    const a = await api.get("/auth/key/status");
    const b = await api.get("/auth/key/status");
    expect(a.status).toBe(200);
    expect(a.body.data).toEqual({
      active: true,
      scopes: ["people:read", "jobs:read", "companies:read"],
      rate_limit: { requests: 1_000_000, per_seconds: 60 },
      remaining_credits: expect.any(Number),
      used_credits: expect.any(Number),
    });
    expect(b.body.data.remaining_credits).toBe(a.body.data.remaining_credits);
  });

  it("tells an exhausted balance from an inactive key from an unknown key", async () => {
    const exhausted = await api.withKey(server.keys.exhausted).get("/auth/key/status");
    const inactive = await api.withKey(server.keys.inactive).get("/auth/key/status");
    const unknown = await api.withKey("svc_not_a_key_at_all").get("/auth/key/status");
    expect(exhausted).toMatchObject({ status: 200, body: { data: { active: true, remaining_credits: 0 } } });
    expect(inactive).toMatchObject({ status: 200, body: { data: { active: false } } });
    expect(unknown).toMatchObject({ status: 401, body: { code: 401, data: null } });
  });
});

describe("POST /v1/people/query (§4.3)", () => {
  it("returns profile IDs, an exact total and a cursor; size defaults to 100 (s4-2-size-default-100)", async () => {
    const r = await api.post("/v1/people/query", { where: { field: "full_name", exists: true } });
    expect(r.status).toBe(200);
    expect(valid("queryPeople", r.body)).toEqual([]);
    expect(r.body.data.profile_ids).toHaveLength(100);
    expect(r.body.data.total).toBe(1500);
    expect(typeof r.body.data.next).toBe("string");
    expect(Object.keys(r.body.data).sort()).toEqual(["next", "profile_ids", "total"]);
  });

  it("pages with next until it is absent, returning every match once (s4-3-next-present-absent)", async () => {
    const where = {
      all: [
        { field: "country_iso2", eq: "US" },
        { field: "is_working", eq: true },
      ],
    };
    const { ids, pages, totals } = await collect(where, 97);
    expect(new Set(totals).size).toBe(1);
    expect(ids).toHaveLength(totals[0] as number);
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages).toBe(Math.ceil(ids.length / 97));
    const single = await api.post("/v1/people/query", { where, size: 10_000 });
    expect(single.body.data.profile_ids).toEqual(ids);
    expect(single.body.data.next).toBeUndefined();
  });

  it("returns an empty page, a zero total and no cursor when nothing matches", async () => {
    const r = await api.post("/v1/people/query", { where: { field: "country", eq: "Atlantis" } });
    expect(r.body.data).toEqual({ profile_ids: [], total: 0 });
  });

  it("refuses a cursor of another query, or tampered, at no cost", async () => {
    const first = await api.post("/v1/people/query", { where: { field: "full_name", exists: true }, size: 5 });
    const before = await api.remaining();
    const foreign = await api.post("/v1/people/query", {
      where: { field: "skills", exists: true },
      size: 5,
      after: first.body.data.next,
    });
    const tampered = await api.post("/v1/people/query", {
      where: { field: "full_name", exists: true },
      size: 5,
      after: first.body.data.next.slice(0, -2) + "AA",
    });
    for (const r of [foreign, tampered])
      expect(r).toMatchObject({
        status: 400,
        body: { code: 400, msg: expect.stringMatching(/^after: not a cursor/), data: null },
      });
    expect(await api.remaining()).toBe(before);
  });
});

describe("POST /v1/people-search (§4.3)", () => {
  it("returns profile IDs, the total and the Query Spec the text was read as", async () => {
    const r = await api.post("/v1/people-search", { text: "software engineer in London", size: 5 });
    expect(r.status).toBe(200);
    expect(r.body.data.profile_ids.length).toBeGreaterThan(0);
    expect(r.body.data.interpretation.where).toEqual({
      all: [
        { field: "city", eq: "London" },
        { any: expect.arrayContaining([{ field: "title", match: "software" }]) },
        { any: expect.arrayContaining([{ field: "title", match: "engineer" }]) },
      ],
    });
    const same = await api.post("/v1/people/query", { where: r.body.data.interpretation.where, size: 5 });
    expect(same.body.data.profile_ids).toEqual(r.body.data.profile_ids);
    expect(same.body.data.total).toBe(r.body.data.total);
  });

  it(
    "refuses any member but text and size, and a text outside 1..5000 characters (s4-3-nl-no-other-parameter, " +
      "s8-nl-text-length)",
    async () => {
      const cases: [unknown, RegExp][] = [
        [{ text: "engineer", where: {} }, /^where: `where` is not accepted.*\(nl-body, s4-3-nl-no-other-parameter\)/],
        [{ text: "" }, /^text: `text` is empty; it takes 1 to 5000 characters/],
        [{ text: "é".repeat(5001) }, /has 5001 characters; at most 5000/],
        [{ text: "e\u0301".repeat(2501) }, /2501 user-perceived characters but 5002 code points/],
        [{ size: 5 }, /needs `text`/],
        [{ text: "engineer", size: 0 }, /^size: `size` is 0 .*\(nl-unspecified, s4-3-nl-size-range\)/],
      ];
      for (const [body, msg] of cases)
        expect(await api.post("/v1/people-search", body)).toMatchObject({
          status: 400,
          body: { msg: expect.stringMatching(msg) },
        });
      expect((await api.post("/v1/people-search", { text: "é".repeat(5000) })).status).toBe(200);
      // 3,000 emoji: 3,000 code points, 6,000 UTF-16 units; a character is a code point
      // (s4-3-nl-text-characters-counted).
      expect((await api.post("/v1/people-search", { text: "\u{1F600}".repeat(3000) })).status).toBe(200);
      const words =
        "senior software engineer manager sales data python london berlin java nurse teacher analyst design".split(" ");
      const long = Array.from({ length: 1200 }, (_, i) => `${words[i % words.length]}${i % 3 ? "" : i}`)
        .join(" ")
        .slice(0, 5000);
      expect((await api.post("/v1/people-search", { text: long })).status).toBe(200);
    },
  );
});

describe("POST /v1/jobs/query and /v1/companies/query (§4.3)", () => {
  it("return IDs and a cursor, no count; where may be left out", async () => {
    for (const [path, member, rows] of [
      ["/v1/jobs/query", "job_ids", 400],
      ["/v1/companies/query", "company_ids", 150],
    ] as const) {
      const r = await api.post(path, { size: 100 });
      expect(r.status).toBe(200);
      // responseValidator("queryJobs") does not compile under ajv strict mode (IdPageData's `not: {required}`), so the
      // shape is checked here.
      expect(r.body).toMatchObject({ code: 200, msg: "ok" });
      expect(Object.keys(r.body.data).sort()).toEqual([member, "next"]);
      expect(r.body.data[member]).toHaveLength(100);
      let after = r.body.data.next as string | undefined;
      let seen = 100;
      while (after) {
        const page = await api.post(path, { size: 100, after });
        seen += page.body.data[member].length;
        after = page.body.data.next;
      }
      expect(seen).toBe(rows);
    }
  });

  it("refuse a scope (§4.2 rule 4) and a people field", async () => {
    const scope = await api.post("/v1/jobs/query", { where: { has_experience: { field: "title", eq: "x" } } });
    const field = await api.post("/v1/companies/query", { where: { field: "skills", eq: "x" } });
    expect(scope.body.msg).toMatch(/^where\.has_experience: jobs queries have no scopes/);
    expect(field.body.msg).toMatch(/not a queryable companies field/);
  });
});

describe("POST /entity/v1/profiles/detail-by-id (§4.4)", () => {
  let ids: string[];
  beforeAll(async () => {
    ids = (await api.post("/v1/people/query", { where: { field: "full_name", exists: true }, size: 6 })).body.data
      .profile_ids;
  });

  it("returns the default record with the four shown fields (s2-4-shown-fields)", async () => {
    const r = await api.post("/entity/v1/profiles/detail-by-id", { profile_ids: ids.slice(0, 2) });
    expect(r.status).toBe(200);
    expect(valid("getProfiles", r.body)).toEqual([]);
    expect(r.body.data).toMatchObject({ total: 2, found: 2, not_found: [] });
    for (const [i, record] of r.body.data.results.entries()) {
      expect(record.profile_id).toBe(ids[i]);
      expect(record).toEqual(expect.objectContaining({ full_name: expect.any(String), skills: expect.any(Array) }));
      expect(record).toHaveProperty("active_experience_title");
      expect(record).not.toHaveProperty("experiences");
    }
  });

  it("selects narrower and wider records with _source or source, as an array, object or boolean", async () => {
    const detail = async (selection: Record<string, unknown>) =>
      (await api.post("/entity/v1/profiles/detail-by-id", { profile_ids: [ids[0]], ...selection })).body.data
        .results[0];
    expect(Object.keys(await detail({ _source: ["full_name"] }))).toEqual(["profile_id", "full_name"]);
    expect(Object.keys(await detail({ source: ["skills", "experiences"] }))).toEqual([
      "profile_id",
      "skills",
      "experiences",
    ]);
    const full = await detail({ _source: true });
    expect(Object.keys(full).length).toBeGreaterThan(50);
    expect(full.experiences[0].company).toHaveProperty("company_id");
    expect(Object.keys(await detail({ _source: false }))).toEqual(["profile_id"]);
    const object = await detail({ _source: { excludes: ["skills", "headline"] } });
    expect(object).not.toHaveProperty("skills");
    expect(object).toHaveProperty("full_name");
    expect(Object.keys(await detail({ _source: { includes: ["city", "country"], excludes: ["country"] } }))).toEqual([
      "profile_id",
      "city",
    ]);
  });

  it(
    "refuses an unknown _source name, both spellings at once, and 0 or 101 IDs, at no cost " +
      "(s7-unknown-source-name-refused)",
    async () => {
      const before = await api.remaining();
      const cases: [unknown, RegExp][] = [
        [
          { profile_ids: [ids[0]], _source: ["full_name", "email"] },
          /^_source\[1\]: "email" is not a published people/,
        ],
        [{ profile_ids: [ids[0]], _source: { include: ["x"] } }, /`include` is neither.*s4-4-source-object-members/],
        [{ profile_ids: [ids[0]], _source: ["full_name"], source: ["skills"] }, /together.*s4-4-source-with-alias/],
        [{ profile_ids: [] }, /^profile_ids: `profile_ids` is empty/],
        [{ profile_ids: Array.from({ length: 101 }, () => ids[0]) }, /has 101 IDs/],
        [{ profile_ids: [1] }, /^profile_ids\[0\]: An ID is a string/],
        [{ ids: [ids[0]] }, /needs `profile_ids`/],
        [{ profile_ids: [ids[0]], ids: [ids[0]] }, /^ids: .*extra-member/],
      ];
      for (const [body, msg] of cases)
        expect(await api.post("/entity/v1/profiles/detail-by-id", body)).toMatchObject({
          status: 400,
          body: { code: 400, msg: expect.stringMatching(msg), data: null },
        });
      expect(await api.remaining()).toBe(before);
    },
  );

  it(
    "resolves LinkedIn URLs in any usual spelling and lists unresolvable items in not_found " +
      "(s2-1-profile-linkedin-urls)",
    async () => {
      const record = (
        await api.post("/entity/v1/profiles/detail-by-id", { profile_ids: [ids[0]], _source: ["linkedin_url"] })
      ).body.data.results[0];
      const slug = record.linkedin_url.replace("https://www.linkedin.com/in/", "");
      const [job] = (await api.post("/v1/jobs/query", { size: 1 })).body.data.job_ids;
      const tampered = ids[1]!.slice(0, 5) + (ids[1]![5] === "A" ? "B" : "A") + ids[1]!.slice(6);
      const items = [
        `http://linkedin.com/in/${slug.toUpperCase()}/`,
        `www.linkedin.com/in/${slug}?trk=x`,
        job,
        tampered,
        "https://www.linkedin.com/in/nobody-here",
        "not an id",
      ];
      const r = await api.post("/entity/v1/profiles/detail-by-id", { profile_ids: items, _source: ["full_name"] });
      expect(r.status).toBe(200);
      expect(r.body.data.total).toBe(6);
      expect(r.body.data.found).toBe(2);
      expect(r.body.data.results.map((x: { profile_id: string }) => x.profile_id)).toEqual([ids[0], ids[0]]);
      expect(r.body.data.not_found).toEqual(items.slice(2));
    },
  );
});

describe("POST /entity/v1/jobs/detail-by-id (§2.6, §4.4)", () => {
  let open: string[];
  beforeAll(async () => {
    open = (await api.post("/v1/jobs/query", { where: { field: "application_active", eq: 1 }, size: 100 })).body.data
      .job_ids;
  });

  it(
    "returns every default field, null or [] when empty, " + "company_id only via _source, salary only where stated",
    async () => {
      const r = await api.post("/entity/v1/jobs/detail-by-id", { job_ids: open });
      expect(r.status).toBe(200);
      expect(valid("getJobs", r.body)).toEqual([]);
      expect(r.body.data.found).toBe(100);
      const required = loadContract().records.jobsDefault.filter(
        (f) => !loadContract().records.jobsOptional.includes(f),
      );
      for (const record of r.body.data.results) {
        for (const f of required) expect(record, f).toHaveProperty(f);
        expect(record).not.toHaveProperty("company_id");
        if ("salary" in record)
          expect(record.salary).toEqual({
            min_value: expect.any(String),
            max_value: expect.any(String),
            currency: expect.stringMatching(/^[A-Z]{3}$/),
            unit: expect.any(String),
            string: expect.any(String),
          });
      }
      const withSalary = r.body.data.results.filter((x: object) => "salary" in x).length;
      expect(withSalary).toBeGreaterThan(0);
      expect(withSalary).toBeLessThan(50);
      expect(r.body.data.results[0].id).toBe(open[0]);
    },
  );

  it("returns exactly the _source fields, company_id included when named, and it resolves as a company", async () => {
    const r = await api.post("/entity/v1/jobs/detail-by-id", {
      job_ids: open.slice(0, 1),
      _source: ["title", "company_id", "company.name", "regions.region"],
    });
    const record = r.body.data.results[0];
    expect(Object.keys(record)).toEqual(["title", "company_id", "company", "regions"]);
    expect(Object.keys(record.company)).toEqual(["name"]);
    const company = await api.post("/entity/v1/companies/detail-by-id", {
      company_ids: [record.company_id],
      _source: ["name"],
    });
    expect(company.body.data.results).toEqual([{ id: record.company_id, name: record.company.name }]);
  });

  it(
    "reports closed postings in not_found (s4-4-jobs-closed-in-not-found) " + "and refuses the object form of _source",
    async () => {
      const closed = (await api.post("/v1/jobs/query", { where: { field: "application_active", eq: 0 }, size: 3 })).body
        .data.job_ids;
      expect(closed.length).toBeGreaterThan(0);
      const r = await api.post("/entity/v1/jobs/detail-by-id", { job_ids: [...closed, open[0]] });
      expect(r.body.data).toMatchObject({ found: 1, not_found: closed });
      const object = await api.post("/entity/v1/jobs/detail-by-id", {
        job_ids: [open[0]],
        _source: { includes: ["title"] },
      });
      expect(object.body.msg).toMatch(/takes an array of field names/);
      const empty = await api.post("/entity/v1/jobs/detail-by-id", { job_ids: [] });
      expect(empty.body.data).toEqual({ total: 0, found: 0, not_found: [], results: [] });
    },
  );
});

describe("POST /entity/v1/companies/detail-by-id (§4.4)", () => {
  it("returns company records, the whole record by default", async () => {
    const ids = (await api.post("/v1/companies/query", { where: { field: "employees_count", gte: 1 }, size: 3 })).body
      .data.company_ids;
    const r = await api.post("/entity/v1/companies/detail-by-id", { company_ids: ids });
    expect(r.status).toBe(200);
    expect(r.body.data.found).toBe(3);
    for (const f of loadContract().datasets.companies.fields.keys()) expect(r.body.data.results[0]).toHaveProperty(f);
    const narrow = await api.post("/entity/v1/companies/detail-by-id", {
      company_ids: ids,
      _source: ["name", "size_range"],
    });
    expect(Object.keys(narrow.body.data.results[0])).toEqual(["id", "name", "size_range"]);
  });
});
