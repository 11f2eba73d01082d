import { type PlanName, setPendingPlan } from '@parley/chat-sdk';
import type { ReactNode } from 'react';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { LandingDemo } from '../../components/LandingDemo/LandingDemo';
import { Logo } from '../../components/Logo/Logo';
import { PlanCards } from '../../components/PlanCards/PlanCards';
import { usePaymentsUnavailable } from '../../components/PlanCards/paymentsAvailability';
import { Link } from '../../context/Link';
import { useProductName, useSession, useSessionClient } from '../../context/ParleyProvider';
import { LOCALE_STRINGS } from '../../localeStrings';
import { ROUTES } from '../../strings';
import * as css from '../private/account.css';
import { navigate, subscribePath } from '../private/navigation';

const S = ACCOUNT_STRINGS.landing;

export interface LandingViewProps {
  productName: string;
  onChoosePlan: (plan: Exclude<PlanName, 'free'>, seats: number) => void;
  /** The server takes no payments (capabilities): the plan cards say so. */
  paymentsUnavailable?: boolean;
  /** Someone is signed in: the way into their chats instead of Sign in / Create account. */
  signedIn?: boolean;
  /** Hold the live demo on this frame (stories' pictures); it plays otherwise. */
  demoFrame?: number;
  /**
   * Issue 27: the app's interface-language switcher for signed-out visitors (e.g.
   * <InterfaceLanguagePicker compact …/>), shown at the end of the page's top line.
   */
  languageSwitcher?: ReactNode;
}

/** The public landing page: real-time translation of chat, voice and video, and the plans. */
export function LandingView({
  productName,
  onChoosePlan,
  paymentsUnavailable = false,
  signedIn = false,
  demoFrame,
  languageSwitcher,
}: LandingViewProps) {
  return (
    <main className={css.page}>
      <div className={css.column}>
        <header className={css.header}>
          <Logo productName={productName} />
          <nav className={css.row} aria-label={productName}>
            {languageSwitcher}
            {signedIn ? (
              <Link href={ROUTES.home} className={css.buttonLink}>
                {S.openApp(productName)}
              </Link>
            ) : (
              <>
                <Link href={ROUTES.login} className={css.link}>
                  {S.signIn}
                </Link>
                <Link href={ROUTES.register} className={css.buttonLink}>
                  {S.register}
                </Link>
              </>
            )}
          </nav>
        </header>
        <section className={css.card}>
          <h1 className={css.title}>{S.tagline}</h1>
          <p className={css.text}>{S.intro}</p>
        </section>
        <LandingDemo frame={demoFrame} />
        <ul className={css.tiles}>
          {S.features.map((feature) => (
            <li key={feature.title} className={css.card}>
              <h2 className={css.cardTitle}>{feature.title}</h2>
              <p className={css.text}>{feature.text}</p>
            </li>
          ))}
        </ul>
        <PlanCards onChoose={onChoosePlan} headingLevel={3} unavailable={paymentsUnavailable} />
        <nav className={css.row} aria-label={LOCALE_STRINGS.landing.legalNav}>
          <Link href={ROUTES.privacy} className={css.link}>
            {ACCOUNT_STRINGS.settings.privacy}
          </Link>
          <Link href={ROUTES.terms} className={css.link}>
            {ACCOUNT_STRINGS.settings.terms}
          </Link>
        </nav>
      </div>
    </main>
  );
}

export interface LandingScreenProps {
  onNavigate?: (path: string) => void;
  /** Hold the live demo on this frame (stories' pictures). */
  demoFrame?: number;
  /**
   * Issue 27: the app's interface-language switcher for signed-out visitors (e.g.
   * <InterfaceLanguagePicker compact …/>), shown at the end of the page's top line.
   */
  languageSwitcher?: ReactNode;
}

/**
 * Choosing a plan signed out stores it as the pending plan and goes to sign-in (which then goes
 * to /subscribe/:plan); signed in it goes straight to checkout.
 */
export function LandingScreen({ onNavigate, demoFrame, languageSwitcher }: LandingScreenProps) {
  const productName = useProductName();
  const session = useSession();
  const paymentsUnavailable = usePaymentsUnavailable(useSessionClient());
  return (
    <LandingView
      productName={productName}
      paymentsUnavailable={paymentsUnavailable}
      signedIn={Boolean(session.accessToken)}
      demoFrame={demoFrame}
      languageSwitcher={languageSwitcher}
      onChoosePlan={(plan, seats) => {
        if (session.accessToken) {
          navigate(subscribePath(plan, seats), onNavigate);
          return;
        }
        void setPendingPlan(plan).then(() => navigate(ROUTES.login, onNavigate));
      }}
    />
  );
}
