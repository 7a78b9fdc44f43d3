import type { ServiceResponse } from "./service.js";

/**
 * A request the reference refuses: HTTP status, and a message naming what is wrong and where. Refusals are
 * decided before any charge, so they cost nothing (s7-translated-before-charge).
 */
export class Refusal extends Error {
  override readonly name = "Refusal";
  constructor(
    readonly status: number,
    message: string,
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

/** A failure in the success envelope's shape: `{code: <HTTP status>, msg: <what is wrong and where>, data: null}`. */
export function failure(status: number, msg: string, headers?: Readonly<Record<string, string>>): ServiceResponse {
  return { status, envelope: { code: status, msg, data: null }, ...(headers ? { headers } : {}) };
}

/** A 400 refusal: the request is malformed or breaks a rule of the contract. */
export function badRequest(message: string): Refusal {
  return new Refusal(400, message);
}

/** Validation steps a fault can switch off (faults.ts), each enforcing one rule of the contract. */
export type ValidationStep =
  | "body-object"
  | "body-members"
  | "where-required"
  | "size-range"
  | "cursor"
  | "tree-shape"
  | "nesting-depth"
  | "unknown-field"
  | "one-operator"
  | "operator-allowed"
  | "value-kind"
  | "date-format"
  | "scope-people-only"
  | "nl-members"
  | "nl-text-length"
  | "detail-id-count"
  | "source-names";
