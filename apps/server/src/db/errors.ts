/**
 * True when the database refused a write for a unique index (SQLSTATE 23505), however deep drizzle
 * wrapped the driver's error. Two writers racing past a service's duplicate check meet the index: the
 * service answers the same 409 as the check would have.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
