// The project's ESLint configuration (docs/contributing.md). It lives in this workspace because
// typescript-eslint needs TypeScript's JavaScript API, which TypeScript 7 (the build's `tsc`) does not
// have: here `typescript` resolves to 6.0, the last release with that API.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import stylistic from "@stylistic/eslint-plugin";
import { defineConfig, globalIgnores } from "eslint/config";
import tseslint from "typescript-eslint";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

export default defineConfig(
  // The generated files (src/contract/compiled.ts, src/types/queries.ts) are compared byte for byte with their
  // generators (scripts/compile-contract.ts, scripts/generate-types.ts), which are linted.
  globalIgnores([
    "src/contract/compiled.ts",
    "src/types/queries.ts",
    "dist/",
    "node_modules/",
    "tools/eslint/node_modules/",
    "reports/",
    "docs/",
    "schemas/",
  ]),
  {
    files: ["**/*.ts"],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { project: resolve(root, "tsconfig.check.json"), tsconfigRootDir: root },
    },
    rules: {
      // A leading underscore marks a deliberate discard: `const { id: _, ...rest } = record` drops a member.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // An async function that does not await still turns a throw into a rejected promise, which is what an
      // implementation of an async interface (a command's run, a transport's send) must do.
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    // Tests read JSON (responses, reports, parsed output) as `any` and assert its shape with expect(), which fails
    // the test at run time where a static type would; typing each payload would add casts, not safety.
    files: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    // A function is read whole: past 80 lines it is split into units named for what they are
    // (docs/contributing.md, "Lint"). Tests are left out: a test's setup and assertions read best in one place.
    files: ["src/**/*.ts", "rules/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "max-lines-per-function": ["error", { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    extends: [js.configs.recommended],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
  {
    // Prettier wraps code at 120 columns but leaves strings, comments and template literals whole;
    // this keeps them at 120 too (split a string with +, wrap a comment).
    files: ["**/*.ts", "**/*.js"],
    plugins: { "@stylistic": stylistic },
    rules: { "@stylistic/max-len": ["error", { code: 120 }] },
  },
);
