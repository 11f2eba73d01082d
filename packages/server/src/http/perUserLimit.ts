import type { FastifyRequest } from 'fastify';

/**
 * A per-route rate limit counted per signed-in user (after `requireUser` ran), so people behind
 * one address (an office, a classroom) do not use up each other's allowance.
 */
export function perUserLimit(name: string, max = 30) {
  return {
    max,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) =>
      `${name}:${request.account ? `user:${request.account.id}` : `ip:${request.ip}`}`,
  };
}
