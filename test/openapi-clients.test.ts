import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * A client generated from spec/openapi.yaml the way many developers use an OpenAPI description: openapi-typescript's
 * types and openapi-fetch, compiled under TypeScript 5 in the workspace tools/openapi-clients (docs/openapi.md). The
 * client reads each route's `data` without a non-null assertion, so an answer whose `data` came out optional fails to
 * compile.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const workspace = join(root, "tools", "openapi-clients");
const bin = (name: string) => join(workspace, "node_modules", ".bin", name);
const dir = mkdtempSync(join(tmpdir(), "tdss-openapi-client-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CLIENT = `import createClient from "openapi-fetch";
import type { paths } from "./schema.js";

const client = createClient<paths>({ baseUrl: "http://127.0.0.1:8080" });

export async function firstProfile(): Promise<string | undefined> {
  const people = await client.POST("/v1/people/query", { body: { where: { field: "skills", eq: "Go" }, size: 1 } });
  if (!people.data) return undefined;
  const ids: readonly string[] = people.data.data.profile_ids;
  const profiles = await client.POST("/entity/v1/profiles/detail-by-id", { body: { profile_ids: [...ids] } });
  const key = await client.GET("/auth/key/status");
  const version = await client.GET("/version");
  const jobs = await client.POST("/v1/jobs/query", { body: { where: { field: "title", match: "engineer" } } });
  return [profiles.data?.data, key.data?.data, version.data?.data, jobs.data?.data].every(Boolean)
    ? ids[0]
    : undefined;
}
`;

describe("a client generated from spec/openapi.yaml", () => {
  it("compiles under strict TypeScript with every success answer's data required", () => {
    execFileSync(bin("openapi-typescript"), [join(root, "spec", "openapi.yaml"), "-o", join(dir, "schema.d.ts")], {
      stdio: "pipe",
    });
    writeFileSync(join(dir, "client.ts"), CLIENT);
    symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
    const args = ["--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext", "client.ts"];
    let errors = "";
    try {
      execFileSync(bin("tsc"), [...args, "--target", "es2022"], { cwd: dir, stdio: "pipe", encoding: "utf8" });
    } catch (error) {
      errors = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(errors).toBe("");
  }, 180_000);
});
