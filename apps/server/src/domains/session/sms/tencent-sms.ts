import type { SmsSender } from './sms-sender';

export interface TencentSmsSettings {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  region: string;
}

/** What the Tencent Cloud SendSms call is given; built separately so it can be tested without the network. */
export function buildTencentSendSmsRequest(settings: TencentSmsSettings, mobile: string, code: string) {
  return {
    PhoneNumberSet: [`+86${mobile}`],
    SmsSdkAppId: settings.sdkAppId,
    SignName: settings.signName,
    TemplateId: settings.templateId,
    TemplateParamSet: [code],
  };
}

interface TencentClient {
  SendSms(request: ReturnType<typeof buildTencentSendSmsRequest>): Promise<{
    SendStatusSet?: { Code?: string; Message?: string }[];
  }>;
}

/** Tencent Cloud SMS (2021-01-11) through the official SDK, loaded only when this driver is chosen. */
export function createTencentSms(
  settings: TencentSmsSettings,
  makeClient: () => Promise<TencentClient> = async () => {
    const { sms } = await import('tencentcloud-sdk-nodejs-sms');
    const Client = sms.v20210111.Client;
    return new Client({
      credential: { secretId: settings.secretId, secretKey: settings.secretKey },
      region: settings.region,
    }) as unknown as TencentClient;
  },
): SmsSender {
  let ready: Promise<TencentClient> | undefined;
  return {
    name: 'tencent',
    async sendCode(mobile, code) {
      ready ??= makeClient();
      const client = await ready;
      const response = await client.SendSms(buildTencentSendSmsRequest(settings, mobile, code));
      const status = response.SendStatusSet?.[0];
      if (status?.Code !== 'Ok') {
        throw new Error(`tencent sms refused: ${status?.Code ?? 'no status'} ${status?.Message ?? ''}`);
      }
    },
  };
}
