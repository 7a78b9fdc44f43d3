import { classifyAnswer } from "./answer.js";
import { eachExchange, fail, type Check } from "./check.js";
import { scanForContactData } from "./privacy-scan.js";

/**
 * Contact data is not callable (§1): a request that asks for it is refused, or, if served, its answer
 * holds no e-mail address or phone number in any member that is not an identifier or a link.
 */
export const noContactData: Check = {
  description: "refused, or served without any e-mail address or phone number",
  run: (ctx) =>
    eachExchange(ctx, (e) => {
      const answer = classifyAnswer(e);
      if (answer.kind === "neither") {
        return fail(`neither served nor refused: ${answer.reason}`, "a refusal, or no contact data");
      }
      if (answer.kind === "refusal") return undefined;
      const found = scanForContactData(e.json).map((f) => `${f.kind} at ${f.path}: ${f.match}`);
      return found.length
        ? fail(
            `contact data was served: ${found.slice(0, 3).join("; ")}`,
            "a refusal, or no contact data",
            found.slice(0, 5),
          )
        : undefined;
    }),
};
