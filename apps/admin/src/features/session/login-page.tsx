import { AccountBookOutlined, CalendarOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { copyright, PRODUCT_NAME } from '@trackit/contract/messages';
import type { SignInResponse } from '@trackit/contract/session.schema';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { LoginForm } from './login-form';
import styles from './login-page.module.css';
import { hasStoredToken, rememberLogin, signedInProbeQuery, useClearCachedAnswers } from './session.queries';
import { SessionExpiredNotice } from './session-expired-notice';
import { TeamPicker } from './team-picker';

const logoUrl = `${import.meta.env.BASE_URL}favicon.svg`;

const FEATURES = [
  { icon: <TeamOutlined />, title: '模特与资源', text: '档案、作品与资料夹集中管理，随时分享给客户' },
  { icon: <CalendarOutlined />, title: '档期与订单', text: '日历一览档期，订单从待办到完成全程跟进' },
  { icon: <AccountBookOutlined />, title: '财务与结算', text: '费用、开票与收款主体清晰可查' },
];

/** Logo, product name and kind: large on the brand side, small above the form on narrow screens. */
function BrandMark({ className, size }: { className: string | undefined; size: number }) {
  return (
    <div className={className}>
      <img src={logoUrl} alt="" width={size} height={size} />
      <span className={styles.brandName}>{PRODUCT_NAME}</span>
      <span className={styles.brandProduct}>经纪管理</span>
    </div>
  );
}

function Brand() {
  return (
    <aside className={styles.brand}>
      <BrandMark className={styles.brandLogo} size={40} />
      <div className={styles.brandBody}>
        <h2 className={styles.brandHeadline}>让经纪业务井井有条</h2>
        <p className={styles.brandLead}>为模特与艺人经纪团队打造的业务后台</p>
        <ul className={styles.features}>
          {FEATURES.map((feature) => (
            <li key={feature.title} className={styles.feature}>
              <span className={styles.featureIcon}>{feature.icon}</span>
              <span>
                <strong>{feature.title}</strong>
                <span className={styles.featureText}>{feature.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

interface Picking {
  mobile: string;
  answer: SignInResponse;
}

/**
 * /admin/login (docs/product.md §2 "Login screen", §4 "Login"): the phone form, then, for a phone with several
 * teams, the team picker. A stored token that still works (the profile answers code 0) goes home.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const clearCachedAnswers = useClearCachedAnswers();
  // Probe only a token found on arrival: the one stored by signing in here must not skip the picker.
  const [hadToken] = useState(hasStoredToken);
  const probe = useQuery({ ...signedInProbeQuery, enabled: hadToken });
  const [picking, setPicking] = useState<Picking>();

  const goHome = () => {
    // Nothing cached under a previous session may show in this one.
    clearCachedAnswers();
    navigate('/', { replace: true });
  };

  useEffect(() => {
    if (probe.data === true) navigate('/', { replace: true });
  }, [probe.data, navigate]);

  const handleSignedIn = (mobile: string, answer: SignInResponse) => {
    if (answer.valid_members.length > 1) {
      setPicking({ mobile, answer });
      return;
    }
    const member = answer.valid_members[0];
    if (member) rememberLogin({ ...member, mobile });
    goHome();
  };

  // A stored token is being checked: a spinner rather than a form that may vanish a moment later.
  if (hadToken && (probe.isPending || probe.data === true)) return <PageLoading />;

  return (
    <div className={styles.page}>
      <Brand />
      <main className={styles.panel}>
        <BrandMark className={styles.compactBrand} size={32} />
        <section className={picking ? `${styles.card} ${styles.cardWide}` : styles.card}>
          {picking ? (
            <TeamPicker
              mobile={picking.mobile}
              members={picking.answer.valid_members}
              defaultId={picking.answer.membership_id}
              onChosen={goHome}
              onSignedOut={() => setPicking(undefined)}
            />
          ) : (
            <>
              <h1 className={styles.title}>欢迎登录</h1>
              <p className={styles.subtitle}>使用手机号和短信验证码登录</p>
              <SessionExpiredNotice className={styles.notice} />
              <LoginForm onSignedIn={handleSignedIn} />
            </>
          )}
        </section>
        <footer className={styles.footer}>{copyright(new Date().getFullYear())}</footer>
      </main>
    </div>
  );
}
