import './dayjs-setup';
import dayjs from 'dayjs';
import localeData from 'dayjs/plugin/localeData';
import { describe, expect, it } from 'vitest';

dayjs.extend(localeData);

describe('dayjs setup', () => {
  it('speaks Chinese and starts weeks on Sunday', () => {
    // Wednesday 15 January 2025.
    const day = dayjs('2025-01-15');
    expect(day.format('dddd')).toBe('星期三');
    expect(day.startOf('week').format('YYYY-MM-DD')).toBe('2025-01-12');
    // What antd's pickers read for the first column of a month.
    expect(dayjs().locale('zh-cn').localeData().firstDayOfWeek()).toBe(0);
    expect(dayjs().localeData().weekdaysMin()[0]).toBe('日');
  });
});
