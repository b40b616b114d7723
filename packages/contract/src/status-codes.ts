/**
 * Body `status` numbers of the `{status,msg,data}` envelope (spec §7, §8). Documented one by one in
 * docs/api/status-codes.md; the web's client reacts to 1000, 21000 and 30000 as spec §8 says. On the
 * spec's calls every business outcome comes on HTTP 200 (decision 0031); the HTTP statuses named below
 * are the exceptions.
 */
export const Status = {
  OK: 0,
  /** Session expired, revoked or missing: the client offers "sign in again" (HTTP 401). */
  LOGGED_OUT: 1000,
  /** Token malformed or unknown: the client clears it and reloads (HTTP 200). */
  TOKEN_INVALID: 21000,
  /** The client goes back to the site root. */
  BACK_TO_ROOT: 30000,
  /** 非法输入: request failed validation. */
  ILLEGAL_INPUT: 40000,
  /** Wrong user name or password (HTTP 200, no hint which). */
  LOGIN_FAILED: 40100,
  /** Account disabled by an administrator. */
  ACCOUNT_DISABLED: 40101,
  /** 无操作权限: caller may not touch this id. */
  NO_PERMISSION: 40300,
  /** Record not found (an unknown route: HTTP 404). */
  NOT_FOUND: 40400,
  /** A device named by serial numbers is already someone's (yours or another account's). */
  CONFLICT: 40900,
  /** Data out of range. */
  OUT_OF_RANGE: 42200,
  /** Quantity reached upper limit (spec §9: sites, devices, groups per account). */
  LIMIT_REACHED: 42201,
  /** Too many attempts (HTTP 429, Retry-After). */
  TOO_MANY_REQUESTS: 42900,
  /** 操作失败: unexpected server failure (HTTP 500). */
  OPERATION_FAILED: 50000,
  /**
   * The request ran past the server's request budget (REQUEST_BUDGET_MS) and was stopped, its database
   * statement with it (HTTP 503; issue 19 §1, docs/security.md "Request budget").
   */
  REQUEST_TIMEOUT: 50300,
} as const;
export type StatusCode = (typeof Status)[keyof typeof Status];
