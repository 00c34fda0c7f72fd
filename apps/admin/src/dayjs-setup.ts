/**
 * Dates in the Chinese locale with weeks starting on Sunday (docs/product.md §1, §9). Day.js's zh-cn starts weeks
 * on Monday; antd's date pickers ask the locale for its first weekday, so updating it is enough.
 */
import 'dayjs/locale/zh-cn';
import { WEEK_START } from '@trackit/contract/constants';
import dayjs from 'dayjs';
import updateLocale from 'dayjs/plugin/updateLocale';

dayjs.extend(updateLocale);
dayjs.updateLocale('zh-cn', { weekStart: WEEK_START });
dayjs.locale('zh-cn');
