import { describe, expect, it } from 'vitest';
import { OPERATION_CATALOGUE } from './operation-catalogue';
import {
  describeOperation,
  OPERATION_ACTIONS,
  type OperationAction,
  type OperationDetail,
  TEAM_LOG_ACTIONS,
} from './operation-log.schema';

/** One detail per action, as the server records it; a new action without one fails the typecheck. */
const SAMPLES: { [A in OperationAction]: OperationDetail<A> } = {
  sign_in: {},
  sign_out: {},
  team_switch: { from_team: '星辰模特经纪', to_team: '光影文化传媒' },
  profile_update: { nickname: { before: '林晓', after: '林总' }, avatar_changed: true },
  sign_out_devices: { ended: 2, session_ids: ['0b9e1c2a-8f4e-4a7b-9c1d-2e3f4a5b6c7d'] },
  sign_out_other_devices: { ended: 3 },
  session_ended_refresh_reuse: {},
  sign_in_refused: { mobile: '13800001234', reason: 'wrong_code', failures_in_24h: 3 },
  folder_create: { name: '2025 春夏画册' },
  file_upload: { folder: '2025 春夏画册', file: 'a.jpg', byte_size: 104_639 },
  folder_update: { name: '2025 春夏画册', changes: [{ field: '类型', before: '其他', after: '画册' }] },
  file_reorder: { folder: '2025 春夏画册', count: 12 },
  file_move: { from: '2025 春夏画册', to: 'Anna 拍立得', files: ['a.jpg', 'b.jpg'] },
  file_delete: { folder: '2025 春夏画册', file: 'a.jpg' },
  folder_delete: { name: '刘晓阳 画册' },
  company_create: { name: '上海星河传媒有限公司' },
  company_update: {
    name: '上海星河传媒有限公司',
    changes: [{ field: '客户等级', before: '普通客户', after: '重点客户' }],
  },
  company_archive: { name: '上海星河传媒有限公司' },
  company_restore: { name: '上海星河传媒有限公司' },
  company_delete: { name: '上海星河传媒有限公司' },
  team_recipient_create: { name: '上海星辰模特经纪有限公司' },
  team_recipient_update: {
    name: '上海星辰模特经纪有限公司',
    changes: [{ field: '银行账号', before: '6222 0212 3456 7890', after: '6222 0212 3456 7891' }],
  },
  invoice_request: { name: '上海某某服饰有限公司', type: 'special', total: 106_000, lines: 2 },
  invoice_issue: { name: '上海某某服饰有限公司', number: '26312000000000000001', issued_on: '2026-11-27' },
  invoice_reverse: {
    name: '上海某某服饰有限公司',
    number: '26312000000000000001',
    amount: 53_000,
    reason: '金额有误',
    scope: 'partial',
    lines: 1,
  },
  invoice_correction_issue: {
    name: '上海某某服饰有限公司',
    number: '26312000000000000001',
    red_number: '26312000000000000002',
    confirmation_number: '31011226120700000001',
    amount: 53_000,
  },
  invoice_correction_approve: {
    name: '上海某某服饰有限公司',
    number: '26312000000000000001',
    amount: 53_000,
    result: 'passed',
    comment: '',
  },
  // Receipts (issue 23).
  receipt_create: { name: '上海某某服饰有限公司', amount: 1_060_000, received_on: '2026-11-20' },
  receipt_allocate: {
    name: '上海某某服饰有限公司',
    amount: 1_060_000,
    targets: [{ target: '发票 26312000000000000001', amount: 1_060_000 }],
  },
  allocation_undo: { name: '上海某某服饰有限公司', amount: 1_060_000, target: '订单 20261120001' },
  receipt_void: { name: '上海某某服饰有限公司', amount: 1_060_000, reason: '重复登记' },
  fee_statement_share: { name: '上海某某服饰有限公司', what: '订单 HF20261124001' },
  fee_statement_revoke: { name: '上海某某服饰有限公司', what: '2026-10-01 至 2026-10-31' },
  fee_statement_query_answer: {
    name: '上海某某服饰有限公司',
    what: '2026-10-01 至 2026-10-31',
    reply: '已核对，按合同价计',
    resolved: true,
  },
  // Model settlements (issue 24).
  settlement_create: { name: '林晓', number: 'JS20261124001', net: 640_000, lines: 2, advance: false },
  settlement_submit: { name: '林晓', number: 'JS20261124001', net: 640_000 },
  settlement_approve: { name: '林晓', number: 'JS20261124001', result: 'rejected', comment: '佣金有误' },
  settlement_pay: {
    name: '林晓',
    number: 'JS20261124001',
    net: 640_000,
    paid_on: '2026-11-27',
    payer: '星辰经纪',
  },
  settlement_correct: {
    name: '林晓',
    number: 'JS20261130001',
    corrected: 'JS20261124001',
    net: -64_000,
    reason: '佣金比例有误',
  },
  settlement_delete: { name: '林晓', number: 'JS20261124001' },
  settlement_share: { name: '林晓', number: 'JS20261124001' },
  settlement_share_revoke: { name: '林晓', number: 'JS20261124001' },
  finance_settings_update: { show_client_fees_to_models: { before: false, after: true } },
  settlement_rate_override: {
    name: '林晓',
    order: 'HF20261124001',
    before: null,
    after: 1500,
    reason: '客户特批',
  },
  model_change_request: {
    name: '刘晓阳',
    subject: 'terms',
    changes: [{ field: '佣金比例', before: '15%', after: '40%' }],
  },
  model_change_decide: {
    name: '刘晓阳',
    subject: 'payout',
    changes: [{ field: '银行账号', before: '尾号 7890', after: '尾号 4567' }],
    result: 'rejected',
    comment: '电话核实未变更',
  },
  model_change_withdraw: { name: '刘晓阳', subject: 'terms', changes: [] },
  team_recipient_change_request: {
    name: '上海星辰模特经纪有限公司',
    subject: 'bank',
    changes: [{ field: '开户银行', before: '招商银行', after: '兴业银行' }],
  },
  team_recipient_change_decide: {
    name: '上海星辰模特经纪有限公司',
    subject: 'bank',
    changes: [],
    result: 'passed',
    comment: '',
  },
  team_recipient_change_withdraw: { name: '上海星辰模特经纪有限公司', subject: 'bank', changes: [] },
  approval_settings_update: { bank_change_review: { before: true, after: false } },
  package_create: { name: '春季新品拍摄', models: ['刘晓阳', 'Anna'] },
  package_update: {
    name: '春季新品拍摄',
    changes: [{ field: '有效期', before: '2026-12-01', after: '2026-12-31' }],
  },
  package_revoke: { name: '春季新品拍摄' },
  folder_share: { name: '2025 春夏画册' },
  folder_share_revoke: { name: '2025 春夏画册' },
  contact_create: { name: '王珊', company: '上海星河传媒有限公司' },
  contact_update: { name: '王珊', changes: [{ field: '职位', before: '--', after: '市场总监' }] },
  contact_archive: { name: '王珊' },
  contact_restore: { name: '王珊' },
  contact_delete: { name: '王珊' },
  order_create: { name: 'HF20261124001', source: 'calendar' },
  order_update: { name: 'HF20261124001', changes: [{ field: '标题', before: '', after: '春季大片' }] },
  order_submit: { name: 'HF20261124001' },
  order_approve: { name: 'HF20261124001', result: 'rejected', comment: '报价过低' },
  order_confirm: { name: 'HF20261124001' },
  order_cancel: { name: 'HF20261124001', reason: '客户取消拍摄' },
  order_bill: { name: 'HF20261124001' },
  order_draft_remove: { name: 'HF20261124001', days: 7 },
  order_attachment_add: { name: 'HF20261124001', file: '拍摄通告.pdf' },
  order_attachment_remove: { name: 'HF20261124001', file: '拍摄通告.pdf' },
  calendar_release: { name: 'HF20261124001', model: '刘晓阳', date: '2026-12-01' },
  member_invite: { name: '唐果', mobile: '13800000000' },
  member_update: { name: '唐果', changes: [{ field: '部门', before: '--', after: '经纪一部' }] },
  member_status: { name: '唐果', before: '正常', after: '已离职' },
  member_handover: { name: '唐果', to: '周岚', models: 3, companies: 1, orders: 2 },
  department_create: { name: '经纪一部' },
  department_update: { name: '经纪一部', changes: [{ field: '上级部门', before: '--', after: '业务中心' }] },
  department_delete: { name: '经纪一部' },
  role_create: { name: '经纪人' },
  role_update: { name: '资深经纪人', changes: [{ field: '名称', before: '经纪人', after: '资深经纪人' }] },
  role_delete: { name: '经纪人' },
  role_permissions: { name: '经纪人', changes: [{ field: '订单', before: '查看', after: '编辑' }] },
  model_create: { name: '刘晓阳' },
  model_update: { name: '刘晓阳', changes: [{ field: '状态', before: '合作中', after: '已解约' }] },
  model_delete: { name: '刘晓阳' },
  model_trip_create: { name: '刘晓阳', kind: 'vacation', start_date: '2026-05-01', end_date: '2026-05-07' },
  model_trip_update: { name: '刘晓阳', changes: [{ field: '地点', before: '上海', after: '巴黎' }] },
  model_trip_delete: { name: '刘晓阳', kind: 'work', start_date: '2026-05-01', end_date: '2026-05-07' },
  model_deduction_create: { name: '刘晓阳', kind: 'advance', amount: 200_000, occurred_on: '2026-05-01' },
  model_deduction_void: { name: '刘晓阳', kind: 'expense', amount: 35_000, occurred_on: '2026-05-02' },
};

const HAN = /\p{Script=Han}/u;
/** A key, field name, id or address leaking into what a reader sees. */
const INTERNAL = /\b[a-z]+_[a-z_]+\b|\b[0-9a-f]{8}-[0-9a-f]{4}|\/storm_api|#\d|104639/;

describe('the operation-log catalogue', () => {
  it.each(OPERATION_ACTIONS)(
    '%s reads as a Chinese sentence with a Chinese label and no internal key',
    (action) => {
      const read = describeOperation({ action, targetId: '12', detail: SAMPLES[action] });
      expect(read.label).toMatch(HAN);
      expect(read.sentence).toMatch(HAN);
      for (const text of [
        read.label,
        read.sentence,
        ...read.changes.flatMap((c) => [c.field, c.before, c.after]),
      ]) {
        expect(text).not.toMatch(INTERNAL);
      }
    },
  );

  it('names the changed fields before → after, and links to the record of its target', () => {
    expect(
      describeOperation({ action: 'profile_update', targetId: '5', detail: SAMPLES.profile_update }),
    ).toEqual({
      label: '修改个人资料',
      sentence: '修改了昵称并更换了头像',
      changes: [{ field: '昵称', before: '林晓', after: '林总' }],
      link: null,
    });
    expect(describeOperation({ action: 'file_upload', targetId: '12', detail: SAMPLES.file_upload })).toEqual(
      {
        label: '上传文件',
        sentence: '上传了文件 a.jpg 到资源夹「2025 春夏画册」',
        changes: [],
        link: '/admin/information/folder/12',
      },
    );
    expect(
      describeOperation({ action: 'sign_in_refused', targetId: null, detail: SAMPLES.sign_in_refused })
        .sentence,
    ).toBe('手机号 138****1234 登录被拒绝：验证码错误（24 小时内第 3 次）');
  });

  it('links a deletion nowhere: the record is gone', () => {
    expect(
      describeOperation({ action: 'model_delete', targetId: '12', detail: SAMPLES.model_delete }),
    ).toEqual({ label: '删除模特', sentence: '删除了误建的模特「刘晓阳」', changes: [], link: null });
    expect(
      describeOperation({ action: 'folder_delete', targetId: '12', detail: SAMPLES.folder_delete }).link,
    ).toBeNull();
  });

  it('reads an entry whose detail no longer fits its action (an older version wrote it) as its label', () => {
    const old = { before: { team: '甲', membership_id: 1 }, after: { team: '乙', membership_id: 2 } };
    expect(describeOperation({ action: 'team_switch', targetId: null, detail: old })).toEqual({
      label: '切换团队',
      sentence: '切换团队',
      changes: [],
      link: null,
    });
    expect(describeOperation({ action: 'folder_create', targetId: null, detail: null }).sentence).toBe(
      '新建资源夹',
    );
  });

  it('refuses a detail of the wrong shape when it is recorded', () => {
    expect(OPERATION_CATALOGUE.folder_create.detail.safeParse({ title: 'x' }).success).toBe(false);
    expect(OPERATION_CATALOGUE.sign_out_devices.detail.safeParse({ ended: 0 }).success).toBe(false);
  });

  it('keeps refused sign-ins out of every team log and its filter', () => {
    expect(TEAM_LOG_ACTIONS).not.toContain('sign_in_refused');
    expect(TEAM_LOG_ACTIONS).toEqual(
      expect.arrayContaining(['folder_create', 'file_upload', 'profile_update']),
    );
  });
});
