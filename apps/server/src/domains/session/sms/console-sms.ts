import type { SmsSender } from './sms-sender';

/**
 * Development and demo driver: exactly one line per code on standard output, nothing else about codes.
 * The browser tests read the code from this line.
 */
export function createConsoleSms(
  write: (line: string) => void = (line) => process.stdout.write(line),
): SmsSender {
  return {
    name: 'console',
    async sendCode(mobile, code) {
      write(`[sms] mobile=${mobile} code=${code}\n`);
    },
  };
}
