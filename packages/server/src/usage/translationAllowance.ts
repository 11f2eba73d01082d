import { FREE_VOICE_TRANSLATIONS_PER_DAY } from '@parley/chat-sdk';
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

/** What a sender's plan allows for one voice note that readers of another language will hear. */
export type VoiceAllowance =
  /** Not counted: an unlimited plan. */
  | { kind: 'free' }
  /** Over the Free plan's daily voice limit: the note is refused (VOICE_LIMIT_DETAIL says why). */
  | { kind: 'over' }
  /** One unit taken; give it back when the note was not sent after all. */
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

  /**
   * Spec §9: a Free sender gets FREE_VOICE_TRANSLATIONS_PER_DAY translated voice notes a day.
   * Ask only for a note some reader of another language will hear; same-language notes are free.
   * Counted whatever the engines can do: the note is transcribed and rendered either way.
   */
  async takeVoice(sender: PlanHolder & UsageUser): Promise<VoiceAllowance> {
    if (hasUnlimitedPlan(sender)) return { kind: 'free' };
    const kind = USAGE_KINDS.voiceTranslation;
    const consumption = await this.usage.consume(sender, kind, FREE_VOICE_TRANSLATIONS_PER_DAY);
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
