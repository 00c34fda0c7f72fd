import { randomInt } from 'node:crypto';
import { resendWait, SIGN_IN_MESSAGES } from '@trackit/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { RequestOrigin } from '../../http/auth-context';
import type { AppMetrics, SmsRefusal } from '../../metrics/metrics';
import { listValidMemberships } from '../organization/organization.service';
import { findUser } from '../user/user.service';
import { SESSION_POLICY } from './session.policy';
import { codeRequestStats, lockMobile, replaceCode } from './session.repository';
import type { SmsSender } from './sms/sms-sender';
import { hashSmsCode } from './token';

export interface MobileCodeDeps {
  db: Database;
  clock: () => Date;
  smsKey: Buffer;
  sms: SmsSender;
  log: FastifyBaseLogger;
  metrics?: AppMetrics | undefined;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const secondsUntil = (time: Date, now: Date) =>
  Math.max(1, Math.ceil((time.getTime() - now.getTime()) / 1000));

export function tooManyRequests(message: string, retryAt: Date, now: Date): AppError {
  const seconds = secondsUntil(retryAt, now);
  return new AppError('tooManyRequests', {
    message,
    data: { retry_after_seconds: seconds },
    headers: { 'retry-after': String(seconds) },
  });
}

/**
 * POST /v1/mobile_codes. Every number gets the same answer and counts against the same limits; a code
 * is only sent to a number with a valid membership (no enumeration, no SMS pumping to strangers). No
 * limit of one client address stops another: a stranger asking codes for a number uses up the
 * allowance of their own address, not the owner's.
 */
export async function requestMobileCode(deps: MobileCodeDeps, mobile: string, origin: RequestOrigin) {
  const now = deps.clock();
  const refused = (reason: SmsRefusal, error: AppError) => {
    deps.metrics?.smsRefused(reason);
    return error;
  };
  const code = String(randomInt(0, 10 ** SESSION_POLICY.codeLength)).padStart(SESSION_POLICY.codeLength, '0');
  const eligible = await deps.db.transaction(async (tx) => {
    await lockMobile(tx, mobile);
    const stats = await codeRequestStats(tx, mobile, origin.ip, now);
    if (stats.lastRequestAt) {
      const resendAt = new Date(stats.lastRequestAt.getTime() + SESSION_POLICY.resendIntervalMs);
      if (resendAt > now) {
        throw refused(
          'resend_interval',
          tooManyRequests(resendWait(secondsUntil(resendAt, now)), resendAt, now),
        );
      }
    }
    const dayLimits = [
      [
        stats.mobileAddressDayCount,
        SESSION_POLICY.codesPerMobilePerAddressPerDay,
        stats.mobileAddressDayOldest,
      ],
      [stats.mobileDayCount, SESSION_POLICY.codesPerMobilePerDay, stats.mobileDayOldest],
    ] as const;
    for (const [used, limit, oldest] of dayLimits) {
      if (used >= limit && oldest) {
        const retryAt = new Date(oldest.getTime() + DAY_MS);
        throw refused('daily_limit', tooManyRequests(SIGN_IN_MESSAGES.codeDailyLimit, retryAt, now));
      }
    }
    if (stats.ipHourCount >= SESSION_POLICY.codesPerIpPerHour && stats.ipHourOldest) {
      const retryAt = new Date(stats.ipHourOldest.getTime() + HOUR_MS);
      throw refused('address_hourly_limit', tooManyRequests(SIGN_IN_MESSAGES.ipHourlyLimit, retryAt, now));
    }

    await replaceCode(tx, {
      mobile,
      codeHash: hashSmsCode(deps.smsKey, mobile, code),
      requestIp: origin.ip,
      expiresAt: new Date(now.getTime() + SESSION_POLICY.codeTtlMs),
      now,
    });
    const user = await findUser(tx, mobile);
    return user ? (await listValidMemberships(tx, user.id)).length > 0 : false;
  });

  if (eligible) {
    // Sent after answering's work is done and without waiting: the answer takes the same time
    // whether or not a message goes out.
    deps.sms.sendCode(mobile, code).then(
      () => deps.metrics?.smsSent(),
      (error: unknown) => {
        deps.metrics?.smsRefused('provider');
        deps.log.error({ err: error, sms: deps.sms.name }, 'sending the sign-in code failed');
      },
    );
  }
  return { resend_after_seconds: SESSION_POLICY.resendIntervalMs / 1000 };
}
