import type { CompanyInput, JobInput, PersonInput } from "../inputs.js";
import type { DataRecords, SnapshotInput } from "../snapshot.js";

/** Rows whose number leaves `rest` divided by `by`: a share of the data picked the same way on every build. */
function picked(count: number, by: number, rest: number): number[] {
  const rows: number[] = [];
  for (let row = rest; row < count; row += by) rows.push(row);
  return rows;
}

/** A person who has moved (to where the next person lives) and worked a year more since the last snapshot. */
function movedPerson(person: PersonInput, neighbour: PersonInput): PersonInput {
  return {
    ...person,
    city: neighbour.city ?? null,
    state: neighbour.state ?? null,
    country: neighbour.country ?? null,
    country_iso2: neighbour.country_iso2 ?? null,
    country_iso3: neighbour.country_iso3 ?? null,
    regions: neighbour.regions ?? [],
    experience_months: person.experience_months == null ? 12 : person.experience_months + 12,
    headline: person.headline == null ? "Open to work" : `${person.headline} | Open to work`,
  };
}

/** A company that has grown and gained followers since the last snapshot. */
function grownCompany(company: CompanyInput): CompanyInput {
  return {
    ...company,
    employees_count: company.employees_count == null ? 10 : Math.round(company.employees_count * 1.25) + 1,
    followers_count: company.followers_count == null ? 100 : company.followers_count + 100,
  };
}

/** A posting that has gathered applicants since the last snapshot. */
function busierPosting(job: JobInput): JobInput {
  return { ...job, applicants_count: job.applicants_count == null ? 5 : job.applicants_count + 5 };
}

/**
 * Two snapshots of the same data, a day apart, as a deployment refreshes them (§1: "People and company data are
 * periodically refreshed snapshots and can lag real-world changes. The jobs index holds daily active postings; a
 * posting that has closed can come back as not found."). The older one lacks the records new in the newer one (one
 * in 50 people, companies and postings); in the newer one one in 50 people and companies are gone, one in 20
 * people moved, one in 20 companies grew, one in 10 postings have more applicants, and one in 20 open postings
 * have closed (out of the jobs index, not_found by detail). Every record keeps its row, so its ID.
 */
export function refreshedSnapshots(data: DataRecords): readonly SnapshotInput[] {
  const { people, jobs, companies } = data;
  const newer: DataRecords = {
    people: people.map((p, row) => (row % 20 === 7 ? movedPerson(p, people[(row + 1) % people.length]!) : p)),
    companies: companies.map((c, row) => (row % 20 === 3 ? grownCompany(c) : c)),
    jobs: jobs.map((j, row) => {
      if (row % 20 === 5 && j.application_active === 1) return { ...j, application_active: 0 };
      return row % 10 === 1 ? busierPosting(j) : j;
    }),
  };
  const closed = picked(jobs.length, 20, 5).filter((row) => jobs[row]!.application_active === 1);
  return [
    {
      data,
      absent: {
        people: picked(people.length, 50, 23),
        companies: picked(companies.length, 50, 29),
        jobs: picked(jobs.length, 50, 17),
      },
    },
    {
      data: newer,
      absent: {
        people: picked(people.length, 50, 11),
        companies: picked(companies.length, 50, 13),
        jobs: closed,
      },
    },
  ];
}

/** Groups of records refreshed in turn by `rollingSnapshots`: each refresh changes one group, back and forth. */
const GROUPS = 5;

/**
 * Snapshots refreshed one group of records at a time (s1-snapshot-data-lag), as a deployment that refreshes often
 * and never all at once: the records of row `row % 5 === g` change at every fifth refresh, each time from the values
 * they had to the others (people move and companies grow, and one in ten of the group's people and companies is gone,
 * postings gain applicants) or back. Refresh k changes group k mod 5, so served in turn the ten snapshots come round
 * to the first with each record changed once per five refreshes: a record changes at most once between two answers
 * fewer than five refreshes apart (the bracketing of docs/verdicts.md), while some record changes at every
 * refresh. The records gone are the first rows of each group, which a search finds first.
 */
export function rollingSnapshots(data: DataRecords): readonly SnapshotInput[] {
  const { people, jobs, companies } = data;
  const changed: DataRecords = {
    people: people.map((p, row) => movedPerson(p, people[(row + 1) % people.length]!)),
    companies: companies.map(grownCompany),
    jobs: jobs.map(busierPosting),
  };
  const gone = (count: number, groups: readonly number[]) =>
    groups.flatMap((g) => picked(count, GROUPS * 10, g)).sort((a, b) => a - b);
  return Array.from({ length: GROUPS * 2 }, (_, k) => {
    // After k refreshes group g has changed once for each j in 1..k with j % GROUPS === g: odd counts are changed.
    const isChanged = (row: number) => {
      const g = row % GROUPS;
      const count = Math.floor((k - g + GROUPS) / GROUPS) - (g === 0 ? 1 : 0);
      return count % 2 === 1;
    };
    const groups = Array.from({ length: GROUPS }, (_, g) => g).filter((g) => isChanged(g));
    if (!groups.length) return { data };
    const pick = <T>(now: readonly T[], then: readonly T[]) => now.map((x, row) => (isChanged(row) ? then[row]! : x));
    return {
      data: {
        people: pick(people, changed.people),
        companies: pick(companies, changed.companies),
        jobs: pick(jobs, changed.jobs),
      },
      absent: { people: gone(people.length, groups), companies: gone(companies.length, groups) },
    };
  });
}
