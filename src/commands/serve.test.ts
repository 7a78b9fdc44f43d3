import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { describe, expect, it } from "vitest";
import { DEMO_KEYS } from "../reference/index.js";
import { UsageError } from "./command.js";
import { runServe, type ServeArgs } from "./serve.js";

const SMALL: ServeArgs = { port: 0, host: "127.0.0.1", seed: 5, people: 200, jobs: 20, companies: 10 };

/** Runs `tdss serve` in-process until `whileUp` is done, and returns what it printed. */
async function serve(args: Partial<ServeArgs>, whileUp: (url: string) => Promise<void> = async () => {}): Promise<string> {
  let printed = "";
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  let failure: unknown;
  const running = runServe({ ...SMALL, ...args }, {
    stdout: (text) => {
      printed += text;
      const url = /listening on (\S+)/.exec(text)?.[1];
      if (url) whileUp(url).catch((e) => (failure = e)).finally(stop);
    },
    stopped,
  });
  expect(await running).toBe(0);
  if (failure) throw failure;
  return printed;
}

describe("tdss serve", () => {
  it("prints its URL and the demo keys, serves, and stops cleanly", async () => {
    let status = 0;
    const printed = await serve({}, async (url) => {
      const r = await request(`${url}/version`, { headers: { authorization: `Bearer ${DEMO_KEYS.active.key}` } });
      status = r.statusCode;
      await r.body.text();
    });
    expect(status).toBe(200);
    expect(printed).toMatch(/^tdss serve: listening on http:\/\/127\.0\.0\.1:\d+ \(200 people, 20 jobs, 10 companies, seed 5, ready in \d+\.\d s\)/);
    for (const key of Object.values(DEMO_KEYS)) expect(printed).toContain(key.key);
    expect(printed).toMatch(/tdss serve: stopped\n$/);
  });

  it("never prints keys read from a --keys file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tdss-serve-"));
    const file = join(dir, "keys.yaml");
    writeFileSync(file, "keys:\n  - key: svc_private_key_do_not_print\n    credits: 10\n");
    const printed = await serve({ keys: file });
    expect(printed).not.toContain("svc_private_key_do_not_print");
    expect(printed).toContain("not printed");
  });

  it("lists the mutants", async () => {
    const lines: string[] = [];
    expect(await runServe({ ...SMALL, "list-mutants": true }, { stdout: (t) => lines.push(t), stopped: Promise.resolve() })).toBe(0);
    expect(lines.join("")).toContain("query-size-default-50");
  });

  it("turns every user mistake into a one-line UsageError", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tdss-serve-"));
    writeFileSync(join(dir, "bad.json"), '[{"key": "nope"}]');
    writeFileSync(join(dir, "broken.json"), "{ keys: [");
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    const port = (busy.address() as { port: number }).port;
    const cases: [Partial<ServeArgs>, RegExp][] = [
      [{ people: -1 }, /--people must be an integer from 0 to 1000000, got -1/],
      [{ port: 70000 }, /--port must be an integer from 0 to 65535/],
      [{ companies: 0 }, /--companies must be an integer from 1/],
      [{ seed: 1.5 }, /--seed must be an integer/],
      [{ keys: join(dir, "missing.json") }, /cannot read the file \(ENOENT\)/],
      [{ keys: join(dir, "bad.json") }, /keys\[0\]\.key: must be .* beginning with svc_/],
      [{ keys: join(dir, "broken.json") }, /not valid JSON or YAML/],
      [{ mutant: "nope" }, /--mutant nope: no such mutant/],
      [{ port }, new RegExp(`port ${port} on 127.0.0.1 is already in use`)],
    ];
    try {
      for (const [args, message] of cases) {
        await expect(runServe({ ...SMALL, ...args }, { stdout: () => {}, stopped: Promise.resolve() })).rejects.toThrow(UsageError);
        await expect(runServe({ ...SMALL, ...args }, { stdout: () => {}, stopped: Promise.resolve() })).rejects.toThrow(message);
      }
    } finally {
      busy.close();
    }
  });
});
