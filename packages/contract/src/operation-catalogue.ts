/**
 * The operation log as a typed catalogue (docs/product.md §10 "Operation log"): every action is declared
 * once, with its Chinese label, the shape of its detail, the kind of record it concerns and how it reads
 * as a sentence. The server's `recordOperation` accepts only declared actions with their detail shape,
 * so an action without a label, or written with the wrong detail, fails the typecheck. What the API answers
 * of an entry, and how a stored entry reads, are in ./operation-log.schema.
 */
import { z } from 'zod';
import { MODEL_TRIP_KIND_LABELS, modelTripKindSchema } from './enums';
import { MODEL_DEDUCTION_KIND_LABELS, modelDeductionKindSchema } from './model-deduction.schema';
import { formatYuan } from './money';
import { action, changeOf, deleteAction, namedAction, nothing, updateAction } from './operation-action';
import { CONTROL_OPERATIONS } from './operation-catalogue-controls';
import { FINANCE_OPERATIONS } from './operation-catalogue-finance';
import { BILLING_WORDS } from './order-constants';

export {
  type ActionSpec,
  type FieldChange,
  fieldChangeSchema,
  OPERATION_TARGETS,
  type OperationTarget,
} from './operation-action';

const SIGN_IN_REFUSAL_REASONS = ['no_live_code', 'wrong_code', 'code_used', 'no_valid_membership'] as const;
const SIGN_IN_REFUSAL_LABELS: Readonly<Record<(typeof SIGN_IN_REFUSAL_REASONS)[number], string>> = {
  no_live_code: '没有有效的验证码',
  wrong_code: '验证码错误',
  code_used: '验证码已使用',
  no_valid_membership: '没有可登录的团队',
};

/** 138****0000: a number is shown masked in the log. */
const maskMobile = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

/** A model's deduction as its log entries name it: the model, the kind, the amount in fen and the day. */
const deductionDetail = z.object({
  name: z.string(),
  kind: modelDeductionKindSchema,
  amount: z.number().int(),
  occurred_on: z.string(),
});

/** The actions a model's history shows only to members holding `accounting` read (amounts paid to them). */
export const MODEL_FINANCE_ACTIONS = ['model_deduction_create', 'model_deduction_void'] as const;

export const OPERATION_CATALOGUE = {
  sign_in: action({
    label: '登录',
    inTeamLog: true,
    target: 'session',
    detail: nothing,
    sentence: () => '登录了系统',
  }),
  sign_out: action({
    label: '退出登录',
    inTeamLog: true,
    target: 'session',
    detail: nothing,
    sentence: () => '退出了登录',
  }),
  team_switch: action({
    label: '切换团队',
    inTeamLog: true,
    target: 'session',
    detail: z.object({ from_team: z.string().nullable(), to_team: z.string() }),
    sentence: ({ from_team, to_team }) =>
      from_team ? `从「${from_team}」切换到「${to_team}」` : `切换到「${to_team}」`,
  }),
  profile_update: action({
    label: '修改个人资料',
    inTeamLog: true,
    target: 'membership',
    detail: z.object({
      nickname: changeOf(z.string()).optional(),
      avatar_changed: z.literal(true).optional(),
    }),
    sentence: ({ nickname, avatar_changed }) =>
      nickname && avatar_changed ? '修改了昵称并更换了头像' : avatar_changed ? '更换了头像' : '修改了昵称',
    changes: ({ nickname }) => (nickname ? [{ field: '昵称', ...nickname }] : []),
  }),
  sign_out_devices: action({
    label: '下线指定设备',
    inTeamLog: true,
    target: null,
    // The session ids are kept for an audit, never shown.
    detail: z.object({ ended: z.number().int().positive(), session_ids: z.array(z.string()).optional() }),
    sentence: ({ ended }) => `下线了 ${ended} 台设备`,
  }),
  sign_out_other_devices: action({
    label: '下线其他设备',
    inTeamLog: true,
    target: null,
    detail: z.object({ ended: z.number().int().positive() }),
    sentence: ({ ended }) => `下线了其他 ${ended} 台设备`,
  }),
  session_ended_refresh_reuse: action({
    label: '登录凭证异常，会话已终止',
    inTeamLog: true,
    target: 'session',
    detail: nothing,
    sentence: () => '登录凭证被重复使用，系统已终止该会话',
  }),
  sign_in_refused: action({
    label: '登录被拒绝',
    inTeamLog: false,
    target: null,
    detail: z.object({
      mobile: z.string(),
      reason: z.enum(SIGN_IN_REFUSAL_REASONS),
      failures_in_24h: z.number().int(),
    }),
    sentence: ({ mobile, reason, failures_in_24h }) =>
      `手机号 ${maskMobile(mobile)} 登录被拒绝：${SIGN_IN_REFUSAL_LABELS[reason]}（24 小时内第 ${failures_in_24h} 次）`,
  }),
  folder_create: namedAction('folder', '新建资源夹', (name) => `新建了资源夹「${name}」`),
  file_upload: action({
    label: '上传文件',
    inTeamLog: true,
    target: 'folder',
    detail: z.object({ folder: z.string(), file: z.string(), byte_size: z.number().int() }),
    sentence: ({ folder, file }) => `上传了文件 ${file} 到资源夹「${folder}」`,
  }),
  folder_update: updateAction('folder', '修改资源夹', ({ name }) => `修改了资源夹「${name}」`),
  folder_delete: deleteAction('folder', '删除资源夹', (name) => `删除了资源夹「${name}」`),
  file_reorder: action({
    label: '调整文件顺序',
    inTeamLog: true,
    target: 'folder',
    detail: z.object({ folder: z.string(), count: z.number().int() }),
    sentence: ({ folder }) => `调整了资源夹「${folder}」中文件的顺序`,
  }),
  file_move: action({
    label: '移动文件',
    inTeamLog: true,
    target: 'folder',
    detail: z.object({ from: z.string(), to: z.string(), files: z.array(z.string()) }),
    sentence: ({ from, to, files }) =>
      files.length === 1
        ? `把文件 ${files[0]} 从资源夹「${from}」移到了「${to}」`
        : `把 ${files.length} 个文件从资源夹「${from}」移到了「${to}」`,
  }),
  file_delete: action({
    label: '删除文件',
    inTeamLog: true,
    target: 'folder',
    detail: z.object({ folder: z.string(), file: z.string() }),
    sentence: ({ folder, file }) => `删除了资源夹「${folder}」中的文件 ${file}`,
  }),
  // A model imported from a spreadsheet is logged one entry per model, so its own history shows it too.
  model_create: action({
    label: '新建模特',
    inTeamLog: true,
    target: 'model',
    detail: z.object({ name: z.string(), imported: z.literal(true).optional() }),
    sentence: ({ name, imported }) =>
      imported ? `通过 Excel 导入了模特「${name}」` : `新建了模特「${name}」`,
  }),
  // A national ID is recorded as changed, never its value; a payout account number by its last four digits.
  model_update: updateAction('model', '修改模特', ({ name, changes }) =>
    changes.some((change) => change.field === '状态' && change.after === '已解约')
      ? `将模特「${name}」设为已解约`
      : `修改了模特「${name}」`,
  ),
  model_delete: deleteAction('model', '删除模特', (name) => `删除了误建的模特「${name}」`),
  model_trip_create: action({
    label: '添加模特行程',
    inTeamLog: true,
    target: 'model',
    detail: z.object({
      name: z.string(),
      kind: modelTripKindSchema,
      start_date: z.string(),
      end_date: z.string(),
    }),
    sentence: ({ name, kind, start_date, end_date }) =>
      `为模特「${name}」添加了${MODEL_TRIP_KIND_LABELS[kind]}行程（${start_date} 至 ${end_date}）`,
  }),
  model_trip_update: updateAction('model', '修改模特行程', ({ name }) => `修改了模特「${name}」的行程`),
  model_trip_delete: action({
    label: '删除模特行程',
    inTeamLog: true,
    target: 'model',
    detail: z.object({
      name: z.string(),
      kind: modelTripKindSchema,
      start_date: z.string(),
      end_date: z.string(),
    }),
    sentence: ({ name, kind, start_date, end_date }) =>
      `删除了模特「${name}」的${MODEL_TRIP_KIND_LABELS[kind]}行程（${start_date} 至 ${end_date}）`,
  }),
  // Deductions (扣款) concern the model: its page opens them. The model's own history shows them only to
  // members who may read finance (model-history.service.ts).
  model_deduction_create: action({
    label: '登记模特扣款',
    inTeamLog: true,
    target: 'model',
    detail: deductionDetail,
    sentence: ({ name, kind, amount, occurred_on }) =>
      `为模特「${name}」登记了${MODEL_DEDUCTION_KIND_LABELS[kind]}扣款 ${formatYuan(amount)}（${occurred_on}）`,
  }),
  model_deduction_void: action({
    label: '作废模特扣款',
    inTeamLog: true,
    target: 'model',
    detail: deductionDetail,
    sentence: ({ name, kind, amount, occurred_on }) =>
      `作废了模特「${name}」${occurred_on} 的${MODEL_DEDUCTION_KIND_LABELS[kind]}扣款 ${formatYuan(amount)}`,
  }),
  company_create: namedAction('company', '新建公司', (name) => `新建了公司「${name}」`),
  company_update: updateAction('company', '修改公司', ({ name }) => `修改了公司「${name}」`),
  company_archive: namedAction('company', '归档公司', (name) => `归档了公司「${name}」`),
  company_restore: namedAction('company', '恢复公司', (name) => `恢复了公司「${name}」`),
  company_delete: deleteAction('company', '删除公司', (name) => `删除了误建的公司「${name}」`),
  team_recipient_create: namedAction('team_recipient', '新建收款主体', (name) => `新建了收款主体「${name}」`),
  team_recipient_update: updateAction(
    'team_recipient',
    '修改收款主体',
    ({ name }) => `修改了收款主体「${name}」`,
  ),
  package_create: action({
    label: '新建套餐',
    inTeamLog: true,
    target: 'package',
    detail: z.object({ name: z.string(), models: z.array(z.string()) }),
    sentence: ({ name, models }) => `新建了套餐「${name}」（${models.length} 位模特）`,
  }),
  package_update: updateAction('package', '修改套餐', ({ name }) => `修改了套餐「${name}」`),
  package_revoke: namedAction('package', '撤销套餐', (name) => `撤销了套餐「${name}」，分享链接已失效`),
  folder_share: namedAction('folder', '分享资源夹', (name) => `分享了资源夹「${name}」`),
  folder_share_revoke: namedAction('folder', '取消分享资源夹', (name) => `取消了资源夹「${name}」的分享`),
  contact_create: action({
    label: '新建联系人',
    inTeamLog: true,
    target: 'contact',
    detail: z.object({ name: z.string(), company: z.string().nullable() }),
    sentence: ({ name, company }) =>
      company ? `新建了公司「${company}」的联系人「${name}」` : `新建了联系人「${name}」`,
  }),
  contact_update: updateAction('contact', '修改联系人', ({ name }) => `修改了联系人「${name}」`),
  contact_archive: namedAction('contact', '归档联系人', (name) => `归档了联系人「${name}」`),
  contact_restore: namedAction('contact', '恢复联系人', (name) => `恢复了联系人「${name}」`),
  contact_delete: deleteAction('contact', '删除联系人', (name) => `删除了误建的联系人「${name}」`),
  // Orders are named by their number (HF20261124001) and title, as staff say them.
  order_create: action({
    label: '新建订单',
    inTeamLog: true,
    target: 'order',
    detail: z.object({
      name: z.string(),
      /** Placed by dragging on the calendar, or made by the usage-licence renewal job. */
      source: z.enum(['calendar', 'renewal']).optional(),
    }),
    sentence: ({ name, source }) =>
      source === 'calendar'
        ? `在日历上预留档期，新建了订单 ${name}`
        : source === 'renewal'
          ? `为到期的肖像授权自动生成了续约订单 ${name}`
          : `新建了订单 ${name}`,
  }),
  order_update: updateAction('order', '修改订单', ({ name }) => `修改了订单 ${name}`),
  order_submit: namedAction('order', '提交订单审批', (name) => `提交了订单 ${name} 的审批`),
  order_approve: action({
    label: '审批订单',
    inTeamLog: true,
    target: 'order',
    detail: z.object({ name: z.string(), result: z.enum(['passed', 'rejected']), comment: z.string() }),
    sentence: ({ name, result, comment }) =>
      `${result === 'passed' ? '同意' : '拒绝'}了订单 ${name}${comment ? `：${comment}` : ''}`,
  }),
  order_confirm: namedAction('order', '确认订单', (name) => `确认了订单 ${name}，档期已锁定`),
  order_cancel: action({
    label: '取消订单',
    inTeamLog: true,
    target: 'order',
    detail: z.object({ name: z.string(), reason: z.string() }),
    sentence: ({ name, reason }) => `取消了订单 ${name}：${reason}`,
  }),
  order_bill: namedAction(
    'order',
    `订单${BILLING_WORDS.step}`,
    (name) => `将订单 ${name} ${BILLING_WORDS.step}，进入财务${BILLING_WORDS.financeList}`,
  ),
  // By the daily jobs, not a member: the record is gone, so the entry links nowhere and names its number.
  order_draft_remove: action({
    label: '删除空草稿订单',
    inTeamLog: true,
    target: null,
    detail: z.object({ name: z.string(), days: z.number().int() }),
    sentence: ({ name, days }) => `自动删除了空草稿订单 ${name}（${days} 天未填写），编号不再使用`,
  }),
  order_attachment_add: action({
    label: '上传订单附件',
    inTeamLog: true,
    target: 'order',
    detail: z.object({ name: z.string(), file: z.string() }),
    sentence: ({ name, file }) => `为订单 ${name} 上传了附件 ${file}`,
  }),
  order_attachment_remove: action({
    label: '删除订单附件',
    inTeamLog: true,
    target: 'order',
    detail: z.object({ name: z.string(), file: z.string() }),
    sentence: ({ name, file }) => `删除了订单 ${name} 的附件 ${file}`,
  }),
  calendar_release: action({
    label: '释放档期',
    inTeamLog: true,
    target: 'order',
    detail: z.object({ name: z.string(), model: z.string(), date: z.string() }),
    sentence: ({ name, model, date }) => `释放了模特「${model}」${date} 在订单 ${name} 的档期`,
  }),
  // The organization: members are named by nickname, departments and roles by name.
  member_invite: action({
    label: '邀请成员',
    inTeamLog: true,
    target: 'membership',
    detail: z.object({ name: z.string(), mobile: z.string() }),
    sentence: ({ name, mobile }) => `邀请了成员「${name}」（${maskMobile(mobile)}）`,
  }),
  member_update: updateAction('membership', '修改成员', ({ name }) => `修改了成员「${name}」`),
  member_status: action({
    label: '修改成员状态',
    inTeamLog: true,
    target: 'membership',
    detail: z.object({ name: z.string(), before: z.string(), after: z.string() }),
    sentence: ({ name, after }) => `将成员「${name}」的账号状态改为「${after}」`,
    changes: ({ before, after }) => [{ field: '账号状态', before, after }],
  }),
  member_handover: action({
    label: '移交成员记录',
    inTeamLog: true,
    target: 'membership',
    detail: z.object({
      name: z.string(),
      to: z.string(),
      models: z.number().int(),
      companies: z.number().int(),
      orders: z.number().int(),
    }),
    sentence: ({ name, to, models, companies, orders }) =>
      `把成员「${name}」负责的 ${models} 位模特、${companies} 家公司和 ${orders} 个订单移交给「${to}」`,
  }),
  department_create: namedAction('role', '新建部门', (name) => `新建了部门「${name}」`),
  department_update: updateAction('role', '修改部门', ({ name }) => `修改了部门「${name}」`),
  department_delete: namedAction('role', '删除部门', (name) => `删除了部门「${name}」`),
  role_create: namedAction('role', '新建角色', (name) => `新建了角色「${name}」`),
  role_update: updateAction('role', '修改角色', ({ name }) => `修改了角色「${name}」`),
  role_delete: namedAction('role', '删除角色', (name) => `删除了角色「${name}」`),
  role_permissions: updateAction('role', '设置角色权限', ({ name }) => `设置了角色「${name}」的权限`),
  ...FINANCE_OPERATIONS,
  ...CONTROL_OPERATIONS,
} as const;
