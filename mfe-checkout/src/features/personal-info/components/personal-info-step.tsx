import { useSession } from '@portal/shared/session';
import { SignInFirst } from '../../../components/sign-in-first';
import { useCheckoutShop } from '../../../lib/checkout-shop';
import { PersonalInfoForm } from './personal-info-form';

/** The personal-info step for a signed-in buyer. */
export function PersonalInfoStep() {
  const signedIn = useSession((s) => s.isSignedIn);
  const shop = useCheckoutShop();
  return signedIn ? <PersonalInfoForm shop={shop} /> : <SignInFirst />;
}
