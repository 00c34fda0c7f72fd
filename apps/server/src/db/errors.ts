/**
 * True when the database refused a write for a unique index (SQLSTATE 23505), however deep drizzle
 * wrapped the driver's error. Two writers racing past a service's duplicate check meet the index: the
 * service answers the same 409 as the check would have.
 */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, '23505');
}

/**
 * True when the database refused a write for a foreign key (SQLSTATE 23503): a record still referred to
 * was being deleted. A deletion answers 409, as its own check of the references would have.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasSqlState(error, '23503');
}

/**
 * True when the database refused a write for a CHECK constraint (SQLSTATE 23514): an invariant the code
 * should have kept (a line paid past its total) held by the database itself. The step answers 409.
 */
export function isCheckViolation(error: unknown): boolean {
  return hasSqlState(error, '23514');
}

/**
 * True when the database refused a date or time it was given (SQLSTATE 22008 datetime_field_overflow, 22007
 * invalid_datetime_format): year 0000, a day past the calendar. The request's schemas keep every date
 * within BUSINESS_DATE_RANGE, so this is the guard behind them: such a request answers 400, not 500.
 */
export function isDateRefused(error: unknown): boolean {
  return hasSqlState(error, '22008') || hasSqlState(error, '22007');
}

function hasSqlState(error: unknown, state: string): boolean {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === state) return true;
  }
  return false;
}

/** SQLSTATEs of a database that is away, not of a wrong request (PostgreSQL's appendix A). */
const UNAVAILABLE_SQL_STATES = new Set([
  '57P01', // admin_shutdown: the server stops or restarts
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, or in recovery
  '53300', // too_many_connections
]);
/** Socket errors of a database that cannot be reached. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
]);
/** What pg says of a connection that ended under a query, or of a pool that could not open one. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|the database system is (starting up|shutting down)/;

/**
 * True when the database could not be reached or ended the connection (a restart, a fail-over, too many
 * connections), however deep drizzle wrapped the driver's error: SQLSTATE class 08 (connection exception),
 * the shutdown states of class 57, a refused or reset socket, or pg's own words for a lost connection. The
 * request then answers 503 服务暂不可用, not 500 系统异常: nothing was wrong with what was asked, and it may
 * be sent again in a moment.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (code.startsWith('08') || UNAVAILABLE_SQL_STATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))
        return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}
