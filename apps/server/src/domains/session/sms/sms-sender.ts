/** Sends a sign-in code by SMS. Implementations never log the code (the console driver is the exception by design). */
export interface SmsSender {
  readonly name: 'console' | 'aliyun' | 'tencent';
  sendCode(mobile: string, code: string): Promise<void>;
}
