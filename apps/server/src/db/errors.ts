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

function hasSqlState(error: unknown, state: string): boolean {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === state) return true;
  }
  return false;
}
