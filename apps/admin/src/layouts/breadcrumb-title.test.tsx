// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { BreadcrumbTitleContext, type PageTitleOverride, useBreadcrumbTitle } from './breadcrumb-title';
import { breadcrumbTrail } from './navigation';

afterEach(cleanup);

let go: (path: string) => void = () => undefined;

/** The layout's part: holds the override and labels the trail with it while the path matches. */
function Shell({ title }: { title: string | undefined }) {
  const [override, setOverride] = useState<PageTitleOverride>();
  const { pathname } = useLocation();
  go = useNavigate();
  const custom = override?.pathname === pathname ? override.title : undefined;
  return (
    <BreadcrumbTitleContext value={setOverride}>
      <div data-testid="trail">
        {breadcrumbTrail(pathname, custom)
          .map((crumb) => crumb.label)
          .join('/')}
      </div>
      {/* Like a route: the detail page is mounted only on its own path. */}
      {pathname === '/information/model/12' && <Page title={title} />}
    </BreadcrumbTitleContext>
  );
}

function Page({ title }: { title: string | undefined }) {
  useBreadcrumbTitle(title);
  return null;
}

describe('useBreadcrumbTitle', () => {
  it('replaces the last segment once the title is known, and only on its own path', () => {
    const { rerender } = render(
      <MemoryRouter initialEntries={['/information/model/12']}>
        <Shell title={undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('trail').textContent).toBe('信息管理/模特/12');

    rerender(
      <MemoryRouter initialEntries={['/information/model/12']}>
        <Shell title="林晓" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('trail').textContent).toBe('信息管理/模特/林晓');

    act(() => go('/information/model'));
    expect(screen.getByTestId('trail').textContent).toBe('信息管理/模特');
  });
});
