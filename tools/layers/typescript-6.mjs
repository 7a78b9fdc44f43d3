// dependency-cruiser reads TypeScript through the compiler API, which TypeScript 7 no longer ships; the
// tools/eslint workspace holds TypeScript 6.0 for the same reason (docs/contributing.md). This preload points
// both ways dependency-cruiser loads "typescript" (require for its version, import for the module) at 6.0.
import Module, { register } from "node:module";
import { fileURLToPath } from "node:url";

const root = new URL("../eslint/node_modules/typescript/", import.meta.url);
const main = fileURLToPath(new URL("lib/typescript.js", root));
const targets = new Map([
  ["typescript", main],
  ["typescript/package.json", fileURLToPath(new URL("package.json", root))],
]);

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return targets.get(request) ?? resolveFilename.call(this, request, ...rest);
};

// The import is answered by a module that requires 6.0, so that both ways share one instance.
const shim = `import { createRequire } from "node:module";
export default createRequire(${JSON.stringify(main)})(${JSON.stringify(main)});`;
const hook = `export async function resolve(specifier, context, next) {
  return specifier === "typescript"
    ? { url: ${JSON.stringify(`data:text/javascript,${encodeURIComponent(shim)}`)}, shortCircuit: true }
    : next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
