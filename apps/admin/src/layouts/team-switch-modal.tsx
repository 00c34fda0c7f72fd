import { useMutation } from '@tanstack/react-query';
import { BASE_PATHS, TEAM_SWITCH_RELOAD_MS } from '@trackit/contract/constants';
import { MESSAGES } from '@trackit/contract/messages';
import type { TeamListItem } from '@trackit/contract/session.schema';
import { App, Button, Typography } from 'antd';
import { MemberAvatar } from '../components/member-avatar';
import { ShellModal } from '../components/shell-modal';
import styles from './admin-layout.module.css';
import { switchTeam } from './shell.queries';

export interface TeamSwitchModalProps {
  teams: readonly TeamListItem[];
  /** The current membership (profile id). */
  currentId: number | undefined;
  open: boolean;
  onClose: () => void;
}

/**
 * 切换账号 (docs/product.md §2, §4 "Team switch"): the person's teams, the current one marked and disabled. Switching
 * stores the new team's token, toasts, and after 1 s reloads at /admin, so nothing of the old team stays
 * in memory.
 */
export function TeamSwitchModal({ teams, currentId, open, onClose }: TeamSwitchModalProps) {
  const { message } = App.useApp();
  const change = useMutation({
    mutationFn: switchTeam,
    onSuccess: () => {
      void message.success(MESSAGES.switchSuccess);
      window.setTimeout(() => window.location.assign(BASE_PATHS.admin), TEAM_SWITCH_RELOAD_MS);
    },
  });
  // After a successful switch the page is about to reload: nothing more to choose.
  const busy = change.isPending || change.isSuccess;

  return (
    <ShellModal open={open} onClose={onClose} title={MESSAGES.switchAccount}>
      <ul className={styles.teamList} data-testid="team-switch">
        {teams.map((team) => {
          const current = team.id === currentId;
          const switching = busy && change.variables === team.id;
          return (
            <li
              key={team.id}
              className={current ? `${styles.teamRow} ${styles.teamRowCurrent}` : styles.teamRow}
              aria-current={current ? 'true' : undefined}
              data-testid={`team-switch-row-${team.id}`}
            >
              <MemberAvatar
                nickname={team.nickname}
                avatar={team.avatar}
                baseColor={team.base_color}
                size={40}
              />
              {/* Team name first, then the nickname there: the order of the login's team picker. */}
              <div className={styles.teamText}>
                <Typography.Text strong ellipsis={{ tooltip: team.team_name }}>
                  {team.team_name}
                </Typography.Text>
                <Typography.Text type="secondary" ellipsis={{ tooltip: team.nickname }}>
                  {team.nickname}
                </Typography.Text>
              </div>
              {current ? (
                <Button
                  size="small"
                  disabled
                  className={styles.teamButton}
                  data-testid={`team-switch-${team.id}`}
                >
                  {MESSAGES.currentInUse}
                </Button>
              ) : (
                <Button
                  size="small"
                  type="primary"
                  className={styles.teamButton}
                  loading={switching}
                  disabled={busy && !switching}
                  onClick={() => change.mutate(team.id)}
                  data-testid={`team-switch-${team.id}`}
                >
                  {MESSAGES.switchTeam}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </ShellModal>
  );
}
