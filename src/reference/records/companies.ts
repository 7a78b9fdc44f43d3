import { loadContract } from "../../contract/index.js";
import { COMPANY_COLUMNS } from "../store/schema.js";
import type { Store } from "../store/store.js";
import { cell, type Table } from "../store/table.js";

/**
 * Company records (§2.7: "Company record fields: not shown", s2-7-company-record-fields-not-shown): the
 * reference returns its id, the 23 queryable fields and description, website, linkedin_url, logo_url.
 * The default record is the whole record.
 */
export function companyFields(): string[] {
  return ["id", ...new Set([...loadContract().datasets.companies.fields.keys(), ...Object.keys(COMPANY_COLUMNS)])];
}

export class CompanyRecords {
  private readonly table: Table;

  constructor(store: Store) {
    this.table = store.tables.companies;
  }

  /** One record with the selected fields; id always comes first. */
  record(row: number, companyId: string, fields: readonly string[]): Record<string, unknown> {
    const out: Record<string, unknown> = { id: companyId };
    for (const f of fields) {
      const column = this.table.columns.get(f);
      if (column) out[f] = cell(column, row);
    }
    return out;
  }
}
