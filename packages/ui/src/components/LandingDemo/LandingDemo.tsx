import { useMemo, useRef, useState } from 'react';
import { ChatThemeScope } from '../../context/ChatThemeScope';
import {
  LANDING_DEMO_CONVERSATION,
  LANDING_DEMO_SOURCE,
  LANDING_DEMO_STRINGS,
} from '../../landingDemoStrings';
import { visuallyHidden } from '../../theme/baseTheme.css';
import { MessageBubble } from '../MessageBubble/MessageBubble';
import { useStableId } from '../private/useStableId';
import { TypingIndicator } from '../TypingIndicator/TypingIndicator';
import {
  DEMO_DURATIONS,
  DEMO_FRAMES,
  DEMO_NOW,
  type DemoSide,
  demoFrameContent,
  demoMessagesFor,
} from './demoConversation';
import * as css from './LandingDemo.css';
import { useDemoPlayback } from './useDemoPlayback';

const D = LANDING_DEMO_STRINGS;
const SIDES: readonly DemoSide[] = ['english', 'spanish'];
const other = (side: DemoSide): DemoSide => (side === 'english' ? 'spanish' : 'english');

export interface LandingDemoProps {
  /**
   * Show this frame and never move (stories' pictures): 0 is Emma typing the first message,
   * `LANDING_DEMO_LAST_FRAME` the whole conversation.
   */
  frame?: number;
  /** Each frame shows this many times longer (stories: still frames while it plays). */
  slowness?: number;
}

export const LANDING_DEMO_LAST_FRAME = DEMO_FRAMES - 1;

/**
 * The product at work on the landing page: one conversation, Emma (English) and Mateo (Spanish),
 * each reading the other in their own language, drawn with the chat's own bubbles and typing
 * indicator (no network, no socket). It loops, pauses off screen, in a hidden tab and by its
 * button, and stands still with every message under reduced motion. Screen readers get the
 * conversation once as text: the moving screens are hidden from them (and inert), so nothing
 * is announced as it changes.
 */
export function LandingDemo({ frame: fixedFrame, slowness = 1 }: LandingDemoProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const headingId = useStableId();
  const [paused, setPaused] = useState(false);
  const durations = useMemo(() => DEMO_DURATIONS.map((ms) => ms * slowness), [slowness]);
  const { frame, reduced, playing } = useDemoPlayback(stageRef, durations, fixedFrame, paused);
  const { shown, typing } = demoFrameContent(frame);
  return (
    <section className={css.demo} aria-labelledby={headingId}>
      <div className={css.top}>
        <h2 id={headingId} className={css.heading}>
          {D.heading}
        </h2>
        {reduced ? null : (
          <button
            type="button"
            className={css.pause}
            aria-pressed={paused}
            onClick={() => setPaused((on) => !on)}
          >
            {D.pause}
          </button>
        )}
      </div>
      <p className={css.intro}>{D.intro}</p>
      <div
        ref={stageRef}
        className={css.stage}
        aria-hidden="true"
        inert
        data-frame={frame}
        data-playing={playing}
      >
        {SIDES.map((side) => {
          const reader = D.people[side];
          const messages = demoMessagesFor(side).slice(0, shown);
          return (
            <ChatThemeScope key={side} theme="default" surface>
              <div className={css.pane} lang={LANDING_DEMO_SOURCE.people[side].language}>
                <p className={css.paneLabel} lang="en">
                  {D.paneLabel(reader.name, reader.languageName)}
                </p>
                <div className={css.messages}>
                  {messages.map((message) => (
                    <MessageBubble key={message.id} message={message} now={DEMO_NOW} />
                  ))}
                </div>
                <TypingIndicator
                  typing={typing && typing === other(side) ? [D.people[typing].name] : []}
                />
              </div>
            </ChatThemeScope>
          );
        })}
      </div>
      <div className={visuallyHidden}>
        <p>{D.transcriptHeading}</p>
        <ol>
          {LANDING_DEMO_CONVERSATION.map((line) => (
            <li key={line.original}>
              {D.transcriptLine(
                D.people[line.from].name,
                line.original,
                D.people[other(line.from)].name,
                line.translation,
              )}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
