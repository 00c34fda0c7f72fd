// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@trackit/contract/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../testing/render-page';
import { LoginPage } from './login-page';

vi.mock('../../api', () => ({
  api: { call: vi.fn(), callEnvelope: vi.fn() },
  tokens: { get: () => undefined, set: vi.fn(), clear: vi.fn() },
  loginHistory: { list: () => [], add: vi.fn() },
  SESSION_EXPIRED_FLAG: 'expired',
}));

afterEach(cleanup);

describe('LoginPage', () => {
  it('says the session expired when sent here for it, and drops the flag from the address', async () => {
    const { where } = renderPage(<LoginPage />, '/login', '/login?expired=1');
    expect(await screen.findByText(MESSAGES.sessionExpired)).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/login'));
    // Still shown after the address changed: the user has not read it yet.
    expect(screen.getByTestId('session-expired').textContent).toContain(MESSAGES.sessionExpired);
  });

  it('says nothing of the kind when opened plainly', async () => {
    renderPage(<LoginPage />, '/login');
    await screen.findByTestId('login-phone');
    expect(screen.queryByText(MESSAGES.sessionExpired)).toBeNull();
  });
});
