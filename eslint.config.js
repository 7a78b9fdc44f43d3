// The configuration is in the tools/eslint workspace, which resolves its own TypeScript (docs/contributing.md).
export { default } from "./tools/eslint/eslint.config.js";
