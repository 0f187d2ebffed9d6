import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations, renderUi } from '../test-utils';
import { Notice, type NoticeTone } from './notice';

const TONES: NoticeTone[] = ['red', 'green', 'blue', 'violet', 'yellow', 'gray'];

describe('Notice', () => {
  it('announces an alert at once and a status politely; without a role it is an alert (as before)', () => {
    renderUi(
      <div>
        <Notice tone="red" title="Refused" role="alert" testId="a" />
        <Notice tone="green" title="Saved" role="status" testId="s" />
        <Notice tone="blue" title="Note" testId="n" />
      </div>,
    );
    expect(screen.getByTestId('a').getAttribute('role')).toBe('alert');
    expect(screen.getByRole('status').textContent).toContain('Saved');
    expect(screen.getByTestId('n').getAttribute('role')).toBe('alert');
  });

  it('leaves a note unannounced', () => {
    renderUi(<Notice tone="gray" role="note" testId="locked">Sent: it can no longer change.</Notice>);
    expect(screen.getByTestId('locked').getAttribute('role')).toBe('note');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('titles yellow in the text colour, its darkest shade being too pale on its tint', () => {
    renderUi(<Notice tone="yellow" title="Waiting for approval" testId="y" />);
    expect(screen.getByText('Waiting for approval').closest('[style]')?.getAttribute('style') ?? '').toContain('var(--mantine-color-text)');
  });

  it('tints the background and keeps the text in the text colour', () => {
    renderUi(<Notice tone="violet" title="Price on request" testId="v">Ask us</Notice>);
    const root = screen.getByTestId('v');
    expect(root.getAttribute('style')).toContain('var(--mantine-color-violet-0)');
    expect(screen.getByText('Ask us').getAttribute('style') ?? '').toContain('var(--mantine-color-text)');
  });

  it('passes axe in every tone, with and without an icon', async () => {
    const { container } = renderUi(
      <div>
        {TONES.map((tone) => (
          <Notice key={tone} tone={tone} title={tone} icon={tone === 'red' ? 'alertCircle' : undefined}>
            Text in {tone}
          </Notice>
        ))}
      </div>,
    );
    expect(await axeViolations(container)).toEqual([]);
  });
});
