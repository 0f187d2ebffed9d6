import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CatalogSort } from '@portal/shared/schemas/shop';
import { Button, Group } from '@portal/shared/ui';
import { NativeSelect } from '@portal/shared/ui/choice';
import { Input } from '@portal/shared/ui/forms';

export interface CatalogToolbarProps {
  q: string;
  sort: CatalogSort | null;
  onSearch: (q: string) => void;
  onSort: (sort: CatalogSort | null) => void;
}

const SORTS: CatalogSort[] = ['price_asc', 'price_desc', 'name_asc', 'name_desc'];

/** Search (names, descriptions, article codes, NSNs) and the sort of spec section 9. */
export function CatalogToolbar({ q, sort, onSearch, onSort }: CatalogToolbarProps) {
  const intl = useIntl();
  const [text, setText] = useState(q);
  // A new search from outside (back button, a cleared filter) replaces what was typed.
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    setText(q);
  }
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(text.trim());
        }}
        style={{ flex: '1 1 18rem' }}
      >
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Input
            type="search"
            label={intl.formatMessage({ id: 'catalog.search.label' })}
            placeholder={intl.formatMessage({ id: 'catalog.search.placeholder' })}
            leftIcon="search"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit">
            <FormattedMessage id="catalog.search.submit" />
          </Button>
        </Group>
      </form>
      <NativeSelect
        label={intl.formatMessage({ id: 'catalog.sort.label' })}
        // The spec's four sorts, nothing else. Without a choice the list is in name order (which the
        // menu then shows); a search without a choice is in order of relevance, shown but not offered.
        value={sort ?? (q ? '' : 'name_asc')}
        onChange={(e) => onSort((e.currentTarget.value || null) as CatalogSort | null)}
      >
        {q && !sort && (
          <option value="" disabled hidden>
            {intl.formatMessage({ id: 'catalog.sort.relevance' })}
          </option>
        )}
        {SORTS.map((s) => (
          <option key={s} value={s}>
            {intl.formatMessage({ id: `catalog.sort.${s}` })}
          </option>
        ))}
      </NativeSelect>
    </Group>
  );
}
