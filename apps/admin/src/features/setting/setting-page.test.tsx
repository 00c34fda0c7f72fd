// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AVATAR_MAX_BYTES } from '@trackit/contract/constants';
import { endpoints } from '@trackit/contract/endpoints';
import { MESSAGES, UPLOAD_MESSAGES } from '@trackit/contract/messages';
import { requiredMessage } from '@trackit/contract/patterns';
import type { Profile, ProfileUpdate, UserSession } from '@trackit/contract/session.schema';
import { App, ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { profileQuery } from '../session/session.queries';
import { SettingPage } from './setting-page';

vi.mock('../../api', () => ({
  api: { call: vi.fn() },
  loginHistory: {},
  tokens: {},
}));

const profile: Profile = {
  id: 7,
  nickname: '王小明',
  avatar: null,
  avatar_thumb: null,
  base_color: '#1677ff',
  team_id: 1,
  team_name: '星河模特经纪',
  department_name: null,
  superior_name: null,
  mobile: '13800000000',
  is_owner: true,
};

const device = (id: string, current: boolean): UserSession => ({
  id,
  browser: 'Chrome 140',
  os: 'macOS',
  device: 'desktop',
  ip: '10.0.0.1',
  signed_in_at: '2025-01-01T00:00:00Z',
  last_seen_at: '2025-01-02T00:00:00Z',
  expires_at: '2025-02-01T00:00:00Z',
  team_name: '星河模特经纪',
  current,
});

const uploadSteps = vi.hoisted(() => ({ log: [] as string[] }));

vi.mock('../../uploads', () => ({
  uploadDeps: {
    api: {
      callEnvelope: async (endpoint: unknown) => {
        uploadSteps.log.push(endpoint === endpoints.upload.announce ? 'direct_uploads' : 'unexpected');
        return {
          code: 0,
          message: 'ok',
          data: {
            direct_upload: { url: '/put', headers: {}, preview_url: '/view' },
            signed_id: 'avatar-signed',
          },
        };
      },
      call: async () => undefined,
    },
    computeMd5: async () => {
      uploadSteps.log.push('md5');
      return 'XUFAKrxLKna5cZ2REBfFkg==';
    },
    putFile: async () => {
      uploadSteps.log.push('put');
      return 200;
    },
    sleep: async (ms: number) => {
      uploadSteps.log.push(`sleep ${ms}`);
    },
  },
}));

let devices: UserSession[] = [];

/** The calls of the page; the profile update answers what `update` makes of its body. */
const answerPage = (update: (body: ProfileUpdate) => Profile = (body) => ({ ...profile, ...body })) =>
  answerCalls(
    api,
    answer(endpoints.profile.get, () => profile),
    answer(endpoints.profile.update, ({ body }) => update(body ?? {})),
    answer(endpoints.session.devices, () => devices),
    answer(endpoints.session.endDevices, (input) => {
      const ids = input.body?.ids;
      const before = devices.length;
      devices = devices.filter((item) => item.current || (ids && !ids.includes(item.id)));
      return { ended: before - devices.length };
    }),
  );

beforeEach(() => {
  devices = [device('current-1', true), device('other-2', false)];
  answerPage();
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** Clicks the OK button of the open Popconfirm (rendered in a portal). */
const confirmPopup = async () => {
  const ok = await waitFor(() => {
    const button = document.querySelector<HTMLButtonElement>('.ant-popconfirm .ant-btn-dangerous');
    if (!button) throw new Error('no open confirmation');
    return button;
  });
  expect(ok.textContent).toBe('下线');
  fireEvent.click(ok);
};

const renderPage = () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <App>
          <SettingPage />
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return queryClient;
};

describe('SettingPage profile', () => {
  it('shows the mobile read-only', async () => {
    renderPage();
    expect((await screen.findByTestId('setting-mobile')).textContent).toBe('13800000000');
  });

  it('labels the fields with Chinese colons, right-aligned so the values line up', async () => {
    renderPage();
    const form = await screen.findByTestId('setting-profile');
    const labels = [...form.querySelectorAll('.ant-form-item-label label')];
    expect(labels.map((label) => label.textContent)).toEqual(['昵称：', '团队：', '手机号：']);
    // No Latin colon of antd's added after them, and no required star pushing one label aside.
    for (const label of labels) {
      expect(label.classList.contains('ant-form-item-no-colon')).toBe(true);
      expect(label.classList.contains('ant-form-item-required')).toBe(false);
    }
    expect(form.querySelector('.ant-form-item-label-left')).toBeNull();
  });

  it('ties the nickname label to its field (accessibility)', async () => {
    renderPage();
    const input = await screen.findByTestId('setting-nickname-input');
    expect(screen.getByLabelText('昵称：')).toBe(input);
  });

  it("checks the nickname with the contract schema's message", async () => {
    renderPage();
    const input = (await screen.findByTestId('setting-nickname-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('setting-nickname-save'));
    // An empty nickname says what is missing, by its label (the schema's own message is a length range).
    expect(await screen.findByText(requiredMessage(MESSAGES.nickname))).toBeTruthy();
    expect(callsTo(api, endpoints.profile.update)).toEqual([]);
  });

  it('saves the trimmed nickname and updates the shared profile cache', async () => {
    const queryClient = renderPage();
    const input = (await screen.findByTestId('setting-nickname-input')) as HTMLInputElement;
    const save = screen.getByTestId('setting-nickname-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(input, { target: { value: '  小明  ' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);

    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(api.call).toHaveBeenCalledWith(endpoints.profile.update, { body: { nickname: '小明' } });
    expect(queryClient.getQueryData(profileQuery.queryKey)?.nickname).toBe('小明');
    expect(input.value).toBe('小明');
  });
});

describe('SettingPage avatar', () => {
  it('uploads the chosen image through the upload steps, then sets it as the avatar', async () => {
    uploadSteps.log.length = 0;
    answerPage(() => ({ ...profile, avatar: '/a.png', avatar_thumb: '/t.png' }));
    const queryClient = renderPage();
    const input = (await screen.findByTestId('setting-avatar-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } });

    expect(await screen.findByText('头像已更新')).toBeTruthy();
    expect(uploadSteps.log).toEqual(['md5', 'direct_uploads', 'put', 'sleep 200']);
    expect(api.call).toHaveBeenCalledWith(
      endpoints.profile.update,
      { body: { avatar_signed_id: 'avatar-signed' } },
      { hideToast: true },
    );
    expect(queryClient.getQueryData(profileQuery.queryKey)?.avatar_thumb).toBe('/t.png');
  });

  it('refuses a file that is not an image', async () => {
    renderPage();
    const input = (await screen.findByTestId('setting-avatar-input')) as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText(UPLOAD_MESSAGES.notAnImage)).toBeTruthy();
    expect(callsTo(api, endpoints.profile.update)).toEqual([]);
  });

  it('refuses an image over 10 MB before sending a byte of it', async () => {
    uploadSteps.log.length = 0;
    renderPage();
    const input = (await screen.findByTestId('setting-avatar-input')) as HTMLInputElement;
    const huge = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: AVATAR_MAX_BYTES + 1 });
    fireEvent.change(input, { target: { files: [huge] } });
    expect(await screen.findByText(UPLOAD_MESSAGES.avatarTooLarge)).toBeTruthy();
    expect(uploadSteps.log).toEqual([]);
    expect(callsTo(api, endpoints.profile.update)).toEqual([]);
  });
});

describe('SettingPage devices', () => {
  it('opens the 下线 confirmation leftwards from the last column, so it stays inside the window', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('device-signout-other-2'));
    const popup = await waitFor(() => {
      const found = document.querySelector('.ant-popconfirm');
      if (!found) throw new Error('no open confirmation');
      return found;
    });
    expect(popup.className).toContain('ant-popover-placement-topRight');
  });

  it('marks the current device and offers sign-out on the others only', async () => {
    renderPage();
    const current = await screen.findByTestId('device-row-current-1');
    expect(current.textContent).toContain('当前设备');
    expect(screen.queryByTestId('device-signout-current-1')).toBeNull();
    expect(screen.getByTestId('device-signout-other-2')).toBeTruthy();
  });

  it('signs out one device after confirming', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('device-signout-other-2'));
    await confirmPopup();

    await waitFor(() => expect(screen.queryByTestId('device-row-other-2')).toBeNull());
    expect(api.call).toHaveBeenCalledWith(endpoints.session.endDevices, { body: { ids: ['other-2'] } });
    expect((screen.getByTestId('devices-signout-others') as HTMLButtonElement).disabled).toBe(true);
  });

  it('signs out all other devices with a body-less DELETE', async () => {
    renderPage();
    await screen.findByTestId('device-row-other-2');
    fireEvent.click(screen.getByTestId('devices-signout-others'));
    await confirmPopup();

    await waitFor(() => expect(screen.queryByTestId('device-row-other-2')).toBeNull());
    expect(callsTo(api, endpoints.session.endDevices)).toEqual([[undefined]]);
  });
});
