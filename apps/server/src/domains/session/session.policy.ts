import { CODE_LENGTH, CODE_RESEND_SECONDS } from '@trackit/contract/constants';

/** The numbers of sign-in (issue 3); one place, so tests and code agree. */
export const SESSION_POLICY = {
  codeLength: CODE_LENGTH,
  codeTtlMs: 5 * 60_000,
  resendIntervalMs: CODE_RESEND_SECONDS * 1000,
  codesPerMobilePerDay: 10,
  codesPerIpPerHour: 30,
  maxAttemptsPerCode: 5,
  /** The code has 4 digits (below ASVS's 6): 10 wrong codes in 24 h lock the number for 24 h. */
  failuresBeforeLock: 10,
  lockMs: 24 * 3_600_000,
  accessTtlMs: 2 * 3_600_000,
  refreshTtlMs: 30 * 24 * 3_600_000,
  sessionMaxMs: 90 * 24 * 3_600_000,
  /** Two tabs refreshing at once: the previous refresh token still works this long after rotation. */
  refreshGraceMs: 10_000,
} as const;
