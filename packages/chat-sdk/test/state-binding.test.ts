import { describe, expect, it, vi } from 'vitest';
import { createParleyClient, snapshotOfState, subscribeToState } from '../src/index';

describe('state binding for frameworks', () => {
  it('notifies subscribers of a change and hands out a stable snapshot until then', async () => {
    const client = createParleyClient({ apiUrl: 'http://127.0.0.1:1', storage: null });
    await client.ready;
    const state = client.session.state;
    const first = snapshotOfState(state);
    expect(snapshotOfState(state)).toBe(first);

    let calls = 0;
    const unsubscribe = subscribeToState(state, () => {
      calls += 1;
    });
    state.accessToken = 'token';
    await vi.waitFor(() => {
      if (calls === 0) throw new Error('not notified yet');
    });
    expect(calls).toBe(1);
    const second = snapshotOfState(state);
    expect(second).not.toBe(first);
    expect(second.accessToken).toBe('token');

    unsubscribe();
    state.accessToken = null;
    // Nothing to wait for: one turn of the event loop is when a listener would have run.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toBe(1);
    client.dispose();
  });
});
