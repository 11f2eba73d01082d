import { proxy } from 'valtio/vanilla';
import type { EventHub } from '../events';
import type { Logger } from '../logger';
import type { CurrentUser } from '../protocol/accounts';
import type { StorageLike } from '../storage';
import { clearParleyStorage } from './local-data';
import { PERSIST_KEY, readPersistedAuth, serializeAuth } from './persistence';
import type { SessionState } from './session-state';

/**
 * Owns the session proxy and its persistence. Every change goes through here so storage writes
 * happen in order and the application hears 'session:changed'.
 */
export class AuthStore {
  readonly state: SessionState = proxy<SessionState>({
    status: 'hydrating',
    accessToken: null,
    user: null,
  });

  /** Bumped by every local change: a late rehydration must not overwrite a newer sign-in. */
  private revision = 0;
  /** Bumped when a session starts or ends (not on token or user updates). */
  private sessionGeneration = 0;
  private writes: Promise<void> = Promise.resolve();
  private cancelHydration: (() => void) | undefined;

  constructor(
    private readonly storage: StorageLike,
    private readonly events: EventHub,
    private readonly logger: Logger,
    private readonly hydrationTimeoutMs: number,
  ) {}

  /** Loads the stored auth; after the time-out the session starts signed out (spec §4). */
  async hydrate(): Promise<void> {
    const revision = this.revision;
    let auth = null;
    try {
      const read = readPersistedAuth(this.storage, this.hydrationTimeoutMs);
      this.cancelHydration = read.cancel;
      const result = await read.result;
      if (result.outcome === 'timedOut') {
        this.logger.warn(`[parley] rehydration gave up after ${this.hydrationTimeoutMs} ms`);
      } else {
        auth = result.auth;
      }
    } catch (error) {
      this.logger.warn('[parley] could not read the stored session', error);
    } finally {
      this.cancelHydration = undefined;
    }
    if (revision !== this.revision) return;
    this.state.accessToken = auth?.accessToken ?? null;
    this.state.user = auth?.accessToken ? auth.user : null;
    this.state.status = this.state.accessToken ? 'signedIn' : 'signedOut';
    this.events.emit('session:changed');
  }

  get generation(): number {
    return this.sessionGeneration;
  }

  signIn(accessToken: string, user: CurrentUser): Promise<void> {
    this.revision++;
    this.sessionGeneration++;
    this.state.accessToken = accessToken;
    this.state.user = user;
    this.state.status = 'signedIn';
    return this.changed();
  }

  setAccessToken(accessToken: string): Promise<void> {
    this.revision++;
    this.state.accessToken = accessToken;
    this.state.status = 'signedIn';
    return this.changed();
  }

  setUser(user: CurrentUser): Promise<void> {
    if (this.state.accessToken === null) return Promise.resolve();
    // The same person as stored (every page load's `me`, most often): nothing changes, so nothing
    // re-renders what shows them and nothing is written.
    if (this.state.user && JSON.stringify(this.state.user) === JSON.stringify(user)) {
      return Promise.resolve();
    }
    this.revision++;
    this.state.user = user;
    return this.changed();
  }

  patchUser(patch: Partial<CurrentUser>): Promise<void> {
    const user = this.state.user;
    if (user === null) return Promise.resolve();
    this.revision++;
    Object.assign(user, patch);
    return this.changed();
  }

  /**
   * Forgets the token and user, in memory and in storage; `everything` (logout) also removes
   * every other key Parley stored (a pending plan, the previous chat path).
   */
  clear(options: { everything?: boolean } = {}): Promise<void> {
    this.revision++;
    this.sessionGeneration++;
    this.state.accessToken = null;
    this.state.user = null;
    this.state.status = 'signedOut';
    this.events.emit('session:changed');
    if (options.everything) return this.enqueue(() => clearParleyStorage(this.storage));
    return this.enqueue(() => this.storage.removeItem(PERSIST_KEY));
  }

  dispose(): void {
    this.cancelHydration?.();
  }

  private changed(): Promise<void> {
    this.events.emit('session:changed');
    const value = serializeAuth({ accessToken: this.state.accessToken, user: this.state.user });
    return this.enqueue(() => this.storage.setItem(PERSIST_KEY, value));
  }

  /** Storage writes run one after another, in the order the changes happened. */
  private enqueue(write: () => void | Promise<void>): Promise<void> {
    this.writes = this.writes.then(write).catch((error: unknown) => {
      this.logger.warn('[parley] could not persist the session', error);
    });
    return this.writes;
  }
}
