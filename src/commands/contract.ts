import { formatContractSummary } from "../contract/summary.js";
import type { TdssCommand } from "./command.js";

export const contractCommand: TdssCommand = {
  name: "contract",
  builder: (y) => y,
  async run() {
    process.stdout.write(formatContractSummary());
    return 0;
  },
};
