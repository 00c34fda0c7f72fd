import { initials } from '@trackit/client/format';
import { Avatar, type AvatarProps } from 'antd';

export interface MemberAvatarProps {
  nickname: string;
  avatar: string | null | undefined;
  baseColor: string;
  size?: AvatarProps['size'];
}

/** A member's picture, or the initials of the nickname on the member's colour (docs/product.md §9 avatar fallback). */
export function MemberAvatar({ nickname, avatar, baseColor, size }: MemberAvatarProps) {
  return (
    <Avatar
      src={avatar || undefined}
      alt={nickname}
      size={size}
      style={{ background: baseColor, color: '#fff', flex: 'none', fontWeight: 500 }}
    >
      {initials(nickname)}
    </Avatar>
  );
}
