import type { MemberOption } from '@trackit/contract/organization.schema';
import { Flex } from 'antd';
import type { CSSProperties } from 'react';
import { MemberAvatar } from '../../components/member-avatar';
import { type ControlNameProps, RecordSelect } from '../../components/record-select';
import { memberOptionsQuery } from './organization.queries';

export interface MemberSelectProps extends ControlNameProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The member already chosen (a model's manager), named even when they no longer appear (paused, departed). */
  current?: { id: number; nickname: string } | null;
  placeholder?: string;
  style?: CSSProperties;
  testId?: string;
}

const toOption = (member: MemberOption) => ({
  value: member.id,
  title: member.nickname,
  label: (
    <Flex align="center" gap={8}>
      <MemberAvatar
        nickname={member.nickname}
        avatar={member.avatar}
        baseColor={member.base_color}
        size={20}
      />
      <span>{member.nickname}</span>
      {member.department_name && <span style={{ color: 'rgba(0,0,0,0.6)' }}>{member.department_name}</span>}
    </Flex>
  ),
});

/** Picks a colleague (a model's manager, a company's owner), searched by nickname as the member types. */
export function MemberSelect({
  value,
  onChange,
  current,
  placeholder = '搜索成员昵称',
  style,
  testId,
  ...name
}: MemberSelectProps) {
  return (
    <RecordSelect
      value={value}
      onChange={onChange}
      search={memberOptionsQuery}
      current={current ? { value: current.id, label: current.nickname, title: current.nickname } : null}
      toOption={toOption}
      placeholder={placeholder}
      notFound="没有符合条件的成员"
      style={style}
      testId={testId}
      {...name}
    />
  );
}
