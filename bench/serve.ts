/**
 * npm run bench:serve — the speed targets of the reference server (docs/benchmarks.md), measured side by side in one run:
 * ready time and resident memory of `tdss serve` with the default dataset (started as a child process), the
 * median latency of a typical 3-condition people query with one scope, the rate of a simple query under
 * autocannon, and the rate of GET /version as the ceiling of the HTTP stack.
 */
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { request } from "undici";
import { autocannon, JSON_HEADERS, startTdss, type AutocannonResult } from "./support.js";

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const TARGETS = { readySeconds: 5, rssMb: 1024, medianMs: 10, simpleRate: 1000 };

const TYPICAL = {
  where: {
    all: [
      { field: "country_iso2", eq: "US" },
      { field: "experience_months", gte: 24 },
      {
        has_experience: {
          all: [
            { field: "title", match: "engineer" },
            { field: "is_current", eq: true },
          ],
        },
      },
    ],
  },
  size: 100,
};
const SIMPLE = { where: { field: "country_iso2", eq: "DE" }, size: 10 };

/** CPU seconds the process has used so far (all its threads), from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

async function start(): Promise<{
  url: string;
  pid: number;
  readySeconds: number;
  readyCpu: number;
  stop: () => Promise<void>;
}> {
  const started = performance.now();
  const child = await startTdss(["serve", "--port", "0", "--rate-limit", "1000000000"]);
  const readySeconds = (performance.now() - started) / 1000;
  return { ...child, readySeconds, readyCpu: cpuSeconds(child.pid) };
}

async function post(url: string, body: unknown): Promise<{ status: number; ms: number }> {
  const t = performance.now();
  const r = await request(`${url}/v1/people/query`, {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify(body),
  });
  await r.body.text();
  return { status: r.statusCode, ms: performance.now() - t };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function load(url: string, path: string, body?: unknown): Promise<AutocannonResult> {
  return autocannon({
    url: `${url}${path}`,
    method: body === undefined ? "GET" : "POST",
    headers: JSON_HEADERS,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    connections: 10,
    duration: DURATION,
  });
}

async function main(): Promise<number> {
  console.log(
    `bench:serve — tdss serve with the default dataset (120,000 people, 30,000 jobs, 10,000 companies), ${DURATION} s load runs\n`,
  );
  const server = await start();
  try {
    // Let the background index warm-up finish before measuring steady-state latency.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const afterStart = memoryMb(server.pid);

    for (let i = 0; i < 20; i++) await post(server.url, TYPICAL);
    const timings: number[] = [];
    let matched = 0;
    for (let i = 0; i < 300; i++) {
      const r = await post(server.url, TYPICAL);
      if (r.status !== 200) throw new Error(`typical query answered ${r.status}`);
      timings.push(r.ms);
    }
    matched = (
      (await (
        await request(`${server.url}/v1/people/query`, {
          method: "POST",
          headers: JSON_HEADERS,
          body: JSON.stringify(TYPICAL),
        })
      ).body.json()) as { data: { total: number | string } }
    ).data.total as number;
    timings.sort((a, b) => a - b);

    const simple = await load(server.url, "/v1/people/query", SIMPLE);
    const version = await load(server.url, "/version");
    const afterLoad = memoryMb(server.pid);

    const median = quantile(timings, 0.5);
    const rows: [string, string, string, boolean][] = [
      [
        "ready (process start to listening)",
        `${server.readySeconds.toFixed(2)} s`,
        `< ${TARGETS.readySeconds} s`,
        server.readySeconds < TARGETS.readySeconds,
      ],
      [
        `CPU used until ready (all threads; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
        `${server.readyCpu.toFixed(2)} s`,
        "",
        true,
      ],
      [
        "resident memory, peak (VmHWM)",
        `${afterLoad.peak.toFixed(0)} MB`,
        `< ${TARGETS.rssMb} MB`,
        afterLoad.peak < TARGETS.rssMb,
      ],
      [
        "resident memory after start / after load",
        `${afterStart.rss.toFixed(0)} / ${afterLoad.rss.toFixed(0)} MB`,
        "",
        true,
      ],
      [
        `typical query, median (p95 ${quantile(timings, 0.95).toFixed(2)} ms, ${matched} matches)`,
        `${median.toFixed(2)} ms`,
        `< ${TARGETS.medianMs} ms`,
        median < TARGETS.medianMs,
      ],
      [
        `simple query rate (p50 ${simple.latency.p50} ms, ${simple.non2xx} non-2xx)`,
        `${simple.requests.average.toFixed(0)} req/s`,
        `>= ${TARGETS.simpleRate} req/s`,
        simple.requests.average >= TARGETS.simpleRate && simple.non2xx === 0,
      ],
      [
        `GET /version rate, HTTP ceiling (${version.non2xx} non-2xx)`,
        `${version.requests.average.toFixed(0)} req/s`,
        "",
        version.non2xx === 0,
      ],
      [
        "simple query rate / GET /version rate",
        `${(simple.requests.average / version.requests.average).toFixed(2)}`,
        "",
        true,
      ],
    ];
    const width = Math.max(...rows.map((r) => r[0].length));
    for (const [name, value, target, ok] of rows) {
      console.log(
        `${name.padEnd(width)}  ${value.padStart(16)}  ${target.padEnd(14)} ${target ? (ok ? "PASS" : "FAIL") : ""}`,
      );
    }
    return rows.every((r) => r[3]) ? 0 : 1;
  } finally {
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`bench:serve: ${(error as Error).message}`);
    process.exit(2);
  },
);
