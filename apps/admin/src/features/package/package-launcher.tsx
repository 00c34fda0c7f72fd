import { SendOutlined } from '@ant-design/icons';
import type { Model } from '@trackit/contract/model.schema';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import type { BulkAction } from '../../components/list/selection-bar';
import { PackageEditor } from './package-editor';
import { modelDraftOf, type PackageModelDraft } from './package-editor-values';

type LaunchModel = Pick<Model, 'id' | 'name' | 'english_name' | 'cover_thumb_url'>;

export interface PackageLauncher {
  /** Opens the editor of a new package of these models; resolves whether a package was made. */
  open: (models: readonly LaunchModel[]) => Promise<boolean>;
  /** The editor while open: render it anywhere on the page. */
  editor: ReactNode;
}

/** 发套餐 from a model page: the editor of a new package, opened with the models given. */
export function usePackageLauncher(): PackageLauncher {
  const [models, setModels] = useState<PackageModelDraft[] | null>(null);
  const settle = useRef<((created: boolean) => void) | null>(null);

  const finish = (created: boolean) => {
    settle.current?.(created);
    settle.current = null;
  };

  const open = useCallback(
    (chosen: readonly LaunchModel[]) =>
      new Promise<boolean>((resolve) => {
        settle.current?.(false);
        settle.current = resolve;
        setModels(chosen.map(modelDraftOf));
      }),
    [],
  );

  const editor = models && (
    <PackageEditor
      models={models}
      onCreated={() => finish(true)}
      onClose={() => {
        finish(false);
        setModels(null);
      }}
    />
  );
  return { open, editor };
}

/**
 * The model list's 发套餐: every selected model (from any search or page), in the order they were ticked,
 * in a new package's editor. The selection stays when the editor is closed without sending, and clears
 * once the package is made.
 */
export const sendPackageAction = <M extends LaunchModel>(
  open: PackageLauncher['open'],
): BulkAction<number, M> => ({
  key: 'package',
  label: '发套餐',
  icon: <SendOutlined />,
  onRun: async (_ids, models) => {
    // A rejection keeps the selection (the bar clears it on success only).
    if (!(await open(models))) throw new Error('cancelled');
  },
});
