/**
 * Order messages (docs/product.md "Orders"): the errors of the order endpoints and forms, the labels of what
 * a submitted order must have, and the notifications of the order lifecycle. Constants in ./order-constants.
 */
import { APPROVAL_MESSAGES } from './approval.schema';
import { formatYuan, MAX_FEE_FEN, MAX_FEE_QUANTITY, MAX_LINE_FEN, MAX_ORDER_FEN } from './money';
import { BILLING_WORDS, OPTION_MAX_DAYS, ORDER_LIMITS } from './order-constants';

export const ORDER_MESSAGES = {
  orderNotFound: '订单不存在',
  entryNotFound: '档期不存在',
  attachmentNotFound: '附件不存在',
  attachmentsFull: `每个订单最多 ${ORDER_LIMITS.attachments} 个附件`,
  notDraft: '只有草稿状态的订单可以修改',
  notOwner: '只能操作自己负责的订单',
  incomplete: (missing: string) => `订单信息不完整，请先填写：${missing}`,
  alreadySubmitted: '订单已提交审批，请等待审批结果',
  notSubmitted: '订单不在审批中',
  alreadyDecided: '该订单已审批',
  notPassed: '订单尚未审批通过，不能确认',
  notConfirmable: '只有审批通过的订单可以确认',
  cancelled: '订单已取消',
  confirmationOfCancelled: '订单已取消，不能导出确认单',
  alreadyBilled: `订单${BILLING_WORDS.done}，不能取消`,
  notCompleted: `订单的工作尚未完成（最后一天还未过去），不能${BILLING_WORDS.step}`,
  notBillable: `只有已确认且工作已完成的订单可以${BILLING_WORDS.step}`,
  draftCancelByOwner: '已提交的订单只能由有订单管理权限的成员取消',
  rejectNeedsComment: APPROVAL_MESSAGES.rejectNeedsComment,
  reasonRequired: '*请填写取消原因',
  dayEndBeforeStart: '*结束时间须晚于开始时间',
  daysRepeated: '*日期不能重复',
  modelsRepeated: '*模特不能重复',
  usageEndBeforeStart: '*授权结束日期不能早于开始日期',
  quantityDecimals: '*数量最多两位小数',
  quantityPositive: '*数量须大于 0',
  quantityTooLarge: `*数量最多为 ${MAX_FEE_QUANTITY.toLocaleString('en-US')}`,
  amountInvalid: `*金额须为 0 到 ${formatYuan(MAX_FEE_FEN)} 之间，最多两位小数`,
  /** On the line's amount: its figures come from amount, quantity and rate, the amount is what one lowers. */
  lineTooLarge: `*单条费用含税最多 ${formatYuan(MAX_LINE_FEN)}`,
  orderTooLarge: `*订单含税合计最多 ${formatYuan(MAX_ORDER_FEN)}，请拆分为多个订单`,
  tooManyDays: `*每个订单最多 ${ORDER_LIMITS.days} 个工作日`,
  tooManyModels: `*每个订单最多 ${ORDER_LIMITS.models} 位模特`,
  tooManyModelDays: `*模特数 × 工作日数最多 ${ORDER_LIMITS.modelDays}，请分成几个订单`,
  /** Beside a count the product bound holds below its own limit. */
  modelDaysHint: `模特数 × 工作日数最多 ${ORDER_LIMITS.modelDays}`,
  tooManyFeesOfModel: `*每位模特最多 ${ORDER_LIMITS.feesPerModel} 项费用`,
  tooManyFeeLines: `*每个订单最多 ${ORDER_LIMITS.feeLines} 项费用，请分成几个订单`,
  modelLeft: (model: string) => `模特「${model}」已解约，不能加入订单`,
  contactOfOtherCompany: '*联系人不属于所选公司',
  ownerNotMember: '*负责人不是本团队的有效成员',
  holdUntilInPast: '*保留期限须晚于现在',
  holdUntilTooFar: `*保留期限最长为 ${OPTION_MAX_DAYS} 天`,
  /** Confirming over a model's confirmed job or trip. */
  conflictOrder: (model: string, date: string, number: string) =>
    `模特「${model}」${date} 已有确认的订单 ${number}，档期冲突`,
  conflictTrip: (model: string, date: string, trip: string) =>
    `模特「${model}」${date} 有${trip}行程，档期冲突`,
  releaseLocked: '已锁定的档期不能释放，请取消订单',
  releaseNotLive: '该档期已释放',
  placesDisabled: '未配置地图服务',
  placesFailed: '地点搜索暂时不可用，请直接填写地点',
} as const;

/** What a submitted order must have. */
export const ORDER_REQUIRED_LABELS = {
  company_id: '客户公司',
  job_type: '工作类型',
  title: '订单标题',
  days: '工作日期',
  models: '模特',
} as const;

/** Notifications of the order lifecycle, the calendar's options and usage licences. */
export const ORDER_NOTICES = {
  approvalRequired: (number: string, title: string) => `订单 ${number}「${title}」等待你的审批`,
  approvalRequiredBody: (member: string) => `${member} 提交了审批`,
  approved: (number: string) => `订单 ${number} 已审批通过`,
  rejected: (number: string) => `订单 ${number} 被拒绝，已退回草稿`,
  decisionBody: (member: string, comment: string) => `${member}${comment ? `：${comment}` : ''}`,
  confirmed: (number: string) => `订单 ${number} 已确认，档期已锁定`,
  cancelled: (number: string) => `订单 ${number} 已取消`,
  promoted: (model: string, date: string) => `模特「${model}」${date} 的档期已升为第一选择`,
  promotedBody: (number: string) => `前一位的选择已释放，订单 ${number} 现在排在第一`,
  lockedByOther: (model: string, date: string) => `模特「${model}」${date} 已被其他订单确认`,
  renewalDraft: (model: string, media: string) =>
    `「${model}」的肖像授权（${media}）即将到期，续约订单已生成`,
  renewalDecide: (model: string, media: string) =>
    `「${model}」的肖像授权（${media}）即将到期，请决定是否续约`,
  renewalStop: (model: string, media: string) => `「${model}」的肖像授权（${media}）即将到期，不续约`,
  renewalBody: (end: string, number: string) => `授权至 ${end} 结束（订单 ${number}）`,
  renewalStopBody: (end: string, number: string) => `授权至 ${end} 结束，到期后须停止使用（订单 ${number}）`,
} as const;
