/**
 * Spectral for the tests and the lint benchmark (the product ships without it: docs/lint.md, "The same rules in
 * Spectral"). Spectral's packages are CommonJS; Node's ES module loader finds the named exports of some
 * (spectral-core) but not of others (spectral-parsers). This is the one place that smooths it over.
 */
import * as parsersModule from "@stoplight/spectral-parsers";
import { Document, Spectral } from "@stoplight/spectral-core";

type Parsers = typeof parsersModule;
const parsers: Parsers =
  "Yaml" in parsersModule && parsersModule.Yaml
    ? parsersModule
    : (parsersModule as unknown as { default: Parsers }).default;

export const YamlParser = parsers.Yaml;
export const JsonParser = parsers.Json;
export { Document, Spectral };
