// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MESSAGES } from '@trackit/contract/messages';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';

afterEach(cleanup);

describe('the 404 page', () => {
  it("draws our own picture, not antd's stock one", () => {
    const router = createMemoryRouter([{ path: '*', Component: NotFoundPage }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByText(MESSAGES.notFoundPage)).toBeTruthy();
    expect(screen.getByTestId('not-found-illustration').tagName.toLowerCase()).toBe('svg');
    expect(document.querySelector('.ant-result-image')).toBeNull();
  });

  it('is what the error page shows for a 404 answer of a loader (a visitor on an unknown path)', async () => {
    const router = createMemoryRouter([
      {
        path: '*',
        ErrorBoundary: RouteErrorPage,
        loader: () => {
          throw data(null, { status: 404 });
        },
        Component: () => null,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText(MESSAGES.notFoundPage)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.systemError)).toBeNull();
  });
});
