import { App, Card } from 'antd';
import { useNavigate } from 'react-router';
import { useCreateCompany } from './company.queries';
import { CompanyForm } from './company-form';

/** /admin/information/company/new: the company form; on success, the new company's page. */
export function CompanyNewPage() {
  const create = useCreateCompany();
  const navigate = useNavigate();
  const { message } = App.useApp();
  return (
    <Card>
      <CompanyForm
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
