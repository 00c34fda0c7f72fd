import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import { RecordHistory } from '../../components/record-history';
import { modelHistoryQuery } from './model.queries';

/**
 * A model's 操作记录: who changed what and when, on the model, its trips and its folders, newest first;
 * a folder's entries link to the folder.
 */
export function ModelHistory({ modelId }: { modelId: number }) {
  return (
    <RecordHistory
      query={modelHistoryQuery}
      recordId={modelId}
      selfLink={ADMIN_PATHS.model(modelId)}
      testId="model-history"
    />
  );
}
