import { Breadcrumb, Typography } from 'antd';
import { Link } from 'react-router';
import styles from './admin-layout.module.css';
import type { Crumb } from './navigation';

export interface PageHeaderProps {
  crumbs: readonly Crumb[];
  title: string | undefined;
}

/** The frame above every signed-in page: the breadcrumb of the path and the page's heading. */
export function PageHeader({ crumbs, title }: PageHeaderProps) {
  if (crumbs.length === 0 && !title) return null;
  return (
    <div className={styles.pageHeader}>
      {crumbs.length > 0 && (
        <div data-testid="breadcrumb">
          <Breadcrumb
            items={crumbs.map((crumb) => ({
              key: crumb.key,
              title: crumb.path ? <Link to={crumb.path}>{crumb.label}</Link> : crumb.label,
            }))}
          />
        </div>
      )}
      {title && (
        <Typography.Title level={4} className={styles.pageTitle} data-testid="page-title">
          {title}
        </Typography.Title>
      )}
    </div>
  );
}
