// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { Profile } from '@trackit/contract/session.schema';
import { App } from 'antd';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TeamPicker } from '../features/session/team-picker';
import { ProfileCardModal } from './profile-card-modal';
import { TeamSwitchModal } from './team-switch-modal';

vi.mock('../api', () => ({ api: { call: vi.fn() }, tokens: {}, loginHistory: {} }));

afterEach(cleanup);

const renderWithApp = (element: ReactElement) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>{element}</App>
    </QueryClientProvider>,
  );

const member = { id: 2, nickname: '韩梅', team_name: '云端模特经纪', avatar: null, base_color: '#1677ff' };

/** The texts of a row's name block, in the order they read. */
const namesIn = (row: HTMLElement): string[] =>
  [...row.querySelectorAll('.ant-typography')].map((node) => node.textContent ?? '');

describe('team name and nickname', () => {
  it('read in the same order in the login team picker and the team switch modal: team first', async () => {
    renderWithApp(
      <TeamPicker
        mobile="13700000000"
        members={[{ ...member, last_login_at: null }]}
        defaultId={2}
        onChosen={vi.fn()}
        onSignedOut={vi.fn()}
      />,
    );
    const pickerOrder = namesIn(screen.getByTestId('team-row-2'));
    cleanup();
    renderWithApp(
      <TeamSwitchModal teams={[{ ...member, mobile: '13700000000' }]} currentId={2} open onClose={vi.fn()} />,
    );
    const switchOrder = namesIn(await screen.findByTestId('team-switch-row-2'));
    expect(pickerOrder).toEqual(['云端模特经纪', '韩梅']);
    expect(switchOrder).toEqual(pickerOrder);
  });
});

describe('ProfileCardModal', () => {
  it('shows the nickname once, in its row', async () => {
    const profile: Profile = {
      id: 2,
      nickname: '韩梅',
      avatar: null,
      avatar_thumb: null,
      base_color: '#1677ff',
      team_id: 1,
      team_name: '云端模特经纪',
      department_name: null,
      superior_name: null,
      mobile: '13700000000',
      is_owner: true,
    };
    renderWithApp(<ProfileCardModal profile={profile} open onClose={vi.fn()} />);
    const card = await screen.findByTestId('profile-card');
    expect(within(card).getAllByText('韩梅')).toHaveLength(1);
    expect(card.textContent).toContain('昵称');
  });
});
