import { MESSAGES } from '@trackit/contract/messages';
import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SESSION_EXPIRED_FLAG } from '../../api';

/**
 * 登录已过期，请重新登录 above the login form when the app was sent here because the session could not be
 * repaired (api.ts). Shown once: the flag leaves the address at once, so a reload or a bookmark does
 * not say it again.
 */
export function SessionExpiredNotice({ className }: { className?: string }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const flagged = params.has(SESSION_EXPIRED_FLAG);
  const [shown, setShown] = useState(flagged);

  useEffect(() => {
    if (!flagged) return;
    setShown(true);
    const rest = new URLSearchParams(params);
    rest.delete(SESSION_EXPIRED_FLAG);
    const search = rest.toString();
    navigate({ pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [flagged, params, pathname, navigate]);

  if (!shown) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={MESSAGES.sessionExpired}
      className={className}
      data-testid="session-expired"
    />
  );
}
