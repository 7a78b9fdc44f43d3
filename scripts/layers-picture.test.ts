import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../src/contract/root.js";
import {
  BEGIN,
  END,
  cruiseProduct,
  folderGraph,
  folderOf,
  pictureIn,
  renderPicture,
  withPicture,
  type CruisedModule,
} from "./layers-picture.js";

const mod = (source: string, ...imports: string[]): CruisedModule => ({
  source,
  dependencies: imports.map((resolved) => ({ resolved })),
});

describe("the layers picture (docs/architecture.md)", () => {
  it("folds each product module into its folder and leaves tests, testing helpers and packages out", () => {
    expect(folderOf("src/runner/steps/request.ts")).toBe("src/runner");
    expect(folderOf("rules/cost.ts")).toBe("rules");
    expect(folderOf("src/cli.ts")).toBe("src/*.ts");
    expect(folderOf("src/runner/run.test.ts")).toBeUndefined();
    expect(folderOf("src/checks/testing/context.ts")).toBeUndefined();
    expect(folderOf("node_modules/yaml/dist/index.js")).toBeUndefined();
  });

  it("draws an arrow only where no longer path of arrows leads, and none inside a folder", () => {
    const graph = folderGraph([
      mod("src/runner/run.ts", "src/checks/check.ts", "src/contract/index.ts", "src/runner/types.ts"),
      mod("src/checks/check.ts", "src/contract/index.ts", "src/checks/testing/context.ts"),
      mod("src/contract/index.ts", "node_modules/yaml/dist/index.js"),
      mod("src/runner/run.test.ts", "src/reference/index.ts"),
    ]);
    expect(Object.fromEntries([...graph].map(([from, to]) => [from, [...to]]))).toEqual({
      "src/runner": ["src/checks"],
      "src/checks": ["src/contract"],
      "src/contract": [],
    });
  });

  it("draws each folder inside its layer, the layers in the order given", () => {
    const picture = renderPicture(
      [mod("src/cli.ts", "src/commands/run.ts"), mod("src/commands/run.ts", "src/contract/index.ts")],
      [
        { name: "commands", path: "^(src/commands/|src/[^/]+\\.ts$)" },
        { name: "contract", path: "^(src/contract/)" },
      ],
    );
    expect(picture.split("\n")).toEqual([
      "```mermaid",
      "flowchart TB",
      '  subgraph layer_commands["commands"]',
      '    f_src___ts["src/*.ts"]',
      '    f_src_commands["src/commands"]',
      "  end",
      '  subgraph layer_contract["contract"]',
      '    f_src_contract["src/contract"]',
      "  end",
      "  f_src___ts --> f_src_commands",
      "  f_src_commands --> f_src_contract",
      "```",
    ]);
  });

  it("replaces only what is between the markers, and finds it again", () => {
    const doc = `# Title\n\n${BEGIN}\n\nold\n\n${END}\n\nAfter.\n`;
    const updated = withPicture(doc, "new");
    expect(updated).toBe(`# Title\n\n${BEGIN}\n\nnew\n\n${END}\n\nAfter.\n`);
    expect(pictureIn(updated)).toBe("new");
    expect(() => withPicture("# No markers\n", "new")).toThrow(/markers/);
  });

  it("the picture in docs/architecture.md is the one the code draws now (npm run docs:architecture)", async () => {
    const doc = readFileSync(join(packageRoot(), "docs", "architecture.md"), "utf8");
    const { modules, layers } = await cruiseProduct();
    expect(pictureIn(doc)).toBe(renderPicture(modules, layers));
  }, 120_000);
});
