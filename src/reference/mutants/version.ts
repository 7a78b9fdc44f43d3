import type { Mutant } from "./mutant.js";
import { rewriteData } from "./rewrite.js";

let calls = 0;

export const VERSION_MUTANTS: readonly Mutant[] = [
  {
    id: "version-fingerprint-changes",
    clause: "s9-version-route",
    area: "version",
    description: "The contract fingerprint of GET /version changes on every call.",
    faults: {
      response: rewriteData(["getVersion"], (data) => ({
        ...data,
        contract_fingerprint: `${String(data.contract_fingerprint)}-${++calls}`,
      })),
    },
  },
  {
    id: "version-fingerprint-missing",
    clause: "s4-5-version-returns-version-fingerprint",
    area: "version",
    description: "GET /version returns the version only, no contract fingerprint.",
    faults: {
      response: rewriteData(["getVersion"], (data) => {
        delete data.contract_fingerprint;
        return data;
      }),
    },
  },
];
