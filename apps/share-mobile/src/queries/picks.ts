/**
 * The client's hearts and comments. They live in the package answer (its `picks`), so the grid and a
 * model's page show the same heart; a change shows at once and is taken back, with a toast, if the
 * server refuses it.
 */
import { callPublic, PublicCallError } from '@trackit/client/share/public-client';
import { publicEndpoints } from '@trackit/client/share/public-endpoints';
import { visitorId, visitorName } from '@trackit/client/share/visitor';
import { MESSAGES } from '@trackit/contract/messages';
import type { PublicPackage, PublicPick } from '@trackit/contract/share.schema';
import { showToast } from '../components/toast';
import { getQueryData, setQueryData } from './public-query';
import { packageKey } from './share-data';

export const pickOf = (pkg: PublicPackage | undefined, modelId: number): PublicPick =>
  pkg?.picks.find((pick) => pick.model_id === modelId) ?? { model_id: modelId, picked: false, comment: '' };

function putPick(shareId: string, pick: PublicPick) {
  setQueryData<PublicPackage>(packageKey(shareId), (pkg) => ({
    ...pkg,
    picks: [...pkg.picks.filter((each) => each.model_id !== pick.model_id), pick],
  }));
}

/** The latest change sent per model: an older answer (or failure) must not overwrite a newer tap. */
const latest = new Map<string, number>();
let sequence = 0;

/**
 * Sends the heart and comment of a model (the server keeps one per device and model, so both are sent
 * each time). Resolves whether the server took it.
 */
export async function savePick(
  shareId: string,
  modelId: number,
  change: Partial<Pick<PublicPick, 'picked' | 'comment'>>,
): Promise<boolean> {
  const before = pickOf(getQueryData<PublicPackage>(packageKey(shareId)), modelId);
  const next: PublicPick = { ...before, ...change };
  const id = `${shareId}:${modelId}`;
  const mine = ++sequence;
  latest.set(id, mine);
  putPick(shareId, next);
  try {
    const saved = await callPublic(publicEndpoints.pick, {
      params: { share_id: shareId },
      body: {
        model_id: modelId,
        picked: next.picked,
        comment: next.comment,
        name: visitorName(),
        visitor_id: visitorId(),
      },
    });
    if (latest.get(id) === mine) putPick(shareId, saved);
    return true;
  } catch (error) {
    if (latest.get(id) === mine) putPick(shareId, before);
    showToast(error instanceof PublicCallError ? error.message : MESSAGES.systemError);
    return false;
  }
}
