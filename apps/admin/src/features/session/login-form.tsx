import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '@trackit/client/api-client';
import type { LoginHistoryEntry } from '@trackit/client/login-history';
import { CODE_RESEND_SECONDS } from '@trackit/contract/constants';
import { MESSAGES, resendCountdown } from '@trackit/contract/messages';
import { MOBILE_PATTERN, SMS_CODE_PATTERN } from '@trackit/contract/patterns';
import type { SignInRequest, SignInResponse } from '@trackit/contract/session.schema';
import {
  App,
  AutoComplete,
  Button,
  ConfigProvider,
  Flex,
  Form,
  type FormRule,
  Input,
  type InputRef,
} from 'antd';
import { useMemo, useRef, useState } from 'react';
import { loginHistory } from '../../api';
import styles from './login-page.module.css';
import { codeDigits, phoneDigits, starred } from './login-text';
import { requestCode, signIn } from './session.queries';
import { useCountdown } from './use-countdown';

type Field = keyof SignInRequest;

const patternRule =
  (pattern: RegExp, message: string) =>
  (_rule: unknown, value: unknown): Promise<void> =>
    typeof value === 'string' && pattern.test(value) ? Promise.resolve() : Promise.reject(new Error(message));

const RULES: Record<Field, FormRule[]> = {
  mobile: [{ validator: patternRule(MOBILE_PATTERN, MESSAGES.phoneInvalid) }],
  code: [{ validator: patternRule(SMS_CODE_PATTERN, MESSAGES.codeIncomplete) }],
};

const FORM_THEME = { components: { Form: { itemMarginBottom: 30 } } };

/** What a failed call shows under the login button. */
const errorLine = (error: unknown): string =>
  starred((isApiError(error) && error.message) || MESSAGES.networkError);

function HistoryOption({ entry }: { entry: LoginHistoryEntry }) {
  return (
    <Flex justify="space-between" gap={12} data-testid={`login-history-${entry.mobile}`}>
      <span>{entry.mobile}</span>
      <span className={styles.historyMember}>
        {entry.nickname} · {entry.team_name}
      </span>
    </Flex>
  );
}

export interface LoginFormProps {
  onSignedIn: (mobile: string, answer: SignInResponse) => void;
}

/**
 * Phone and SMS code (docs/product.md §2, §4, §5). Fields keep digits only; the phone is checked whenever it
 * loses focus, the code when it loses focus after being edited, and all are checked on sending. Server
 * refusals show under the login button.
 */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SignInRequest>();
  const [serverError, setServerError] = useState<string>();
  const countdown = useCountdown();
  const codeInput = useRef<InputRef>(null);
  const [history] = useState(() => loginHistory.list());
  const typedMobile = Form.useWatch('mobile', form) ?? '';

  const historyOptions = useMemo(
    () =>
      history
        .filter((entry) => entry.mobile.startsWith(typedMobile) && entry.mobile !== typedMobile)
        .map((entry) => ({ value: entry.mobile, label: <HistoryOption entry={entry} /> })),
    [history, typedMobile],
  );

  const sendCode = useMutation({
    mutationFn: requestCode,
    onSuccess: (resendAfter) => {
      countdown.start(resendAfter > 0 ? resendAfter : CODE_RESEND_SECONDS);
      void message.success('验证码已发送');
      codeInput.current?.focus();
    },
    onError: (error) => setServerError(errorLine(error)),
  });

  const login = useMutation({
    mutationFn: signIn,
    onSuccess: (answer, request) => onSignedIn(request.mobile, answer),
    onError: (error) => setServerError(errorLine(error)),
  });

  // docs/product.md §5: the phone is checked whenever it loses focus, left empty too. The code only once
  // edited: focus moves to it by itself after sending, and the user leaves to read the SMS.
  const validateOnBlur = (field: Field) => () => {
    if (field === 'mobile' || form.isFieldTouched(field)) form.validateFields([field]).catch(() => undefined);
  };

  const handleValuesChange = (changed: Partial<SignInRequest>) => {
    setServerError(undefined);
    // Once a field shows an error, it follows the typing, so the message goes as soon as it is right.
    for (const field of Object.keys(changed) as Field[]) {
      if (form.getFieldError(field).length > 0) form.validateFields([field]).catch(() => undefined);
    }
  };

  const handleGetCode = async () => {
    setServerError(undefined);
    try {
      const { mobile } = await form.validateFields(['mobile']);
      sendCode.mutate(mobile);
    } catch {
      // The field shows why.
    }
  };

  const counting = countdown.secondsLeft > 0;

  return (
    // A taller item margin: antd also makes it the height of a field's message line, so a message
    // keeps some air between itself and the next field.
    <ConfigProvider theme={FORM_THEME}>
      <Form
        form={form}
        size="large"
        requiredMark={false}
        onValuesChange={handleValuesChange}
        onFinish={(values) => {
          setServerError(undefined);
          login.mutate(values);
        }}
      >
        <Form.Item name="mobile" rules={RULES.mobile} validateTrigger={[]} normalize={phoneDigits}>
          <AutoComplete
            options={historyOptions}
            onBlur={validateOnBlur('mobile')}
            popupMatchSelectWidth
            classNames={{ popup: { root: styles.historyPopup } }}
          >
            <Input
              prefix={<MobileOutlined className={styles.fieldIcon} />}
              placeholder="请输入手机号"
              inputMode="numeric"
              autoComplete="tel-national"
              aria-label="手机号"
              data-testid="login-phone"
            />
          </AutoComplete>
        </Form.Item>

        <Form.Item>
          <Flex gap={12}>
            <Form.Item name="code" noStyle rules={RULES.code} validateTrigger={[]} normalize={codeDigits}>
              <Input
                ref={codeInput}
                prefix={<SafetyOutlined className={styles.fieldIcon} />}
                placeholder="请输入验证码"
                inputMode="numeric"
                autoComplete="one-time-code"
                aria-label="验证码"
                onBlur={validateOnBlur('code')}
                data-testid="login-code"
              />
            </Form.Item>
            <Button
              htmlType="button"
              className={styles.codeButton}
              disabled={counting}
              loading={sendCode.isPending}
              onClick={handleGetCode}
              data-testid="login-get-code"
            >
              {counting ? resendCountdown(countdown.secondsLeft) : MESSAGES.getCode}
            </Button>
          </Flex>
        </Form.Item>

        <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
          {MESSAGES.login}
        </Button>
        <div className={styles.error} role="alert" data-testid="login-error">
          {serverError}
        </div>
      </Form>
    </ConfigProvider>
  );
}
