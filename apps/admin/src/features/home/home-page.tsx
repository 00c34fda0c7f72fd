import { DashboardOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@trackit/contract/messages';
import { Card, Descriptions, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { MemberAvatar } from '../../components/member-avatar';
import { QueryState } from '../../components/query-state';
import { profileQuery } from '../session/session.queries';
import styles from './home-page.module.css';

/**
 * The signed-in home inside the shell, for a member who holds no permission key (anyone else lands on
 * their first menu entry): who is signed in, to which team.
 */
export function HomePage() {
  const profile = useQuery(profileQuery);

  return (
    <Card className={styles.card} data-testid="home-page">
      <QueryState query={profile} loading={{ rows: 5, avatar: true }}>
        {(member) => (
          <>
            <Flex align="center" gap={16} className={styles.welcome} data-testid="home-member">
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
            <Typography.Paragraph type="secondary" className={styles.hint}>
              当前账号在本团队暂无可用的功能模块，如需使用请联系团队管理员分配权限。
            </Typography.Paragraph>
            <Flex justify="flex-end">
              <Link to="/status">
                <DashboardOutlined /> 系统状态
              </Link>
            </Flex>
          </>
        )}
      </QueryState>
    </Card>
  );
}
