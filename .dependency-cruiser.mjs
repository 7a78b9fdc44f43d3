// The layers of docs/architecture.md, kept by dependency-cruiser (`npm run lint:layers`, part of `npm test`).
// A layer may import the layers below it and nothing above or beside it; `reference` and `gateway` stand beside
// the runner and share only contract, lint and client. Tests and `testing/` helpers are not part of the product:
// they may import any layer (a runner test runs against the reference server), and the product never imports them.

/** Bottom to top: each layer's folders, as path patterns from the package root. */
const LAYERS = [
  ["contract", ["src/contract", "src/types"]],
  ["lint", ["src/lint"]],
  ["rules", ["rules"]],
  ["linter", ["src/linter"]],
  ["validity", ["src/validity"]],
  ["client", ["src/client"]],
  ["checks", ["src/checks"]],
  ["runner", ["src/runner"]],
  ["report", ["src/report"]],
  ["selftest", ["src/selftest"]],
  ["commands", ["src/commands", "src/[^/]+\\.ts$"]],
];
/** Beside the runner: what each may import, by layer name. */
const BESIDE = {
  reference: { folders: ["src/reference"], imports: ["contract", "lint", "rules", "linter", "validity", "client"] },
  gateway: { folders: ["src/gateway"], imports: ["contract", "lint", "rules", "linter", "validity", "client"] },
  lsp: { folders: ["src/lsp"], imports: ["contract", "lint", "rules", "linter"] },
};
/** Who may import a layer beside the runner: the layers that compose the product at the top. */
const COMPOSERS = { reference: ["selftest", "commands"], gateway: ["commands"], lsp: ["commands"] };

const TEST = "(\\.test\\.ts$|/testing/)";
const pattern = (folders) => `^(${folders.map((f) => (f.endsWith("$") ? f : `${f}/`)).join("|")})`;
const folders = (name) => LAYERS.find(([n]) => n === name)?.[1] ?? BESIDE[name].folders;
const allNames = [...LAYERS.map(([n]) => n), ...Object.keys(BESIDE)];

function allowed(name) {
  if (name in BESIDE) return [name, ...BESIDE[name].imports];
  const below = LAYERS.slice(0, LAYERS.findIndex(([n]) => n === name) + 1).map(([n]) => n);
  const beside = Object.keys(COMPOSERS).filter((b) => COMPOSERS[b].includes(name));
  return [...below, ...beside];
}

const layerRules = allNames.map((name) => {
  const forbidden = allNames.filter((other) => !allowed(name).includes(other));
  return {
    name: `layer-${name}`,
    comment: `${name} imports only ${allowed(name).join(", ")} (docs/architecture.md)`,
    severity: "error",
    from: { path: pattern(folders(name)), pathNot: TEST },
    to: { path: pattern(forbidden.flatMap(folders)) },
  };
});

/** Every layer with the pattern of its modules' paths, top first, for the picture (scripts/layers-picture.ts). */
export const LAYER_PATTERNS = [...LAYERS.map(([n]) => n).reverse(), ...Object.keys(BESIDE)].map((name) => ({
  name,
  path: pattern(folders(name)),
}));

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    ...layerRules.filter((rule) => rule.to.path !== "^()"),
    {
      name: "no-test-code-in-product",
      comment: "tests and testing/ helpers are not shipped, so the product never imports them",
      severity: "error",
      from: { path: "^(src|rules)/", pathNot: TEST },
      to: { path: TEST },
    },
    {
      name: "no-file-cycle",
      comment: "no circle of imports between files, type-only imports included",
      severity: "error",
      from: { path: "^(src|rules)/" },
      to: { circular: true },
    },
    {
      name: "no-folder-cycle",
      comment: "no circle of imports between folders",
      severity: "error",
      scope: "folder",
      from: { path: "^(src|rules)/" },
      to: { circular: true },
    },
    {
      name: "no-unresolvable",
      comment: "every import resolves, so that no dependency escapes the rules above",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.check.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
    exclude: { path: ["^(dist|node_modules)/", "\\.test\\.ts$"] },
  },
};
