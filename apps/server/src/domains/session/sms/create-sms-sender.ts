import type { SmsConfig } from '../../../config';
import { createAliyunSms } from './aliyun-sms';
import { createConsoleSms } from './console-sms';
import type { SmsSender } from './sms-sender';
import { createTencentSms } from './tencent-sms';

/** The driver SMS_DRIVER names. */
export function createSmsSender(config: SmsConfig): SmsSender {
  switch (config.driver) {
    case 'aliyun':
      return createAliyunSms(config);
    case 'tencent':
      return createTencentSms(config);
    default:
      return createConsoleSms();
  }
}
