import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { creditCost, idsMemberOf, loadContract, type Dataset, type OperationId } from "../../contract/index.js";

/**
 * A small deployment of the service for the runner's own tests: the nine routes over a few dozen
 * made-up records, on a real loopback port, conformant by default. Each fault makes it break one rule
 * of the contract, so a test can show that the suite catches it. It is deliberately independent of the
 * reference server (src/reference/), so that the runner is tested against a second implementation.
 */
export type Fault =
  | "envelope-msg" // success msg "OK" instead of "ok" (§4)
  | "records-in-search" // people search data carries records (§1)
  | "next-on-last-page" // next present on the last page (§4.3)
  | "next-to-empty-page" // next on the last page of IDs, leading to an empty page without next (§4.3)
  | "total-as-text" // people total as a numeric string (§4.3)
  | "jobs-total" // jobs search returns a match count (§4.3)
  | "nl-extra-members" // natural-language search accepts any member (§4.3)
  | "job-nulls-omitted" // empty job fields omitted instead of null (§2.6)
  | "detail-101" // detail accepts 101 IDs (§8)
  | "size-unchecked" // size 0 and 10001 accepted (§8)
  | "unknown-field-accepted" // unknown people field accepted (§2.2, §7)
  | "overcharge-detail" // detail charged one Credit too many (§8)
  | "refusal-charged" // refusals charged one Credit (§7)
  | "no-auth" // requests without a key served (§5)
  | "unstable-version" // fingerprint changes on every call (§4.5)
  | "email-in-headline" // an e-mail address in a people headline (§1)
  | "refreshed-after-first-detail" // people data refreshed (skills) after the first people detail request (legal, §1)
  | "skills-differ-on-every-read" // every people detail request gives other skills (a fault: no snapshot is stable)
  | "moved-after-first-detail" // people detail shows another city after the first people detail request (legal, §1)
  | "ids-issued-afresh"; // every ID issued carries a fresh nonce, each resolving (legal, s2-1-id-stability-not-shown)

export interface FakeDeployment {
  readonly url: string;
  readonly keys: { readonly active: string; readonly exhausted: string; readonly inactive: string };
  /** Requests received, by "METHOD path". */
  readonly hits: Map<string, number>;
  balance(key: string): number;
  close(): Promise<void>;
}

type Rec = Record<string, unknown>;
const SECRET = "fake-deployment";
const sign = (text: string) => createHmac("sha256", SECRET).update(text).digest("base64url").slice(0, 10);
const encodeId = (kind: string, i: number) => Buffer.from(`${kind}:${i}:${sign(`${kind}:${i}`)}`).toString("base64url");
/** An ID of the same record under another nonce: what a deployment encrypting IDs afresh on every call issues. */
let issued = 0;
const reissue = (id: string) =>
  Buffer.from(`${Buffer.from(id, "base64url").toString("utf8")}:${++issued}`).toString("base64url");
function decodeId(kind: string, id: unknown): number | undefined {
  if (typeof id !== "string") return undefined;
  const [k, i, sig] = Buffer.from(id, "base64url").toString("utf8").split(":");
  return k === kind && sig === sign(`${k}:${i}`) && /^\d+$/.test(i ?? "") ? Number(i) : undefined;
}

const FIRST = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald"];
const LAST = ["Lovelace", "Hopper", "Turing", "Knuth"];
const TITLES = ["Data Engineer", "Software Engineer", "Product Manager", "Sales Director"];
const LEVELS = ["Senior", "Manager", "Director", "Specialist"];
const COMPANIES = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Vandelay"];

function people(faults: ReadonlySet<Fault>): Rec[] {
  return Array.from({ length: 24 }, (_, i) => {
    const title = TITLES[i % 4]!;
    return {
      profile_id: encodeId("p", i),
      full_name: `${FIRST[i % 6]} ${LAST[i % 4]}`,
      first_name: FIRST[i % 6],
      last_name: LAST[i % 4],
      active_experience_title: i % 7 === 6 ? null : title,
      active_title: title,
      headline:
        faults.has("email-in-headline") && i === 3
          ? "Reach me at ada@example.com"
          : `${title} who likes python and data`,
      skills: i % 2 ? ["python", "sql"] : ["java", "leadership"],
      linkedin_url: `https://www.linkedin.com/in/fake-person-${i}`,
      city: i % 2 ? "Berlin" : "Paris",
      country: i % 2 ? "Germany" : "France",
      management_level: LEVELS[i % 4],
      experience_months: 12 * (i + 1),
      is_working: true,
      experience: [
        {
          title,
          company_name: COMPANIES[i % 6],
          is_current: i % 7 !== 6,
          started_at: `20${10 + (i % 10)}-01-01`,
          ended_at: null,
          level: LEVELS[i % 4],
        },
        {
          title: "Intern",
          company_name: COMPANIES[(i + 1) % 6],
          is_current: false,
          started_at: "2008-01-01",
          ended_at: "2009-06-30",
          level: "Intern",
        },
      ],
      languages: [{ languages: "English", language_proficiency: "Full professional proficiency" }],
    };
  });
}

function jobs(faults: ReadonlySet<Fault>): Rec[] {
  return Array.from({ length: 10 }, (_, i) => {
    const job: Rec = {
      id: encodeId("j", i),
      title: TITLES[i % 4],
      description: "Build things with python",
      url: `https://jobs.example.org/${i}`,
      external_url: i % 3 ? null : `https://careers.example.org/${i}`,
      posted: "3 days ago",
      application_active: 1,
      applicants_count: String(10 + i),
      created_at: "2024-05-01",
      updated_at: "2024-06-01",
      seniority: i % 2 ? "Mid-Senior level" : "Internship",
      employment_type: "Full-time",
      functions: ["Engineering"],
      industries: [],
      required_months_of_experience: i % 4 ? 24 : null,
      company_name: COMPANIES[i % 3],
      company: { name: COMPANIES[i % 3], url: null, logo_url: null },
      city: "Berlin",
      state: null,
      country: "Germany",
      country_iso_2: "DE",
      location: "Berlin, Germany",
      regions: [{ region: "Europe" }],
      salary:
        i % 3 === 0
          ? { min_value: "50000", max_value: "70000", currency: "EUR", unit: "year", string: "€50k–70k" }
          : null,
      salary_min: i % 3 === 0 ? 50000 : null,
      company_id: encodeId("c", i % 3),
    };
    // The salary block is left out where no figure is stated (the reading of s2-6-salary-block-absent-vs-null).
    if (job.salary === null) delete job.salary;
    if (faults.has("job-nulls-omitted")) for (const [k, v] of Object.entries(job)) if (v === null) delete job[k];
    return job;
  });
}

function companies(): Rec[] {
  return COMPANIES.map((name, i) => ({
    company_id: encodeId("c", i),
    name,
    industry: "Software",
    employees_count: 100 * (i + 1),
    hq_city: "Berlin",
    hq_country: "Germany",
  }));
}

class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

// Relative dates count back from the current UTC date (clause s4-2-relative-offset-back).
const today = new Date(new Date().toISOString().slice(0, 10));
function asDate(v: unknown): string | undefined {
  if (typeof v !== "string") return undefined;
  const rel = /^now-(\d+)([dm])$/.exec(v);
  if (rel) {
    const d = new Date(today);
    if (rel[2] === "d") d.setUTCDate(d.getUTCDate() - Number(rel[1]));
    else d.setUTCMonth(d.getUTCMonth() - Number(rel[1]));
    return d.toISOString().slice(0, 10);
  }
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) && new Date(v).toISOString().startsWith(v)
    ? v
    : undefined;
}

const SCOPES: Record<string, string> = {
  has_experience: "experience",
  has_education: "education",
  has_language: "languages",
};

function validate(node: unknown, dataset: Dataset, faults: ReadonlySet<Fault>, depth = 0): void {
  if (depth > 32) throw new Refused(400, "query too deep");
  if (!node || typeof node !== "object" || Array.isArray(node)) throw new Refused(400, "a node is an object");
  const keys = Object.keys(node);
  const n = node as Rec;
  if (keys.length === 1 && (keys[0] === "all" || keys[0] === "any")) {
    if (!Array.isArray(n[keys[0]])) throw new Refused(400, `${keys[0]} takes a list`);
    return (n[keys[0]] as unknown[]).forEach((c) => validate(c, dataset, faults, depth + 1));
  }
  if (keys.length === 1 && keys[0] === "not") return validate(n.not, dataset, faults, depth + 1);
  if (keys.length === 1 && keys[0]! in SCOPES) {
    if (dataset !== "people") throw new Refused(400, "no scopes here");
    return validate(n[keys[0]!], dataset, faults, depth + 1);
  }
  const ops = keys.filter((k) => k !== "field");
  if (!keys.includes("field") || ops.length !== 1) throw new Refused(400, "a leaf is a field and one operator");
  const spec = typeof n.field === "string" ? loadContract().datasets[dataset].fields.get(n.field) : undefined;
  if (!spec && !faults.has("unknown-field-accepted")) throw new Refused(400, `unknown field ${String(n.field)}`);
  const op = ops[0]!;
  if (spec && !spec.operators.includes(op as never))
    throw new Refused(400, `operator ${op} not allowed on ${spec.name}`);
  const value = n[op];
  const scalar = (v: unknown) => ["string", "number", "boolean"].includes(typeof v);
  if (op === "eq" && !scalar(value)) throw new Refused(400, "eq takes a value");
  if (op === "in" && (!Array.isArray(value) || !value.every(scalar)))
    throw new Refused(400, "in takes a list of values");
  if (op === "match" && typeof value !== "string") throw new Refused(400, "match takes text");
  if (op === "exists" && typeof value !== "boolean") throw new Refused(400, "exists takes true or false");
  if ((op === "gte" || op === "lte") && spec?.type === "date" && !asDate(value)) throw new Refused(400, "not a date");
  if ((op === "gte" || op === "lte") && spec?.type !== "date" && typeof value !== "number")
    throw new Refused(400, "not a number");
}

function values(doc: Rec, field: string): unknown[] {
  const direct = doc[field];
  if (direct !== undefined) return Array.isArray(direct) ? direct : [direct];
  return Object.values(SCOPES).flatMap((sub) =>
    Array.isArray(doc[sub]) ? (doc[sub] as Rec[]).flatMap((r) => values(r, field)) : [],
  );
}

function matches(node: Rec, doc: Rec): boolean {
  if (node.all) return (node.all as Rec[]).every((c) => matches(c, doc));
  if (node.any) return (node.any as Rec[]).some((c) => matches(c, doc));
  if (node.not) return !matches(node.not as Rec, doc);
  const scope = Object.keys(SCOPES).find((k) => k in node);
  if (scope) return ((doc[SCOPES[scope]!] as Rec[] | undefined) ?? []).some((sub) => matches(node[scope] as Rec, sub));
  const vs = values(doc, node.field as string).filter((v) => v !== null && v !== undefined);
  if ("exists" in node) return node.exists ? vs.length > 0 : vs.length === 0;
  if ("eq" in node) return (vs as unknown[]).includes(node.eq);
  if ("in" in node) return vs.some((v) => (node.in as unknown[]).includes(v));
  // Whole words, case aside (clause s4-2-match-whole-word).
  const words = (t: string): string[] => t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if ("match" in node)
    return vs.some((v) => typeof v === "string" && words(String(node.match)).every((w) => words(v).includes(w)));
  const bound = asDate(node.gte ?? node.lte) ?? node.gte ?? node.lte;
  return vs.some((v) => ("gte" in node ? (v as number) >= (bound as number) : (v as number) <= (bound as number)));
}

const ID_KIND: Record<Dataset, string> = { people: "p", jobs: "j", companies: "c" };
type Answer = { data: unknown; count: number };

/** The deployment's records, keys and balances, and what each route answers over them. */
class FakeService {
  readonly data: Record<Dataset, Rec[]>;
  readonly keys = {
    active: "svc_fake_active_key_0123456789",
    exhausted: "svc_fake_exhausted_key_0123456789",
    inactive: "svc_fake_inactive_key_0123456789",
  };
  readonly balances = new Map([
    [this.keys.active, 100_000],
    [this.keys.exhausted, 0],
    [this.keys.inactive, 1_000],
  ]);
  readonly hits = new Map<string, number>();
  readonly routes = new Map(
    [...loadContract().operations.values()].map((o) => [`${o.method} ${o.path}`, o.operationId]),
  );
  private versionCalls = 0;
  private peopleDetails = 0;

  constructor(readonly faults: ReadonlySet<Fault>) {
    this.data = { people: people(faults), jobs: jobs(faults), companies: companies() };
  }

  search(dataset: Dataset, body: Rec): Answer {
    const { faults } = this;
    if (dataset === "people" && body.where === undefined) throw new Refused(400, "where is required");
    const size = body.size ?? 100;
    if (!faults.has("size-unchecked") && (!Number.isInteger(size) || (size as number) < 1 || (size as number) > 10000))
      throw new Refused(400, "size is 1 to 10000");
    if (body.where !== undefined) validate(body.where, dataset, faults);
    let offset = 0;
    if (body.after !== undefined) {
      if (typeof body.after !== "string") throw new Refused(400, "bad cursor");
      const [o, sig] = body.after.split(".");
      if (sig !== sign(`cursor:${o}`)) throw new Refused(400, "bad cursor");
      offset = Number(o);
    }
    const all = this.data[dataset]
      .map((d, i) => [d, i] as const)
      .filter(([d]) => body.where === undefined || matches(body.where as Rec, d));
    const page = all.slice(offset, offset + Math.max(0, Number(size)));
    const ids = page.map(([, i]) => this.issue(encodeId(ID_KIND[dataset], i)));
    const more = offset + page.length < all.length;
    const out: Rec = { [idsMemberOf(dataset)]: ids };
    if (dataset === "people") out.total = faults.has("total-as-text") ? String(all.length) : all.length;
    if (dataset === "jobs" && faults.has("jobs-total")) out.total = all.length;
    if (more || faults.has("next-on-last-page") || (faults.has("next-to-empty-page") && page.length > 0))
      out.next = `${offset + page.length}.${sign(`cursor:${offset + page.length}`)}`;
    if (dataset === "people" && faults.has("records-in-search")) out.records = page.map(([d]) => d);
    return { data: out, count: ids.length };
  }

  searchText(body: Rec): Answer {
    if (!this.faults.has("nl-extra-members") && Object.keys(body).some((k) => k !== "text" && k !== "size"))
      throw new Refused(400, "text and size only");
    if (typeof body.text !== "string" || body.text.length < 1 || body.text.length > 5000)
      throw new Refused(400, "text is 1 to 5000 characters");
    const size = body.size ?? 100;
    if (!Number.isInteger(size) || (size as number) < 1 || (size as number) > 10000)
      throw new Refused(400, "size is 1 to 10000");
    const words = body.text
      .toLowerCase()
      .split(/\W+/)
      .filter((w) => w.length > 2);
    const hitsIds = this.data.people
      .flatMap((p, i) => (words.some((w) => JSON.stringify(p).toLowerCase().includes(w)) ? [encodeId("p", i)] : []))
      .slice(0, size as number);
    return { data: { profile_ids: hitsIds }, count: hitsIds.length };
  }

  detail(dataset: Dataset, body: Rec): Answer {
    const member = idsMemberOf(dataset);
    const ids = body[member];
    const max = this.faults.has("detail-101") ? 1000 : 100;
    if (
      !Array.isArray(ids) ||
      ids.length > max ||
      (dataset === "people" && ids.length === 0) ||
      !ids.every((x) => typeof x === "string")
    )
      throw new Refused(400, `${member}: 1 to 100 IDs`);
    const source: unknown = body._source ?? (dataset === "people" ? body.source : undefined);
    const results: Rec[] = [];
    const notFound: string[] = [];
    for (const id of ids) {
      let i = decodeId(ID_KIND[dataset], id);
      if (i === undefined && dataset === "people") {
        const byUrl = this.data.people.findIndex((p) => p.linkedin_url === id);
        i = byUrl >= 0 ? byUrl : undefined;
      }
      const record = i === undefined ? undefined : this.data[dataset][i];
      if (!record) {
        notFound.push(id);
        continue;
      }
      const shown = { ...this.refreshed(dataset, view(dataset, record, source)) };
      for (const member of ["profile_id", "id", "company_id"])
        if (typeof shown[member] === "string") shown[member] = this.issue(shown[member]);
      results.push(shown);
    }
    if (dataset === "people") this.peopleDetails++;
    return { data: { total: ids.length, found: results.length, not_found: notFound, results }, count: results.length };
  }

  private issue(id: string): string {
    return this.faults.has("ids-issued-afresh") ? reissue(id) : id;
  }

  /** A record as the data stands at this request: refreshed (or changing) under the faults that say so. */
  private refreshed(dataset: Dataset, record: Rec): Rec {
    if (dataset !== "people") return record;
    if (this.faults.has("moved-after-first-detail") && this.peopleDetails > 0 && typeof record.city === "string")
      return { ...record, city: `${record.city} (moved)` };
    if (!Array.isArray(record.skills)) return record;
    if (this.faults.has("refreshed-after-first-detail") && this.peopleDetails > 0)
      return { ...record, skills: [...(record.skills as unknown[]), "kotlin"] };
    if (this.faults.has("skills-differ-on-every-read"))
      return { ...record, skills: [...(record.skills as unknown[]), `read-${this.peopleDetails}`] };
    return record;
  }

  version(): Answer {
    this.versionCalls++;
    const fingerprint = this.faults.has("unstable-version") ? `sha256:fake-${this.versionCalls}` : "sha256:fake";
    return { data: { version: "1.0.0-fake", fingerprint }, count: 0 };
  }

  keyStatus(account: string): Answer {
    return {
      data: {
        active: account !== this.keys.inactive,
        scopes: ["people", "jobs", "companies"],
        rate_limit: { requests: 600_000, per_seconds: 60 },
        credits_remaining: this.balances.get(account),
      },
      count: 0,
    };
  }

  answer(op: OperationId, body: Rec, account: string): Answer {
    switch (op) {
      case "queryPeople":
        return this.search("people", body);
      case "queryJobs":
        return this.search("jobs", body);
      case "queryCompanies":
        return this.search("companies", body);
      case "searchPeople":
        return this.searchText(body);
      case "getProfiles":
        return this.detail("people", body);
      case "getJobs":
        return this.detail("jobs", body);
      case "getCompanies":
        return this.detail("companies", body);
      case "getVersion":
        return this.version();
      case "getKeyStatus":
        return this.keyStatus(account);
    }
  }

  /** Charges the answer's Credits to the account, refusing with 402 when it has too few. */
  charge(op: OperationId, result: Answer, account: string): void {
    let cost = creditCost(op, result.count) ?? 0;
    if (this.faults.has("overcharge-detail") && (op === "getProfiles" || op === "getJobs" || op === "getCompanies"))
      cost += 1;
    if (cost > this.balances.get(account)!) throw new Refused(402, "insufficient Credits");
    this.balances.set(account, this.balances.get(account)! - cost);
  }
}

function select(record: Rec, source: unknown, allowed: Set<string>): Rec {
  if (source === undefined || source === false) return record;
  if (source === true) return record;
  const names = Array.isArray(source)
    ? source
    : source && typeof source === "object" && Array.isArray((source as Rec).includes)
      ? ((source as Rec).includes as unknown[])
      : undefined;
  if (!names) throw new Refused(400, "_source is a list of names");
  for (const n of names)
    if (typeof n !== "string" || !allowed.has(n)) throw new Refused(400, `unknown _source name ${String(n)}`);
  return Object.fromEntries((names as string[]).map((n) => [n, record[n] ?? null]));
}

function view(dataset: Dataset, record: Rec, source: unknown): Rec {
  if (dataset === "people") {
    const published = new Set(loadContract().records.people);
    const full: Rec = Object.fromEntries([...published].map((f) => [f, record[f] ?? values(record, f)[0] ?? null]));
    const chosen =
      source === undefined
        ? Object.fromEntries(
            ["profile_id", "full_name", "active_experience_title", "skills", "headline"].map((f) => [f, full[f]]),
          )
        : select(full, source, published);
    return chosen;
  }
  if (dataset === "jobs") {
    const { company_id, salary_min: _, ...rest } = record;
    if (source === undefined) return rest;
    if (!Array.isArray(source)) throw new Refused(400, "_source is a list of names");
    return select({ ...rest, company_id }, source, new Set(loadContract().records.jobs));
  }
  return select(record, source, new Set(Object.keys(record)));
}

/** A POST's JSON object body; an empty object for other methods. */
function bodyOf(req: IncomingMessage, chunks: readonly Buffer[]): Rec {
  if (req.method !== "POST") return {};
  if (!String(req.headers["content-type"]).startsWith("application/json")) throw new Refused(415, "JSON only");
  let body: Rec;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Rec;
  } catch {
    throw new Refused(400, "body is not JSON");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new Refused(400, "body is an object");
  return body;
}

function sender(res: ServerResponse): (status: number, body: unknown) => void {
  return (status, body) => {
    res.writeHead(status, {
      "content-type": "application/json",
      ...(status === 401 ? { "www-authenticate": 'Bearer realm="fake"' } : {}),
    });
    res.end(JSON.stringify(body));
  };
}

async function handle(service: FakeService, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { faults, balances, hits } = service;
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const path = (req.url ?? "/").split("?")[0]!;
  hits.set(`${req.method} ${path}`, (hits.get(`${req.method} ${path}`) ?? 0) + 1);
  const send = sender(res);
  const auth = req.headers.authorization;
  const key = auth?.startsWith("Bearer ") ? auth.slice(7) : undefined;
  const known = key !== undefined && balances.has(key);
  if (path === "/mcp" && req.method === "POST") {
    if (!known) return send(401, { error: "unauthorized" });
    return send(200, {
      jsonrpc: "2.0",
      id: 1,
      result: { protocolVersion: "2025-03-26", capabilities: {}, serverInfo: { name: "fake", version: "1" } },
    });
  }
  const op: OperationId | undefined = service.routes.get(`${req.method} ${path}`);
  if (!op) return send(404, { code: 404, msg: "no such route" });
  if (!known && !faults.has("no-auth")) return send(401, { code: 401, msg: "unauthorized" });
  const account = known ? key : service.keys.active;
  if (account === service.keys.inactive && op !== "getKeyStatus") return send(403, { code: 403, msg: "inactive key" });
  try {
    const result = service.answer(op, bodyOf(req, chunks), account);
    service.charge(op, result, account);
    return send(200, { code: 200, msg: faults.has("envelope-msg") ? "OK" : "ok", data: result.data });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    if (faults.has("refusal-charged") && known) balances.set(account, balances.get(account)! - 1);
    return send(error.status, { code: error.status, msg: error.message });
  }
}

export async function startFakeDeployment(options: { faults?: readonly Fault[] } = {}): Promise<FakeDeployment> {
  const service = new FakeService(new Set(options.faults ?? []));
  const server = createServer((req, res) => {
    handle(service, req, res).catch((error) => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: 500, msg: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    keys: service.keys,
    hits: service.hits,
    balance: (key) => service.balances.get(key) ?? NaN,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
