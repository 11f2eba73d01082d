import { STORY_NOW } from '../src/mocks/chat';

/**
 * Stories never read the real clock: while a story runs, `Date` (and `Date.now()`) start at the
 * stories' STORY_NOW and move on in real time, so a message sent in a play function is stamped
 * 15:30 on STORY_NOW's day whatever day the pictures are taken, while timers, timeouts and the
 * recording timer keep their real pace (only the origin moves). STORY_NOW sits on a whole minute,
 * so no story lasting under a minute sees its clock change minute.
 */
export function installStoryClock(): () => void {
  const RealDate = globalThis.Date;
  const offset = STORY_NOW.getTime() - RealDate.now();
  class StoryDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = StoryDate as DateConstructor;
  return () => {
    globalThis.Date = RealDate;
  };
}
