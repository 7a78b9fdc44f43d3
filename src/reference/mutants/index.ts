import { MCP_ROUTE_MUTANTS } from "./mcp-routes.js";
import { MCP_MUTANTS } from "./mcp.js";
import { AUTH_MUTANTS } from "./auth.js";
import { CREDIT_MUTANTS } from "./credits.js";
import { DETAIL_MUTANTS } from "./detail.js";
import { ENVELOPE_MUTANTS } from "./envelope.js";
import { JOBS_COMPANIES_QUERY_MUTANTS } from "./jobs-companies-query.js";
import { LIMITS_MUTANTS } from "./limits.js";
import type { Mutant } from "./mutant.js";
import { NL_SEARCH_MUTANTS } from "./nl-search.js";
import { PEOPLE_QUERY_MUTANTS } from "./people-query.js";
import { PRIVACY_MUTANTS } from "./privacy.js";
import { QUERY_MUTANTS } from "./query.js";
import { SEMANTICS_MUTANTS } from "./semantics.js";
import { ROUTE_MUTANTS } from "./routes.js";
import { VALIDATION_MUTANTS } from "./validation.js";
import { VERSION_MUTANTS } from "./version.js";

export type { Mutant } from "./mutant.js";

/** Every mutant of the reference server, by area (one fault each, breaking the clause it names). */
export const MUTANTS: readonly Mutant[] = [
  ...ENVELOPE_MUTANTS,
  ...PEOPLE_QUERY_MUTANTS,
  ...JOBS_COMPANIES_QUERY_MUTANTS,
  ...NL_SEARCH_MUTANTS,
  ...DETAIL_MUTANTS,
  ...LIMITS_MUTANTS,
  ...QUERY_MUTANTS,
  ...CREDIT_MUTANTS,
  ...AUTH_MUTANTS,
  ...VERSION_MUTANTS,
  ...PRIVACY_MUTANTS,
  ...MCP_MUTANTS,
  ...SEMANTICS_MUTANTS,
  ...ROUTE_MUTANTS,
  ...MCP_ROUTE_MUTANTS,
  ...VALIDATION_MUTANTS,
];

export function findMutant(id: string): Mutant | undefined {
  return MUTANTS.find((m) => m.id === id);
}
