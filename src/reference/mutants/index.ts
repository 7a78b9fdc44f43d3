import { CREDIT_MUTANTS } from "./credits.js";
import { DETAIL_MUTANTS } from "./detail.js";
import { ENVELOPE_MUTANTS } from "./envelope.js";
import { MCP_MUTANTS } from "../mcp/mutants.js";
import type { Mutant } from "./mutant.js";
import { QUERY_MUTANTS } from "./query.js";

export type { Mutant } from "./mutant.js";

/** Every mutant of the reference server, by area. */
export const MUTANTS: readonly Mutant[] = [...ENVELOPE_MUTANTS, ...QUERY_MUTANTS, ...DETAIL_MUTANTS, ...CREDIT_MUTANTS, ...MCP_MUTANTS];

export function findMutant(id: string): Mutant | undefined {
  return MUTANTS.find((m) => m.id === id);
}
