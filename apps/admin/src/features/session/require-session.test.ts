import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokens } from '../../api';
import { requireSession } from './require-session';

vi.mock('../../api', () => ({ LOGIN_PATH: '/login', tokens: { get: vi.fn() } }));

const thrown = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing thrown');
};

beforeEach(() => vi.mocked(tokens.get).mockReset());

describe('requireSession', () => {
  it('lets a stored token through, on any path', () => {
    vi.mocked(tokens.get).mockReturnValue({ access_token: 'a', refresh_token: 'r' });
    expect(requireSession({ params: {} })).toBeNull();
    expect(requireSession({ params: { '*': 'no/such/page' } })).toBeNull();
  });

  it('sends a visitor without a token to the login page', () => {
    const answer = thrown(() => requireSession({ params: { id: '12' } })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/login');
  });

  it('answers 404 to a visitor without a token on an unknown path (the bare 404 page)', () => {
    // data(null, { status: 404 }): the router hands it to the error page as a 404 answer.
    expect(thrown(() => requireSession({ params: { '*': 'no/such/page' } }))).toMatchObject({
      init: { status: 404 },
    });
  });
});
