// The product detail (spec section 2): fields, price with the VAT toggle, stock state, add to
// cart, bundle membership or contents, related and recommended products, specs and the sheet.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '@portal/shared/router';
import type { ShopType } from '@portal/shared/api';
import type { CatalogProduct, CatalogProductSummary } from '@portal/shared/schemas/shop';
import { Anchor, Button, Grid, Group, List, Notice, Stack, Text, Title } from '@portal/shared/ui';
import { Table } from '@portal/shared/ui/data';
import { StockBadge } from '@portal/shared/ui/status';
import { AddToCart } from '../../../components/add-to-cart';
import { AddToListButton } from '../../../components/add-to-list-button';
import { PriceTag } from '../../../components/price-tag';
import { VatToggle } from '@portal/shared/ui/choice';
import { useLocale } from '@portal/shared/navigation';
import { useVatPreference } from '@portal/shared/preferences';
import { downloadTechnicalSheet } from '../api/download-sheet';
import { MedicalDeviceFacts } from './medical-device-facts';
import { ProductGallery } from './product-gallery';

const FIELDS = ['brand', 'article_code', 'product_code', 'nsn', 'size', 'colour', 'dimensions', 'diameter', 'volume', 'weight', 'units', 'category', 'sub_category', 'product_group'] as const;

export interface ProductDetailViewProps {
  product: CatalogProduct;
  shop: ShopType;
  basePath: string;
  linkSearch: string;
}

function ProductLinks({ titleId, items, basePath, linkSearch }: { titleId: string; items: { slug: string; name: string }[]; basePath: string; linkSearch: string }) {
  if (!items.length) return null;
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h4">
        <FormattedMessage id={titleId} />
      </Title>
      <List>
        {items.map((i) => (
          <List.Item key={i.slug}>
            <Anchor component={Link} to={`${basePath}/${i.slug}${linkSearch}`}>
              {i.name}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

export function ProductDetailView({ product, shop, basePath, linkSearch }: ProductDetailViewProps) {
  const intl = useIntl();
  const locale = useLocale();
  const [inclVat, setInclVat] = useVatPreference();
  const [sheetState, setSheetState] = useState<'idle' | 'loading' | 'failed'>('idle');
  // One quantity for the cart and the list (issue 44.10: the 10 chosen here became 1 in the list).
  const [quantity, setQuantity] = useState<number | string>(1);
  const listQuantity = Number.isInteger(Number(quantity)) && Number(quantity) >= 1 ? Number(quantity) : 1;
  const withState = (list: CatalogProductSummary[]) => list.map((p) => ({ slug: p.slug, name: p.name }));

  const download = async () => {
    setSheetState('loading');
    try {
      await downloadTechnicalSheet(product.technical_sheet_url!, shop, `technical-sheet-${product.article_code.toLowerCase()}.pdf`);
      setSheetState('idle');
    } catch {
      setSheetState('failed');
    }
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`${basePath}${linkSearch}`}>
        <FormattedMessage id="catalog.detail.back" />
      </Anchor>
      <Stack gap={4}>
        <Text variant="caption">{product.brand}</Text>
        <Title order={1}>{product.name}</Title>
        {product.description ? <Text>{product.description}</Text> : null}
      </Stack>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <ProductGallery images={product.images ?? []} />
            <Table aria-label={intl.formatMessage({ id: 'catalog.detail.fields' })} data-testid="product-fields">
              <Table.Tbody>
                {FIELDS.filter((f) => product[f]).map((f) => (
                  <Table.Tr key={f}>
                    <Table.Th scope="row">
                      <FormattedMessage id={`catalog.field.${f}`} />
                    </Table.Th>
                    <Table.Td>{product[f]}</Table.Td>
                  </Table.Tr>
                ))}
                {product.technical_specs.map((s) => (
                  <Table.Tr key={`spec-${s.label}`}>
                    <Table.Th scope="row">{s.label}</Table.Th>
                    <Table.Td>{s.value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <MedicalDeviceFacts device={product.medical_device} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md" component="section" aria-label={intl.formatMessage({ id: 'catalog.detail.order' })}>
            <PriceTag price={product.price} inclVat={inclVat} large state={product.stock_state} />
            <VatToggle inclVat={inclVat} onChange={setInclVat} label={intl.formatMessage({ id: 'catalog.vat.toggle' })} />
            <Group gap="xs">
              <StockBadge state={product.stock_state} />
              {product.stock_level !== null ? (
                <Text variant="caption">
                  <FormattedMessage id="catalog.detail.stockLevel" values={{ count: product.stock_level }} />
                </Text>
              ) : null}
            </Group>
            {product.stock_state === 'price_on_request' ? (
              <Notice tone="violet" title={intl.formatMessage({ id: 'catalog.stock.price_on_request' })}>
                <Stack gap="xs" align="flex-start">
                  <FormattedMessage id="catalog.detail.quotation" />
                  <Anchor component={Link} to={`/${locale}/quotations`} c="violet.9" underline="always">
                    <FormattedMessage id="catalog.detail.quotationLink" />
                  </Anchor>
                </Stack>
              </Notice>
            ) : null}
            {product.stock_state === 'not_within_contract' ? (
              <Notice tone="red" title={intl.formatMessage({ id: 'catalog.stock.not_within_contract' })}>
                <FormattedMessage id="catalog.detail.notWithinContract" />
              </Notice>
            ) : null}
            <AddToCart product={product} shop={shop} quantity={quantity} onQuantityChange={setQuantity} />
            {shop === 'portal' ? <AddToListButton lines={[{ product_id: product.id, quantity: listQuantity }]} labelId="catalog.lists.add.product" /> : null}
            {product.technical_sheet_url ? (
              <Stack gap={4} align="flex-start">
                <Button variant="outline" onClick={() => void download()} loading={sheetState === 'loading'}>
                  <FormattedMessage id="catalog.detail.sheet" />
                </Button>
                {sheetState === 'failed' ? (
                  <div role="alert">
                    <Text variant="caption">
                      <FormattedMessage id="catalog.detail.sheetFailed" />
                    </Text>
                  </div>
                ) : null}
              </Stack>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
      {product.bundle_items.length ? (
        <Stack gap="xs" component="section">
          <Title order={2} size="h4">
            <FormattedMessage id="catalog.detail.bundleContents" />
          </Title>
          <List>
            {product.bundle_items.map((i) => (
              <List.Item key={i.product_id}>
                {i.quantity} ×{' '}
                <Anchor component={Link} to={`${basePath}/${i.slug}${linkSearch}`}>
                  {i.name}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
      <ProductLinks titleId="catalog.detail.inBundles" items={product.bundles} basePath={basePath} linkSearch={linkSearch} />
      <ProductLinks titleId="catalog.detail.recommended" items={withState(product.recommended)} basePath={basePath} linkSearch={linkSearch} />
      <ProductLinks titleId="catalog.detail.related" items={withState(product.related)} basePath={basePath} linkSearch={linkSearch} />
    </Stack>
  );
}
