/**
 * Which database errors mean "the database is not answering" (a 503 to the client, never a 500):
 * the connection could not be made or was lost, the server is shutting down or refusing connections,
 * a statement or the client's read ran past its timeout. Everything else (a constraint, a syntax error)
 * is a real bug or a user's mistake that the code handles, and keeps its own answer.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);

/** SQLSTATEs: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 57014 query_canceled (statement_timeout), 53300 too_many_connections, 25P03 idle_in_transaction_session_timeout. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '53300', '25P03']);

/** node-postgres and PGlite say these in words only. */
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  /Query read timeout/i,
  /not queryable/i,
  /Cannot use a pool after calling end/i,
  /PGlite is closed/i,
  /database did not answer within/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  // Duck-typed, not `instanceof Error`: a socket error made by Node's core (ECONNRESET) is an Error of
  // another realm where the code runs in a VM context (jest), and must still be recognised.
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    // Class 08: connection exception (08000, 08003, 08006, 08001, 08004, 08P01).
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}

/** Rejects with a "did not answer" error (classified as unavailable) when `work` takes longer than `ms`. */
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
