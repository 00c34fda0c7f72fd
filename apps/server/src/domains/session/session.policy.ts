import { CODE_LENGTH, CODE_RESEND_SECONDS } from '@trackit/contract/constants';

/**
 * The numbers of sign-in (issues 3 and 9); one place, so tests and code agree. Why these values, and
 * what an attacker can still do with them, is in docs/decisions.md ("Sign-in abuse").
 */
export const SESSION_POLICY = {
  codeLength: CODE_LENGTH,
  codeTtlMs: 5 * 60_000,
  resendIntervalMs: CODE_RESEND_SECONDS * 1000,
  /** Codes one client address may have sent to one number in 24 h: a stranger uses up only their own. */
  codesPerMobilePerAddressPerDay: 10,
  /** Codes a number may be sent in 24 h from all addresses: the SMS bill and the guessing budget. */
  codesPerMobilePerDay: 20,
  codesPerIpPerHour: 30,
  maxAttemptsPerCode: 5,
  /**
   * Wrong tries against codes that were sent to a number, in 24 h, after which each new code of that
   * number allows a single try. The owner, who reads the code, is not slowed; a guesser gets one guess
   * per SMS. Nothing ever locks the number itself.
   */
  wrongCodesBeforeSingleTry: 5,
  /** Refused sign-ins from one client address in an hour (any numbers), then 429 until the hour rolls. */
  refusalsPerIpPerHour: 20,
  accessTtlMs: 2 * 3_600_000,
  refreshTtlMs: 30 * 24 * 3_600_000,
  sessionMaxMs: 90 * 24 * 3_600_000,
  /** Two tabs refreshing at once: the previous refresh token still works this long after rotation. */
  refreshGraceMs: 10_000,
} as const;
