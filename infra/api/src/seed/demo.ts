// Seeds the demo data into an empty database, in one transaction.
import { hash } from '@node-rs/argon2';
import { inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db, Tx } from '../db/client';
import * as s from '../db/schema';
import { typedRows } from '../db/typed-rows';
import { demoAccounts, HOSPITAL, POLICE } from './accounts';
import { bundleLines, buildCatalogue, type SeedProduct } from './catalogue';
import { addRecentContractLines, createHistoryRandom, establishedAt } from './contract-history';
import { PAGE_ENTRIES, ROUTE_TABLE, SEO_ENTRIES } from './content-data';
import { seedCheckoutDemo } from './checkout';
import { vatBuyerOf } from '../common/vat/vat-buyer';
import { seedOrders } from './demo-orders';
import { seedDemoDevices, serialiseDemoShipments } from './demo-devices';
import { seedDemoShipments } from './demo-shipments';
import { POLICY_ENTRIES } from './policies-data';
import { demoProductImages } from './product-images';
import { createRandom } from './random';
import { BRANDS, FAMILIES, PRODUCT_GROUPS } from './taxonomy';

const SEED_LOCK_ID = 4_210_004;

/** True when nothing has been seeded yet (no users, no products). */
export async function isDatabaseEmpty(db: Db | Tx): Promise<boolean> {
  const [row] = await typedRows(db, { filled: v.boolean() }, sql`select (exists(select 1 from users) or exists(select 1 from products)) as filled`);
  return !row?.filled;
}

/** Inserts rows in chunks (keeps each statement well under the 65 535-parameter limit). */
async function insertChunked<T>(tx: Tx, rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** What the seed fills from other code: the invoices of the demo's shipped orders, issued by the invoices module (issue 30), and the orders' events. */
export interface DemoSeedExtras {
  invoices?: (tx: Tx) => Promise<void>;
  /** The integration events of a seeded order's history, as its moves would have recorded them (the orders owner's, decision 066). */
  orderEvents?: (tx: Tx, orderId: string) => Promise<void>;
  /** The seller's country (the environment's seller): the demo orders' VAT regime is decided against it. */
  sellerCountry?: string;
}

/** Seeds the demo data when the database is empty; returns whether it did. */
export async function seedDemoData(db: Db, extras: DemoSeedExtras = {}): Promise<boolean> {
  // Every start but the first finds the data there: one query, not eight argon2 hashes (the check
  // under the lock below stays the one that decides when instances start together).
  if (!(await isDatabaseEmpty(db))) return false;
  // Hash outside the transaction: argon2 is deliberately slow.
  const accounts = demoAccounts();
  const hashes = await Promise.all(accounts.map((a) => hash(a.password)));
  return db.transaction(async (tx) => {
    // Several instances starting together: one seeds, the others see a filled database.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (!(await isDatabaseEmpty(tx))) return false;
    const rnd = createRandom(20250101);
    const history = createHistoryRandom();
    const now = Date.now();

    // Taxonomy
    const brandRows = await tx
      .insert(s.brands)
      .values(BRANDS.map((b) => ({ slug: b.slug, name: b.name, isPartner: b.partner ?? false })))
      .returning({ id: s.brands.id, slug: s.brands.slug });
    const brandId = new Map(brandRows.map((b) => [b.slug, b.id]));
    const categoryId = new Map<string, number>();
    let order = 0;
    for (const family of FAMILIES) {
      const [parent] = await tx.insert(s.categories).values({ slug: family.slug, name: family.name, sortOrder: order++ }).returning({ id: s.categories.id });
      categoryId.set(family.slug, parent!.id);
      const subs = await tx
        .insert(s.categories)
        .values(family.subs.map((sub, i) => ({ slug: sub.slug, name: sub.name, parentId: parent!.id, sortOrder: i })))
        .returning({ id: s.categories.id, slug: s.categories.slug });
      for (const sub of subs) categoryId.set(sub.slug, sub.id);
    }
    const groupRows = await tx.insert(s.productGroups).values(PRODUCT_GROUPS).returning({ id: s.productGroups.id, slug: s.productGroups.slug });
    const groupId = new Map(groupRows.map((g) => [g.slug, g.id]));

    // Catalogue
    const catalogue = buildCatalogue(rnd);
    await insertChunked(tx, catalogue, 200, (chunk) =>
      tx.insert(s.products).values(
        chunk.map((p) => ({
          id: p.id,
          kind: p.kind,
          slug: p.slug,
          articleCode: p.articleCode,
          productCode: p.productCode,
          nsn: p.nsn,
          gtin: p.gtin,
          brandId: brandId.get(p.brand)!,
          categoryId: categoryId.get(p.sub)!,
          productGroupId: groupId.get(p.group)!,
          shop: p.shop,
          colour: p.colour,
          size: p.size,
          lengthMm: p.dims?.[0] ?? null,
          widthMm: p.dims?.[1] ?? null,
          heightMm: p.dims?.[2] ?? null,
          diameterMm: p.diameterMm ?? null,
          volumeMl: p.volumeMl ?? null,
          weightG: p.weightG || null,
          unit: p.unit,
          unitsPerPackage: p.unitsPerPackage,
          priceCents: p.priceCents,
          priceOnRequest: p.priceOnRequest,
          vatRateBp: p.vatBp,
          stockLevel: p.stockLevel,
          lowStockThreshold: p.lowStockThreshold,
          backorderAllowed: p.backorderAllowed,
          technicalSpecs: p.specs,
          technicalSheetUrl: p.kind === 'product' ? `/sheets/${p.productCode.toLowerCase()}.pdf` : null,
        })),
      ),
    );
    const translations = catalogue.flatMap((p) =>
      (['en', 'nl', 'fr'] as const).map((locale) => ({ productId: p.id, locale, name: p.name[locale], description: p.description[locale] })),
    );
    await insertChunked(tx, translations, 1000, (chunk) => tx.insert(s.productTranslations).values(chunk));
    await tx.insert(s.bundleLines).values(bundleLines(catalogue));
    await tx.insert(s.productRelations).values(relations(catalogue)).onConflictDoNothing();
    const pictures = demoProductImages(catalogue);
    await tx.insert(s.images).values(pictures.images);
    await insertChunked(tx, pictures.links, 1000, (chunk) => tx.insert(s.productImages).values(chunk));

    // Staff, organisations, users
    const userIds = new Map<string, string>();
    for (const [i, account] of accounts.entries()) {
      const [row] = await tx
        .insert(s.users)
        .values({
          email: account.email,
          passwordHash: hashes[i]!,
          firstName: account.firstName,
          lastName: account.lastName,
          function: account.function,
          phone: account.organisation === POLICE ? '+31 30 123 45 67' : '+32 3 123 45 67',
          locale: account.organisation === POLICE ? 'nl' : account.role === 'case_manager' ? 'nl' : 'en',
          emailVerifiedAt: new Date(),
          twoFactorEnabled: account.twoFactor ?? false,
        })
        .returning({ id: s.users.id });
      userIds.set(account.email, row!.id);
      if (account.role === 'case_manager' || account.role === 'sales_consultant') {
        await tx.insert(s.staff).values({ userId: row!.id, role: account.role });
      }
    }
    const staffId = (role: string) => userIds.get(accounts.find((a) => a.role === role)!.email)!;
    const orgs = await tx
      .insert(s.organisations)
      .values([
        {
          name: HOSPITAL,
          vatNumber: 'BE0412345614',
          country: 'BE',
          enterpriseNumber: '0412345614',
          peppolParticipantId: '0208:0412345614',
          billingEmail: 'facturatie@zorggroep-scheldeland.example',
          website: 'https://zorggroep-scheldeland.example',
          clientType: 'B2B',
          organisationType: 'medical',
          customerNumber: 'C-100234',
          salesConsultantId: staffId('sales_consultant'),
          caseManagerId: staffId('case_manager'),
        },
        {
          name: POLICE,
          vatNumber: 'NL001234567B01',
          country: 'NL',
          oin: '00000001823288444000',
          peppolParticipantId: '0190:00000001823288444000',
          billingEmail: 'crediteuren@interventie-polder.example',
          website: 'https://interventie-polder.example',
          clientType: 'B2G',
          organisationType: 'medical_and_tactical',
          customerNumber: 'G-200871',
          salesConsultantId: staffId('sales_consultant'),
          caseManagerId: staffId('case_manager'),
        },
      ])
      .returning({ id: s.organisations.id, name: s.organisations.name, clientType: s.organisations.clientType, vatNumber: s.organisations.vatNumber, country: s.organisations.country, vatExemptionReason: s.organisations.vatExemptionReason });
    const vatOf = (name: string, country: string) => vatBuyerOf(orgs.find((o) => o.name === name)!, country);
    const orgId = new Map(orgs.map((o) => [o.name, o.id]));
    for (const account of accounts) {
      if (!account.organisation || (account.role !== 'admin' && account.role !== 'buyer')) continue;
      await tx.insert(s.memberships).values({ userId: userIds.get(account.email)!, organisationId: orgId.get(account.organisation)!, role: account.role });
      // Joined a moment later, so that the first organisation (where a sign-in starts) is certain.
      if (account.alsoMemberOf) {
        await tx
          .insert(s.memberships)
          .values({ userId: userIds.get(account.email)!, organisationId: orgId.get(account.alsoMemberOf)!, role: account.role, createdAt: sql`now() + interval '1 second'` });
      }
    }
    for (const org of [HOSPITAL, POLICE]) {
      const admin = accounts.find((a) => a.organisation === org && a.role === 'admin')!;
      await tx.update(s.organisations).set({ primaryContactUserId: userIds.get(admin.email)! }).where(sql`${s.organisations.id} = ${orgId.get(org)!}`);
    }
    await tx.insert(s.addresses).values(ADDRESSES.map((a) => ({ ...a, organisationId: orgId.get(a.org)! })));

    // Contracts: each covers part of the catalogue, so every customer also sees products outside it.
    const [hospitalContract, policeContract] = await tx
      .insert(s.contracts)
      .values([
        {
          organisationId: orgId.get(HOSPITAL)!,
          number: 'CTR-2024-0107',
          name: 'Framework agreement medical supplies 2024–2027',
          startsOn: '2024-03-01',
          endsOn: '2027-02-28',
          paymentTermDays: 30,
          conditions: 'Contract prices exclude VAT. Free delivery from €250 per order. Payment 30 days after invoice date.',
          nameTranslations: { nl: 'Raamovereenkomst medische benodigdheden 2024–2027', fr: 'Accord-cadre fournitures médicales 2024–2027' },
          conditionsTranslations: {
            nl: 'Contractprijzen zijn exclusief btw. Gratis levering vanaf € 250 per bestelling. Betaling 30 dagen na factuurdatum.',
            fr: 'Les prix du contrat s’entendent hors TVA. Livraison gratuite à partir de 250 € par commande. Paiement à 30 jours date de facture.',
          },
        },
        {
          organisationId: orgId.get(POLICE)!,
          number: 'CTR-2025-0042',
          name: 'Raamovereenkomst tactische en medische uitrusting 2025–2028',
          startsOn: '2025-01-01',
          endsOn: '2028-12-31',
          paymentTermDays: 45,
          conditions: 'Public procurement framework. Prices exclude VAT. End-user certificate required for controlled items.',
          nameTranslations: { en: 'Framework agreement tactical and medical equipment 2025–2028', fr: 'Accord-cadre équipement tactique et médical 2025–2028' },
          conditionsTranslations: {
            nl: 'Raamovereenkomst overheidsopdracht. Prijzen exclusief btw. Eindgebruikerscertificaat vereist voor gecontroleerde artikelen.',
            fr: 'Accord-cadre de marché public. Prix hors TVA. Certificat d’utilisateur final requis pour les articles contrôlés.',
          },
        },
      ])
      .returning({ id: s.contracts.id });
    const hospitalFamilies = new Set(['tactical-medicine', 'partner-brands', 'gloves', 'eye-and-ear-protection', 'protective-clothing', 'headlamps', 'flashlights', 'diagnostics', 'shelter', 'radios']);
    const familyOf = new Map(FAMILIES.flatMap((f) => f.subs.map((sub) => [sub.slug, f.slug] as const)));
    const policeFamilies = new Set(['personal-protective-gear', 'vision-and-lights', 'communication-and-navigation', 'field-equipment', 'tactical-medicine', 'partner-tactical']);
    const inContract = (p: SeedProduct, families: Set<string>, excludedShop: string, skipEvery: number, i: number) =>
      (families.has(p.sub) || families.has(familyOf.get(p.sub) ?? '')) && p.shop !== excludedShop && i % skipEvery !== 0;
    const prices = catalogue.flatMap((p, i) => {
      const rows: { contractId: string; productId: string; priceCents: number | null; addedAt: Date }[] = [];
      const discounted = (pct: number) => (p.priceCents === null ? null : Math.round((p.priceCents * (100 - pct)) / 1000) * 10);
      if (inContract(p, hospitalFamilies, 'tactical', 7, i)) rows.push({ contractId: hospitalContract!.id, productId: p.id, priceCents: discounted(12), addedAt: establishedAt(history, now) });
      if (inContract(p, policeFamilies, 'medical', 9, i)) rows.push({ contractId: policeContract!.id, productId: p.id, priceCents: discounted(8), addedAt: establishedAt(history, now) });
      return rows;
    });
    await insertChunked(tx, prices, 1000, (chunk) => tx.insert(s.contractPrices).values(chunk));
    // Some products are sold under one contract only and never in the public shops (issue 7):
    // every fourth product only the police contract lists.
    const hospitalRange = new Set(prices.filter((r) => r.contractId === hospitalContract!.id).map((r) => r.productId));
    const policeOnly = prices.filter((r) => r.contractId === policeContract!.id && !hospitalRange.has(r.productId)).map((r) => r.productId);
    const contractOnly = policeOnly.filter((_, i) => i % 4 === 1);
    if (contractOnly.length) await tx.update(s.products).set({ contractOnly: true }).where(inArray(s.products.id, contractOnly));

    // Content
    await tx.insert(s.translations).values([...POLICY_ENTRIES, ...SEO_ENTRIES, ...PAGE_ENTRIES]);
    await tx.insert(s.routeRules).values(
      ROUTE_TABLE.map((r) => ({
        pattern: r.pattern,
        middleware: r.middleware ?? [],
        redirectTo: r.redirect?.to ?? null,
        redirectType: r.redirect?.type ?? null,
        redirectStatus: r.redirect?.status ?? null,
      })),
    );

    await seedOrders(tx, rnd, {
      catalogue,
      prices,
      organisations: [
        { id: orgId.get(HOSPITAL)!, contractId: hospitalContract!.id, users: accounts.filter((a) => a.organisation === HOSPITAL && !a.alsoMemberOf).map((a) => userIds.get(a.email)!), country: 'BE', vat: vatOf(HOSPITAL, 'BE') },
        { id: orgId.get(POLICE)!, contractId: policeContract!.id, users: accounts.filter((a) => a.organisation === POLICE && !a.alsoMemberOf).map((a) => userIds.get(a.email)!), country: 'NL', vat: vatOf(POLICE, 'NL') },
      ],
      sellerCountry: extras.sellerCountry ?? 'BE',
      ...(extras.orderEvents ? { orderEvents: extras.orderEvents } : {}),
      caseManagerId: staffId('case_manager'),
      addresses: ADDRESSES,
      orgName: (id) => orgs.find((o) => o.id === id)!.name,
    });
    await seedDemoDevices(tx, hospitalContract!.id);
    await seedDemoShipments(tx);
    await serialiseDemoShipments(tx);
    await seedCheckoutDemo(tx);
    await extras.invoices?.(tx);
    await addRecentContractLines(
      tx,
      history,
      now,
      [
        { contractId: hospitalContract!.id, organisationId: orgId.get(HOSPITAL)! },
        { contractId: policeContract!.id, organisationId: orgId.get(POLICE)! },
      ],
      prices,
    );
    await tx.insert(s.auditLog).values({ action: 'seed.demo', data: { products: catalogue.length } });
    return true;
  });
}

/** Related: other models of the same sub-category. Recommended: the bundles a product is part of. */
function relations(catalogue: SeedProduct[]) {
  const primaries = catalogue.filter((p) => p.primary && p.kind === 'product');
  const rows: { productId: string; relatedProductId: string; kind: 'related' | 'recommended' }[] = [];
  const lines = bundleLines(catalogue);
  for (const p of catalogue.filter((x) => x.kind === 'product')) {
    for (const other of primaries.filter((o) => o.sub === p.sub && o.model !== p.model).slice(0, 3)) {
      rows.push({ productId: p.id, relatedProductId: other.id, kind: 'related' });
    }
  }
  for (const line of lines) rows.push({ productId: line.productId, relatedProductId: line.bundleId, kind: 'recommended' });
  return rows;
}

export type SeedAddress = (typeof ADDRESSES)[number];

/** Belgian and Dutch addresses of the two demo organisations. */
const ADDRESSES = [
  { org: HOSPITAL, label: 'Head office – invoicing', type: 'billing' as const, street: 'Lange Gasthuisstraat', nr: '39', box: null, postalCode: '2000', city: 'Antwerpen', country: 'BE', email: 'facturatie@zorggroep-scheldeland.example', phone: '+32 3 123 45 67', isDefault: true },
  { org: HOSPITAL, label: 'Campus Sint-Elisabeth – central store', type: 'shipping' as const, street: 'Kortrijksesteenweg', nr: '1026', box: 'B', postalCode: '9051', city: 'Gent', country: 'BE', email: 'magazijn.gent@zorggroep-scheldeland.example', phone: '+32 9 222 33 44', isDefault: true },
  { org: HOSPITAL, label: 'Campus Brugge – emergency department', type: 'shipping' as const, street: 'Ruddershove', nr: '10', box: null, postalCode: '8000', city: 'Brugge', country: 'BE', email: 'spoed.brugge@zorggroep-scheldeland.example', phone: '+32 50 45 67 89', isDefault: false },
  { org: POLICE, label: 'Financiële administratie', type: 'billing' as const, street: 'Croeselaan', nr: '15', box: null, postalCode: '3521 BJ', city: 'Utrecht', country: 'NL', email: 'crediteuren@interventie-polder.example', phone: '+31 30 123 45 67', isDefault: true },
  { org: POLICE, label: 'Kazerne Amersfoort – logistiek', type: 'shipping' as const, street: 'Barchman Wuytierslaan', nr: '198', box: null, postalCode: '3819 AC', city: 'Amersfoort', country: 'NL', email: 'logistiek@interventie-polder.example', phone: '+31 33 765 43 21', isDefault: true },
  { org: POLICE, label: 'Steunpunt Maastricht', type: 'shipping' as const, street: 'Boschstraat', nr: '60', box: 'A', postalCode: '6211 AX', city: 'Maastricht', country: 'NL', email: 'steunpunt.mst@interventie-polder.example', phone: '+31 43 321 00 99', isDefault: false },
];
