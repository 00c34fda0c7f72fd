// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDocumentTitle } from './document-title';

afterEach(cleanup);

describe('useDocumentTitle', () => {
  it("shows the team's name, and the product's Chinese name without a team and once the shell is gone", () => {
    document.title = 'TrackIt';
    const { rerender, unmount } = renderHook(({ team }) => useDocumentTitle(team), {
      initialProps: { team: undefined as string | undefined },
    });
    expect(document.title).toBe('TrackIt 经纪管理');
    rerender({ team: '星辰模特经纪' });
    expect(document.title).toBe('星辰模特经纪');
    unmount();
    expect(document.title).toBe('TrackIt 经纪管理');
  });
});
