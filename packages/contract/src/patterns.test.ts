import { describe, expect, it } from 'vitest';
import { CODE_LENGTH, PHONE_LENGTH } from './constants';
import { MESSAGES } from './messages';
import {
  creditCodeCheckChar,
  creditCodeSchema,
  DIGITS_1_50_PATTERN,
  digits1To50Schema,
  emailSchema,
  fileSuffix,
  isValidCreditCode,
  isValidNationalId,
  MOBILE_PATTERN,
  mobileSchema,
  NATIONAL_ID_PATTERN,
  nationalIdCheckChar,
  nationalIdSchema,
  PATTERN_MESSAGES,
  POSITIVE_INTEGER_PATTERN,
  positiveIntegerStringSchema,
  requiredMessage,
  SMS_CODE_PATTERN,
  sliceText,
  smsCodeSchema,
  TEXT_1_50_PATTERN,
  text1To50Schema,
  textLength,
  textSchema,
} from './patterns';
import { teamRecipientCreateSchema } from './team-recipient.schema';

// Check characters below were computed outside this code (GB 11643 weights, by hand in Python), so a
// slip in the implementation cannot make its own tests pass. 11010519491231002X is the standard's example.
const VALID_IDS = [
  '11010519491231002X',
  '11010519491231002x',
  '440308199901012341',
  '310115200002291235', // 29 Feb of a leap year
  '510107198808154739',
  '650102209912310009',
  '360428180001010018',
  // Same first 16 digits, consecutive sequence numbers: together with the above, every check character
  // 0-9 and X occurs.
  '110101199003071006',
  '110101199003071014',
  '110101199003071022',
  '110101199003071030',
  '110101199003071049',
  '110101199003071057',
  '110101199003071065',
  '110101199003071073',
  '110101199003071081',
  '11010119900307109X',
];

describe('MOBILE_PATTERN / mobileSchema', () => {
  it.each(['13800138000', '19912345678', '10000000000'])('accepts %s', (value) => {
    expect(MOBILE_PATTERN.test(value)).toBe(true);
    expect(mobileSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    '',
    '1380013800',
    '138001380001',
    '23800138000',
    '1380013800a',
    ' 13800138000',
    '13800138000\n',
    '+8613800138000',
    '138 0013 8000',
  ])('rejects %j', (value) => {
    expect(MOBILE_PATTERN.test(value)).toBe(false);
  });

  it('fails with the Chinese phone message', () => {
    const result = mobileSchema.safeParse('12345');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.phoneInvalid);
  });

  it('agrees with PHONE_LENGTH', () => {
    expect(MOBILE_PATTERN.test('1'.padEnd(PHONE_LENGTH, '0'))).toBe(true);
    expect(MOBILE_PATTERN.test('1'.padEnd(PHONE_LENGTH + 1, '0'))).toBe(false);
  });
});

describe('SMS_CODE_PATTERN / smsCodeSchema', () => {
  it.each(['0000', '1234', '9090'])('accepts %s', (value) => {
    expect(smsCodeSchema.safeParse(value).success).toBe(true);
  });

  it.each(['', '123', '12345', '12a4', ' 1234', '１２３４'])('rejects %j', (value) => {
    expect(SMS_CODE_PATTERN.test(value)).toBe(false);
  });

  it('fails with the Chinese code message', () => {
    expect(smsCodeSchema.safeParse('12').error?.issues[0]?.message).toBe(MESSAGES.codeIncomplete);
  });

  it('agrees with CODE_LENGTH', () => {
    expect(SMS_CODE_PATTERN.test('7'.repeat(CODE_LENGTH))).toBe(true);
    expect(SMS_CODE_PATTERN.test('7'.repeat(CODE_LENGTH - 1))).toBe(false);
  });
});

describe('national ID', () => {
  it.each(VALID_IDS)('accepts %s', (value) => {
    expect(NATIONAL_ID_PATTERN.test(value)).toBe(true);
    expect(isValidNationalId(value)).toBe(true);
    expect(nationalIdSchema.safeParse(value).success).toBe(true);
  });

  it('computes the check character of the standard example', () => {
    expect(nationalIdCheckChar('11010519491231002')).toBe('X');
    expect(nationalIdCheckChar('44030819990101234')).toBe('1');
    expect(() => nationalIdCheckChar('1234')).toThrow(RangeError);
  });

  it.each([
    '110105194912310021', // X expected
    '440308199901012342',
    '44030819990101234X',
    '310115200002291236',
    '110101199003071007',
    '110101199003071090', // X expected, 0 given
  ])('rejects %s: right shape, wrong check character', (value) => {
    expect(NATIONAL_ID_PATTERN.test(value)).toBe(true);
    expect(isValidNationalId(value)).toBe(false);
  });

  it.each([
    '110101190002291006', // 1900 is not a leap year
    '110101202302301005', // 30 February
    '110101202304311004', // 31 April
  ])('rejects %s: right check character, impossible date', (value) => {
    expect(NATIONAL_ID_PATTERN.test(value)).toBe(true);
    expect(nationalIdCheckChar(value.slice(0, 17))).toBe(value.charAt(17));
    expect(isValidNationalId(value)).toBe(false);
  });

  it.each([
    '010101199003071002', // area code starting with 0
    '110101210001011004', // year 2100
    '110101199013011007', // month 13
    '110101199001001004', // day 00
    '11010119900307100', // 17 characters
    '1101011990030710060', // 19 characters
    '11010119900307100Y',
    '110101900307100', // old 15-digit form
    '',
  ])('rejects %j: wrong shape', (value) => {
    expect(NATIONAL_ID_PATTERN.test(value)).toBe(false);
    expect(isValidNationalId(value)).toBe(false);
  });

  it('fails with its own message', () => {
    expect(nationalIdSchema.safeParse('110105194912310021').error?.issues[0]?.message).toBe(
      PATTERN_MESSAGES.nationalIdInvalid,
    );
  });
});

describe('DIGITS_1_50_PATTERN', () => {
  it.each(['0', '007', '1'.repeat(50)])('accepts %s', (value) => {
    expect(DIGITS_1_50_PATTERN.test(value)).toBe(true);
    expect(digits1To50Schema.safeParse(value).success).toBe(true);
  });

  it.each(['', '1'.repeat(51), '12 3', '-1', '1.5', '１'])('rejects %j', (value) => {
    expect(DIGITS_1_50_PATTERN.test(value)).toBe(false);
  });
});

describe('TEXT_1_50_PATTERN / text1To50Schema', () => {
  it.each(['a', '模特', 'a b', '字'.repeat(50), `a${' '.repeat(48)}b`, 'line\nbreak'])(
    'accepts %j',
    (value) => {
      expect(TEXT_1_50_PATTERN.test(value)).toBe(true);
    },
  );

  it.each(['', ' ', '\u3000', ' a', 'a ', '字'.repeat(51), `a${' '.repeat(49)}b`])('rejects %j', (value) => {
    expect(TEXT_1_50_PATTERN.test(value)).toBe(false);
  });

  it('trims before counting, and outputs the trimmed text', () => {
    expect(text1To50Schema.parse(`  ${'字'.repeat(50)}  `)).toBe('字'.repeat(50));
    expect(text1To50Schema.safeParse('   ').success).toBe(false);
    expect(text1To50Schema.safeParse('\u3000').success).toBe(false);
    expect(text1To50Schema.safeParse('字'.repeat(51)).error?.issues[0]?.message).toBe(
      PATTERN_MESSAGES.text1To50,
    );
  });

  it('agrees with the schema on trimmed values', () => {
    for (const value of ['a', 'x'.repeat(50), 'x'.repeat(51), 'a b']) {
      expect(TEXT_1_50_PATTERN.test(value)).toBe(text1To50Schema.safeParse(value).success);
    }
  });
});

describe('textSchema: the one definition of typed text (issue 9)', () => {
  const emoji = '😀';

  it('counts characters as code points, so an emoji is one character on both sides', () => {
    expect(textLength(emoji.repeat(26))).toBe(26);
    expect(text1To50Schema.safeParse(emoji.repeat(50)).success).toBe(true);
    expect(text1To50Schema.safeParse(emoji.repeat(51)).success).toBe(false);
    expect(TEXT_1_50_PATTERN.test(emoji.repeat(50))).toBe(true);
    expect(TEXT_1_50_PATTERN.test(emoji.repeat(51))).toBe(false);
  });

  it.each(['\u200b', '\u200b\u200c\u200d', '\u200e\u200f', ' \u2060 \ufeff ', '\u202e\u3000'])(
    'refuses %j (invisible only) like an empty name',
    (value) => {
      expect(text1To50Schema.safeParse(value).error?.issues[0]?.message).toBe(PATTERN_MESSAGES.text1To50);
    },
  );

  it('cuts invisible characters at the ends and keeps those inside', () => {
    expect(text1To50Schema.parse('\u200b 刘晓阳\u200f ')).toBe('刘晓阳');
    expect(text1To50Schema.parse('👩\u200d💻 设计')).toBe('👩\u200d💻 设计');
  });

  it.each(['a\u0000b', '\u0000', 'a\u0007b', 'a\u009fb', 'a\nb'])(
    'refuses the control character in %j',
    (value) => {
      expect(text1To50Schema.safeParse(value).error?.issues[0]?.message).toBe(
        PATTERN_MESSAGES.invalidCharacters,
      );
    },
  );

  it.each(['a\ud800b', '\udfff', '刘晓阳\ud83d', '\ude00\ud83d', '\ud800\ud800'])(
    'refuses the lone surrogate in %j, in one line and in many, with the Chinese message',
    (value) => {
      for (const schema of [text1To50Schema, textSchema({ max: 500, multiline: true })]) {
        expect(schema.safeParse(value).error?.issues[0]?.message).toBe(PATTERN_MESSAGES.invalidCharacters);
      }
    },
  );

  it('cuts text by characters, never between the halves of an emoji', () => {
    expect(sliceText('续约：😀😀', 4)).toBe('续约：😀');
    expect(sliceText('ab😀', 3)).toBe('ab😀');
    expect(sliceText('ab😀', 2)).toBe('ab');
    expect(sliceText('ab', 10)).toBe('ab');
    expect(sliceText('😀', 0)).toBe('');
  });

  it('keeps a surrogate pair (an emoji) whole', () => {
    expect(textSchema({ max: 10, multiline: true }).parse('\ud83d\ude00 好')).toBe('😀 好');
  });

  it('keeps tab and line breaks in multi-line text, never NUL', () => {
    const notes = textSchema({ max: 500, multiline: true });
    expect(notes.parse('第一行\n\t第二行')).toBe('第一行\n\t第二行');
    expect(notes.safeParse('a\u0000').success).toBe(false);
    expect(notes.parse('')).toBe('');
  });
});

describe('textSchema with a label: an empty required field says what is missing (issue 35)', () => {
  const name = textSchema({ min: 1, max: 100, message: '*请输入1-100个字符', label: '企业名称' });

  it('names the field when the text is missing, empty or blank', () => {
    for (const value of [undefined, '', '   ', '\u200b']) {
      expect(name.safeParse(value).error?.issues[0]?.message).toBe(requiredMessage('企业名称'));
    }
    expect(requiredMessage('企业名称')).toBe('*请输入企业名称');
    expect(requiredMessage('收款主体', '选择')).toBe('*请选择收款主体');
  });

  it('keeps the length message for text that is too long', () => {
    expect(name.safeParse('a'.repeat(101)).error?.issues[0]?.message).toBe('*请输入1-100个字符');
    expect(name.parse(' 上海光年 ')).toBe('上海光年');
  });

  it('the team recipient form names its required fields', () => {
    const shape = teamRecipientCreateSchema.shape;
    expect(shape.name.safeParse('').error?.issues[0]?.message).toBe('*请输入企业名称');
    expect(shape.short_name.safeParse(' ').error?.issues[0]?.message).toBe('*请输入简称');
    expect(shape.branch.safeParse('').error?.issues[0]?.message).toBe('*请输入开户支行');
  });
});

describe('POSITIVE_INTEGER_PATTERN', () => {
  it.each(['1', '9', '10', '1000000'])('accepts %s', (value) => {
    expect(POSITIVE_INTEGER_PATTERN.test(value)).toBe(true);
    expect(positiveIntegerStringSchema.safeParse(value).success).toBe(true);
  });

  it.each(['', '0', '01', '-1', '+1', '1.0', '1e3', ' 1'])('rejects %j', (value) => {
    expect(POSITIVE_INTEGER_PATTERN.test(value)).toBe(false);
  });

  it('fails with its own message', () => {
    expect(positiveIntegerStringSchema.safeParse('0').error?.issues[0]?.message).toBe(
      PATTERN_MESSAGES.positiveInteger,
    );
  });
});

describe('fileSuffix', () => {
  it.each([
    ['a.b.jpg', 'jpg'],
    ['photo.JPG', 'JPG'], // case kept as written
    ['清单.xlsx', 'xlsx'],
    ['archive.tar.gz', 'gz'],
    ['.bashrc', 'bashrc'], // a leading dot is a dot like any other (spec: part after the last dot)
    ['..', undefined],
    ['noext', undefined],
    ['x.', undefined], // nothing after the last dot
    ['', undefined],
  ])('%j gives %j', (name, suffix) => {
    expect(fileSuffix(name)).toBe(suffix);
  });
});

// Valid codes below are real companies' published codes and the standard's example; their check
// characters were verified outside this code (by hand in Python), so the implementation cannot grade itself.
describe('unified social credit code (GB 32100-2015)', () => {
  const VALID_CODES = [
    '91350100M000100Y43',
    '91110000600037341L',
    '91440300708461136T',
    '91110108551385082Q',
  ];

  it.each(VALID_CODES)('accepts %s', (code) => {
    expect(isValidCreditCode(code)).toBe(true);
    expect(creditCodeCheckChar(code.slice(0, 17))).toBe(code.charAt(17));
  });

  it('refuses a wrong check character, a wrong length and letters outside the alphabet', () => {
    expect(isValidCreditCode('91350100M000100Y44')).toBe(false);
    expect(isValidCreditCode('91110000600037341M')).toBe(false);
    expect(isValidCreditCode('91350100M000100Y4')).toBe(false);
    expect(isValidCreditCode('91350100M000100Y433')).toBe(false);
    // I, O, Z, S and V are not in the code's alphabet; the division code is digits.
    expect(isValidCreditCode('91350100I000100Y43')).toBe(false);
    expect(isValidCreditCode('9135A100M000100Y43')).toBe(false);
    expect(() => creditCodeCheckChar('9135')).toThrow(RangeError);
  });

  it('yields 0 as the check character when the weighted sum is a multiple of 31', () => {
    // 17 zeros weigh 0: 31 - 0 is 31, which the standard writes as 0.
    expect(creditCodeCheckChar('0'.repeat(17))).toBe('0');
  });

  it('the schema trims spaces and upper-cases before checking, with the Chinese message', () => {
    expect(creditCodeSchema.parse(' 91350100m000100y43 ')).toBe('91350100M000100Y43');
    const refused = creditCodeSchema.safeParse('91350100M000100Y44');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(PATTERN_MESSAGES.creditCodeInvalid);
    expect(creditCodeSchema.safeParse('').success).toBe(false);
  });

  it('checks e-mail addresses, trimmed, at most 100 characters', () => {
    expect(emailSchema.parse(' wang@example.com ')).toBe('wang@example.com');
    expect(emailSchema.safeParse('wang@').error?.issues[0]?.message).toBe(PATTERN_MESSAGES.emailInvalid);
    expect(emailSchema.safeParse(`${'a'.repeat(95)}@b.com`).success).toBe(false);
  });
});
