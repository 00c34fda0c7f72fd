/**
 * Polls `probe` until it answers something other than undefined, and answers that. It has no limit of its
 * own: the test's time-out ends a wait for what never comes, so a machine busy with other work only makes
 * the test slower, never red (issue 21). A probe that throws ends the wait with its error.
 */
export async function pollUntil<T>(probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
