/** Browser, OS and device kind from a user agent, for the list of signed-in devices. */
export interface DeviceDescription {
  browser: string;
  os: string;
  device: 'desktop' | 'mobile' | 'tablet' | 'unknown';
}

// Order matters: many browsers also claim to be Chrome or Safari.
const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\/([\d.]+)/, '微信'],
  [/wxwork\/([\d.]+)/, '企业微信'],
  [/DingTalk\/([\d.]+)/, '钉钉'],
  [/QQBrowser\/([\d.]+)/, 'QQ浏览器'],
  [/UCBrowser\/([\d.]+)/, 'UC浏览器'],
  [/Edg(?:e|A|iOS)?\/([\d.]+)/, 'Edge'],
  [/OPR\/([\d.]+)/, 'Opera'],
  [/Firefox\/([\d.]+)/, 'Firefox'],
  [/FxiOS\/([\d.]+)/, 'Firefox'],
  [/CriOS\/([\d.]+)/, 'Chrome'],
  [/HeadlessChrome\/([\d.]+)/, 'Chrome'],
  [/Chrome\/([\d.]+)/, 'Chrome'],
  [/Version\/([\d.]+).*Safari\//, 'Safari'],
];

const major = (version: string | undefined) => (version ? ` ${version.split('.')[0]}` : '');

function describeOs(ua: string): string {
  let match = /Windows NT ([\d.]+)/.exec(ua);
  if (match) return match[1] === '10.0' ? 'Windows 10/11' : 'Windows';
  match = /(?:iPhone|iPad|iPod).*? OS (\d+)/.exec(ua);
  if (match) return `iOS ${match[1]}`;
  match = /Android (\d+)/.exec(ua);
  if (match) return /HarmonyOS/.test(ua) ? 'HarmonyOS' : `Android ${match[1]}`;
  if (/HarmonyOS|OpenHarmony/.test(ua)) return 'HarmonyOS';
  match = /Mac OS X (\d+)[._](\d+)/.exec(ua);
  if (match) return 'macOS';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Linux/.test(ua)) return 'Linux';
  return '未知系统';
}

function describeDevice(ua: string): DeviceDescription['device'] {
  if (!ua) return 'unknown';
  if (/iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua))) return 'tablet';
  if (/Mobi|iPhone|iPod|Android/.test(ua)) return 'mobile';
  return 'desktop';
}

export function describeUserAgent(userAgent: string | undefined): DeviceDescription {
  const ua = userAgent ?? '';
  let browser = '未知浏览器';
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name}${major(match[1])}`;
      break;
    }
  }
  return { browser, os: ua ? describeOs(ua) : '未知系统', device: describeDevice(ua) };
}
