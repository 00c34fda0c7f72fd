import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { presentOperationLog } from './operation-log.presenter';
import { listTeamOperations, type OperationLogDeps } from './operation-log.service';

export function operationLogRoutes(deps: OperationLogDeps): Handlers<Endpoints['operationLog']> {
  return {
    list: async ({ auth, query }) => {
      const { rows, total } = await listTeamOperations(deps, auth, query);
      return { items: rows.map(presentOperationLog), total };
    },
  };
}
