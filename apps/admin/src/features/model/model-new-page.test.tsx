// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { Profile } from '@trackit/contract/session.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls } from '../../testing/api-answers';
import { testProfile } from '../../testing/profile-fixture';
import { renderPage } from '../../testing/render-page';
import { memberOption, memberOptionsAnswer } from '../organization/organization.fixtures';
import { ModelNewPage } from './model-new-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

describe('ModelNewPage', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('fills 经纪人 with the member creating the model, even when the member arrives after the page', async () => {
    let arrive: (profile: Profile) => void = () => undefined;
    const profile = new Promise<Profile>((resolve) => {
      arrive = resolve;
    });
    answerCalls(
      api,
      answer(endpoints.profile.get, () => profile),
      answer(endpoints.permission.mine, () => [{ key: 'data_management' as const, level: 'edit' as const }]),
      answer(endpoints.country.list, () => ({ countries: { CN: '中国' } })),
      memberOptionsAnswer([memberOption(7, '沈念')]),
    );
    renderPage(<ModelNewPage />, '/information/model/new');
    arrive(testProfile({ id: 7, nickname: '沈念' }));
    await waitFor(() => expect(screen.getByTestId('model-manager-input').textContent).toContain('沈念'));
  });
});
