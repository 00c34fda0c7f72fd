import { Spin } from 'antd';

export interface PageLoadingProps {
  /** Fill the content area of the signed-in layout rather than the whole window. */
  inline?: boolean;
}

/** The large centred spinner shown while a page's code or the data it cannot do without loads. */
export function PageLoading({ inline = false }: PageLoadingProps) {
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: inline ? 360 : '100vh',
        flex: inline ? 1 : undefined,
      }}
      data-testid="page-loading"
    >
      <Spin size="large" />
    </div>
  );
}
