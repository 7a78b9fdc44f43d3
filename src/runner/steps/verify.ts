import type { StepKind } from "./step-kind.js";

/** `verify:` — sends nothing; its checks look at values captured earlier or at what the run fetched. */
export const verifyStep: StepKind = {
  plan: () => ({ auth: "none", worstCase: 0, maxItems: 0 }),
  execute: async () => ({ exchanges: [] }),
};
