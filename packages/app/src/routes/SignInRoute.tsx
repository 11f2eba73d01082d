import { takePendingPlan } from '@parley/chat-sdk';
import { SignInScreen } from '@parley/ui';
import { useRouter, useSearch } from '@tanstack/react-router';
import { SignedOutLanguageSwitcher } from '../SignedOutLanguageSwitcher';
import { safeRedirect } from '../safeRedirect';

export function SignInRoute() {
  const router = useRouter();
  const search = useSearch({ from: '/login' });

  async function continueAfterSignIn() {
    // A plan picked on the landing page before signing in wins over everything else (spec §2).
    const plan = await takePendingPlan();
    router.history.push(plan ? `/subscribe/${plan}` : safeRedirect(search.redirect));
  }

  return (
    <SignInScreen
      onSignedIn={continueAfterSignIn}
      languageSwitcher={<SignedOutLanguageSwitcher />}
    />
  );
}
