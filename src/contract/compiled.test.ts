import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { compiledContractPath, compiledContractSource } from "../../scripts/compile-contract.js";
import { canonicalJson, loadContract } from "./load.js";
import { packageRoot, specPath } from "./root.js";

describe("the compiled contract (src/contract/compiled.ts)", () => {
  it("is spec/ compiled now, byte for byte: run npm run generate after editing spec/", () => {
    const checkedIn = readFileSync(join(packageRoot(), compiledContractPath()), "utf8");
    expect(checkedIn === compiledContractSource(), "src/contract/compiled.ts is stale: run npm run generate").toBe(
      true,
    );
  });

  it("gives the contract the YAML files give, with the fingerprint of spec/openapi.yaml", () => {
    const openapi = parse(readFileSync(specPath("openapi.yaml"), "utf8"));
    const contract = loadContract();
    expect(contract.openapi).toEqual(openapi);
    expect(contract.fingerprint).toBe("sha256:" + createHash("sha256").update(canonicalJson(openapi)).digest("hex"));
    expect(contract.limits).toEqual(parse(readFileSync(specPath("catalog", "limits.yaml"), "utf8")));
  });
});
