/**
 * The error-code catalogue (docs/product.md §8). Each code has the HTTP status the server answers with and a
 * default Chinese message; a thrown error may carry a more precise message.
 */
export const ERROR_CATALOGUE = {
  ok: { code: 0, status: 200, message: '成功' },
  unauthenticated: { code: 10401, status: 401, message: '请先登录' },
  accessTokenExpired: { code: 10498, status: 401, message: '登录已过期，请重新登录' },
  sessionEnded: { code: 10499, status: 401, message: '登录已失效，请重新登录' },
  needsConfirmation: { code: 30110, status: 200, message: '请确认' },
  badRequest: { code: 40000, status: 400, message: '请求参数有误' },
  validationFailed: { code: 40001, status: 400, message: '请检查填写的内容' },
  malformedJson: { code: 40002, status: 400, message: '请求内容不是有效的 JSON' },
  unsupportedMediaType: { code: 40015, status: 415, message: '不支持的请求内容类型' },
  invalidSmsCode: { code: 40010, status: 400, message: '验证码错误或已过期，请重新获取' },
  forbidden: { code: 40300, status: 403, message: '没有权限执行此操作' },
  notFound: { code: 40400, status: 404, message: '记录不存在' },
  routeNotFound: { code: 40401, status: 404, message: '接口不存在' },
  methodNotAllowed: { code: 40500, status: 405, message: '不支持的请求方法' },
  conflict: { code: 40900, status: 409, message: '数据已被修改，请刷新后重试' },
  payloadTooLarge: { code: 41300, status: 413, message: '请求内容过大' },
  tooManyRequests: { code: 42900, status: 429, message: '操作过于频繁，请稍后再试' },
  systemError: { code: 50000, status: 500, message: '系统异常' },
  serviceUnavailable: { code: 50300, status: 503, message: '服务暂不可用，请稍后再试' },
} as const;

export type ErrorKey = keyof typeof ERROR_CATALOGUE;

export const SUCCESS_CODE = ERROR_CATALOGUE.ok.code;

/** Codes on which the client refreshes its token once, then goes to the login page. */
export const SESSION_ERROR_CODES: readonly number[] = [
  ERROR_CATALOGUE.unauthenticated.code,
  ERROR_CATALOGUE.accessTokenExpired.code,
  ERROR_CATALOGUE.sessionEnded.code,
];

/** Code the client gives a call that never got an answer (network down, time-out). */
export const TRANSPORT_ERROR_CODE = -9999;
