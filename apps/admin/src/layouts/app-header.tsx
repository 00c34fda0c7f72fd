import {
  BellOutlined,
  DownOutlined,
  IdcardOutlined,
  LogoutOutlined,
  SettingOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { MESSAGES, PRODUCT_NAME } from '@trackit/contract/messages';
import type { Profile } from '@trackit/contract/session.schema';
import { App, Badge, Button, Dropdown, type MenuProps, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LOGIN_PATH } from '../api';
import { MemberAvatar } from '../components/member-avatar';
import { unreadCountQuery } from '../features/notify/notify.queries';
import { signOut } from '../features/session/session.queries';
import styles from './admin-layout.module.css';
import { ProfileCardModal } from './profile-card-modal';
import { teamsQuery } from './shell.queries';
import { TeamSwitchModal } from './team-switch-modal';

const logoUrl = `${import.meta.env.BASE_URL}favicon.svg`;

/** The unread badge polls, and checks again when the window regains focus (exceptions to docs/product.md §7's rule). */
const UNREAD_POLL_MS = 60_000;

type AvatarAction = 'profile' | 'settings' | 'switch' | 'logout';

function UnreadBell() {
  const navigate = useNavigate();
  const unread = useQuery({
    ...unreadCountQuery,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
  const count = unread.data?.unread_count ?? 0;
  return (
    <span className={styles.bell} data-testid="header-unread" data-count={count}>
      <Badge count={count} size="small" overflowCount={99} offset={[-4, 4]}>
        <Button
          type="text"
          shape="circle"
          icon={<BellOutlined style={{ fontSize: 18 }} />}
          aria-label={count > 0 ? `消息通知（${count} 条未读）` : '消息通知'}
          onClick={() => navigate('/notify')}
          data-testid="header-bell"
        />
      </Badge>
    </span>
  );
}

export interface AppHeaderProps {
  profile: Profile | undefined;
}

/**
 * The header of the signed-in shell (docs/product.md §2): logo home, the team, the unread bell, and the avatar's
 * hover menu with the profile card, settings, team switch (more than one team) and logout.
 */
export function AppHeader({ profile }: AppHeaderProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const teams = useQuery(teamsQuery);
  const [modal, setModal] = useState<'profile' | 'switch'>();
  // Controlled, so choosing an entry closes the menu even while the pointer still rests on it.
  const [menuOpen, setMenuOpen] = useState(false);

  const logout = useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      void message.success(MESSAGES.logoutSuccess);
      navigate(LOGIN_PATH, { replace: true });
    },
  });

  const hasOtherTeams = (teams.data?.length ?? 0) > 1;
  const items: MenuProps['items'] = [
    {
      key: 'profile',
      icon: <IdcardOutlined />,
      label: MESSAGES.myProfileCard,
      'data-testid': 'menu-profile-card',
    },
    { key: 'settings', icon: <SettingOutlined />, label: MESSAGES.settings, 'data-testid': 'menu-settings' },
    ...(hasOtherTeams
      ? [
          {
            key: 'switch',
            icon: <SwapOutlined />,
            label: MESSAGES.switchAccount,
            'data-testid': 'menu-switch-team',
          },
        ]
      : []),
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: MESSAGES.logout,
      disabled: logout.isPending,
      'data-testid': 'menu-logout',
    },
  ];

  const handleMenu: MenuProps['onClick'] = ({ key }) => {
    setMenuOpen(false);
    switch (key as AvatarAction) {
      case 'profile':
        setModal('profile');
        break;
      case 'settings':
        navigate('/setting');
        break;
      case 'switch':
        setModal('switch');
        break;
      case 'logout':
        logout.mutate();
        break;
    }
  };

  return (
    <header className={styles.header}>
      <div className={styles.brand}>
        <Link to="/" className={styles.logo} aria-label={`${PRODUCT_NAME} 首页`} data-testid="header-logo">
          <img src={logoUrl} alt="" width={28} height={28} />
          <span className={styles.logoName}>{PRODUCT_NAME}</span>
        </Link>
        <span className={styles.teamName} data-testid="header-team-name" title={profile?.team_name}>
          {profile?.team_name}
        </span>
      </div>

      <div className={styles.headerActions}>
        <UnreadBell />
        {profile ? (
          <Dropdown
            menu={{ items, onClick: handleMenu }}
            placement="bottomRight"
            open={menuOpen}
            onOpenChange={setMenuOpen}
          >
            <button
              type="button"
              className={styles.avatarTrigger}
              aria-label={`账号菜单：${profile.nickname}`}
              aria-haspopup="menu"
              data-testid="header-avatar"
            >
              {/* The nickname beside it says who; the initials would only be read twice. */}
              <span aria-hidden style={{ display: 'contents' }}>
                <MemberAvatar
                  nickname={profile.nickname}
                  avatar={profile.avatar_thumb ?? profile.avatar}
                  baseColor={profile.base_color}
                  size={32}
                />
              </span>
              <span className={styles.nickname}>{profile.nickname}</span>
              <DownOutlined className={styles.caret} aria-hidden />
            </button>
          </Dropdown>
        ) : (
          <Skeleton.Avatar active size={32} />
        )}
      </div>

      {profile && (
        <>
          <ProfileCardModal
            profile={profile}
            open={modal === 'profile'}
            onClose={() => setModal(undefined)}
          />
          <TeamSwitchModal
            teams={teams.data ?? []}
            currentId={profile.id}
            open={modal === 'switch'}
            onClose={() => setModal(undefined)}
          />
        </>
      )}
    </header>
  );
}
