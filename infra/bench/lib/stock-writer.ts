// Background stock updates while a bench reads (issue 31): what order placements do to the
// catalogue, one product's level at a time, committed one by one, so each is a stock-only
// notification naming its product (migration 0033). Products are drawn uniformly from the generated
// catalogue (`generated-product-<n>`). Needs PostgreSQL: PGlite is held by the API process.
import pg from 'pg';

export interface StockWriter {
  /** Stops after the update in flight; the number of updates committed. */
  stop(): Promise<number>;
}

export async function startStockWriter(url: string, opts: { perSecond: number; products: number }): Promise<StockWriter> {
  const client = new pg.Client({ connectionString: url, application_name: 'bench_stock_writer' });
  await client.connect();
  let running = true;
  let written = 0;
  const interval = 1000 / opts.perSecond;
  const loop = (async () => {
    let next = performance.now();
    while (running) {
      const n = 1 + Math.floor(Math.random() * opts.products);
      await client.query(
        `update products set stock_level = case when stock_level > 0 then stock_level - 1 else 50 end, updated_at = now() where slug = $1`,
        [`generated-product-${n}`],
      );
      written += 1;
      next += interval;
      const wait = next - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      else next = performance.now();
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      return written;
    },
  };
}
