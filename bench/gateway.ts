/**
 * npm run bench:gateway — what `tdss gateway` adds in front of a deployment, measured side by side in one run:
 * the embedded reference server (`tdss serve`) as the upstream and `tdss gateway` in front of it, each a child
 * process. An open-loop client sends simple people queries at a fixed rate, directly and through the gateway in
 * alternating rounds, timing each from its scheduled start (so a stall counts in full); then autocannon finds the
 * rate each path holds. Targets (docs/gateway.md): at most 1 ms added at p50, at most 2x the direct p99.
 */
import { cpus, loadavg } from "node:os";
import { Pool } from "undici";
import { autocannon, JSON_HEADERS, startTdss as child } from "./support.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const RATE = Number(process.env.BENCH_RATE ?? 300);
const ROUNDS = 2;
const SIMPLE = JSON.stringify({ where: { field: "country_iso2", eq: "DE" }, size: 10 });
const TARGETS = { addedP50Ms: 1, p99Ratio: 2 };

/** Sends at a fixed rate for SECONDS, whatever the answers' pace; latency from each request's scheduled start. */
async function fixedRate(url: string): Promise<{ p50: number; p99: number; failures: number }> {
  const pool = new Pool(url, { connections: 32 });
  const interval = 1000 / RATE;
  const total = Math.round(RATE * SECONDS);
  const latencies: number[] = [];
  let failures = 0;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      pool
        .request({
          path: "/v1/people/query",
          method: "POST",
          headers: JSON_HEADERS,
          body: SIMPLE,
        })
        .then(async (r) => {
          await r.body.text();
          if (r.statusCode !== 200) failures++;
          latencies.push(performance.now() - due);
        })
        .catch(() => void failures++),
    );
  }
  await Promise.all(pending);
  await pool.close();
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return { p50: q(0.5), p99: q(0.99), failures };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function main(): Promise<number> {
  console.log(
    `bench:gateway — tdss serve (20,000 people) as upstream, tdss gateway in front; ${RATE} req/s for ${SECONDS} s per round, ${ROUNDS} rounds each, alternating`,
  );
  const upstream = await child([
    "serve",
    "--port",
    "0",
    "--people",
    "20000",
    "--jobs",
    "2000",
    "--companies",
    "500",
    "--rate-limit",
    "1000000000",
  ]);
  const gateway = await child(["gateway", "--port", "0", "--upstream", upstream.url]);
  try {
    for (const url of [upstream.url, gateway.url]) await fixedRate(url); // warm up both paths
    const direct: { p50: number; p99: number }[] = [];
    const through: { p50: number; p99: number }[] = [];
    let failures = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const d = await fixedRate(upstream.url);
      const g = await fixedRate(gateway.url);
      direct.push(d);
      through.push(g);
      failures += d.failures + g.failures;
    }
    const load = (url: string) =>
      autocannon({
        url: `${url}/v1/people/query`,
        method: "POST",
        headers: JSON_HEADERS,
        body: SIMPLE,
        connections: 10,
        duration: SECONDS,
      });
    const directMax = await load(upstream.url);
    const gatewayMax = await load(gateway.url);

    const p50d = median(direct.map((r) => r.p50));
    const p50g = median(through.map((r) => r.p50));
    const p99d = median(direct.map((r) => r.p99));
    const p99g = median(through.map((r) => r.p99));
    const rows: [string, string, string, boolean | undefined][] = [
      ["p50 direct / through the gateway", `${p50d.toFixed(2)} / ${p50g.toFixed(2)} ms`, "", undefined],
      [
        "added at p50",
        `${(p50g - p50d).toFixed(2)} ms`,
        `<= ${TARGETS.addedP50Ms} ms`,
        p50g - p50d <= TARGETS.addedP50Ms,
      ],
      ["p99 direct / through the gateway", `${p99d.toFixed(2)} / ${p99g.toFixed(2)} ms`, "", undefined],
      [
        "p99 ratio (gateway / direct)",
        `${(p99g / p99d).toFixed(2)}x`,
        `<= ${TARGETS.p99Ratio}x`,
        p99g / p99d <= TARGETS.p99Ratio,
      ],
      [
        "rate held, direct (autocannon, 10 connections)",
        `${directMax.requests.average.toFixed(0)} req/s`,
        "",
        undefined,
      ],
      ["rate held, through the gateway", `${gatewayMax.requests.average.toFixed(0)} req/s`, "", undefined],
      [
        "rate ratio (gateway / direct)",
        `${(gatewayMax.requests.average / directMax.requests.average).toFixed(2)}`,
        "",
        undefined,
      ],
      [
        "failed requests (fixed-rate rounds; autocannon non-2xx)",
        `${failures}; ${directMax.non2xx + gatewayMax.non2xx}`,
        "0",
        failures === 0 && directMax.non2xx + gatewayMax.non2xx === 0,
      ],
    ];
    console.log(
      `load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores (client, upstream and gateway share them)\n`,
    );
    const width = Math.max(...rows.map((r) => r[0].length));
    for (const [name, value, target, ok] of rows)
      console.log(
        `${name.padEnd(width)}  ${value.padStart(20)}  ${target.padEnd(9)} ${ok === undefined ? "" : ok ? "PASS" : "FAIL"}`,
      );
    return rows.every((r) => r[3] !== false) ? 0 : 1;
  } finally {
    await gateway.stop();
    await upstream.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`bench:gateway: ${(error as Error).message}`);
    process.exit(2);
  },
);
