// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api';
import type { PermissionLevels } from '../layouts/route-handle';
import { answerCalls, permissionsAnswer } from '../testing/api-answers';
import { renderPage } from '../testing/render-page';
import { OperationSentence } from './operation-entry';

vi.mock('../api', () => ({ api: { call: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** The sentence, and beside it one about a model, whose 查看 shows once the member's levels are in. */
const renderSentence = (levels: PermissionLevels, link: string | null, hideLinkTo?: string) => {
  answerCalls(api, permissionsAnswer(levels));
  renderPage(
    <>
      <p data-testid="sentence">
        <OperationSentence sentence="林晓 确认了订单 HF001" link={link} hideLinkTo={hideLinkTo} />
      </p>
      <p data-testid="probe">
        <OperationSentence sentence="林晓 新建了模特 王珊" link="/admin/information/model/3" />
      </p>
    </>,
    '/operate',
  );
};

const levelsAreIn = () => within(screen.getByTestId('probe')).findByRole('link', { name: '查看' });

describe('OperationSentence', () => {
  it('links 查看 to the record when the member may open its page', async () => {
    renderSentence({ data_management: 'read', my_bill: 'read' }, '/admin/order/12');
    await levelsAreIn();
    const link = within(screen.getByTestId('sentence')).getByRole('link', { name: '查看' });
    expect(link.getAttribute('href')).toBe('/order/12');
  });

  it('offers no 查看 to a page the member cannot open, and none to the page they are on', async () => {
    renderSentence({ data_management: 'read', calendar: 'manage' }, '/admin/order/12');
    await levelsAreIn();
    expect(screen.getByTestId('sentence').textContent).toBe('林晓 确认了订单 HF001');
    cleanup();
    renderSentence({ data_management: 'read', my_bill: 'read' }, '/admin/order/12', '/admin/order/12');
    await levelsAreIn();
    expect(screen.getByTestId('sentence').textContent).toBe('林晓 确认了订单 HF001');
  });
});
