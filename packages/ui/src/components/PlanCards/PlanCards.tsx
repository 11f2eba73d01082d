import { ORG_MIN_USERS, PLAN_PRICES_CENTS, type PlanName } from '@parley/chat-sdk';
import { useState } from 'react';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { UI_STRINGS } from '../../strings';
import { Button } from '../Button/Button';
import { formatUsd } from '../private/localeFormat';
import { useStableId } from '../private/useStableId';
import * as css from './PlanCards.css';

const P = UI_STRINGS.plans;
const S = ACCOUNT_STRINGS.planCards;

/** The plans of spec §9, in the spec's order. */
export const PLAN_CARD_PLANS = [
  'free',
  'personal',
  'organization',
  'lifetime',
] as const satisfies readonly PlanName[];

export interface PlanCardsProps {
  /** A paid plan was chosen (with the seat count for Organization). */
  onChoose: (plan: Exclude<PlanName, 'free'>, seats: number) => void;
  /** The plan being checked out: its button shows busy and the others are disabled. */
  busyPlan?: PlanName | null;
  /** Marks the plan held (Free for a signed-in user without a subscription). */
  currentPlan?: PlanName | null;
  /** Initial seat count (default and minimum: 10). */
  initialSeats?: number;
  /** The heading level of each card's name, to fit the page outline. */
  headingLevel?: 2 | 3;
  /** Hide the section heading (when the page already has one). */
  hideHeading?: boolean;
  /**
   * The server takes no payments (Parley extension, capabilities `payments.mode`): the paid plans
   * are shown with their buttons disabled and a note saying why, instead of a checkout that fails.
   */
  unavailable?: boolean;
}

/** Whole, at least ORG_MIN_USERS: what the Organization button accepts. */
export function validSeatCount(text: string): number | null {
  if (!/^\d{1,5}$/.test(text.trim())) return null;
  const seats = Number(text);
  return seats >= ORG_MIN_USERS ? seats : null;
}

function dollars(cents: number): string {
  return formatUsd(cents);
}

/**
 * The plan cards: Free, Personal, Organization (with a seat count of at least 10; below that
 * the spec's message shows and the button is disabled) and Lifetime Founder.
 */
export function PlanCards({
  onChoose,
  busyPlan = null,
  currentPlan = null,
  initialSeats = ORG_MIN_USERS,
  headingLevel = 3,
  hideHeading = false,
  unavailable = false,
}: PlanCardsProps) {
  const [seatText, setSeatText] = useState(String(initialSeats));
  const seats = validSeatCount(seatText);
  const baseId = useStableId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const seatsId = `${baseId}-seats`;
  const seatsErrorId = `${baseId}-seats-error`;
  return (
    <section
      className={css.section}
      aria-labelledby={hideHeading ? undefined : `${baseId}-heading`}
      aria-label={hideHeading ? S.heading : undefined}
    >
      {hideHeading ? null : (
        <h2 id={`${baseId}-heading`} className={css.heading}>
          {S.heading}
        </h2>
      )}
      {unavailable ? (
        <p className={css.unavailable} role="note">
          {S.unavailable}
        </p>
      ) : null}
      <ul className={css.cards}>
        {PLAN_CARD_PLANS.map((plan) => {
          const offer = P[plan];
          const headingId = `${baseId}-${plan}`;
          return (
            <li key={plan} className={css.card} aria-labelledby={headingId}>
              <Heading id={headingId} className={css.name}>
                {offer.name}
              </Heading>
              <p className={css.price}>{offer.price}</p>
              <p className={css.detail}>{offer.detail}</p>
              {plan === 'organization' ? (
                <div className={css.seats}>
                  <label htmlFor={seatsId}>{S.seats}</label>
                  <input
                    id={seatsId}
                    className={css.seatInput}
                    type="number"
                    inputMode="numeric"
                    min={ORG_MIN_USERS}
                    step={1}
                    value={seatText}
                    onChange={(event) => setSeatText(event.target.value)}
                    aria-invalid={seats === null || undefined}
                    aria-describedby={seats === null ? seatsErrorId : undefined}
                  />
                  {seats === null ? (
                    <p id={seatsErrorId} className={css.error} role="alert">
                      {S.minSeats}
                    </p>
                  ) : (
                    <p className={css.detail}>
                      {S.total(dollars(seats * PLAN_PRICES_CENTS.organizationPerUser))}
                    </p>
                  )}
                </div>
              ) : null}
              {plan === currentPlan ? (
                <p className={css.current}>{S.current}</p>
              ) : plan === 'free' ? null : (
                <Button
                  onClick={() => onChoose(plan, plan === 'organization' ? (seats ?? 0) : 1)}
                  disabled={
                    unavailable ||
                    (plan === 'organization' && seats === null) ||
                    (busyPlan !== null && busyPlan !== plan)
                  }
                  busy={busyPlan === plan}
                >
                  {S.choose(offer.name)}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
