import { lazy, Suspense, useState, type ComponentType } from 'react';
import { reloadOnChunkError } from '../platform/chunk-reload';
import { AccountButton } from './account-button';
import { useAccountLinks } from './account-links';
import { AccountMenuButton } from './account-menu-button';

const loadMenu = () =>
  import('./account-menu').catch((error: unknown) => {
    // Without the menu's code the header still signs out.
    reloadOnChunkError(error);
    return { default: AccountButton };
  });
const AccountMenu = lazy<ComponentType<{ defaultOpened?: boolean }>>(loadMenu);

/**
 * Sign in for a visitor; the "My account" menu (decision 064) for a signed-in person. The menu's code
 * (with `ui/overlays`) loads when the person reaches for the button (pointer over it, focus) and the
 * menu opens with the click that asked for it: no page downloads it with its first screen (issue 45).
 */
export function AccountMenuSlot() {
  const links = useAccountLinks();
  const [clicked, setClicked] = useState(false);
  if (links.length === 0) return <AccountButton />;
  const button = (
    <AccountMenuButton
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={clicked || undefined}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setClicked(true)}
    />
  );
  if (!clicked) return button;
  return (
    <Suspense fallback={button}>
      <AccountMenu defaultOpened />
    </Suspense>
  );
}
