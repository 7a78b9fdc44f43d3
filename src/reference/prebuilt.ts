import { OPERATION_IDS, loadContract } from "../contract/index.js";
import { requestValidator } from "../contract/validators.js";
import { dayString } from "./days.js";
import { generateStore } from "./generate/parallel.js";
import type { PrebuiltStore, ReferenceServiceOptions } from "./options.js";

/** What a generated dataset depends on. */
export interface DatasetSettings {
  readonly seed: number;
  readonly sizes: { readonly people: number; readonly jobs: number; readonly companies: number };
  /** Day number of the as-of day. */
  readonly asOf: number;
}

export function storeKey(settings: DatasetSettings): string {
  const { seed, sizes, asOf } = settings;
  const records = `${sizes.people} people, ${sizes.jobs} jobs, ${sizes.companies} companies`;
  return `seed ${seed}, ${records}, as of ${dayString(asOf)}`;
}

/** Generates a store on two threads where that pays, for handing to several servers. */
export async function generatePrebuilt(settings: DatasetSettings): Promise<PrebuiltStore> {
  // While a worker thread builds people, this one compiles the request validators every server uses.
  const warm = () =>
    OPERATION_IDS.forEach((op) => loadContract().operations.get(op)?.requestSchema && requestValidator(op));
  return {
    key: storeKey(settings),
    store: await generateStore({ seed: settings.seed, ...settings.sizes, asOf: settings.asOf }, warm),
  };
}

export type PrebuildOptions = Pick<ReferenceServiceOptions, "seed" | "people" | "jobs" | "companies" | "asOf">;
