import { FormattedMessage, useIntl } from 'react-intl';
import { CATALOG_LIST_KEYS, type CatalogFacets, type CatalogKind, type CatalogListKey, type CatalogParams } from '@portal/shared/schemas/shop';
import { Skeleton, Stack, Text } from '@portal/shared/ui';
import { Checkbox, Fieldset, Radio } from '@portal/shared/ui/choice';

export interface ProductFiltersProps {
  facets: CatalogFacets | undefined;
  state: CatalogParams;
  onToggle: (key: CatalogListKey, slug: string) => void;
  onKind: (kind: CatalogKind) => void;
}

/** Facets with their counts (each counted with the other filters applied). */
export function ProductFilters({ facets, state, onToggle, onKind }: ProductFiltersProps) {
  const intl = useIntl();
  return (
    <Stack gap="md" component="section" aria-label={intl.formatMessage({ id: 'catalog.filters.title' })}>
      <Fieldset legend={intl.formatMessage({ id: 'catalog.filters.kind' })} variant="unstyled">
        <Radio.Group value={state.kind} onChange={(value) => onKind(value as CatalogKind)}>
          <Stack gap={4}>
            {(['all', 'products', 'bundles'] as const).map((kind) => (
              <Radio
                key={kind}
                value={kind}
                label={
                  intl.formatMessage({ id: `catalog.filters.kind.${kind}` }) +
                  (facets && kind !== 'all' ? ` (${facets.kind[kind]})` : '')
                }
              />
            ))}
          </Stack>
        </Radio.Group>
      </Fieldset>
      {CATALOG_LIST_KEYS.map((key) => (
        <Fieldset key={key} legend={intl.formatMessage({ id: `catalog.filters.${key}` })} variant="unstyled">
          {!facets ? (
            <Skeleton height={60} />
          ) : facets[key].length === 0 ? (
            <Text variant="caption">
              <FormattedMessage id="catalog.filters.none" />
            </Text>
          ) : (
            <Stack gap={4} data-facet={key}>
              {facets[key].map((value) => (
                <Checkbox
                  key={value.slug}
                  checked={state.lists[key].includes(value.slug)}
                  onChange={() => onToggle(key, value.slug)}
                  label={`${value.name} (${value.count})`}
                />
              ))}
            </Stack>
          )}
        </Fieldset>
      ))}
    </Stack>
  );
}
