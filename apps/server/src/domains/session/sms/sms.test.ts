import { describe, expect, it } from 'vitest';
import { createAliyunSms } from './aliyun-sms';
import { createConsoleSms } from './console-sms';
import { createTencentSms } from './tencent-sms';

describe('console SMS driver', () => {
  it('writes exactly one line per code', async () => {
    const lines: string[] = [];
    await createConsoleSms((line) => lines.push(line)).sendCode('13800000000', '0427');
    expect(lines).toEqual(['[sms] mobile=13800000000 code=0427\n']);
  });
});

describe('Aliyun SMS driver', () => {
  const settings = {
    accessKeyId: 'AKID',
    accessKeySecret: 'SECRET',
    signName: '星辰经纪',
    templateCode: 'SMS_123456',
    endpoint: 'dysmsapi.aliyuncs.com',
  };

  it('sends the code in the template parameters of one SendSms request', async () => {
    const sent: unknown[] = [];
    const sms = createAliyunSms(settings, async () => ({
      client: {
        sendSms: async (request) => {
          sent.push(request);
          return { body: { code: 'OK' } };
        },
      },
      toRequest: (fields) => ({ built: fields }),
    }));
    await sms.sendCode('13800000000', '0427');
    expect(sent).toEqual([
      {
        built: {
          phoneNumbers: '13800000000',
          signName: '星辰经纪',
          templateCode: 'SMS_123456',
          templateParam: '{"code":"0427"}',
        },
      },
    ]);
  });

  it('builds a real SDK request object with those fields', async () => {
    const { SendSmsRequest } = await import('@alicloud/dysmsapi20170525');
    const request = new SendSmsRequest({ phoneNumbers: '13800000000', templateParam: '{"code":"0427"}' });
    expect(request.phoneNumbers).toBe('13800000000');
    expect(request.templateParam).toBe('{"code":"0427"}');
  });

  it('fails when the cloud refuses', async () => {
    const sms = createAliyunSms(settings, async () => ({
      client: {
        sendSms: async () => ({ body: { code: 'isv.BUSINESS_LIMIT_CONTROL', message: '触发流控' } }),
      },
      toRequest: (fields) => fields,
    }));
    await expect(sms.sendCode('13800000000', '0427')).rejects.toThrow('isv.BUSINESS_LIMIT_CONTROL');
  });
});

describe('Tencent Cloud SMS driver', () => {
  const settings = {
    secretId: 'ID',
    secretKey: 'KEY',
    sdkAppId: '1400000000',
    signName: '星辰经纪',
    templateId: '100001',
    region: 'ap-guangzhou',
  };

  it('sends the code as the one template parameter to the +86 number', async () => {
    const sent: unknown[] = [];
    const sms = createTencentSms(settings, async () => ({
      SendSms: async (request) => {
        sent.push(request);
        return { SendStatusSet: [{ Code: 'Ok' }] };
      },
    }));
    await sms.sendCode('13800000000', '0427');
    expect(sent).toEqual([
      {
        PhoneNumberSet: ['+8613800000000'],
        SmsSdkAppId: '1400000000',
        SignName: '星辰经纪',
        TemplateId: '100001',
        TemplateParamSet: ['0427'],
      },
    ]);
  });

  it('loads the official SDK client', async () => {
    const { sms } = await import('tencentcloud-sdk-nodejs-sms');
    expect(typeof sms.v20210111.Client).toBe('function');
  });

  it('fails when the cloud refuses', async () => {
    const sms = createTencentSms(settings, async () => ({
      SendSms: async () => ({
        SendStatusSet: [{ Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'limit' }],
      }),
    }));
    await expect(sms.sendCode('13800000000', '0427')).rejects.toThrow('LimitExceeded');
  });
});
