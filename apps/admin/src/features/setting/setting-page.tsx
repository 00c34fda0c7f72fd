import {
  CameraOutlined,
  DesktopOutlined,
  LogoutOutlined,
  MobileOutlined,
  QuestionCircleOutlined,
  TabletOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@trackit/client/format';
import { progressPercent } from '@trackit/client/upload/upload-queue';
import { AVATAR_MAX_BYTES, DATE_FORMATS } from '@trackit/contract/constants';
import { MESSAGES, UPLOAD_MESSAGES } from '@trackit/contract/messages';
import { type Profile, profileUpdateSchema, type UserSession } from '@trackit/contract/session.schema';
import {
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Popconfirm,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { type ChangeEvent, type HTMLAttributes, type ReactNode, useRef, useState } from 'react';
import { MemberAvatar } from '../../components/member-avatar';
import { QueryState } from '../../components/query-state';
import { schemaRule } from '../../components/schema-rule';
import { textCount } from '../../components/text-count';
import { profileQuery } from '../session/session.queries';
import { devicesQuery, useEndDevices, useUpdateAvatar, useUpdateProfile } from './setting.queries';
import styles from './setting-page.module.css';

const nicknameRules = [schemaRule(profileUpdateSchema.shape.nickname)];

/** A label of the profile form, with the Chinese colon. */
const labelOf = (text: string): string => `${text}：`;

const DEVICE_ICONS: Record<UserSession['device'], { icon: ReactNode; label: string }> = {
  desktop: { icon: <DesktopOutlined />, label: '电脑' },
  mobile: { icon: <MobileOutlined />, label: '手机' },
  tablet: { icon: <TabletOutlined />, label: '平板' },
  unknown: { icon: <QuestionCircleOutlined />, label: '未知设备' },
};

/** The avatar, clickable: choosing an image uploads it and makes it the member's avatar in this team. */
function AvatarPicker({ profile }: { profile: Profile }) {
  const { message } = App.useApp();
  const inputRef = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState(0);
  const change = useUpdateAvatar((progress) => setPercent(progressPercent(progress)));

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same image again must fire another change.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      void message.error(UPLOAD_MESSAGES.notAnImage);
      return;
    }
    // The server refuses it too, but only after the whole file has been sent.
    if (file.size > AVATAR_MAX_BYTES) {
      void message.error(UPLOAD_MESSAGES.avatarTooLarge);
      return;
    }
    setPercent(0);
    change.mutate(file, {
      onSuccess: () => void message.success('头像已更新'),
      onError: (error) => void message.error(error.message || MESSAGES.systemError),
    });
  };

  return (
    <>
      <button
        type="button"
        className={styles.avatarButton}
        onClick={() => inputRef.current?.click()}
        disabled={change.isPending}
        title="更换头像"
        aria-label="更换头像"
        data-testid="setting-avatar"
      >
        <MemberAvatar
          nickname={profile.nickname}
          avatar={profile.avatar_thumb ?? profile.avatar}
          baseColor={profile.base_color}
          size={72}
        />
        <span className={styles.avatarOverlay} data-busy={change.isPending}>
          {change.isPending ? `${percent}%` : <CameraOutlined />}
        </span>
      </button>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        hidden
        onChange={handleChange}
        data-testid="setting-avatar-input"
      />
    </>
  );
}

interface NicknameValues {
  nickname: string;
}

function ProfileSection({ profile }: { profile: Profile }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<NicknameValues>();
  const typed = Form.useWatch('nickname', form);
  const unchanged = (typed ?? profile.nickname).trim() === profile.nickname;
  const save = useUpdateProfile();

  const handleFinish = (values: NicknameValues) =>
    save.mutate(profileUpdateSchema.parse(values), {
      onSuccess: (saved) => {
        form.setFieldsValue({ nickname: saved.nickname });
        void message.success('保存成功');
      },
    });

  return (
    <Flex gap={32} align="flex-start" wrap>
      <AvatarPicker profile={profile} />
      {/* Chinese colons, written out (antd's own is a Latin one), and labels aligned on them, so every
          value starts at the same place. */}
      <Form
        form={form}
        initialValues={{ nickname: profile.nickname }}
        onFinish={handleFinish}
        colon={false}
        requiredMark={false}
        labelCol={{ flex: '72px' }}
        labelAlign="right"
        style={{ flex: 1, minWidth: 320, maxWidth: 560 }}
        data-testid="setting-profile"
      >
        {/* The field sits beside its button in an inner item: the label names it through its id. */}
        <Form.Item label={labelOf(MESSAGES.nickname)} htmlFor="nickname">
          <Flex gap={8} align="flex-start">
            <Form.Item
              name="nickname"
              rules={nicknameRules}
              noStyle
              messageVariables={{ label: MESSAGES.nickname }}
            >
              <Input
                placeholder="请输入昵称"
                autoComplete="nickname"
                count={textCount(50, false)}
                data-testid="setting-nickname-input"
              />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              loading={save.isPending}
              disabled={unchanged}
              data-testid="setting-nickname-save"
            >
              保存
            </Button>
          </Flex>
        </Form.Item>
        <Form.Item label={labelOf(MESSAGES.team)}>
          <Typography.Text>{profile.team_name}</Typography.Text>
        </Form.Item>
        <Form.Item label={labelOf('手机号')} style={{ marginBottom: 0 }}>
          <Typography.Text data-testid="setting-mobile">{profile.mobile}</Typography.Text>
        </Form.Item>
      </Form>
    </Flex>
  );
}

function DevicesSection() {
  const { message } = App.useApp();
  const devices = useQuery(devicesQuery);
  const signOut = useEndDevices();
  const signOutDevices = (ids?: string[]) =>
    signOut.mutateAsync(ids, {
      onSuccess: ({ ended }) =>
        void message.success(ended > 0 ? `已下线 ${ended} 台设备` : '没有可下线的设备'),
    });

  const rows = devices.data ?? [];
  const others = rows.filter((device) => !device.current).length;
  // Which row's button spins: the one whose ids are being signed out.
  const pendingId = signOut.isPending ? signOut.variables?.[0] : undefined;

  const columns: TableColumnsType<UserSession> = [
    {
      title: '设备',
      key: 'device',
      render: (_, device) => (
        <Flex gap={8} align="center">
          <span title={DEVICE_ICONS[device.device].label} style={{ color: '#64748b', fontSize: 16 }}>
            {DEVICE_ICONS[device.device].icon}
          </span>
          <span>{device.browser}</span>
          {device.current && <Tag color="green">当前设备</Tag>}
        </Flex>
      ),
    },
    { title: '操作系统', dataIndex: 'os' },
    { title: '登录团队', dataIndex: 'team_name' },
    { title: 'IP', dataIndex: 'ip', render: (ip: string) => ip || MESSAGES.empty },
    {
      title: '登录时间',
      dataIndex: 'signed_in_at',
      render: (value: string) => formatDate(value, DATE_FORMATS.dateTime),
    },
    {
      title: '最近活动',
      dataIndex: 'last_seen_at',
      render: (value: string) => formatDate(value, DATE_FORMATS.dateTime),
    },
    {
      title: '操作',
      key: 'action',
      width: 88,
      render: (_, device) =>
        device.current ? (
          <Typography.Text type="secondary">{MESSAGES.empty}</Typography.Text>
        ) : (
          // The last column sits at the right edge of the window: the confirmation opens leftwards.
          <Popconfirm
            title="确定下线该设备吗？"
            description="该设备需要重新登录才能使用"
            okText="下线"
            okButtonProps={{ danger: true }}
            placement="topRight"
            autoAdjustOverflow
            onConfirm={() => signOutDevices([device.id])}
          >
            <Button
              type="link"
              danger
              size="small"
              loading={pendingId === device.id}
              style={{ paddingInline: 0 }}
              data-testid={`device-signout-${device.id}`}
            >
              下线
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Card
      title="登录设备"
      extra={
        <Popconfirm
          title="确定下线其他所有设备吗？"
          description="除本设备外，其他设备都需要重新登录"
          okText="下线"
          okButtonProps={{ danger: true }}
          placement="bottomRight"
          autoAdjustOverflow
          onConfirm={() => signOutDevices()}
          disabled={others === 0}
        >
          <Button
            icon={<LogoutOutlined />}
            disabled={others === 0}
            loading={signOut.isPending && signOut.variables === undefined}
            data-testid="devices-signout-others"
          >
            下线其他设备
          </Button>
        </Popconfirm>
      }
    >
      <div data-testid="devices-table">
        <Table<UserSession>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={devices.isPending}
          pagination={false}
          size="middle"
          onRow={(device) => ({ 'data-testid': `device-row-${device.id}` }) as HTMLAttributes<HTMLElement>}
        />
      </div>
    </Card>
  );
}

/** The member's own settings (/admin/setting): profile in this team and signed-in devices. */
export function SettingPage() {
  const profile = useQuery(profileQuery);

  return (
    <Flex vertical gap={16}>
      <Card title="我的资料">
        <QueryState query={profile} loading={{ rows: 3, avatar: true }}>
          {(data) => <ProfileSection profile={data} />}
        </QueryState>
      </Card>
      <DevicesSection />
    </Flex>
  );
}
