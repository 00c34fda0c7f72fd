/**
 * For tests that mock the app's client (`vi.mock('../../api', () => ({ api: { call: vi.fn() } }))`):
 * `api.call` answers by endpoint, each answer typed from the endpoint like the real client's.
 */
import type { ApiClient, CallResult } from '@trackit/client/api-client';
import type { CallInput, EndpointSpec } from '@trackit/contract/endpoint';
import { endpoints } from '@trackit/contract/endpoints';
import { PERMISSION_KEYS } from '@trackit/contract/permissions';
import { vi } from 'vitest';
import type { PermissionLevels } from '../layouts/route-handle';

export interface CallAnswer {
  endpoint: EndpointSpec;
  reply: (input: unknown) => unknown;
}

/** What the mocked client answers to one endpoint, given the call's input. */
export const answer = <E extends EndpointSpec>(
  endpoint: E,
  reply: (input: CallInput<E>) => CallResult<E> | Promise<CallResult<E>>,
): CallAnswer => ({ endpoint, reply: reply as (input: unknown) => unknown });

/** Makes the mocked `api.call` answer these endpoints; any other call fails the test loudly. */
export function answerCalls(api: Pick<ApiClient, 'call'>, ...answers: CallAnswer[]): void {
  const call = async (endpoint: EndpointSpec, input?: unknown) => {
    const found = answers.find((candidate) => candidate.endpoint === endpoint);
    if (!found) throw new Error(`unexpected call: ${endpoint.method} ${endpoint.path}`);
    return found.reply(input ?? {});
  };
  vi.mocked(api.call).mockImplementation(call as ApiClient['call']);
}

/** The calls the mocked `api.call` received for one endpoint, as [input, options]. */
export const callsTo = (api: Pick<ApiClient, 'call'>, endpoint: EndpointSpec): unknown[][] =>
  vi
    .mocked(api.call)
    .mock.calls.filter(([called]) => called === endpoint)
    .map(([, ...rest]) => rest);

/** `GET /v1/permissions/my` answering these keys at these levels (in menu order, as the server does). */
export const permissionsAnswer = (levels: PermissionLevels): CallAnswer =>
  answer(endpoints.permission.mine, () =>
    PERMISSION_KEYS.flatMap((key) => {
      const level = levels[key];
      return level ? [{ key, level }] : [];
    }),
  );
