import type { ConnectionChange } from '@parley/chat-sdk';
import type { UserRow } from '../db/schema.js';
import { LIMIT_MESSAGES, type Limits, retryAfterSeconds, waitInWords } from '../limits/index.js';
import { isNewAccount } from '../limits/newAccountLimits.js';
import type { ConnectionsRepository, UsersRepository } from '../plugins/app/index.js';
import { blockingRule } from './blockingRule.js';

export type ConnectionRequestResult =
  | { kind: 'requested'; change: ConnectionChange; receiver: UserRow }
  /** The other person had already asked: this request accepted theirs. */
  | { kind: 'accepted-crossing'; change: ConnectionChange; receiver: UserRow }
  | { kind: 'already-pending' }
  | { kind: 'already-connected' }
  | { kind: 'unknown-user' }
  /** A block either way: said to the blocked person like any refusal, nothing more. */
  | { kind: 'refused' }
  | { kind: 'limited'; detail: string; retryAfterSeconds: number };

export interface ConnectionRequestDeps {
  users: UsersRepository;
  connections: ConnectionsRepository;
  limits: Limits;
}

/**
 * `from` asks `to` to connect (they are two different people). `fromCreatedAt`: when the asker's
 * account was made; in its first day a lower daily budget applies too (issue 29).
 */
export async function requestConnection(
  { users, connections, limits }: ConnectionRequestDeps,
  from: number,
  to: number,
  fromCreatedAt?: Date,
): Promise<ConnectionRequestResult> {
  const receiver = await users.byId(to);
  // A deleted account (a tombstone row) is nobody to connect with.
  if (!receiver || receiver.deletedAt !== null) return { kind: 'unknown-user' };
  if (await blockingRule(connections).separates(from, to)) return { kind: 'refused' };
  // Each new request notifies its receiver (a frame and a push): request/cancel cycles to one
  // person, and requests to everyone, are budgeted per day.
  const budgets = [
    [
      limits.rules.connectionRequestsPerPair,
      `${from}:${to}`,
      LIMIT_MESSAGES.connectionRequestsPair,
    ],
    [limits.rules.connectionRequests, from, LIMIT_MESSAGES.connectionRequests],
    ...(fromCreatedAt && isNewAccount(fromCreatedAt, limits.settings)
      ? ([
          [
            limits.rules.newAccountConnectionRequests,
            from,
            LIMIT_MESSAGES.newAccountConnectionRequests,
          ],
        ] as const)
      : []),
  ] as const;
  for (const [rule, subject, message] of budgets) {
    const verdict = await limits.check(rule, subject);
    if (!verdict.allowed) {
      const seconds = retryAfterSeconds(verdict);
      return { kind: 'limited', detail: message(waitInWords(seconds)), retryAfterSeconds: seconds };
    }
  }
  const outcome = await connections.request(from, to);
  switch (outcome.kind) {
    case 'requested':
      for (const [rule, subject] of budgets) await limits.take(rule, subject);
      return { ...outcome, receiver };
    case 'accepted-crossing':
      return { ...outcome, receiver };
    default:
      return outcome;
  }
}
