// The demo's shipped orders have the warehouse's shipment behind their tracking reference (decision
// 050), so a buyer opening one sees the parcel, its tracking link and the lots on the order page.
// One parcel per order with every line, shipped two days before its expected delivery. Each line
// carries its product's GTIN-14 as a warehouse reports it (decision 074), so a recall opened in the
// demo for a seeded lot finds the organisations that received it.
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

export const DEMO_WAREHOUSE = 'Demo warehouse';

export async function seedDemoShipments(tx: Tx): Promise<void> {
  await tx.execute(sql`
    with shipped as (
      insert into shipments (order_id, external_id, request_hash, client_name, carrier, tracking_reference, tracking_url, shipped_on, expected_delivery_on)
      select o.id, 'DEMO-' || o.number, 'seed', ${DEMO_WAREHOUSE}, 'bpost', o.tracking_reference,
             'https://track.bpost.cloud/btr/web/#/search?itemCode=' || o.tracking_reference,
             o.expected_delivery_on - 2, o.expected_delivery_on
      from orders o
      where o.status in ('in_shipping', 'delivered') and o.tracking_reference is not null and o.expected_delivery_on is not null
      returning id, order_id, shipped_on
    )
    insert into shipment_lines (shipment_id, position, order_line_id, quantity, gtin, lot, expiry_on)
    select s.id, (row_number() over (partition by s.id order by l.article_code, l.id) - 1)::int, l.id, l.quantity,
           case when p.gtin ~ '^([0-9]{8}|[0-9]{12,14})$' then lpad(p.gtin, 14, '0') end,
           'L' || to_char(s.shipped_on, 'YYMM') || upper(substr(md5(l.id::text), 1, 3)), (s.shipped_on + interval '2 years')::date
    from shipped s join order_lines l on l.order_id = s.order_id
    left join products p on p.id = l.product_id`);
}
