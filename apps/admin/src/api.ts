import { createApiClient } from '@trackit/client/api-client';
import { feedback } from './components/feedback-bridge';

/**
 * The admin app's API client. The bearer token and the session refresh arrive with the sign-in page;
 * until then calls go without a token.
 */
export const api = createApiClient({
  onErrorToast: feedback.error,
  onConfirm: feedback.confirm,
});
