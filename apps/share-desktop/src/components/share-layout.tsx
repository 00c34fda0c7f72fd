import { Outlet, ScrollRestoration } from 'react-router';

/**
 * The frame of every page. Scroll positions are kept per address, so coming back from a model to the
 * package (by the back button or 返回套餐) lands where the client was in the grid, and a model opened
 * for the first time starts at its top.
 */
export function ShareLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration getKey={(location) => location.pathname + location.search} />
    </>
  );
}
