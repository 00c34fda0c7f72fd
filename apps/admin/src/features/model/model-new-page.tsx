import { useQuery } from '@tanstack/react-query';
import { App, Card } from 'antd';
import { useNavigate } from 'react-router';
import { useCan } from '../../layouts/use-permission-level';
import { profileQuery } from '../session/session.queries';
import { countriesQuery, useCreateModel } from './model.queries';
import { ModelForm } from './model-form';

/**
 * /admin/information/model/new: the model form (looked after by the member creating it unless they pick
 * another), warning of a namesake born the same day before creating; on success, the new model's page.
 */
export function ModelNewPage() {
  const create = useCreateModel();
  const countries = useQuery(countriesQuery);
  const canManage = useCan('data_management', 'manage');
  const navigate = useNavigate();
  const { message } = App.useApp();
  // The shell has loaded the member already: a new model is theirs to look after unless they pick another.
  const me = useQuery(profileQuery).data;
  return (
    <Card>
      <ModelForm
        defaultManager={me ? { id: me.id, nickname: me.nickname } : undefined}
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
