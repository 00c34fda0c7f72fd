import { useQuery } from '@tanstack/react-query';
import { App, Card, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { profileQuery } from '../session/session.queries';
import { useCreateCompany } from './company.queries';
import { CompanyForm } from './company-form';

/** /admin/information/company/new: the company form (owned by the member creating it); on success, the new company's page. */
export function CompanyNewPage() {
  const create = useCreateCompany();
  const navigate = useNavigate();
  const { message } = App.useApp();
  // A new company is the creating member's unless they pick someone else: the form starts once the
  // member is known (the shell is loading them too), so its 负责人 is filled from the start.
  const profile = useQuery(profileQuery);
  const me = profile.data;
  if (profile.isPending) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  return (
    <Card>
      <CompanyForm
        defaultOwner={me ? { id: me.id, nickname: me.nickname } : undefined}
        submitting={create.isPending}
        submitText="创建"
        onCancel={() => navigate('/information/company')}
        onSubmit={(values) =>
          create.mutate(values, {
            onSuccess: (company) => {
              void message.success('创建成功');
              navigate(`/information/company/${company.id}`, { replace: true });
            },
          })
        }
      />
    </Card>
  );
}
