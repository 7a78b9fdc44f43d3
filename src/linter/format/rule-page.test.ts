import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { RULES } from "../../../rules/all.js";
import { packageRoot } from "../../contract/root.js";
import { configSchema } from "../config-schema.js";
import { homePage, rulePageUrl } from "./rule-page.js";

const pkg = JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as {
  repository: { type: string; url: string };
};

describe("rule page addresses", () => {
  it("are read from package.json's repository, the one place that names it", () => {
    expect(pkg.repository.type).toBe("git");
    expect(pkg.repository.url).toBe(`git+${homePage()}.git`);
    expect(homePage()).toMatch(/^https:\/\/[^/]+\/[^/]+\/[^/]+$/);
    const openapi = parse(readFileSync(join(packageRoot(), "spec", "openapi.yaml"), "utf8")) as {
      info: { contact: { url: string } };
    };
    expect(openapi.info.contact.url).toBe(homePage());
    expect(configSchema().$id).toBe(`${homePage()}/blob/main/schemas/tdss.config.schema.json`);
  });

  it("name, for every rule, a page the package holds at that path", () => {
    for (const { meta } of RULES) {
      const url = rulePageUrl(meta.id);
      const path = url.slice(`${homePage()}/blob/main/`.length);
      expect(url.startsWith(`${homePage()}/blob/main/`), url).toBe(true);
      expect(existsSync(join(packageRoot(), path)), path).toBe(true);
    }
  });
});
