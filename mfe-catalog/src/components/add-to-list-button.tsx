// The button that opens "Add to a list" for some lines; shown to an organisation's buyers only
// (lists belong to an organisation: staff and web-shop customers have none).
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { OrderListLineInput } from '@portal/shared/schemas/shop';
import { useAudience } from '@portal/shared/session';
import { Button } from '@portal/shared/ui';
import { AddToListDialog } from './lazy-add-to-list-dialog';

/** `labelId`: the button's words where it stands (a product page, quick order); `{count}` is the number of lines. */
export function AddToListButton({ lines, disabled, labelId }: { lines: OrderListLineInput[]; disabled?: boolean; labelId: string }) {
  const audience = useAudience();
  const [opened, setOpened] = useState(false);
  if (audience !== 'contract') return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpened(true)} disabled={disabled || !lines.length} style={{ alignSelf: 'flex-start' }}>
        <FormattedMessage id={labelId} values={{ count: lines.length }} />
      </Button>
      {opened ? <AddToListDialog opened={opened} onClose={() => setOpened(false)} lines={lines} /> : null}
    </>
  );
}
