import { type PointerEvent, useRef, useState } from 'react';

/** How far (px) a swipe must travel to reply, and how far the bubble follows the finger. */
const SWIPE_TO_REPLY = 56;
const SWIPE_MAX = 72;
/** A finger held this long without moving opens the actions (as WhatsApp does). */
const LONG_PRESS_MS = 500;
const MOVE_SLOP = 8;

interface Gesture {
  id: number;
  x: number;
  y: number;
  /** The swipe's sign: toward the inline end of the page (right in LTR, left in RTL). */
  sign: 1 | -1;
  horizontal: boolean | null;
  timer: ReturnType<typeof setTimeout> | null;
}

/**
 * Touch gestures of a message (phones and pens; a mouse uses the actions button): swipe toward
 * the inline end to reply, hold to open the actions. Vertical moves stay scrolling.
 */
export function useMessageGestures({
  onSwipe,
  onLongPress,
}: {
  onSwipe?: () => void;
  onLongPress?: () => void;
}) {
  const gesture = useRef<Gesture | null>(null);
  const [offset, setOffset] = useState(0);

  function end() {
    const current = gesture.current;
    if (current?.timer) clearTimeout(current.timer);
    gesture.current = null;
    setOffset(0);
  }

  function onPointerDown(event: PointerEvent<HTMLElement>) {
    if (event.pointerType === 'mouse' || (!onSwipe && !onLongPress)) return;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    gesture.current = {
      id: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      sign: rtl ? -1 : 1,
      horizontal: null,
      timer: onLongPress
        ? setTimeout(() => {
            if (gesture.current) gesture.current.timer = null;
            onLongPress();
          }, LONG_PRESS_MS)
        : null,
    };
  }

  function onPointerMove(event: PointerEvent<HTMLElement>) {
    const current = gesture.current;
    if (!current || current.id !== event.pointerId) return;
    const dx = (event.clientX - current.x) * current.sign;
    const dy = event.clientY - current.y;
    if (Math.abs(dx) > MOVE_SLOP || Math.abs(dy) > MOVE_SLOP) {
      if (current.timer) clearTimeout(current.timer);
      current.timer = null;
      current.horizontal ??= Math.abs(dx) > Math.abs(dy);
    }
    if (current.horizontal && onSwipe)
      setOffset(Math.max(0, Math.min(dx, SWIPE_MAX)) * current.sign);
  }

  function onPointerUp(event: PointerEvent<HTMLElement>) {
    const current = gesture.current;
    if (!current || current.id !== event.pointerId) return;
    const dx = (event.clientX - current.x) * current.sign;
    const swiped = current.horizontal === true && dx >= SWIPE_TO_REPLY;
    end();
    if (swiped) onSwipe?.();
  }

  return {
    /** How far (px, physical: negative in RTL) the bubble follows the finger. */
    offset,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: end },
  };
}
