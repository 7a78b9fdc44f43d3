import type { Mutant } from "./mutant.js";

export const ENVELOPE_MUTANTS: readonly Mutant[] = [
  {
    id: "envelope-msg-uppercase-ok",
    clause: "s4-envelope-code-200-msg-ok",
    area: "envelope",
    description: 'Successes carry msg "OK" instead of "ok".',
    faults: {
      response: (_op, response) =>
        response.status === 200 ? { ...response, envelope: { ...response.envelope, msg: "OK" } } : response,
    },
  },
];
