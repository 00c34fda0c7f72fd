import { useQuery } from '@tanstack/react-query';
import { App, Card } from 'antd';
import { useNavigate } from 'react-router';
import { profileQuery } from '../session/session.queries';
import { useCreateCompany } from './company.queries';
import { CompanyForm } from './company-form';

/** /admin/information/company/new: the company form (owned by the member creating it); on success, the new company's page. */
export function CompanyNewPage() {
  const create = useCreateCompany();
  const navigate = useNavigate();
  const { message } = App.useApp();
  // The shell has loaded the member already: a new company is theirs unless they pick someone else.
  const me = useQuery(profileQuery).data;
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
