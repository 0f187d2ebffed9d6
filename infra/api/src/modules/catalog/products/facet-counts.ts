// Disjunctive facet counts (each facet counted with every filter but its own) in as few scans as
// possible: the facets whose own filter is not set all share the same conditions, so one GROUPING
// SETS query counts them together; each facet whose filter is set needs a query of its own. An
// index page with one filter costs two scans instead of five (decision 011). Without a search they
// read the precomputed counts (one row per facet combination, decision 042) and sum them; with a
// search (at most 2 000 ids) they count the matching rows.
import { sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../../../db/client';
import { preparedRows } from '../../../db/prepared-rows';
import { rowShape, type RowOf } from '../../../db/typed-rows';
import { conditions, type FacetName, type Filters } from './catalog-query';
import { countFrom, precomputedCountFrom, type CatalogScope, type FacetColumns } from './catalog-scope';

/** One facet value's count: the facet column's value as text (an id, or `product` / `bundle`), or null. */
const facetCountRow = rowShape({ key: v.nullable(v.string()), n: v.pipe(v.number(), v.integer()) });
export type FacetCount = RowOf<typeof facetCountRow>;

const COLUMNS = ['brand', 'category', 'group', 'kind'] as const satisfies (keyof Omit<FacetColumns, 'id'>)[];
/** A row of the grouping sets query: `col` names the set (the column) it counts. */
const groupedCountRow = rowShape({ ...facetCountRow, col: v.picklist(COLUMNS) });

const FACETS: FacetName[] = ['brand', 'category', 'sub_category', 'group', 'kind'];

/** The column a facet groups by (families are counted by sub-category and summed by the caller). */
const COLUMN: Record<FacetName, keyof Omit<FacetColumns, 'id'>> = {
  brand: 'brand',
  category: 'category',
  sub_category: 'category',
  group: 'group',
  kind: 'kind',
};

/** Counts per value of every facet, within the scope and the filters. */
export async function countFacets(db: Db, scope: CatalogScope, filters: Filters): Promise<Record<FacetName, FacetCount[]>> {
  const precomputed = filters.search === undefined;
  const { from, columns } = precomputed ? precomputedCountFrom(scope) : countFrom(scope);
  // A precomputed count can be 0 (every product of a combination gone): such keys are left out, as a count would.
  const n = precomputed ? sql`sum(f.n)::int` : sql`count(*)::int`;
  const shared = FACETS.filter((f) => filters[f] === undefined);
  const own = FACETS.filter((f) => filters[f] !== undefined);

  const sharedColumns = [...new Set(shared.map((f) => COLUMN[f]))];
  const sharedQuery = sharedColumns.length
    ? preparedRows(db, groupedCountRow, groupingSetsQuery(from, columns, sharedColumns, conditions(filters, columns), n))
    : Promise.resolve([]);
  const ownQueries = own.map((facet) =>
    preparedRows(
      db,
      facetCountRow,
      sql`select ${columns[COLUMN[facet]]}::text as key, ${n} as n from ${from}${conditions(filters, columns, facet)} group by 1 having ${n} > 0`,
    ),
  );
  const [sharedRows, ...ownRows] = await Promise.all([sharedQuery, ...ownQueries]);

  const result = {} as Record<FacetName, FacetCount[]>;
  for (const facet of shared) result[facet] = sharedRows.filter((r) => r.col === COLUMN[facet]).map(({ key, n }) => ({ key, n }));
  own.forEach((facet, i) => (result[facet] = ownRows[i]!));
  return result;
}

/** One scan, one grouping set per column; `col` names the set each row belongs to. */
function groupingSetsQuery(from: SQL, columns: FacetColumns, names: (keyof Omit<FacetColumns, 'id'>)[], where: SQL, n: SQL): SQL {
  const list = (part: (name: (typeof names)[number]) => SQL, separator: string) => sql.join(names.map(part), sql.raw(separator));
  // The names come from the fixed set above, never from the request.
  const which = list((name) => sql`when grouping(${columns[name]}) = 0 then ${sql.raw(`'${name}'`)}`, ' ');
  const key = list((name) => sql`${columns[name]}::text`, ', ');
  const sets = list((name) => sql`(${columns[name]})`, ', ');
  return sql`select case ${which} end as col, coalesce(${key}) as key, ${n} as n
             from ${from}${where} group by grouping sets (${sets}) having ${n} > 0`;
}
