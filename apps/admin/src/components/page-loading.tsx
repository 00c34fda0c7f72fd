import { Spin } from 'antd';

/** The large centred spinner shown while a page's code loads. */
export function PageLoading() {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '100vh' }}>
      <Spin size="large" />
    </div>
  );
}
