import { useMutation } from '@tanstack/react-query';
import { currentAccount, MESSAGES } from '@trackit/contract/messages';
import type { ValidMember } from '@trackit/contract/session.schema';
import { App, Button, Tag, Typography } from 'antd';
import { MemberAvatar } from '../../components/member-avatar';
import styles from './login-page.module.css';
import { chooseMembership, signOut } from './session.queries';

export interface TeamPickerProps {
  mobile: string;
  members: ValidMember[];
  /** The membership the token is signed in to: the most recently used one. */
  defaultId: number;
  onChosen: () => void;
  onSignedOut: () => void;
}

/** The second step of sign-in for a phone with several teams (docs/product.md §2 "Login screen", §4 "Login"). */
export function TeamPicker({ mobile, members, defaultId, onChosen, onSignedOut }: TeamPickerProps) {
  const { message } = App.useApp();
  const choose = useMutation({
    mutationFn: (member: ValidMember) => chooseMembership(mobile, member, defaultId),
    onSuccess: onChosen,
  });
  const logout = useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      void message.success(MESSAGES.logoutSuccess);
      onSignedOut();
    },
  });
  const busy = choose.isPending || logout.isPending;

  return (
    <div data-testid="team-picker">
      <h1 className={styles.title}>{MESSAGES.teamPickerTitle}</h1>
      <p className={styles.subtitle}>{currentAccount(mobile)}</p>
      <ul className={styles.teamList}>
        {members.map((member) => {
          const recent = member.id === defaultId;
          return (
            <li
              key={member.id}
              className={recent ? `${styles.teamRow} ${styles.teamRowRecent}` : styles.teamRow}
              aria-current={recent ? 'true' : undefined}
              data-testid={`team-row-${member.id}`}
            >
              <MemberAvatar
                nickname={member.nickname}
                avatar={member.avatar}
                baseColor={member.base_color}
                size={44}
              />
              {/* Team name first, then the nickname there: the order of the team switch modal. */}
              <div className={styles.teamText}>
                <div className={styles.teamName}>
                  <Typography.Text strong ellipsis={{ tooltip: member.team_name }}>
                    {member.team_name}
                  </Typography.Text>
                  {recent && (
                    <Tag color="blue" bordered={false}>
                      最近使用
                    </Tag>
                  )}
                </div>
                <Typography.Text type="secondary" ellipsis={{ tooltip: member.nickname }}>
                  {member.nickname}
                </Typography.Text>
              </div>
              <Button
                type={recent ? 'primary' : 'default'}
                loading={choose.isPending && choose.variables?.id === member.id}
                disabled={busy && !(choose.isPending && choose.variables?.id === member.id)}
                onClick={() => choose.mutate(member)}
                data-testid={`team-login-${member.id}`}
              >
                {MESSAGES.login}
              </Button>
            </li>
          );
        })}
      </ul>
      <div className={styles.pickerFooter}>
        <Button
          type="link"
          loading={logout.isPending}
          disabled={choose.isPending}
          onClick={() => logout.mutate()}
          data-testid="team-picker-logout"
        >
          {MESSAGES.logout}
        </Button>
      </div>
    </div>
  );
}
