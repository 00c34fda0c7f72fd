/**
 * The option-expiry sweep (docs/product.md "Calendar"): an option past its expiry has no request to
 * release it, so every minute (and at start) the sweep records the release and promotes the next option
 * of each day, telling its owner: the `option_sweep` job (jobs/server-jobs.ts). Safe with several server
 * processes: each team's models are swept under their calendar locks, and an option already released is
 * not released again.
 */
import type { Database } from '../../db/client';
import { findLapsedOptionModels, releaseLapsedOptions } from './calendar.service';

/** Models per pass; a pass repeats until nothing lapsed is left. */
const SWEEP_BATCH = 200;

export interface OptionSweepDeps {
  db: Database;
  clock: () => Date;
}

/** One sweep as of the clock's now; resolves how many options it released. */
export async function sweepExpiredOptions(deps: OptionSweepDeps): Promise<number> {
  const now = deps.clock();
  let released = 0;
  for (;;) {
    const lapsed = await findLapsedOptionModels(deps.db, now, SWEEP_BATCH);
    if (lapsed.length === 0) return released;
    const byTeam = new Map<number, number[]>();
    for (const { teamId, modelId } of lapsed) byTeam.set(teamId, [...(byTeam.get(teamId) ?? []), modelId]);
    let pass = 0;
    for (const [teamId, modelIds] of byTeam) {
      pass += await deps.db.transaction((tx) => releaseLapsedOptions(tx, teamId, modelIds, now));
    }
    // Another process released them meanwhile: nothing is left for this pass to do.
    if (pass === 0) return released;
    released += pass;
  }
}
