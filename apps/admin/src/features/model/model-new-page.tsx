import { useQuery } from '@tanstack/react-query';
import { App, Card, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { useCan } from '../../layouts/use-permission-level';
import { profileQuery } from '../session/session.queries';
import { countriesQuery, useCreateModel } from './model.queries';
import { ModelForm } from './model-form';
import { useCanPayout } from './model-form-fields';

/**
 * /admin/information/model/new: the model form (looked after by the member creating it unless they pick
 * another), warning of a namesake born the same day before creating; on success, the new model's page.
 */
export function ModelNewPage() {
  const create = useCreateModel();
  const countries = useQuery(countriesQuery);
  const canManage = useCan('data_management', 'manage');
  const canPayout = useCanPayout();
  const navigate = useNavigate();
  const { message } = App.useApp();
  // A new model is the creating member's to look after unless they pick another: the form starts once
  // the member is known (the shell is loading them too), so its 经纪人 is filled from the start.
  const profile = useQuery(profileQuery);
  const me = profile.data;
  if (profile.isPending) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  return (
    <Card>
      <ModelForm
        defaultManager={me ? { id: me.id, nickname: me.nickname } : undefined}
        canManage={canManage}
        canPayout={canPayout}
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
