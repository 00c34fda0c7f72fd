import { AppError } from '../http/app-error';
import type { AccessControl } from '../http/endpoint-router';

/** Access control for probe endpoints registered by tests: only public ones answer, as nobody signs in. */
export const nobodyAccess: AccessControl = {
  authenticate: async () => {
    throw new AppError('unauthenticated');
  },
  authorize: async () => {
    throw new AppError('forbidden');
  },
};
