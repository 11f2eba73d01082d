import type { SpeechResponse } from '@parley/chat-sdk';
import type { SpeechAnswersRepository } from '../../plugins/app/index.js';

/**
 * The speech of a message for a reader language, made once for every instance (issue 28): kept
 * in the database while younger than `maxAgeMs` (files the upload sweep keeps long enough for
 * the links signed from it). Requests arriving here while it is being made wait for the same
 * making; two instances asked at the very same moment may each make one, and the later kept
 * answer wins (both are valid). A failed answer is never kept: the next request tries again.
 */
export class SharedSpeechAnswers {
  private readonly making = new Map<string, Promise<SpeechResponse>>();

  constructor(
    private readonly repository: SpeechAnswersRepository,
    private readonly maxAgeMs: number,
  ) {}

  answer(
    messageId: number,
    language: string,
    make: () => Promise<SpeechResponse>,
  ): Promise<SpeechResponse> {
    const key = `${messageId}:${language}`;
    const running = this.making.get(key);
    if (running) return running;
    const answer = this.keptOrMade(messageId, language, make).finally(() =>
      this.making.delete(key),
    );
    this.making.set(key, answer);
    return answer;
  }

  private async keptOrMade(
    messageId: number,
    language: string,
    make: () => Promise<SpeechResponse>,
  ): Promise<SpeechResponse> {
    const kept = await this.repository.kept(messageId, language, this.maxAgeMs);
    if (kept) return kept as SpeechResponse;
    const made = await make();
    if (made.synth_status === 'ok') {
      await this.repository.keep(messageId, language, made, this.maxAgeMs);
    }
    return made;
  }
}
