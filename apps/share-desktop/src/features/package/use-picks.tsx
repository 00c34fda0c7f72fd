import type { PublicPick } from '@trackit/contract/share.schema';
import { type ReactNode, useCallback } from 'react';
import { pickOf, usePackage, usePickModel } from './package.queries';
import { useVisitorNamePrompt } from './visitor-name-prompt';

export interface Picks {
  /** The package (and with it this device's picks) has loaded: until then a heart cannot be toggled. */
  ready: boolean;
  /** This device's pick of a model. */
  pickOf: (modelId: number) => PublicPick;
  /** Hearts or un-hearts a model, keeping its comment. */
  togglePick: (modelId: number) => Promise<void>;
  /** Sends a comment on a model, keeping its heart; resolves whether it was sent. */
  saveComment: (modelId: number, comment: string) => Promise<boolean>;
  /** The name dialog; render it once in the page. */
  namePrompt: ReactNode;
}

/** The hearts and comments of a package, as the package page and a model page use them. */
export function usePicks(shareId: string): Picks {
  const { data } = usePackage(shareId);
  const { mutateAsync } = usePickModel(shareId);
  const { askName, namePrompt } = useVisitorNamePrompt();
  const picks = data?.picks;

  const currentPick = useCallback((modelId: number) => pickOf(picks, modelId), [picks]);

  const send = useCallback(
    async (next: PublicPick): Promise<boolean> => {
      const name = await askName();
      if (name === null) return false;
      try {
        await mutateAsync({ ...next, name });
        return true;
      } catch {
        // The mutation has put the heart back and said why.
        return false;
      }
    },
    [askName, mutateAsync],
  );

  const togglePick = useCallback(
    async (modelId: number) => {
      const current = currentPick(modelId);
      await send({ ...current, picked: !current.picked });
    },
    [currentPick, send],
  );

  const saveComment = useCallback(
    (modelId: number, comment: string) => send({ ...currentPick(modelId), comment }),
    [currentPick, send],
  );

  return {
    ready: picks !== undefined,
    pickOf: currentPick,
    togglePick,
    saveComment,
    namePrompt,
  };
}
