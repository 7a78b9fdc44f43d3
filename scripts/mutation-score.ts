/**
 * npm run mutation (after Stryker) — the score of Stryker's last report on the reference (reports/mutation/):
 * killed ÷ (made − equivalent − conformant), the mutants spec/mutation-survivors.yaml calls equivalent or
 * conformant left out, always beside Stryker's own killed ÷ made; then the surviving mutants the list does not
 * triage yet, each as an entry to complete (docs/selftest.md, "Stryker on the reference"). Exit 1 when one is
 * untriaged or an entry disagrees with the report.
 */
import { packageRoot } from "../src/contract/root.js";
import {
  REPORT_FILE,
  SURVIVORS_FILE,
  disagreementsWithReport,
  loadSurvivors,
  readReport,
  scoreOf,
  staleInSource,
  unsupported,
} from "./mutation-survivors.js";

const root = packageRoot();
const report = readReport(root);
if (!report) {
  console.error(`no ${REPORT_FILE}: run npm run mutation first`);
  process.exit(2);
}
const entries = loadSurvivors(root);
const { mutants, killed, equivalent, conformant, ignored, score, raw } = scoreOf(report, entries);
const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
console.log(
  `${killed} of ${mutants - equivalent - conformant} mutants killed: ${percent(score)} ` +
    `(${mutants} made, less ${equivalent} equivalent and ${conformant} conformant per ${SURVIVORS_FILE}); ` +
    `Stryker's own score: ${percent(raw)} (${killed} of ${mutants}); ${ignored} more ignored by ` +
    "`// Stryker disable` comments, code that carries no contract clause",
);
const problems = [
  ...staleInSource(entries, root),
  ...unsupported(entries, root),
  ...disagreementsWithReport(entries, report, root),
];
for (const p of problems) console.log(`  ${p}`);
process.exit(problems.length ? 1 : 0);
