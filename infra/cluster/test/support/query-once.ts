// One statement on a database the test does not keep a pool for (a restored copy): its own connection,
// closed whatever the statement does.
import pg from 'pg';

export async function queryOnce<T = Record<string, unknown>>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
