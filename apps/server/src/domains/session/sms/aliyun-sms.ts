import type { SmsSender } from './sms-sender';

export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint: string;
}

/** What the Aliyun SendSms call is given; built separately so it can be tested without the network. */
export function buildAliyunSendSmsRequest(settings: AliyunSmsSettings, mobile: string, code: string) {
  return {
    phoneNumbers: mobile,
    signName: settings.signName,
    templateCode: settings.templateCode,
    templateParam: JSON.stringify({ code }),
  };
}

interface AliyunClient {
  sendSms(request: unknown): Promise<{ body?: { code?: string; message?: string } }>;
}

/** Aliyun SMS (dysmsapi 2017-05-25) through the official SDK, loaded only when this driver is chosen. */
export function createAliyunSms(
  settings: AliyunSmsSettings,
  makeClient: () => Promise<{ client: AliyunClient; toRequest: (fields: object) => unknown }> = async () => {
    const { default: Dysmsapi, SendSmsRequest } = await import('@alicloud/dysmsapi20170525');
    const { $OpenApiUtil } = await import('@alicloud/openapi-core');
    const config = new $OpenApiUtil.Config({
      accessKeyId: settings.accessKeyId,
      accessKeySecret: settings.accessKeySecret,
      endpoint: settings.endpoint,
    });
    return {
      client: new Dysmsapi(config) as unknown as AliyunClient,
      toRequest: (fields) => new SendSmsRequest(fields),
    };
  },
): SmsSender {
  let ready: ReturnType<typeof makeClient> | undefined;
  return {
    name: 'aliyun',
    async sendCode(mobile, code) {
      ready ??= makeClient();
      const { client, toRequest } = await ready;
      const response = await client.sendSms(toRequest(buildAliyunSendSmsRequest(settings, mobile, code)));
      if (response.body?.code !== 'OK') {
        throw new Error(
          `aliyun sms refused: ${response.body?.code ?? 'no code'} ${response.body?.message ?? ''}`,
        );
      }
    },
  };
}
