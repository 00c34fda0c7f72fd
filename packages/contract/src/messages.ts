/**
 * Every fixed user-facing Chinese string (docs/product.md §11), in one place.
 * Server and the three apps import from here; never write these literals elsewhere.
 */
import { BIRTHDAY_RANGE, BUSINESS_DATE_RANGE } from './business-time';
import { formatYuan } from './money';

export const PRODUCT_NAME = 'TrackIt';
export const PRODUCT_NAME_ZH = 'TrackIt 经纪管理';

export const MESSAGES = {
  notFoundPage: '抱歉，页面未找到',
  forbiddenPage: '抱歉，您无权访问此页面',
  phoneInvalid: '*请输入正确手机号',
  codeIncomplete: '*请输入完整验证码',
  getCode: '获取验证码',
  login: '登录',
  teamPickerTitle: '选择团队',
  logout: '退出登录',
  logoutSuccess: '退出成功',
  switchSuccess: '切换成功',
  currentInUse: '当前使用中',
  switchTeam: '切换',
  myProfileCard: '我的名片',
  settings: '设置',
  switchAccount: '切换账号',
  nickname: '昵称',
  team: '团队',
  department: '部门',
  directSuperior: '直属上级',
  networkError: '网络异常',
  systemError: '系统异常',
  newVersionTitle: '更新提醒',
  newVersionContent: '新版本已发布，请刷新页面',
  refresh: '刷新',
  uploadClose: '关闭',
  uploadViewDetails: '查看详情',
  uploadHide: '隐藏',
  uploadSuccess: '成功',
  uploadFailed: '失败',
  uploadRetry: '重试',
  sessionExpired: '登录已过期，请重新登录',
  /** A request whose client closed the connection before the answer: no one reads it, the log may. */
  requestAborted: '请求已中断，请重试',
  empty: '--',
} as const;

export const resendCountdown = (seconds: number): string => `${seconds}s后重新获取`;
export const currentAccount = (mobile: string): string => `当前账号：${mobile}`;
export const uploadProgress = (done: number, total: number): string => `已完成 ${done}/${total}`;
export const storageFailed = (status: number): string => `文件存储失败（状态码 ${status}）`;
export const readFailed = (file: string): string => `读取文件 ${file} 出错`;
export const copyright = (year: number): string => `© ${year} ${PRODUCT_NAME_ZH}`;

/** Server messages of sign-in (issues 3 and 9). */
export const SIGN_IN_MESSAGES = {
  codeDailyLimit: '该手机号今日获取验证码次数已达上限，请明天再试',
  ipHourlyLimit: '当前网络获取验证码过于频繁，请稍后再试',
  signInAttemptsLimit: '当前网络登录失败次数过多，请稍后再试',
} as const;
export const resendWait = (seconds: number): string => `请 ${seconds} 秒后再获取验证码`;

/** What GET /storm_api/health/ready says of each check that did not hold (issue 25). */
export const READINESS_MESSAGES = {
  database: '数据库无应答',
  storage: '文件存储无应答',
  migrations: '数据库迁移未执行到最新',
  accepting: '服务正在停止',
} as const;
export const notReady = (reasons: readonly string[]): string => `服务未就绪：${reasons.join('、')}`;

/** Server messages of uploads (issue 5). */
export const UPLOAD_MESSAGES = {
  unsupportedType: '不支持的文件类型',
  tooLarge: '文件大小超过上限',
  badUploadAddress: '上传地址无效或已过期，请重新上传',
  badDownloadAddress: '文件地址无效或已过期，请刷新页面',
  alreadyStored: '该文件已上传，请勿重复上传',
  contentMismatch: '文件内容与声明的大小或校验值不符，请重新上传',
  fileMissing: '文件不存在',
  badSignedId: '文件引用无效，请重新上传',
  alreadyAttached: '该文件已添加，请勿重复提交',
  notUploaded: '文件尚未上传完成',
  folderNotFound: '资源夹不存在',
  orderOutdated: '文件列表已变化，请刷新后重新排序',
  moveSameFolder: '文件已在该资源夹中',
  moveOneFolder: '一次只能移动同一资源夹中的文件',
  moveOtherModel: '只能移动到同一模特的资源夹',
  notAnImage: '头像只能是图片',
  avatarTooLarge: '头像图片不能超过 10 MB',
} as const;

/**
 * What a date, month, instant or amount outside the API's bounds is refused with (docs/product.md §9 "Input
 * bounds"): envelope.ts's dateSchema, monthSchema, instantSchema and fenSchema, and a date the database
 * itself refuses (http/error-handler.ts).
 */
export const INPUT_BOUND_MESSAGES = {
  dateInvalid: '*日期格式不正确',
  dateOutOfRange: `*日期须在 ${BUSINESS_DATE_RANGE.from} 至 ${BUSINESS_DATE_RANGE.to} 之间`,
  birthdayOutOfRange: `*出生日期须在 ${BIRTHDAY_RANGE.from} 至 ${BIRTHDAY_RANGE.to} 之间`,
  monthInvalid: '*月份格式应为 YYYY-MM',
  monthOutOfRange: `*月份须在 ${BUSINESS_DATE_RANGE.from.slice(0, 7)} 至 ${BUSINESS_DATE_RANGE.to.slice(0, 7)} 之间`,
  instantInvalid: '*时间格式不正确',
  instantOutOfRange: `*时间须在 ${BUSINESS_DATE_RANGE.from} 至 ${BUSINESS_DATE_RANGE.to} 之间`,
  amountMissing: '*请输入金额',
  amountNotFen: '*金额须为整数分',
  amountOutOfRange: (max: number) => `*金额须大于 0 且不超过 ${formatYuan(max)}`,
} as const;
