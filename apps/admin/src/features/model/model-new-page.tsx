import { useQuery } from '@tanstack/react-query';
import { App, Card } from 'antd';
import { useNavigate } from 'react-router';
import { useCan } from '../../layouts/use-permission-level';
import { countriesQuery, useCreateModel } from './model.queries';
import { ModelForm } from './model-form';

/** /admin/information/model/new: the model form; on success, the new model's page. */
export function ModelNewPage() {
  const create = useCreateModel();
  const countries = useQuery(countriesQuery);
  const canManage = useCan('data_management', 'manage');
  const navigate = useNavigate();
  const { message } = App.useApp();
  return (
    <Card>
      <ModelForm
        canManage={canManage}
        countries={countries.data?.countries}
        submitting={create.isPending}
        submitText="创建"
        onCancel={() => navigate('/information/model')}
        onSubmit={(values) =>
          create.mutate(values, {
            onSuccess: (model) => {
              void message.success('创建成功');
              navigate(`/information/model/${model.id}`, { replace: true });
            },
          })
        }
      />
    </Card>
  );
}
