import type { ReactNode } from 'react';
import { Alert, type AlertProps } from '@mantine/core';
import { Icon } from '../icon/icon';
import type { IconName } from '../icon/icon-paths';

/**
 * Tones of a notice: red stops the user, green confirms, blue informs, violet is "price on request",
 * yellow is done with reservations or waiting (some lines not added, an order awaiting approval, a
 * part of the portal that did not load), gray is a plain fact (nothing found, no longer changeable).
 */
// A type, not a list: the sign-in screens load this entry, and no page needs the tones at run time.
export type NoticeTone = 'red' | 'green' | 'blue' | 'violet' | 'yellow' | 'gray';

/** Tones whose darkest shade is under 4.5:1 on their own tint: their title takes the text colour. */
const PALE_TITLE: readonly NoticeTone[] = ['green', 'yellow'];

/** Props of Notice; spacing props (`mb`, `mt`) go to the box. */
export interface NoticeProps extends Omit<AlertProps, 'color' | 'variant' | 'styles' | 'title' | 'icon' | 'role'> {
  tone: NoticeTone;
  /** The headline, e.g. "Invalid credentials". */
  title?: ReactNode;
  /** What to do about it. */
  children?: ReactNode;
  /**
   * `alert` (Mantine's default) is announced at once, a refused order; `status` politely, a save;
   * `note` not at all, a standing remark beside the content ("this quotation can no longer change").
   */
  role?: 'alert' | 'status' | 'note';
  /** An icon before the text; the tone is then not carried by colour alone. */
  icon?: IconName;
  /** Test and focus hook. */
  testId?: string;
}

/**
 * A tinted, contrast-safe notice: a pale tint of the tone behind body-coloured text, the title and
 * border in the tone's darkest shade. The filled and light variants put text on a saturated or
 * translucent tone and failed axe's colour-contrast rule (issue 19), so every remote uses this one.
 * Links inside take `NOTICE_LINK` so they stay readable on the tint.
 */
export function Notice({ tone, title, children, role, icon, testId, ...box }: NoticeProps) {
  return (
    <Alert
      {...box}
      variant="outline"
      title={title}
      role={role}
      icon={icon ? <Icon name={icon} size="sm" /> : undefined}
      data-testid={testId}
      styles={{
        root: { background: `var(--mantine-color-${tone}-0)`, borderColor: `var(--mantine-color-${tone}-9)` },
        title: { color: PALE_TITLE.includes(tone) ? 'var(--mantine-color-text)' : `var(--mantine-color-${tone}-9)` },
        message: { color: 'var(--mantine-color-text)' },
      }}
    >
      {children}
    </Alert>
  );
}

/** Props of a link inside a Notice: the text colour, underlined and bold, readable on the tint. */
export const NOTICE_LINK = { c: 'inherit', underline: 'always', fw: 600 } as const;
