/**
 * The apps' one retry rule (docs/product.md §7): a read is not asked again by itself, except when the
 * server answered 503 服务暂不可用 (its database restarting or failing over: docs/deployment.md). Such a
 * read is asked again after 1 s, then after 2 s, which covers a restart (docs/benchmarks.md "Load and
 * faults"), before the page shows the failure with its 重试. Writes are never asked again.
 */
export const UNAVAILABLE_RETRY_DELAYS_MS: readonly number[] = [1000, 2000];

/** An ApiError or PublicCallError whose answer was HTTP 503. */
export function isUnavailable(error: unknown): boolean {
  return error instanceof Error && (error as { status?: unknown }).status === 503;
}

/** The rule as TanStack Query's query options (failureCount: 0 at the first failure). */
export const unavailableQueryRetry = {
  retry: (failureCount: number, error: unknown): boolean =>
    failureCount < UNAVAILABLE_RETRY_DELAYS_MS.length && isUnavailable(error),
  retryDelay: (failureCount: number): number =>
    UNAVAILABLE_RETRY_DELAYS_MS[Math.min(failureCount, UNAVAILABLE_RETRY_DELAYS_MS.length - 1)] ?? 0,
};

/** The rule around one read (the phone share pages' own small cache). */
export async function retryWhileUnavailable<T>(
  load: () => Promise<T>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      const delay = UNAVAILABLE_RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !isUnavailable(error)) throw error;
      await wait(delay);
    }
  }
}
