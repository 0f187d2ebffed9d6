// Owners own their tables (decisions 039, 065). An owner is a folder under modules/; its tables are
// the ones its tables.ts declares, and only it writes them. Another owner that must change them inside
// its own transaction calls the owner's in-transaction port (its contract.ts), wired at the
// composition root (app.ts), or takes an SQL fragment the owner writes (placement's one statement).
// Reads of another owner's table go through the scope module (common/scope) or a port, or are
// declared in the reading owner's links.ts with their reason: this test takes the allowed reads from
// there. It reads every owner's source (its raw SQL text and its Drizzle table imports) and fails
// naming the file and the foreign table.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema';
import * as sharedTables from '../db/audit-log';

const MODULES = join(import.meta.dirname, '../modules');
const OWNER_NAMES = readdirSync(MODULES, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

const sqlNames = (exports: Record<string, unknown>) => Object.values(exports).flatMap((v) => (is(v, PgTable) ? [getTableName(v)] : []));

/** Each owner's tables (its tables.ts) and the reads of other owners' tables it declares (its links.ts). */
const OWNERS: Record<string, { tables: string[]; reads: Record<string, string> }> = Object.fromEntries(
  await Promise.all(
    OWNER_NAMES.map(async (owner) => {
      const dir = join(MODULES, owner);
      const tables = existsSync(join(dir, 'tables.ts')) ? sqlNames(await import(join(dir, 'tables.ts'))) : [];
      const reads = existsSync(join(dir, 'links.ts')) ? ((await import(join(dir, 'links.ts'))) as { READS: Record<string, string> }).READS : {};
      return [owner, { tables, reads }] as const;
    }),
  ),
);
// Append-only: every owner records its own events in the audit log (decision 012), a building block's table.
const SHARED_WRITES = new Set(sqlNames(sharedTables));
const READS: Record<string, string> = Object.fromEntries(
  Object.entries(OWNERS).flatMap(([owner, { reads }]) => Object.entries(reads).map(([table, why]) => [`${owner} → ${table}`, why])),
);

const TABLE_OWNER = new Map<string, string>();
for (const [owner, { tables }] of Object.entries(OWNERS)) for (const t of tables) TABLE_OWNER.set(t, owner);
for (const t of SHARED_WRITES) TABLE_OWNER.set(t, 'shared');

/** Every table of the schema, by its Drizzle export name and its SQL name. */
const TABLES = new Map<string, string>();
for (const [name, value] of Object.entries(schema)) if (is(value, PgTable)) TABLES.set(name, getTableName(value));
const SQL_NAMES = new Set(TABLES.values());

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    // Tests and the security tests' access tables set up rows as the system does, for no caller.
    return e.name.endsWith('.ts') && !/\.(test|test-support|access)\.ts$/.test(e.name) ? [path] : [];
  });
}

/** The code without its comments (prose names tables freely). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[\s;,(){}])\/\/.*$/gm, '$1');

export interface Reference {
  table: string;
  write: boolean;
}

/** The tables a source names: in SQL text (after from, join, using, into, update, delete from) and as Drizzle table imports. */
export function references(text: string): Reference[] {
  const body = code(text);
  const found: Reference[] = [];
  for (const m of body.matchAll(/\b(from|join|using|into|update|table)\s+([a-z_][a-z0-9_]*)\b/gi)) {
    const table = m[2]!;
    if (!SQL_NAMES.has(table)) continue;
    const before = body.slice(Math.max(0, m.index - 12), m.index).toLowerCase();
    const keyword = m[1]!.toLowerCase();
    const write = keyword === 'into' || keyword === 'update' || (keyword === 'from' && /delete\s+$/.test(before));
    found.push({ table, write });
  }
  for (const m of body.matchAll(/import\s+(?!type\b)\{([^}]*)\}\s+from\s+'[./]*\/(?:db\/schema|tables|links)'/g)) {
    for (const part of m[1]!.split(',')) {
      const name = part.trim().replace(/^type\s+/, '');
      if (part.trim().startsWith('type ')) continue;
      const table = TABLES.get(name);
      if (!table) continue;
      const write = new RegExp(`\\.(insert|update|delete)\\(\\s*${name}\\b`).test(body);
      found.push({ table, write });
    }
  }
  return found;
}

/** What in the modules' source breaks the ownership rule, one line per file and foreign table. */
export function violations(): string[] {
  const out = new Set<string>();
  for (const file of sources(MODULES)) {
    const name = relative(MODULES, file);
    const owner = name.split(sep)[0]!;
    for (const ref of references(readFileSync(file, 'utf8'))) {
      const tableOwner = TABLE_OWNER.get(ref.table);
      if (tableOwner === owner) continue;
      if (ref.write && SHARED_WRITES.has(ref.table)) continue;
      if (!ref.write && (SHARED_WRITES.has(ref.table) || READS[`${owner} → ${ref.table}`])) continue;
      out.add(`modules/${name}: ${ref.write ? 'writes' : 'reads'} ${ref.table} (owned by ${tableOwner})`);
    }
  }
  return [...out].sort();
}

describe('modules own their tables', () => {
  it('every table has exactly one owner', () => {
    const owned = [...TABLE_OWNER.keys()].sort();
    expect(owned).toEqual([...SQL_NAMES].sort());
    const listed = [...Object.values(OWNERS).flatMap((o) => o.tables), ...SHARED_WRITES];
    expect(listed.length).toBe(new Set(listed).size);
  });

  it('no module writes, or reads outside the list, a table another module owns', () => {
    expect(violations()).toEqual([]);
  });

  it('every listed read is still made (a stale entry is removed)', () => {
    const made = new Set<string>();
    for (const file of sources(MODULES)) {
      const owner = relative(MODULES, file).split(sep)[0]!;
      for (const ref of references(readFileSync(file, 'utf8'))) made.add(`${owner} → ${ref.table}`);
    }
    expect(Object.keys(READS).filter((k) => !made.has(k))).toEqual([]);
  });

  it('finds writes and reads in SQL text and Drizzle imports', () => {
    expect(references("sql`update products set x = 1`")).toEqual([{ table: 'products', write: true }]);
    expect(references('sql`delete from cart_lines cl using carts c`')).toEqual([
      { table: 'cart_lines', write: true },
      { table: 'carts', write: false },
    ]);
    expect(references('sql`select 1 from discount_codes d join quotations q on true`')).toEqual([
      { table: 'discount_codes', write: false },
      { table: 'quotations', write: false },
    ]);
    expect(references("// update products in a comment\nimport { orders } from '../tables';\ndb.update(orders)")).toEqual([{ table: 'orders', write: true }]);
    expect(references("import { users } from '../../links';\ndb.select().from(users)")).toEqual([{ table: 'users', write: false }]);
    expect(references("import type { AddressSnapshot } from '../../orders/tables';")).toEqual([]);
  });

  it("an owner's links.ts re-exports only the tables its READS names", async () => {
    const wrong: string[] = [];
    for (const owner of OWNER_NAMES) {
      const file = join(MODULES, owner, 'links.ts');
      if (!existsSync(file)) continue;
      const exported = sqlNames(await import(file));
      for (const t of exported) if (!OWNERS[owner]!.reads[t]) wrong.push(`${owner}/links.ts re-exports ${t} without a reason in READS`);
    }
    expect(wrong).toEqual([]);
  });

  it("an owner's code imports another owner's tables only through its links.ts (types aside)", () => {
    const wrong: string[] = [];
    for (const file of sources(MODULES)) {
      const name = relative(MODULES, file);
      const owner = name.split(sep)[0]!;
      if (name === join(owner, 'links.ts') || name === join(owner, 'tables.ts')) continue;
      for (const m of code(readFileSync(file, 'utf8')).matchAll(/import\s+(?!type\b)\{[^}]*\}\s+from\s+'([^']+)'/g)) {
        const spec = m[1]!;
        const other = /(?:^|\/)\.\.\/([a-z-]+)\/tables$/.exec(spec)?.[1];
        if ((other && other !== owner) || /\/db\/schema$/.test(spec)) wrong.push(`modules/${name}: imports ${spec}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
