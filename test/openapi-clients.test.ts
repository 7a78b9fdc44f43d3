import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Clients generated from spec/openapi.yaml the way many developers use an OpenAPI description, by two generators:
 * openapi-typescript's types with openapi-fetch, and openapi-typescript-codegen's services; each compiled under
 * strict TypeScript 5 in the workspace tools/openapi-clients (docs/openapi.md). Each client reads its routes' `data`
 * without a non-null assertion, so an answer whose `data` came out optional, or untyped, fails to compile.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const workspace = join(root, "tools", "openapi-clients");
/** A generator's command: in the workspace's own node_modules, or hoisted to the root's by npm. */
const bin = (name: string) =>
  [workspace, root].map((at) => join(at, "node_modules", ".bin", name)).find((path) => existsSync(path))!;
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

/**
 * openapi-typescript-codegen's services answer a success envelope or the refusal body (the `default` response), so
 * the client narrows each answer by its `data`. The expected error proves `data` typed: an `any` would accept it.
 */
const CODEGEN_CLIENT = `import { JobsService, OpenAPI, PeopleService, SystemService } from "./codegen/index";

OpenAPI.BASE = "http://127.0.0.1:8080";

export async function firstProfile(): Promise<string | undefined> {
  const people = await PeopleService.queryPeople({ where: { field: "skills", eq: "Go" }, size: 1 });
  if (!("data" in people)) return undefined;
  const ids: readonly string[] = people.data.profile_ids;
  // @ts-expect-error profile_ids holds strings
  const wrong: number = people.data.profile_ids[0];
  const profiles = await PeopleService.getProfiles({ profile_ids: [...ids] });
  const answers = [profiles, await SystemService.getKeyStatus(), await SystemService.getVersion()];
  answers.push(await JobsService.queryJobs({ where: { field: "title", match: "engineer" } }));
  const found = "data" in profiles ? profiles.data.found : 0;
  return answers.every((answer) => "data" in answer) && found + wrong >= 0 ? ids[0] : undefined;
}
`;

/** Compiler errors of one file under strict TypeScript 5, or "" when it compiles. */
function compileErrors(file: string, options: readonly string[]): string {
  const args = ["--noEmit", "--strict", "--target", "es2022", ...options, file];
  try {
    execFileSync(bin("tsc"), args, { cwd: dir, stdio: "pipe", encoding: "utf8" });
    return "";
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe("clients generated from spec/openapi.yaml", () => {
  it("compiles under strict TypeScript with every success answer's data required", () => {
    execFileSync(bin("openapi-typescript"), [join(root, "spec", "openapi.yaml"), "-o", join(dir, "schema.d.ts")], {
      stdio: "pipe",
    });
    writeFileSync(join(dir, "client.ts"), CLIENT);
    symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
    expect(compileErrors("client.ts", ["--module", "nodenext", "--moduleResolution", "nodenext"])).toBe("");
  }, 180_000);

  it("compiles openapi-typescript-codegen's fetch client with every success answer's data typed", () => {
    const input = join(root, "spec", "openapi.yaml");
    execFileSync(bin("openapi"), ["--input", input, "--output", join(dir, "codegen"), "--client", "fetch"], {
      stdio: "pipe",
    });
    writeFileSync(join(dir, "codegen-client.ts"), CODEGEN_CLIENT);
    // Its files import one another without extensions, as bundlers resolve them.
    const options = ["--module", "esnext", "--moduleResolution", "bundler", "--lib", "es2022,dom"];
    expect(compileErrors("codegen-client.ts", options)).toBe("");
  }, 180_000);
});
