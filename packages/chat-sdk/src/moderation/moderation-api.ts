import type { HttpClient } from '../http/http-client';
import {
  MODERATION_PATHS,
  type ModerationActionRequest,
  type ModerationActionResponse,
  type ModerationAuditResponse,
  type ModerationNoticesResponse,
  type ModerationOverviewResponse,
  type ModerationQueueSort,
  type ModerationReportsResponse,
  type ModerationRoleRequest,
  type ModerationRoleResponse,
} from '../protocol/moderation';

/** Filters of the audit log (all optional; `before_id` pages to older entries). */
export interface ModerationAuditQuery {
  actor_id?: number;
  target_id?: number;
  action?: string;
  before_id?: number;
}

/**
 * The review queue, moderators' actions and the audit log (issue 29; moderators and staff only,
 * the audit log staff only). Every call rejects with the server's 403 for anyone else.
 */
export interface ModerationApi {
  /** GET /moderation/reports/: open report groups, newest (default) or most reported first. */
  reports(options?: {
    sort?: ModerationQueueSort;
    signal?: AbortSignal;
  }): Promise<ModerationReportsResponse>;
  /** POST /moderation/actions/: one action, one audit entry. */
  act(request: ModerationActionRequest): Promise<ModerationActionResponse>;
  /** GET /moderation/notices/: the signed-in person's own notices (anyone signed in). */
  notices(options?: { signal?: AbortSignal }): Promise<ModerationNoticesResponse>;
  /** GET /moderation/audit/ (staff). */
  audit(
    query?: ModerationAuditQuery,
    options?: { signal?: AbortSignal },
  ): Promise<ModerationAuditResponse>;
  /** GET /moderation/overview/ (staff): open reports, actions in the last 7 days, suspensions. */
  overview(options?: { signal?: AbortSignal }): Promise<ModerationOverviewResponse>;
  /** POST /moderation/roles/ (staff): grant or revoke the moderator or staff role. */
  setRole(request: ModerationRoleRequest): Promise<ModerationRoleResponse>;
}

export function createModerationApi(http: HttpClient): ModerationApi {
  return {
    reports: (options = {}) =>
      http.request<ModerationReportsResponse>(
        `${MODERATION_PATHS.reports}?${new URLSearchParams({ sort: options.sort ?? 'newest' })}`,
        options.signal ? { signal: options.signal } : {},
      ),
    act: (request) =>
      http.request<ModerationActionResponse>(MODERATION_PATHS.actions, {
        method: 'POST',
        json: request,
      }),
    notices: (options = {}) =>
      http.request<ModerationNoticesResponse>(
        MODERATION_PATHS.notices,
        options.signal ? { signal: options.signal } : {},
      ),
    audit: (query = {}, options = {}) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined) params.set(key, String(value));
      }
      const search = params.size > 0 ? `?${params}` : '';
      return http.request<ModerationAuditResponse>(
        `${MODERATION_PATHS.audit}${search}`,
        options.signal ? { signal: options.signal } : {},
      );
    },
    overview: (options = {}) =>
      http.request<ModerationOverviewResponse>(
        MODERATION_PATHS.overview,
        options.signal ? { signal: options.signal } : {},
      ),
    setRole: (request) =>
      http.request<ModerationRoleResponse>(MODERATION_PATHS.roles, {
        method: 'POST',
        json: request,
      }),
  };
}
