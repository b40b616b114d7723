import { InsecureContextError } from '../crypto/encrypt-password';
import { i18n } from '../i18n/i18n';
import { toastError } from '../ui/feedback';

/** Why a call failed: the server said no (status), HTTP failed, the network failed or 60 s passed. */
export type ApiErrorKind = 'status' | 'http' | 'network' | 'timeout' | 'session';

/**
 * Rejection of every API call that does not succeed (spec §8). `msg` is the server's text in the
 * caller's language when there is one; `shown` is true when the client already showed it to the user
 * (HTTP errors and session dialogs), so a caller does not show it twice.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly httpStatus: number | null;
  readonly shown: boolean;
  /** `data` of the refusing envelope (e.g. `{field}` of a validation refusal), null when none. */
  readonly data: unknown;
  /** Seconds the server asks to wait (Retry-After of a 429), null when it did not say. */
  readonly retryAfter: number | null;

  constructor(
    kind: ApiErrorKind,
    msg: string,
    opts: {
      status?: number | null;
      httpStatus?: number | null;
      shown?: boolean;
      data?: unknown;
      retryAfter?: number | null;
    } = {},
  ) {
    super(msg);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = opts.status ?? null;
    this.httpStatus = opts.httpStatus ?? null;
    this.shown = opts.shown ?? false;
    this.data = opts.data ?? null;
    this.retryAfter = opts.retryAfter ?? null;
  }

  /** The request field the server refused (`data.field`), or null. */
  get field(): string | null {
    const field = (this.data as { field?: unknown } | null)?.field;
    return typeof field === 'string' && field ? field : null;
  }
}

/**
 * The message to show for any rejection: the server's msg, the need for https when a password could
 * not be encrypted, else `fallback`.
 */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  // Without a secure context no form can encrypt its password; a generic failure would hide why.
  if (error instanceof InsecureContextError) return i18n.t('auth.login.insecureContext');
  return fallback;
}

/** Toasts the text of `error` (see errorText) unless the http client already showed it. */
export function toastUnlessShown(error: unknown, fallback: string): void {
  if (!(error instanceof ApiError && error.shown)) toastError(errorText(error, fallback));
}
