import type { Translator } from '../translation/translator.js';
import {
  FREE_DAILY_TRANSLATED_MESSAGES,
  hasUnlimitedPlan,
  type PlanHolder,
  USAGE_KINDS,
} from './planLimits.js';
import type { UsageCounters, UsageUser } from './usageCounters.js';

/** What a sender's plan allows for one cross-language message. */
export type Allowance =
  /** Not counted: an unlimited plan, or the engine has no route so nothing could be used. */
  | { kind: 'free' }
  /** Over the Free plan's daily limit: deliver untranslated and warn the sender. */
  | { kind: 'over' }
  /** One unit taken; give it back when nothing could be translated after all. */
  | { kind: 'counted'; refund(): Promise<void> };

/**
 * The Free plan's translation limit (docs/socket-protocol.md, Free plan limit): a message counts
 * once, however many languages it reaches, and only when the engine can translate it.
 */
export class TranslationAllowance {
  constructor(
    private readonly usage: UsageCounters,
    private readonly translator: Translator,
  ) {}

  async take(
    sender: PlanHolder & UsageUser,
    from: string,
    targets: readonly string[],
  ): Promise<Allowance> {
    if (hasUnlimitedPlan(sender) || !(await this.canTranslate(from, targets))) {
      return { kind: 'free' };
    }
    const kind = USAGE_KINDS.translatedMessage;
    const consumption = await this.usage.consume(sender, kind, FREE_DAILY_TRANSLATED_MESSAGES);
    if (!consumption.allowed) return { kind: 'over' };
    return {
      kind: 'counted',
      refund: () => this.usage.refund(sender.id, kind, consumption.day),
    };
  }

  /** Whether the engine lists a route to any target (true when it cannot say). */
  private async canTranslate(from: string, targets: readonly string[]): Promise<boolean> {
    const capabilities = await this.translator.capabilities().catch(() => null);
    if (!capabilities) return true;
    return capabilities.pairs.some((pair) => pair.from === from && targets.includes(pair.to));
  }
}
