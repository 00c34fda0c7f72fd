import { DashboardOutlined, LogoutOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { copyright, MESSAGES, PRODUCT_NAME } from '@trackit/contract/messages';
import { App, Button, Card, Descriptions, Flex, Result, Skeleton, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../api';
import { MemberAvatar } from '../../components/member-avatar';
import { profileQuery, signOut } from '../session/session.queries';
import styles from './home-page.module.css';

const logoUrl = `${import.meta.env.BASE_URL}favicon.svg`;

/**
 * The signed-in landing page until the shell with its menu arrives (issue 4): who is signed in, to
 * which team, and a way out.
 */
export function HomePage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const profile = useQuery(profileQuery);

  const logout = useMutation({
    mutationFn: signOut,
    // The cache is cleared when the next sign-in goes home; clearing it here, while this page still
    // observes the profile, would refetch it without a token.
    onSuccess: () => {
      void message.success(MESSAGES.logoutSuccess);
      navigate(LOGIN_PATH, { replace: true });
    },
  });

  const member = profile.data;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to="/" className={styles.logo}>
          <img src={logoUrl} alt="" width={28} height={28} />
          <span className={styles.logoName}>{PRODUCT_NAME}</span>
          <span className={styles.logoProduct}>经纪管理</span>
        </Link>
        <Flex align="center" gap={16}>
          {member ? (
            <Flex align="center" gap={10} data-testid="home-member">
              <MemberAvatar
                nickname={member.nickname}
                avatar={member.avatar_thumb ?? member.avatar}
                baseColor={member.base_color}
                size={32}
              />
              <div className={styles.memberText}>
                <span className={styles.memberName}>{member.nickname}</span>
                <span className={styles.memberTeam}>{member.team_name}</span>
              </div>
            </Flex>
          ) : (
            profile.isPending && <Skeleton.Avatar active size={32} />
          )}
          <Button
            icon={<LogoutOutlined />}
            loading={logout.isPending}
            onClick={() => logout.mutate()}
            data-testid="home-logout"
          >
            {MESSAGES.logout}
          </Button>
        </Flex>
      </header>

      <main className={styles.main}>
        {profile.isError ? (
          <Result
            status="warning"
            title={profile.error.message || MESSAGES.networkError}
            extra={
              <Button type="primary" onClick={() => profile.refetch()} loading={profile.isFetching}>
                {MESSAGES.uploadRetry}
              </Button>
            }
          />
        ) : (
          <Card className={styles.card}>
            {member ? (
              <>
                <Flex align="center" gap={16} className={styles.welcome}>
                  <MemberAvatar
                    nickname={member.nickname}
                    avatar={member.avatar}
                    baseColor={member.base_color}
                    size={56}
                  />
                  <div>
                    <Typography.Title level={3} style={{ margin: 0 }}>
                      你好，{member.nickname}
                    </Typography.Title>
                    <Typography.Text type="secondary">欢迎回到{member.team_name}</Typography.Text>
                  </div>
                </Flex>
                <Descriptions column={1} size="small" bordered>
                  <Descriptions.Item label={MESSAGES.nickname}>{member.nickname}</Descriptions.Item>
                  <Descriptions.Item label={MESSAGES.team}>{member.team_name}</Descriptions.Item>
                  <Descriptions.Item label={MESSAGES.department}>
                    {member.department_name || MESSAGES.empty}
                  </Descriptions.Item>
                  <Descriptions.Item label="手机号">{member.mobile}</Descriptions.Item>
                  <Descriptions.Item label="身份">
                    {member.is_owner ? '团队所有者' : '团队成员'}
                  </Descriptions.Item>
                </Descriptions>
                <Flex justify="flex-end" className={styles.links}>
                  <Link to="/status">
                    <DashboardOutlined /> 系统状态
                  </Link>
                </Flex>
              </>
            ) : (
              <Skeleton active avatar paragraph={{ rows: 5 }} />
            )}
          </Card>
        )}
      </main>
      <footer className={styles.footer}>{copyright(new Date().getFullYear())}</footer>
    </div>
  );
}
