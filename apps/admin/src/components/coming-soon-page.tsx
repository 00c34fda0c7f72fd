import { Card, Empty } from 'antd';

/**
 * The body of a page whose module arrives in a later release. The signed-in layout gives it its frame
 * (breadcrumb and title), like every other page.
 */
export function ComingSoonPage() {
  return (
    <Card data-testid="coming-soon">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="该模块即将上线"
        style={{ padding: '72px 0' }}
      />
    </Card>
  );
}
