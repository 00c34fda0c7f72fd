import { useQuery } from '@tanstack/react-query';
import { copyright, MESSAGES, PRODUCT_NAME_ZH } from '@trackit/contract/messages';
import type { Health } from '@trackit/contract/system.schema';
import { Alert, Badge, Button, Card, Descriptions, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { configsQuery, degradedHealth, healthQuery } from './status.queries';

/** The version tag the build put in index.html (`dev` in development). */
const frontEndVersion =
  document.querySelector<HTMLMetaElement>('meta[name="version"]')?.content ?? MESSAGES.empty;

const DATABASE_DRIVERS: Record<Health['database_driver'], string> = {
  pglite: 'PGlite（内置）',
  postgres: 'PostgreSQL',
};

function HealthBadge({ ok, okText, failText }: { ok: boolean; okText: string; failText: string }) {
  return <Badge status={ok ? 'success' : 'error'} text={ok ? okText : failText} />;
}

/** The status page (/admin/status, public): what this installation is and whether it runs. */
export function StatusPage() {
  const health = useQuery(healthQuery);
  const configs = useQuery(configsQuery);

  // A degraded server answers 503 with the health record as data: show it rather than a bare error.
  const healthData = health.data ?? degradedHealth(health.error);
  const unreachable = health.isError && !healthData;
  const loading = health.isPending || configs.isPending;

  const value = (content: ReactNode | undefined): ReactNode =>
    loading ? <Skeleton.Input active size="small" /> : (content ?? MESSAGES.empty);

  const retry = () => {
    void health.refetch();
    void configs.refetch();
  };

  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={24}
      style={{ minHeight: '100vh', padding: 24, background: '#f5f7fa' }}
    >
      <Card style={{ width: '100%', maxWidth: 520 }}>
        <Flex align="center" gap={16} style={{ marginBottom: 16 }}>
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={48} height={48} />
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {PRODUCT_NAME_ZH}
            </Typography.Title>
            <Typography.Text type="secondary">模特与艺人经纪团队的业务后台</Typography.Text>
          </div>
        </Flex>

        {unreachable && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title="无法连接服务器"
            description={health.error?.message || MESSAGES.networkError}
            action={
              <Button size="small" onClick={retry} loading={health.isFetching}>
                重试
              </Button>
            }
          />
        )}

        <Descriptions title="系统状态" column={1} size="small" bordered>
          <Descriptions.Item label="服务">
            {value(
              healthData ? (
                <HealthBadge ok={healthData.status === 'ok'} okText="运行正常" failText="部分不可用" />
              ) : (
                unreachable && <HealthBadge ok={false} okText="" failText="无法连接" />
              ),
            )}
          </Descriptions.Item>
          <Descriptions.Item label="数据库">
            {value(
              healthData && (
                <HealthBadge
                  ok={healthData.database === 'ok'}
                  okText={DATABASE_DRIVERS[healthData.database_driver] ?? healthData.database_driver}
                  failText="无响应"
                />
              ),
            )}
          </Descriptions.Item>
          <Descriptions.Item label="产品">
            {value(configs.data?.product_name_zh ?? configs.data?.product_name)}
          </Descriptions.Item>
          <Descriptions.Item label="服务端版本">
            {value(configs.data?.version ?? healthData?.version)}
          </Descriptions.Item>
          <Descriptions.Item label="前端版本">{frontEndVersion}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Typography.Text type="secondary">{copyright(new Date().getFullYear())}</Typography.Text>
    </Flex>
  );
}
