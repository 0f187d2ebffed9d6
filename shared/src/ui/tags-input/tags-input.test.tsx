import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { axeViolations, renderUi } from '../test-utils';
import { TAG_DELIMITERS, TagsInput } from './tags-input';

function Controlled() {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <TagsInput label="Article codes" value={value} onChange={setValue} />
      <output>{value.join('|')}</output>
    </>
  );
}

describe('TagsInput', () => {
  it('splits on commas', () => {
    expect(TAG_DELIMITERS).toEqual([',']);
  });

  it('turns comma-separated typing into tags, with no maximum', async () => {
    renderUi(<Controlled />);
    const field = screen.getByRole('combobox', { name: 'Article codes' });
    const many = Array.from({ length: 30 }, (_, i) => `A${i}`);
    await userEvent.type(field, `${many.join(',')},`);
    expect(screen.getByRole('status').textContent).toBe(many.join('|'));
  });

  it('passes axe', async () => {
    const { container } = renderUi(<TagsInput label="Tags" defaultValue={['mask', 'gloves']} />);
    expect(await axeViolations(container)).toEqual([]);
  });
});
