import { MESSAGES } from '@trackit/contract/messages';
import type { Profile } from '@trackit/contract/session.schema';
import { Descriptions, Flex } from 'antd';
import { MemberAvatar } from '../components/member-avatar';
import { ShellModal } from '../components/shell-modal';

export interface ProfileCardModalProps {
  profile: Profile;
  open: boolean;
  onClose: () => void;
}

/** 我的名片 (docs/product.md §2): avatar, nickname, team, department and direct superior (or --). */
export function ProfileCardModal({ profile, open, onClose }: ProfileCardModalProps) {
  return (
    <ShellModal open={open} onClose={onClose} title={MESSAGES.myProfileCard}>
      <div data-testid="profile-card">
        {/* The nickname shows once, in its row below. */}
        <Flex justify="center" style={{ padding: '8px 0 20px' }}>
          <MemberAvatar
            nickname={profile.nickname}
            avatar={profile.avatar}
            baseColor={profile.base_color}
            size={72}
          />
        </Flex>
        <Descriptions
          column={1}
          size="small"
          colon={false}
          styles={{ label: { width: 72, color: 'rgba(0, 0, 0, 0.6)' } }}
          items={[
            { key: 'nickname', label: MESSAGES.nickname, children: profile.nickname },
            { key: 'team', label: MESSAGES.team, children: profile.team_name },
            {
              key: 'department',
              label: MESSAGES.department,
              children: profile.department_name || MESSAGES.empty,
            },
            {
              key: 'superior',
              label: MESSAGES.directSuperior,
              children: profile.superior_name || MESSAGES.empty,
            },
          ]}
        />
      </div>
    </ShellModal>
  );
}
