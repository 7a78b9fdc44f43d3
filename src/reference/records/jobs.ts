import { loadContract } from "../../contract/index.js";
import { salaryString } from "../generate/jobs.js";
import type { IdCodec } from "../ids.js";
import type { Store } from "../store/store.js";
import { cell, type Table } from "../store/table.js";

/** How the source words the age of a posting (§2.6 posted: "Age of the posting as the source words it"). */
function postedWording(ageDays: number): string {
  if (ageDays <= 0) return "Today";
  if (ageDays === 1) return "1 day ago";
  if (ageDays < 7) return `${ageDays} days ago`;
  if (ageDays < 30) return ageDays < 14 ? "1 week ago" : `${Math.floor(ageDays / 7)} weeks ago`;
  const months = Math.floor(ageDays / 30);
  return months === 1 ? "1 month ago" : `${months} months ago`;
}

function formatAmount(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/**
 * Job records exactly as §2.6 lists them: every default field present, null or [] when empty, never omitted;
 * company_id only when named in `_source` (s2-6-company-id-source-only); the salary block only where the
 * posting states a figure, and left out (not null) elsewhere, so that records validate against JobRecord of
 * spec/openapi.yaml (s2-6-salary-block-absent-vs-null).
 */
export class JobRecords {
  private readonly table: Table;

  constructor(
    store: Store,
    private readonly ids: IdCodec,
    /** The day the dataset is as of: `posted` is worded from it. */
    private readonly asOf: number,
  ) {
    this.table = store.tables.jobs;
  }

  static defaultFields(): string[] {
    return [...loadContract().records.jobsDefault];
  }

  /** A posting that has closed (application_active 0) is reported in not_found (§3, s4-4-jobs-closed-in-not-found). */
  isClosed(row: number): boolean {
    return this.value("application_active", row) !== 1;
  }

  record(row: number, jobId: string, fields: readonly string[]): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      const [parent, child] = f.split(".") as [string, string | undefined];
      const value = this.field(parent, row, jobId);
      if (value === undefined) continue; // the salary block of a posting without a figure
      if (child === undefined) {
        out[parent] = value;
      } else if (Array.isArray(value)) {
        const existing =
          (out[parent] as Record<string, unknown>[] | undefined) ?? value.map((): Record<string, unknown> => ({}));
        value.forEach((item, i) => (existing[i]![child] = (item as Record<string, unknown>)[child]));
        out[parent] = existing;
      } else if (value !== null) {
        const existing = (out[parent] as Record<string, unknown> | undefined) ?? {};
        existing[child] = (value as Record<string, unknown>)[child];
        out[parent] = existing;
      } else {
        out[parent] = null;
      }
    }
    return out;
  }

  private value(column: string, row: number) {
    return cell(this.table.columns.get(column)!, row);
  }

  private field(name: string, row: number, jobId: string): unknown {
    switch (name) {
      case "id":
        return jobId;
      case "posted": {
        const day = this.table.columns.get("posted")!;
        const v = day.kind === "date" ? day.values[row]! : NaN;
        return Number.isNaN(v) ? null : postedWording(this.asOf - v);
      }
      case "applicants_count": {
        const n = this.value("applicants_count", row);
        return typeof n === "number" ? String(n) : null;
      }
      case "company_id": {
        const companyRow = this.value("company", row);
        return typeof companyRow === "number" ? this.ids.encode("company", [companyRow])[0]! : null;
      }
      case "company":
        return {
          name: this.value("company_name", row),
          url: this.value("company_url", row),
          logo_url: this.value("company_logo_url", row),
        };
      case "regions":
        return (this.value("regions", row) as string[]).map((region) => ({ region }));
      case "salary": {
        const min = this.value("salary_min", row);
        const max = this.value("salary_max", row);
        if (typeof min !== "number" || typeof max !== "number") return undefined;
        const currency = this.value("salary_currency", row) as string | null;
        const unit = this.value("salary_unit", row) as string | null;
        return {
          min_value: formatAmount(min),
          max_value: formatAmount(max),
          currency,
          unit,
          string: currency && unit ? salaryString(min, max, currency, unit) : null,
        };
      }
      default:
        return this.table.columns.has(name) ? this.value(name, row) : null;
    }
  }
}
